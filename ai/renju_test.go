package ai

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"

	"tengen/rules"
)

type forbidCase struct {
	name          string
	black, white  []rules.Point
	queries       []string // "<pt> forbidden <kind>" or "<pt> legal [five]"
	all           []rules.Point
	hasAll        bool
	gomocupAll    []rules.Point // Rapfi/GomocupJudge set where it differs
	hasGomocupAll bool
}

func loadForbidCases(t *testing.T) []forbidCase {
	t.Helper()
	f, err := os.Open("../../shared/testdata/renju/forbidden-cases.txt")
	if err != nil {
		t.Skipf("shared renju cases not available: %v", err)
	}
	defer f.Close()
	var cases []forbidCase
	var cur *forbidCase
	pts := func(s string) []rules.Point {
		s = strings.TrimSpace(s)
		if s == "-" {
			return nil
		}
		p, err := rules.ParsePoints(s, 15)
		if err != nil {
			t.Fatalf("%s: %v", cur.name, err)
		}
		return p
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		word, rest, _ := strings.Cut(line, " ")
		switch word {
		case "case":
			cases = append(cases, forbidCase{name: rest})
			cur = &cases[len(cases)-1]
		case "black":
			cur.black = pts(rest)
		case "white":
			cur.white = pts(rest)
		case "query":
			cur.queries = append(cur.queries, rest)
		case "all", "all-derived":
			cur.all, cur.hasAll = pts(rest), true
		case "note":
			if r, ok := strings.CutPrefix(rest, "RAPFI-DISAGREES: Rapfi and GomocupJudge give forbidden set "); ok {
				set, _, _ := strings.Cut(r, ";")
				cur.gomocupAll, cur.hasGomocupAll = pts(set), true
			}
		}
	}
	if len(cases) < 50 {
		t.Fatalf("read only %d cases", len(cases))
	}
	return cases
}

func boardWith(t testing.TB, size int, rule rules.Rule, reading rules.Reading, black, white []rules.Point) *board {
	t.Helper()
	b, err := newBoard(size, rule, reading)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []struct {
		c   uint8
		pts []rules.Point
	}{{cellBlack, black}, {cellWhite, white}} {
		for _, p := range side.pts {
			i := b.cellOf(p)
			if !p.In(size) || b.stones[i] != cellEmpty {
				t.Fatalf("bad stone %v", p)
			}
			b.play(i, side.c)
		}
	}
	return b
}

func forbiddenSet(b *board) []rules.Point {
	var out []rules.Point
	b.eachEmpty(func(i cell) bool {
		if b.forbidden(i) != notForbidden {
			out = append(out, b.pointOf(i))
		}
		return true
	})
	return out
}

func samePoints(a, b []rules.Point) bool {
	key := func(p rules.Point) int { return p.Y*100 + p.X }
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, func(x, y rules.Point) int { return key(x) - key(y) })
	slices.SortFunc(b, func(x, y rules.Point) int { return key(x) - key(y) })
	return slices.Equal(a, b)
}

func TestForbiddenCases(t *testing.T) {
	kinds := map[string]forbidKind{"overline": forbidOverline, "double-four": forbidDoubleFour, "double-three": forbidDoubleThree}
	for _, fc := range loadForbidCases(t) {
		b := boardWith(t, 15, rules.Renju, rules.ReadingRIF, fc.black, fc.white)
		for _, q := range fc.queries {
			f := strings.Fields(q)
			p, err := rules.ParsePoint(f[0], 15)
			if err != nil {
				t.Fatalf("case %s: %v", fc.name, err)
			}
			got := b.forbidden(b.cellOf(p))
			switch f[1] {
			case "forbidden":
				if got != kinds[f[2]] {
					t.Errorf("case %s: %v is %v, want %s", fc.name, p, got, f[2])
				}
			case "legal":
				if got != notForbidden {
					t.Errorf("case %s: %v is forbidden (%v), want legal", fc.name, p, got)
				}
				if len(f) > 2 && f[2] == "five" && b.threat(b.cellOf(p), cellBlack) != t5 {
					t.Errorf("case %s: %v does not make five", fc.name, p)
				}
			}
		}
		if fc.hasAll {
			if got := forbiddenSet(b); !samePoints(got, fc.all) {
				t.Errorf("case %s (RIF): forbidden set %v, want %v", fc.name, got, fc.all)
			}
			g := boardWith(t, 15, rules.Renju, rules.ReadingGomocup, fc.black, fc.white)
			want := fc.all
			if fc.hasGomocupAll {
				want = fc.gomocupAll
			}
			if got := forbiddenSet(g); !samePoints(got, want) {
				t.Errorf("case %s (Gomocup): forbidden set %v, want %v", fc.name, got, want)
			}
		}
	}
}

