package rules

import (
	"strings"
	"testing"
)

// diagram builds a 15x15 board from rows drawn top row first ('X' black,
// 'O' white, '?' the point asked about, anything else empty), with the
// top-left character on c12.
func diagram(t *testing.T, rows ...string) (*Board, Point) {
	t.Helper()
	b := MustBoard(15)
	q := Pass
	for r, row := range rows {
		for c, ch := range row {
			p := Point{2 + c, 11 - r}
			switch ch {
			case 'X':
				b.Set(p, Black)
			case 'O':
				b.Set(p, White)
			case '?':
				q = p
			}
		}
	}
	if q == Pass {
		t.Fatalf("diagram %q has no '?'", rows)
	}
	return b, q
}

// Classic shapes of the renju rules, drawn by hand.
func TestForbiddenShapes(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want ForbiddenKind
		five bool
	}{
		{"five", []string{"..XX?XX.."}, NotForbidden, true},
		{"overline", []string{"..XX?XXX.."}, Overline, false},
		{"five beats overline on another line", []string{
			"....X....",
			"....X....",
			"....X....",
			"XXXX?....",
			"....X....",
			"....X....",
		}, NotForbidden, true},
		{"straight four", []string{"...XX?X..."}, NotForbidden, false},
		{"closed four", []string{"..OXX?X..."}, NotForbidden, false},
		{"4-4 on one line X.X?X.X", []string{"..X.X?X.X.."}, DoubleFour, false},
		{"4-4 on one line XX.?X.XX", []string{"..XX.?X.XX.."}, DoubleFour, false},
		{"4-4 on two lines", []string{
			".....X...",
			".....X...",
			".....X...",
			"..XXX?...",
			".........",
		}, DoubleFour, false},
		{"4-4 with a closed four", []string{
			".....O...",
			".....X...",
			".....X...",
			".....X...",
			".OXXX?...",
			".........",
		}, DoubleFour, false},
		{"3-3 crossing", []string{
			".........",
			".....X...",
			".....X...",
			"...XX?...",
			".........",
			".........",
		}, DoubleThree, false},
		{"3-3 with a split three", []string{
			"..........",
			"..........",
			"..X.?X....",
			"...X......",
			"..X.......",
			"..........",
		}, DoubleThree, false},
		{"3-3 diagonal and split row", []string{
			"...........",
			".......X...",
			"......X....",
			"..X.X?.....",
			"...........",
			"...........",
		}, DoubleThree, false},
		{"4-3 is legal", []string{
			".........",
			".....X...",
			".....X...",
			"..XXX?...",
			".........",
			".........",
		}, NotForbidden, false},
		{"4-3-3 is a double-three", []string{
			"...........",
			".....X.X...",
			".....XX....",
			"..XXX?.....",
			"...........",
			"...........",
		}, DoubleThree, false},
		{"4-4-3 is a double-four", []string{
			".....X.....",
			".....X.X...",
			".....XX....",
			"..XXX?.....",
			"...........",
			"...........",
		}, DoubleFour, false},
		{"a three blocked at one end is no three", []string{
			".........",
			".....O...",
			".....X...",
			".....X...",
			"..OXX?...",
			".........",
			".........",
		}, NotForbidden, false},
		{"a three with walls two away is no three", []string{
			"....O....",
			".........",
			"....X....",
			"....X....",
			"O.XX?..O.",
			".........",
			"....O....",
		}, NotForbidden, false},
		{"4-3 with a split three is legal", []string{
			".........",
			"....X....",
			"....X....",
			"..X.?X...",
			"....X....",
			".........",
			".........",
		}, NotForbidden, false},
		{"4-3 with a split four is legal", []string{
			"...X.......",
			"...........",
			"...X.......",
			"...X.......",
			".XX?.......",
			"...........",
			"...........",
		}, NotForbidden, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, q := diagram(t, tt.rows...)
			for _, rd := range []Reading{ReadingRIF, ReadingGomocup} {
				if got := b.Forbidden(q, rd); got != tt.want {
					t.Errorf("%v reading: Forbidden(%v) = %q, want %q\n%s", rd, q, got, tt.want, b)
				}
			}
			if got := b.Wins(q, Black, Renju); got != tt.five {
				t.Errorf("Wins = %v, want %v", got, tt.five)
			}
			if got := b.Forbidden(q, ReadingRIF); got != NotForbidden && b.Wins(q, White, Renju) {
				t.Errorf("a forbidden point makes a White five in a Black shape")
			}
		})
	}
}

