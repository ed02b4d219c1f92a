package rules

import (
	"fmt"
	"strings"
)

// The board keeps its points in a fixed array with a margin of pad wall
// points around the largest board, so that reading a line up to 5 points
// away from any point of the board needs no bounds checks and no
// allocation: the forbidden-move code reads 11-point line windows.
const (
	pad    = 5
	stride = MaxSize + 2*pad
	wall   = Color(4) // a point off the board, never returned by At; no bit in common with Black
)

// dirs are the index steps of the four lines through a point: the row,
// the column, the rising diagonal and the falling diagonal.
var dirs = [4]int{1, stride, stride + 1, stride - 1}

// Board is a square board of stones. The zero value is not usable; make
// one with NewBoard. A Board is a value of about 1 KiB with no pointers:
// copying it (or Clone) gives an independent board.
//
// Methods that only answer questions (Wins, Forbidden, ForbiddenPoints)
// place trial stones and take them back before they return, so one Board
// must not be used from several goroutines at once; give each its own copy.
type Board struct {
	size   int
	stones int // stones on the board, for Full
	cells  [stride * stride]Color
}

// NewBoard returns an empty board of the given size (MinSize..MaxSize).
func NewBoard(size int) (*Board, error) {
	if err := CheckSize(size); err != nil {
		return nil, err
	}
	b := &Board{size: size}
	for i := range b.cells {
		b.cells[i] = wall
	}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			b.cells[index(Point{x, y})] = Empty
		}
	}
	return b, nil
}

// MustBoard is NewBoard for sizes known to be valid; it panics otherwise.
func MustBoard(size int) *Board {
	b, err := NewBoard(size)
	if err != nil {
		panic(err)
	}
	return b
}

// index is p's position in Board.cells.
func index(p Point) int { return (p.Y+pad)*stride + p.X + pad }

// pointAt is the inverse of index.
func pointAt(i int) Point { return Point{i%stride - pad, i/stride - pad} }

// Size returns the number of lines on each side.
func (b *Board) Size() int { return b.size }

// At returns the stone at p, or Empty when p is off the board.
func (b *Board) At(p Point) Color {
	if !p.In(b.size) {
		return Empty
	}
	return b.cells[index(p)]
}

// Set puts colour c (Empty removes) at p, which must be on the board.
func (b *Board) Set(p Point, c Color) {
	if !p.In(b.size) {
		panic(fmt.Sprintf("rules: Set(%v) off a %dx%d board", p, b.size, b.size))
	}
	i := index(p)
	if b.cells[i] != Empty {
		b.stones--
	}
	if c != Empty {
		b.stones++
	}
	b.cells[i] = c
}

// Clone returns an independent copy of b.
func (b *Board) Clone() *Board {
	nb := *b
	return &nb
}

// Count returns the number of stones of colour c (for Empty, the number
// of empty points).
func (b *Board) Count(c Color) int {
	n := 0
	for y := 0; y < b.size; y++ {
		for x := 0; x < b.size; x++ {
			if b.cells[index(Point{x, y})] == c {
				n++
			}
		}
	}
	return n
}

// Full reports whether no empty point is left.
func (b *Board) Full() bool { return b.stones == b.size*b.size }

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
	return b.Draw(nil)
}

// Draw draws the board like String, with mark(p) drawn on the empty
// points where it returns a non-zero byte.
func (b *Board) Draw(mark func(Point) byte) string {
	var s strings.Builder
	for y := b.size - 1; y >= 0; y-- {
		fmt.Fprintf(&s, "%2d ", y+1)
		for x := 0; x < b.size; x++ {
			p := Point{x, y}
			c := byte('.')
			switch b.At(p) {
			case Black:
				c = 'X'
			case White:
				c = 'O'
			default:
				if mark != nil {
					if m := mark(p); m != 0 {
						c = m
					}
				}
			}
			s.WriteByte(' ')
			s.WriteByte(c)
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
