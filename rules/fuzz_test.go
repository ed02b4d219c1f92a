package rules

import (
	"math/rand/v2"
	"testing"
)

func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"h8", "H8", " a1 ", "o15", "p1", "a16", "s19", "a0", "h", "8h", "h+8", "pass", "h-1", "h08", "z99", "\x00", "ĥ8"} {
		f.Add(s, 15)
	}
	f.Add("v22", 22)
	f.Fuzz(func(t *testing.T, s string, size int) {
		p, err := ParsePoint(s, size)
		if err != nil {
			if err.Error() == "" {
				t.Error("empty error")
			}
			return
		}
		if p.IsPass() {
			return
		}
		if !p.In(size) {
			t.Fatalf("ParsePoint(%q, %d) = %v, off the board", s, size, p)
		}
		if q, err := ParsePoint(p.String(), size); err != nil || q != p {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, p, p.String(), q, err)
		}
	})
}

func FuzzParseGomocup(f *testing.F) {
	for _, s := range []string{"7,7", "0,0", "14,14", "15,0", "-1,3", "a,b", "1", "", " 3 , 4 ", "3,4,5"} {
		f.Add(s, 15)
	}
	f.Fuzz(func(t *testing.T, s string, size int) {
		p, err := ParseGomocup(s, size)
		if err != nil {
			return
		}
		if !p.In(size) {
			t.Fatalf("ParseGomocup(%q, %d) = %v, off the board", s, size, p)
		}
		if q, err := ParseGomocup(p.Gomocup(size), size); err != nil || q != p {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, p, p.Gomocup(size), q, err)
		}
	})
}

func FuzzParsePoints(f *testing.F) {
	for _, s := range []string{"h8 i9 j10", "h8,i9", "", "  ", "h8 pass", "h8 x", "a1\tb2\nc3", ",,,"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pts, err := ParsePoints(s, 15)
		if err != nil {
			return
		}
		again, err := ParsePoints(FormatPoints(pts), 15)
		if err != nil || len(again) != len(pts) {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, pts, FormatPoints(pts), again, err)
		}
		for i := range pts {
			if again[i] != pts[i] {
				t.Fatalf("entry %d: %v became %v", i, pts[i], again[i])
			}
		}
	})
}

