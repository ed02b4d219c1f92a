package customs

import (
	"fmt"
	"slices"

	"tengen/rules"
)

// Shape explains why a Black move is forbidden: its kind and the lines
// that make it, each the Black stones of one line (the move included):
// the run of six or more for an overline, each four's stones for a
// double-four, each three's stones for a double-three.
type Shape struct {
	Point rules.Point
	Kind  rules.ForbiddenKind
	Lines [][]rules.Point
}

// Explain finds the shape that makes Black's move on p forbidden under
// renju (reading rd). The board may hold the move already (the game was
// lost by it) or not yet. It fails when the move is not forbidden.
func Explain(b *rules.Board, p rules.Point, rd rules.Reading) (Shape, error) {
	if !p.In(b.Size()) {
		return Shape{}, fmt.Errorf("explain: %v is off the board", p)
	}
	b = b.Clone()
	switch b.At(p) {
	case rules.Black:
		b.Set(p, rules.Empty)
	case rules.White:
		return Shape{}, fmt.Errorf("explain: %v holds a White stone", p)
	}
	sh := Shape{Point: p, Kind: b.Forbidden(p, rd)}
	if sh.Kind == rules.NotForbidden {
		return Shape{}, fmt.Errorf("explain: Black on %v is not forbidden", p)
	}
	b.Set(p, rules.Black)
	switch sh.Kind {
	case rules.Overline:
		for _, d := range steps {
			b.Set(p, rules.Empty)
			line := run(b, p, d, rules.Black)
			b.Set(p, rules.Black)
			if len(line)+1 >= 6 {
				sh.Lines = append(sh.Lines, sorted(append(line, p)))
			}
		}
	case rules.DoubleFour:
		for _, f := range fours(b, rules.Black, rules.Renju, -1) {
			if slices.Contains(f.Stones, p) {
				sh.Lines = append(sh.Lines, f.Stones)
			}
		}
	case rules.DoubleThree:
		for k := range steps {
			if line := three(b, p, k, rd); line != nil {
				sh.Lines = append(sh.Lines, line)
			}
		}
	}
	return sh, nil
}

// three returns the stones of a three through the Black stone on p along
// direction k: a line where one more Black stone, itself allowed, makes a
// straight four (活四) through p. Nil when the line holds no three.
func three(b *rules.Board, p rules.Point, k int, rd rules.Reading) []rules.Point {
	d := steps[k]
	for i := -4; i <= 4; i++ {
		q := rules.Point{X: p.X + i*d.X, Y: p.Y + i*d.Y}
		if i == 0 || !q.In(b.Size()) || b.At(q) != rules.Empty {
			continue
		}
		// The stone that would make the four must be allowed to Black.
		if b.Forbidden(q, rd) != rules.NotForbidden {
			continue
		}
		b.Set(q, rules.Black)
		var line []rules.Point
		for _, f := range fours(b, rules.Black, rules.Renju, k) {
			if f.Open() && slices.Contains(f.Stones, p) && slices.Contains(f.Stones, q) {
				line = slices.DeleteFunc(slices.Clone(f.Stones), func(s rules.Point) bool { return s == q })
				break
			}
		}
		b.Set(q, rules.Empty)
		if line != nil {
			return line
		}
	}
	return nil
}

func sorted(pts []rules.Point) []rules.Point {
	slices.SortFunc(pts, func(a, b rules.Point) int {
		if a.X != b.X {
			return a.X - b.X
		}
		return a.Y - b.Y
	})
	return pts
}

// LineStrings returns the shape's lines in the Chinese notation, as the web
// page's Explain takes them.
func (sh Shape) LineStrings() [][]string {
	out := make([][]string, len(sh.Lines))
	for i, l := range sh.Lines {
		for _, p := range l {
			out[i] = append(out[i], p.String())
		}
	}
	return out
}
