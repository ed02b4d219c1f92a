package rules

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

// The renju forbidden-move cases come from other projects' test suites and
// renju literature, each checked by three independent checkers (see the
// file's header). testdata/forbidden-cases.txt is a copy of
// ../shared/testdata/renju/forbidden-cases.txt so that a fresh clone
// tests without it.
const casesFile = "testdata/forbidden-cases.txt"

type renjuCase struct {
	name           string
	line           int
	blacks, whites []Point
	queries        []caseQuery
	all            []Point // complete forbidden set; nil with hasAll false
	hasAll         bool
	gomocupAll     []Point // set the Gomocup reading gives, when it differs
	gomocupDiffers bool
}

type caseQuery struct {
	p    Point
	kind ForbiddenKind // NotForbidden for "legal"
	five bool          // "legal five"
	line int
}

func parseCases(t *testing.T) []renjuCase {
	t.Helper()
	f, err := os.Open(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []renjuCase
	var c *renjuCase
	sc := bufio.NewScanner(f)
	n := 0
	fail := func(format string, a ...any) {
		t.Fatalf("%s:%d: %s", casesFile, n, fmt.Sprintf(format, a...))
	}
	points := func(s string) []Point {
		if strings.TrimSpace(s) == "-" {
			return nil
		}
		pts, err := ParsePoints(s, 15)
		if err != nil {
			fail("%v", err)
		}
		return pts
	}
	for sc.Scan() {
		n++
		line := sc.Text()
		key, rest, _ := strings.Cut(line, " ")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		if key == "case" {
			cases = append(cases, renjuCase{name: "case " + rest, line: n})
			c = &cases[len(cases)-1]
			continue
		}
		if c == nil {
			fail("%q before the first case", line)
		}
		switch key {
		case "size":
			if rest != "15" {
				fail("size %s: the cases are all 15x15", rest)
			}
		case "black":
			c.blacks = points(rest)
		case "white":
			c.whites = points(rest)
		case "query":
			f := strings.Fields(rest)
			if len(f) < 2 {
				fail("short query %q", line)
			}
			p, err := ParsePoint(f[0], 15)
			if err != nil {
				fail("%v", err)
			}
			q := caseQuery{p: p, line: n}
			switch {
			case f[1] == "legal" && len(f) == 2:
			case f[1] == "legal" && len(f) == 3 && f[2] == "five":
				q.five = true
			case f[1] == "forbidden" && len(f) == 3:
				q.kind = kindByName(f[2])
				if q.kind == NotForbidden {
					fail("unknown kind %q", f[2])
				}
			default:
				fail("bad query %q", line)
			}
			c.queries = append(c.queries, q)
		case "all", "all-derived":
			c.all, c.hasAll = points(rest), true
		case "note":
			const mark = "RAPFI-DISAGREES: Rapfi and GomocupJudge give forbidden set "
			if strings.HasPrefix(rest, mark) {
				set, _, ok := strings.Cut(strings.TrimPrefix(rest, mark), ";")
				if !ok {
					fail("cannot read the Rapfi set in %q", line)
				}
				c.gomocupAll, c.gomocupDiffers = points(set), true
			}
		case "src", "title", "end":
		default:
			fail("unknown line %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func kindByName(s string) ForbiddenKind {
	for k, n := range forbiddenNames {
		if n == s && k != 0 {
			return ForbiddenKind(k)
		}
	}
	return NotForbidden
}

func (c *renjuCase) board(t *testing.T) *Board {
	b := MustBoard(15)
	if err := b.Place(c.blacks, c.whites); err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	return b
}

func sortedPoints(pts []Point) []Point {
	s := slices.Clone(pts)
	slices.SortFunc(s, func(a, b Point) int {
		if a.Y != b.Y {
			return a.Y - b.Y
		}
		return a.X - b.X
	})
	return s
}

func forbidPoints(fs []Forbid) []Point {
	pts := make([]Point, len(fs))
	for i, f := range fs {
		pts[i] = f.P
	}
	return pts
}

func TestForbiddenCases(t *testing.T) {
	cases := parseCases(t)
	if len(cases) < 75 {
		t.Fatalf("read %d cases, want at least 75", len(cases))
	}
	queries, sets := 0, 0
	for _, c := range cases {
		b := c.board(t)
		for _, rd := range []Reading{ReadingRIF, ReadingGomocup} {
			got := b.ForbiddenPoints(rd)
			want, check := c.all, c.hasAll
			if rd == ReadingGomocup && c.gomocupDiffers {
				want = c.gomocupAll
			}
			if check {
				sets++
				if g, w := forbidPoints(got), sortedPoints(want); !slices.Equal(g, w) {
					t.Errorf("%s (line %d), %v reading: forbidden %v, want %v\n%s",
						c.name, c.line, rd, FormatPoints(g), FormatPoints(w), b)
				}
			}
			// ForbiddenPoints and Forbidden must agree point by point.
			for _, f := range got {
				if k := b.Forbidden(f.P, rd); k != f.Kind {
					t.Errorf("%s: Forbidden(%v) = %v, ForbiddenPoints says %v", c.name, f.P, k, f.Kind)
				}
			}
			for _, q := range c.queries {
				queries++
				want := q.kind
				if rd == ReadingGomocup && c.gomocupDiffers {
					// The file gives only the set for this reading.
					in := slices.Contains(c.gomocupAll, q.p)
					if got := b.Forbidden(q.p, rd) != NotForbidden; got != in {
						t.Errorf("%s (line %d), gomocup reading: %v forbidden = %v, want %v", c.name, q.line, q.p, got, in)
					}
					continue
				}
				if got := b.Forbidden(q.p, rd); got != want {
					t.Errorf("%s (line %d), %v reading: %v is %q, want %q\n%s", c.name, q.line, rd, q.p, got, want, b)
				}
				if got := b.Wins(q.p, Black, Renju); got != q.five && (q.five || q.kind == NotForbidden) {
					t.Errorf("%s (line %d): Wins(%v) = %v, want %v", c.name, q.line, q.p, got, q.five)
				}
			}
		}
	}
	t.Logf("%d cases: %d queries and %d complete sets checked", len(cases), queries, sets)
}

// Forbidden-ness does not depend on which way the board is turned: all
// eight symmetries of every case give the mapped set and kinds.
func TestForbiddenSymmetry(t *testing.T) {
	for _, c := range parseCases(t) {
		b := c.board(t)
		for _, rd := range []Reading{ReadingRIF, ReadingGomocup} {
			base := b.ForbiddenPoints(rd)
			for _, s := range Symmetries[1:] {
				sb := MustBoard(15)
				for y := 0; y < 15; y++ {
					for x := 0; x < 15; x++ {
						if col := b.At(Point{x, y}); col != Empty {
							sb.Set(s.Apply(Point{x, y}, 15), col)
						}
					}
				}
				want := map[Point]ForbiddenKind{}
				for _, f := range base {
					want[s.Apply(f.P, 15)] = f.Kind
				}
				got := sb.ForbiddenPoints(rd)
				if len(got) != len(want) {
					t.Errorf("%s, symmetry %d, %v: %d forbidden points, want %d", c.name, s, rd, len(got), len(want))
					continue
				}
				for _, f := range got {
					if want[f.P] != f.Kind {
						t.Errorf("%s, symmetry %d, %v: %v is %q, want %q", c.name, s, rd, f.P, f.Kind, want[f.P])
					}
				}
			}
		}
	}
}
