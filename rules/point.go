package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// MinSize and MaxSize bound the board sizes the package supports.
const (
	MinSize     = 5
	MaxSize     = 22
	DefaultSize = 15
)

// Color is the colour of a stone or of a player.
type Color int8

const (
	Empty Color = iota
	Black
	White
)

// Opponent returns the other player's colour; Empty stays Empty.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}

// ParseColor reads "black"/"b" or "white"/"w", in any case.
func ParseColor(s string) (Color, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "black", "b":
		return Black, nil
	case "white", "w":
		return White, nil
	}
	return Empty, fmt.Errorf("unknown colour %q (want black or white)", s)
}

// Point is an intersection: X the column from the left (0 = a), Y the row
// from Black's side (0 = row 1).
type Point struct{ X, Y int }

// Pass is the point that stands for a pass.
var Pass = Point{-1, -1}

// IsPass reports whether p stands for a pass.
func (p Point) IsPass() bool { return p == Pass }

// In reports whether p lies on a board of the given size.
func (p Point) In(size int) bool { return p.X >= 0 && p.Y >= 0 && p.X < size && p.Y < size }

// String writes p in the Chinese notation, e.g. "h8", or "pass".
func (p Point) String() string {
	if p.IsPass() {
		return "pass"
	}
	if p.X < 0 || p.X >= 26 || p.Y < 0 {
		return fmt.Sprintf("(%d,%d)", p.X, p.Y)
	}
	return string(rune('a'+p.X)) + strconv.Itoa(p.Y+1)
}

// Gomocup writes p as Gomocup's zero-based "x,y" for a board of the given size.
func (p Point) Gomocup(size int) string {
	return strconv.Itoa(p.X) + "," + strconv.Itoa(size-1-p.Y)
}

// Centre returns the centre point (天元) of a board of the given size.
func Centre(size int) Point { return Point{size / 2, size / 2} }

// ParsePoint reads a point in the Chinese notation ("h8", "H8") and checks
// that it lies on a board of the given size. "pass" reads as Pass.
func ParsePoint(s string, size int) (Point, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "pass" {
		return Pass, nil
	}
	if len(t) < 2 || t[0] < 'a' || t[0] > 'z' {
		return Point{}, fmt.Errorf("bad point %q: want a column letter and a row number, like h8", s)
	}
	row, err := strconv.Atoi(t[1:])
	if err != nil || t[1] == '+' || t[1] == '-' {
		return Point{}, fmt.Errorf("bad point %q: row %q is not a number", s, t[1:])
	}
	p := Point{int(t[0] - 'a'), row - 1}
	if !p.In(size) {
		return Point{}, fmt.Errorf("point %q is off a %dx%d board (columns a-%c, rows 1-%d)",
			s, size, size, rune('a'+size-1), size)
	}
	return p, nil
}

// ParseGomocup reads Gomocup's zero-based "x,y" (y counted from the top,
// the far side) for a board of the given size.
func ParseGomocup(s string, size int) (Point, error) {
	xs, ys, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return Point{}, fmt.Errorf("bad Gomocup point %q: want x,y", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil {
		return Point{}, fmt.Errorf("bad Gomocup point %q: x and y must be integers", s)
	}
	p := Point{x, size - 1 - y}
	if x < 0 || y < 0 || !p.In(size) {
		return Point{}, fmt.Errorf("Gomocup point %q is off a %dx%d board (0-%d)", s, size, size, size-1)
	}
	return p, nil
}

// ParsePoints reads a list of points in the Chinese notation separated by
// spaces or commas, e.g. "h8 i9 j10". An error names the bad entry.
func ParsePoints(s string, size int) ([]Point, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	pts := make([]Point, 0, len(fields))
	for i, f := range fields {
		p, err := ParsePoint(f, size)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", i+1, err)
		}
		pts = append(pts, p)
	}
	return pts, nil
}

// FormatPoints writes points in the Chinese notation separated by spaces.
func FormatPoints(pts []Point) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// CheckSize returns an error unless size is a supported board size.
func CheckSize(size int) error {
	if size < MinSize || size > MaxSize {
		return fmt.Errorf("board size %d is not supported (want %d to %d)", size, MinSize, MaxSize)
	}
	return nil
}