func TestForbiddenEdges(t *testing.T) {
	b := MustBoard(15)
	if k := b.Forbidden(Point{-1, 3}, ReadingRIF); k != NotForbidden {
		t.Errorf("off the board: %v", k)
	}
	b.Set(Point{3, 3}, White)
	if k := b.Forbidden(Point{3, 3}, ReadingRIF); k != NotForbidden {
		t.Errorf("taken point: %v", k)
	}
	// A position at the very edge of the largest board: a1..a5 with the
	// wall below is still a five, a1..a6 an overline.
	big := MustBoard(MaxSize)
	for y := 1; y <= 4; y++ {
		big.Set(Point{MaxSize - 1, y}, Black)
	}
	if !big.Wins(Point{MaxSize - 1, 0}, Black, Renju) {
		t.Error("five against the edge of a 22x22 board not found")
	}
	big.Set(Point{MaxSize - 1, 5}, Black)
	if k := big.Forbidden(Point{MaxSize - 1, 0}, ReadingRIF); k != Overline {
		t.Errorf("overline against the edge: %v", k)
	}
}

func TestForbiddenKindString(t *testing.T) {
	for k, want := range map[ForbiddenKind]string{
		NotForbidden: "", Overline: "overline", DoubleFour: "double-four", DoubleThree: "double-three",
	} {
		if k.String() != want {
			t.Errorf("%d.String() = %q, want %q", k, k.String(), want)
		}
	}
}

// Every window of the line table keeps its invariants: at most two fours
// through one stone, and three points only on lines with no four.
func TestLineTable(t *testing.T) {
	for code, l := range lineTable {
		if l.fours() > 2 {
			t.Fatalf("code %d: %d fours", code, l.fours())
		}
		if l.fours() > 0 && l.threeMask() != 0 {
			t.Fatalf("code %d: both a four and a three", code)
		}
		if l&(lineFive|lineOverline) != 0 && l&^(lineFive|lineOverline) != 0 {
			t.Fatalf("code %d: a five or overline with masks", code)
		}
	}
}

func TestWinsRules(t *testing.T) {
	tests := []struct {
		row  string // one row; '?' is the move
		c    Color
		want map[Rule]bool
	}{
		{"..XX?XX..", Black, map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: true}},
		{"..XX?XXX.", Black, map[Rule]bool{Freestyle: true, Standard: false, Renju: false, Caro: false}},
		{"..OO?OOO.", White, map[Rule]bool{Freestyle: true, Standard: false, Renju: true, Caro: false}},
		{".OXX?XXO.", Black, map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: false}},
		{".OXX?XX..", Black, map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: true}},
		{".XOO?OOX.", White, map[Rule]bool{Freestyle: true, Standard: true, Renju: true, Caro: false}},
		{"..XX?X...", Black, map[Rule]bool{Freestyle: false, Standard: false, Renju: false, Caro: false}},
		{"..OO?OO..", Black, map[Rule]bool{Freestyle: false, Standard: false, Renju: false, Caro: false}},
	}
	for _, tt := range tests {
		b, q := diagram(t, tt.row)
		for r, want := range tt.want {
			if got := b.Wins(q, tt.c, r); got != want {
				t.Errorf("%q, %v, %v: Wins = %v, want %v", tt.row, tt.c, r, got, want)
			}
		}
	}
	// Caro: the edge is not a block, so a five from the edge shut in by
	// one White stone still wins.
	b := MustBoard(15)
	for x := 1; x < 5; x++ {
		b.Set(Point{x, 0}, Black)
	}
	b.Set(Point{5, 0}, White)
	if !b.Wins(Point{0, 0}, Black, Caro) {
		t.Error("caro: a five against the edge blocked at its other end does not win")
	}
	if b.Wins(Point{0, 0}, Empty, Freestyle) || b.Wins(Point{1, 0}, Black, Freestyle) || b.Wins(Point{-1, 0}, Black, Freestyle) {
		t.Error("Wins accepts an empty colour, a taken point or a point off the board")
	}
}

func TestBoardDraw(t *testing.T) {
	b, q := diagram(t, "XX?XXX")
	s := b.Draw(func(p Point) byte {
		if b.Forbidden(p, ReadingRIF) == Overline {
			return '6'
		}
		return 0
	})
	if !strings.Contains(s, "X X 6 X X X") || !strings.Contains(b.String(), "X X . X X X") {
		t.Errorf("drawing:\n%s", s)
	}
	_ = q
	if b.Count(Black) != 5 || b.Count(Empty) != 15*15-5 || b.Full() {
		t.Errorf("Count(Black) = %d, Count(Empty) = %d", b.Count(Black), b.Count(Empty))
	}
}
