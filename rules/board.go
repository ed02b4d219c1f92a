package rules

import (
	"fmt"
	"strings"
)

// Board is a square board of stones. The zero value is not usable; make
// one with NewBoard.
type Board struct {
	size  int
	cells []Color // index Y*size+X
}

// NewBoard returns an empty board of the given size (MinSize..MaxSize).
func NewBoard(size int) (*Board, error) {
	if err := CheckSize(size); err != nil {
		return nil, err
	}
	return &Board{size: size, cells: make([]Color, size*size)}, nil
}

// MustBoard is NewBoard for sizes known to be valid; it panics otherwise.
func MustBoard(size int) *Board {
	b, err := NewBoard(size)
	if err != nil {
		panic(err)
	}
	return b
}

// Size returns the number of lines on each side.
func (b *Board) Size() int { return b.size }

// At returns the stone at p, or Empty when p is off the board.
func (b *Board) At(p Point) Color {
	if !p.In(b.size) {
		return Empty
	}
	return b.cells[p.Y*b.size+p.X]
}

// Set puts colour c (Empty removes) at p, which must be on the board.
func (b *Board) Set(p Point, c Color) {
	b.cells[p.Y*b.size+p.X] = c
}

// Clone returns an independent copy of b.
func (b *Board) Clone() *Board {
	return &Board{size: b.size, cells: append([]Color(nil), b.cells...)}
}

// Count returns the number of stones of colour c.
func (b *Board) Count(c Color) int {
	n := 0
	for _, v := range b.cells {
		if v == c {
			n++
		}
	}
	return n
}

// Full reports whether no empty point is left.
func (b *Board) Full() bool { return b.Count(Empty) == 0 }

// Place puts the stones of a position: blacks and whites. It fails on a
// point off the board or taken twice.
func (b *Board) Place(blacks, whites []Point) error {
	for _, side := range []struct {
		c   Color
		pts []Point
	}{{Black, blacks}, {White, whites}} {
		for _, p := range side.pts {
			if !p.In(b.size) {
				return fmt.Errorf("%s stone at %v is off the %dx%d board", side.c, p, b.size, b.size)
			}
			if b.At(p) != Empty {
				return fmt.Errorf("%s stone at %v: the point is already taken by %s", side.c, p, b.At(p))
			}
			b.Set(p, side.c)
		}
	}
	return nil
}

// String draws the board with row 1 at the bottom, as Black sees it:
// 'X' black, 'O' white, '.' empty.
func (b *Board) String() string {
	var s strings.Builder
	for y := b.size - 1; y >= 0; y-- {
		fmt.Fprintf(&s, "%2d ", y+1)
		for x := 0; x < b.size; x++ {
			switch b.At(Point{x, y}) {
			case Black:
				s.WriteString(" X")
			case White:
				s.WriteString(" O")
			default:
				s.WriteString(" .")
			}
		}
		s.WriteByte('\n')
	}
	s.WriteString("   ")
	for x := 0; x < b.size; x++ {
		s.WriteString(" " + string(rune('a'+x)))
	}
	s.WriteByte('\n')
	return s.String()
}
