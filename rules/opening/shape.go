package opening

import "tengen/rules"

// motion is a rigid motion of the grid: one of the 8 rotations and
// reflections about the origin, then a translation. Referees judge two
// fifth-move offers "symmetric" by the shape of the stones, whether or not
// the axis runs through the board's centre, so the symmetries of a
// position are motions, not only the 8 board symmetries.
type motion struct {
	lin    int8 // 0-3 rotate by lin*90° counter-clockwise; 4-7 mirror x first
	dx, dy int
}

func (m motion) apply(p rules.Point) rules.Point {
	x, y := linear(m.lin, p.X, p.Y)
	return rules.Point{X: x + m.dx, Y: y + m.dy}
}

func linear(lin int8, x, y int) (int, int) {
	if lin >= 4 {
		x = -x
	}
	for i := int8(0); i < lin%4; i++ {
		x, y = -y, x
	}
	return x, y
}

// positionSymmetries returns every motion other than the identity that
// maps the stones of b onto themselves, colour for colour. An empty board
// has infinitely many; it gets the 7 non-trivial board symmetries, which
// is what matters for points on it.
func positionSymmetries(b *rules.Board) []motion {
	var blacks, whites []rules.Point
	size := b.Size()
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			switch b.At(rules.Point{X: x, Y: y}) {
			case rules.Black:
				blacks = append(blacks, rules.Point{X: x, Y: y})
			case rules.White:
				whites = append(whites, rules.Point{X: x, Y: y})
			}
		}
	}
	anchor, targets := blacks, blacks
	if len(blacks) == 0 {
		anchor, targets = whites, whites
	}
	if len(anchor) == 0 {
		var out []motion
		for _, s := range rules.Symmetries[1:] {
			// linear(origin) is the origin, so the board symmetry's image
			// of the origin is its translation part.
			o := s.Apply(rules.Point{}, size)
			out = append(out, motion{lin: int8(s), dx: o.X, dy: o.Y})
		}
		return out
	}
	var out []motion
	for lin := int8(0); lin < 8; lin++ {
		// A symmetry maps the first stone onto some stone of its colour;
		// that fixes the translation, so trying each candidate is enough.
		for _, t := range targets {
			x, y := linear(lin, anchor[0].X, anchor[0].Y)
			mo := motion{lin: lin, dx: t.X - x, dy: t.Y - y}
			if mo == (motion{}) {
				continue
			}
			if mapsOnto(mo, blacks, b, rules.Black) && mapsOnto(mo, whites, b, rules.White) {
				out = append(out, mo)
			}
		}
	}
	return out
}

// mapsOnto reports whether the motion carries every stone of pts onto a
// stone of colour c on b (and so, the counts being equal, the set onto
// itself).
func mapsOnto(mo motion, pts []rules.Point, b *rules.Board, c rules.Color) bool {
	for _, p := range pts {
		q := mo.apply(p)
		if !q.In(b.Size()) || b.At(q) != c {
			return false
		}
	}
	return true
}

// Equivalent reports whether points p and q are equivalent on b: some
// symmetry of the position (a rotation or reflection that maps the stones
// onto themselves) carries p onto q. Two such fifth moves may not be
// offered together. A point is not equivalent to itself here; offering the
// same point twice is a different error.
func Equivalent(b *rules.Board, p, q rules.Point) bool {
	if p == q {
		return false
	}
	for _, mo := range positionSymmetries(b) {
		if mo.apply(p) == q {
			return true
		}
	}
	return false
}
