package vision

import (
	"fmt"
	"math"
	"testing"
)

// pinhole is a camera of known geometry for the tests: focal length f
// (pixels), its principal point at the centre of a w x h image, looking
// at a board whose grid steps are sx by sy long (a go board's cells are
// about 7% longer one way), turned on the table by spin and tilted away
// from the camera by tilt (radians), its centre d from the camera along
// the optical axis and seen oy pixels from the image's centre (negative:
// above, as in a photo taken from the player's seat).
type pinhole struct {
	f, w, h, sx, sy, spin, tilt, d, oy float64
	n                                  int
}

// at projects board point (u, v) (grid steps from the top-left grid
// corner, v toward the camera) at height z (in steps of sx).
func (c pinhole) at(u, v, z float64) Point {
	m := float64(c.n-1) / 2
	bx, by := (u-m)*c.sx, (v-m)*c.sy
	x := bx*math.Cos(c.spin) - by*math.Sin(c.spin)
	y := bx*math.Sin(c.spin) + by*math.Cos(c.spin)
	st, ct := math.Sin(c.tilt), math.Cos(c.tilt)
	X := x
	Y := y*ct - z*c.sx*st + c.oy*c.d/c.f
	Z := c.d - y*st - z*c.sx*ct
	return Point{c.f*X/Z + c.w/2, c.f*Y/Z + c.h/2}
}

// TestCameraParallax checks the camera the reader recovers from a grid
// homography (newCamera) against true pinhole views as steep as the
// steepest real photos read (tilted 20-50 degrees, the board in the
// upper part of the frame, focal lengths of phones and webcams, square
// and go-board cells): a stone's top, 0.3 steps up, must land within
// 0.12 steps of where the true camera shows it, relative to its point
// (the parallax itself is 0.2-0.3 steps here), with the corners exact
// and with one corner a third of a step off. The focal length may be far
// off (with the rows level in the image, the homography barely tells
// it), but the top's place, which is what the reader uses, is not.
func TestCameraParallax(t *testing.T) {
	n := 19
	m := float64(n - 1)
	worst := 0.0
	for _, spin := range []float64{0, 3, 10} {
		for _, tilt := range []float64{20, 35, 50} {
			for _, f := range []float64{650, 1000} {
				for _, sy := range []float64{1, 1.07} {
					c := pinhole{f: f, w: 774, h: 1032, sx: 1, sy: sy, spin: spin * math.Pi / 180,
						tilt: tilt * math.Pi / 180, d: 30 * f / 800, oy: -150, n: n}
					q := [4]Point{c.at(0, 0, 0), c.at(m, 0, 0), c.at(m, m, 0), c.at(0, m, 0)}
					step := math.Hypot(q[2].X-q[3].X, q[2].Y-q[3].Y) / m
					for _, off := range []float64{0, 0.35} {
						name := fmt.Sprintf("spin %.0f tilt %.0f f %.0f cells 1:%.2f corner off %.2f", spin, tilt, f, sy, off)
						given := q
						given[2].X += off * step
						h, err := GridHomography(n, given)
						if err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						cam := newCamera(h, int(c.w), int(c.h), n)
						for _, p := range [][2]float64{{0, 0}, {9, 0}, {18, 0}, {9, 9}, {0, 18}, {9, 18}, {18, 18}} {
							base, top := c.at(p[0], p[1], 0), c.at(p[0], p[1], stoneTop)
							next := c.at(p[0]+1, p[1], 0)
							local := math.Hypot(next.X-base.X, next.Y-base.Y)
							got, point := cam.project(p[0], p[1], stoneTop), h.Apply(p[0], p[1])
							e := math.Hypot(got.X-point.X-(top.X-base.X), got.Y-point.Y-(top.Y-base.Y)) / local
							worst = math.Max(worst, e)
							if e > 0.12 {
								t.Errorf("%s: the top of a stone at %v lands %.2f steps from the true camera's", name, p, e)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("worst: %.3f steps", worst)
}