// TestFiveOrMoreReach checks what board.reach relies on: under
// fiveOrMore a pattern never depends on the cells halfLine away, and
// under the other five rules it does.
func TestFiveOrMoreReach(t *testing.T) {
	for _, fr := range []fiveRule{fiveOrMore, exactlyFive, caroFive} {
		for c := cellBlack; c <= cellWhite; c++ {
			tb := patternTable(fr, c)
			depend := 0
			for k := uint32(0); k < 1<<20; k++ {
				for _, off := range []int{-halfLine, halfLine} {
					sh := slotShift(off)
					for v := uint32(0); v < 4; v++ {
						if tb[k&^(3<<sh)|v<<sh] != tb[k] {
							depend++
						}
					}
				}
			}
			if (depend == 0) != (fr == fiveOrMore) {
				t.Errorf("five rule %d, colour %d: %d keys' patterns depend on the cells halfLine away", fr, c, depend)
			}
		}
	}
}

// TestIncremental checks that make/unmake keeps every derived field equal
// to a board built from scratch.
func TestIncremental(t *testing.T) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Standard, rules.Renju, rules.Caro} {
		b, _ := newBoard(15, rule, rules.ReadingRIF)
		rng := uint64(12345)
		var placed []rules.Point
		for n := 0; n < 120; n++ {
			rng = rng*6364136223846793005 + 1442695040888963407
			p := rules.Point{X: int(rng>>33) % 15, Y: int(rng>>45) % 15}
			i := b.cellOf(p)
			if b.stones[i] != cellEmpty {
				continue
			}
			b.play(i, uint8(len(placed)%2+1))
			placed = append(placed, p)
			if n%7 == 3 {
				b.undo()
				placed = placed[:len(placed)-1]
			}
		}
		var blacks, whites []rules.Point
		for k, p := range placed {
			if k%2 == 0 {
				blacks = append(blacks, p)
			} else {
				whites = append(whites, p)
			}
		}
		fresh := boardWith(t, 15, rule, rules.ReadingRIF, blacks, whites)
		if fresh.evTotal != b.evTotal || fresh.count != b.count || fresh.hash != b.hash || fresh.lines != b.lines || fresh.rows != b.rows || fresh.own != b.own {
			t.Errorf("%v: incremental board differs from a fresh one", rule)
		}
		b.eachEmpty(func(i cell) bool {
			for c := range uint8(2) {
				if fresh.sideOf(i, c) != b.sideOf(i, c) {
					t.Errorf("%v: cell %v colour %d is %x, a fresh board's %x", rule, b.pointOf(i), c, b.sideOf(i, c), fresh.sideOf(i, c))
				}
			}
			return true
		})
		for len(b.history) > 0 {
			b.undo()
		}
		empty, _ := newBoard(15, rule, rules.ReadingRIF)
		if empty.evTotal != b.evTotal || empty.count != b.count || empty.hash != b.hash || empty.lines != b.lines || empty.rows != b.rows || empty.own != b.own || empty.sides != b.sides {
			t.Errorf("%v: undoing every move does not give the empty board", rule)
		}
	}
}
