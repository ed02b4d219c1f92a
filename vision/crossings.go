package vision

import (
	"image"
	"math"
)

// liveLines is the share of the n x n lattice's 2n lines through q
// (field scale) on which the line field shows at least liveCrossings of
// the lattice's crossings: a ridge along the line and one across it
// there. A grid line crosses the other family at every bare point (a
// stone hides its crossing), while a lattice line on the margin or the
// floor beyond the board crosses nothing: wood grain, plank seams and a
// table's edge run one way only, and may line up with a lattice line
// (so the line score and cover count them as lines), never with the
// lattice's crossings. Each such line costs a whole line; lattices on
// the grid all score 1, so among them the other parts of the choice
// decide as before.
func liveLines(field *image.Gray, n int, q [4]Point) float64 {
	h, err := GridHomography(n, q)
	if err != nil {
		return 0
	}
	// A lens's bow or a rough fit puts the lattice a pixel or two off
	// the lines: each arm is sampled on its line and a little to each
	// side, and the best taken.
	wobble := math.Max(1, 0.06*gridStep(q, n))
	perCol, perRow := make([]int, n), make([]int, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			u, v := float64(i), float64(j)
			c := h.Apply(u, v)
			row := armShown(field, h, c, u, v, 1, 0, wobble) || armShown(field, h, c, u, v, -1, 0, wobble)
			if row && (armShown(field, h, c, u, v, 0, 1, wobble) || armShown(field, h, c, u, v, 0, -1, wobble)) {
				perCol[i]++
				perRow[j]++
			}
		}
	}
	live := 0
	for k := 0; k < n; k++ {
		if perCol[k] >= liveCrossings {
			live++
		}
		if perRow[k] >= liveCrossings {
			live++
		}
	}
	return float64(live) / float64(2*n)
}

// liveCrossings is how many crossings a line must show to count as the
// grid's: two, as a stone's rim or a knot in the wood may make one.
const liveCrossings = 2

// armShown tells whether the field shows a line from the crossing c at
// grid point (u, v) along grid direction (du, dv): the mean response a
// tenth to four tenths of a step along the arm (a stone on the point
// covers it all) stands well above that a third of a step to either side
// of it, where the cell's bare wood is.
func armShown(field *image.Gray, h Homography, c Point, u, v, du, dv, wobble float64) bool {
	// The perpendicular in pixels, from the lattice's direction there.
	end := h.Apply(u+du*0.4, v+dv*0.4)
	ax, ay := end.X-c.X, end.Y-c.Y
	l := math.Hypot(ax, ay)
	if l == 0 {
		return false
	}
	px, py := -ay/l, ax/l
	on := -1.0
	for _, w := range []float64{-wobble, 0, wobble} {
		s, k := 0.0, 0
		for _, t := range armAt {
			p := h.Apply(u+du*t, v+dv*t)
			if g := bilinear(field, Point{p.X + w*px, p.Y + w*py}); g >= 0 {
				s += g
				k++
			}
		}
		if k == len(armAt) {
			on = math.Max(on, s/float64(k))
		}
	}
	if on < armLine {
		return false
	}
	side, k := 0.0, 0
	for _, sg := range []float64{-1, 1} {
		for _, t := range armAt {
			p := h.Apply(u+du*t+sg*0.33*dv, v+dv*t+sg*0.33*du)
			if g := bilinear(field, p); g >= 0 {
				side += g
				k++
			}
		}
	}
	return k > 0 && on > armContrast*side/float64(k)
}

// armAt is where along an arm (in steps from the crossing) it is sampled.
var armAt = [3]float64{0.15, 0.27, 0.39}

// armLine is the least mean response (the field's local mean is 40) an
// arm needs, and armContrast how many times the wood beside it.
const (
	armLine     = 60
	armContrast = 1.6
)