// FuzzGame plays a byte string as a game: two bytes a move (a point,
// 255 a pass), with bits in the first byte that play the wrong colour,
// claim, undo or resign. The referee must never panic, must refuse
// illegal moves without changing anything, and its answers must agree
// with the board.
func FuzzGame(f *testing.F) {
	f.Add(uint8(Renju), uint8(15), []byte{7, 7, 7, 8, 8, 8, 9, 9, 8, 7, 10, 10})
	f.Add(uint8(Renju), uint8(15), []byte{4, 7, 0, 0, 5, 7, 0, 2, 6, 8, 0, 4, 6, 9, 0, 6, 6, 7})
	f.Add(uint8(Freestyle), uint8(5), []byte{0, 0, 1, 1, 0, 1, 2, 2, 0, 2, 3, 3, 0, 3, 4, 4, 0, 4})
	f.Add(uint8(Caro), uint8(9), []byte{255, 0, 255, 0, 1, 1})
	f.Add(uint8(Standard), uint8(19), []byte{0x47, 7, 0x87, 7, 0x27, 8, 0x17, 9})
	f.Fuzz(func(t *testing.T, rule, size uint8, data []byte) {
		g, err := NewGame(MinSize+int(size)%(MaxSize-MinSize+1), Rule(rule%4), Reading(rule/4%2))
		if err != nil {
			t.Fatal(err)
		}
		g.SetAutoClaim(rule&8 != 0)
		n := g.Size()
		for len(data) >= 2 {
			a, y := data[0], data[1]
			data = data[2:]
			before := len(g.Moves())
			switch {
			case a&0x80 != 0 && a&0x40 != 0:
				if _, err := g.Undo(); (err == nil) != (before > 0) {
					t.Fatalf("Undo with %d moves: %v", before, err)
				}
				continue
			case a&0x40 != 0:
				claimable := g.Claimable()
				out, err := g.Claim()
				if (err == nil) != (len(claimable) > 0) {
					t.Fatalf("Claim with claimable %v: %v", claimable, err)
				}
				if err == nil && (out.Winner != White || out.Reason != ForbiddenMove || g.Moves()[out.Move-1].C != Black) {
					t.Fatalf("claim outcome %v", out)
				}
				continue
			case a&0x20 != 0 && a&0x10 != 0:
				wasOver := g.Over()
				if err := g.Resign(g.ToMove()); (err == nil) == wasOver {
					t.Fatalf("Resign when over=%v: %v", wasOver, err)
				}
				continue
			}
			c := g.ToMove()
			if a&0x80 != 0 {
				c = c.Opponent()
			}
			p := Point{int(a&0x1f) % (n + 2), int(y) % (n + 2)}
			if y == 255 {
				p = Pass
			}
			wasOver := g.Over()
			board := g.Board()
			wins := board.Wins(p, c, g.Rule())
			ev, err := g.Play(c, p)
			if err != nil {
				legal := !wasOver && c == board.toMoveAfter(before) && (p.IsPass() || (p.In(n) && board.At(p) == Empty))
				if legal {
					t.Fatalf("legal move %v %v refused: %v", c, p, err)
				}
				if len(g.Moves()) != before || *g.Board() != *board {
					t.Fatalf("illegal move %v %v changed the game", c, p)
				}
				continue
			}
			if wasOver || c != board.toMoveAfter(before) {
				t.Fatalf("move %v %v accepted after the end or out of turn", c, p)
			}
			m := g.Moves()[before]
			if m.Forbidden != NotForbidden && (m.C != Black || g.Rule() != Renju || wins) {
				t.Fatalf("move %+v marked forbidden (rule %v, five %v)", m, g.Rule(), wins)
			}
			if ev.Claimable != NotForbidden && ev.Claimable != m.Forbidden {
				t.Fatalf("claimable %v for move %+v", ev.Claimable, m)
			}
			if wins != (ev.Outcome.Reason == Five) || (wins && ev.Outcome.Winner != c) {
				t.Fatalf("Wins %v but outcome %v", wins, ev.Outcome)
			}
			if ev.Outcome.Over && ev.Outcome.Move > len(g.Moves()) {
				t.Fatalf("outcome %v after %d moves", ev.Outcome, len(g.Moves()))
			}
		}
		stones := 0
		for _, m := range g.Moves() {
			if !m.P.IsPass() {
				stones++
			}
		}
		if b := g.Board(); b.Count(Black)+b.Count(White) != stones {
			t.Fatalf("%d stones on the board, %d moves", b.Count(Black)+b.Count(White), stones)
		}
	})
}

// toMoveAfter is the colour to move after n moves.
func (b *Board) toMoveAfter(n int) Color {
	if n%2 == 0 {
		return Black
	}
	return White
}

// refClassify is Forbidden written straight from the definitions on the
// board itself, slowly: no line table, no packed windows. It checks the
// fast code on positions the cases file does not have.
func refClassify(b *Board, p Point, rd Reading) (five bool, kind ForbiddenKind) {
	steps := [4]Point{{1, 0}, {0, 1}, {1, 1}, {1, -1}}
	b.Set(p, Black)
	defer b.Set(p, Empty)
	runThrough := func(d Point) (lo, hi int) {
		for b.At(Point{p.X - (lo+1)*d.X, p.Y - (lo+1)*d.Y}) == Black && (Point{p.X - (lo+1)*d.X, p.Y - (lo+1)*d.Y}).In(b.size) {
			lo++
		}
		for b.At(Point{p.X + (hi+1)*d.X, p.Y + (hi+1)*d.Y}) == Black && (Point{p.X + (hi+1)*d.X, p.Y + (hi+1)*d.Y}).In(b.size) {
			hi++
		}
		return lo, hi
	}
	// fivePoints returns the offsets k along d where a Black stone makes
	// exactly five through p.
	fivePoints := func(d Point) []int {
		var ks []int
		for k := -5; k <= 5; k++ {
			q := Point{p.X + k*d.X, p.Y + k*d.Y}
			if k == 0 || !q.In(b.size) || b.At(q) != Empty {
				continue
			}
			b.Set(q, Black)
			lo, hi := runThrough(d)
			if lo+hi+1 == 5 && -lo <= k && k <= hi {
				ks = append(ks, k)
			}
			b.Set(q, Empty)
		}
		return ks
	}
	countFours := func(ks []int) (fours int, straight bool) {
		fours = len(ks)
		for _, a := range ks {
			for _, c := range ks {
				if c == a+5 {
					fours--
					straight = true
				}
			}
		}
		return fours, straight
	}
	over, fours := false, 0
	for _, d := range steps {
		lo, hi := runThrough(d)
		switch {
		case lo+hi+1 == 5:
			return true, NotForbidden
		case lo+hi+1 > 5:
			over = true
		}
		n, _ := countFours(fivePoints(d))
		fours += n
	}
	if over {
		return false, Overline
	}
	if fours >= 2 {
		return false, DoubleFour
	}
	threes := 0
	for _, d := range steps {
		if n, _ := countFours(fivePoints(d)); n > 0 {
			continue
		}
		for k := -4; k <= 4; k++ {
			q := Point{p.X + k*d.X, p.Y + k*d.Y}
			if k == 0 || !q.In(b.size) || b.At(q) != Empty {
				continue
			}
			b.Set(q, Black)
			_, straight := countFours(fivePoints(d))
			b.Set(q, Empty)
			if !straight {
				continue
			}
			f, k2 := refClassify(b, q, rd)
			if (f && rd == ReadingRIF) || (!f && k2 == NotForbidden) {
				threes++
				break
			}
		}
	}
	if threes >= 2 {
		return false, DoubleThree
	}
	return false, NotForbidden
}

// refPosition fills a board from a seed: a crowd of stones around the
// centre, more Black than usual so that forbidden shapes are common.
func refPosition(seed uint64, size int) *Board {
	r := rand.New(rand.NewPCG(seed, 7))
	b := MustBoard(size)
	n := 10 + r.IntN(50)
	spread := 3 + r.IntN(size/2)
	for i := 0; i < n; i++ {
		p := Point{size/2 + r.IntN(2*spread+1) - spread, size/2 + r.IntN(2*spread+1) - spread}
		if !p.In(size) || b.At(p) != Empty {
			continue
		}
		c := Black
		if r.IntN(5) < 2 {
			c = White
		}
		b.Set(p, c)
	}
	return b
}

func checkAgainstReference(t *testing.T, b *Board) int {
	t.Helper()
	found := 0
	for y := 0; y < b.size; y++ {
		for x := 0; x < b.size; x++ {
			p := Point{x, y}
			if b.At(p) != Empty {
				continue
			}
			for _, rd := range []Reading{ReadingRIF, ReadingGomocup} {
				_, want := refClassify(b, p, rd)
				if got := b.Forbidden(p, rd); got != want {
					t.Fatalf("%v reading, %v: Forbidden = %q, the reference says %q\n%s", rd, p, got, want, b)
				}
				if want != NotForbidden {
					found++
				}
			}
			if b.Wins(p, Black, Renju) != func() bool { f, _ := refClassify(b, p, ReadingRIF); return f }() {
				t.Fatalf("%v: Wins and the reference disagree\n%s", p, b)
			}
		}
	}
	return found
}

// The fast code agrees with the reference on a few hundred crowded
// positions of several sizes.
func TestForbiddenAgainstReference(t *testing.T) {
	n, found := 200, 0
	if testing.Short() {
		n = 30
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		found += checkAgainstReference(t, refPosition(seed, []int{15, 15, 19, 9}[seed%4]))
	}
	if found < n {
		t.Errorf("only %d forbidden points in %d positions: the positions test too little", found, n)
	}
	t.Logf("%d forbidden points in %d positions agree", found, n)
}

func FuzzForbiddenReference(f *testing.F) {
	for _, s := range []uint64{1000, 1001, 1002} {
		f.Add(s, uint8(15))
	}
	f.Fuzz(func(t *testing.T, seed uint64, size uint8) {
		checkAgainstReference(t, refPosition(seed, MinSize+int(size)%(MaxSize-MinSize+1)))
	})
}
