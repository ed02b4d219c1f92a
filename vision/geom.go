package vision

import (
	"errors"
	"math"
)

// Point is a position in image pixels (x right, y down) or in board units.
type Point struct{ X, Y float64 }

// Homography maps the board plane to the image: board point (u, v) in
// grid steps, u the column from the top-left grid corner and v the row,
// goes to image pixels. Row-major 3x3.
type Homography [9]float64

// Apply maps (u, v) through h.
func (h Homography) Apply(u, v float64) Point {
	w := h[6]*u + h[7]*v + h[8]
	return Point{(h[0]*u + h[1]*v + h[2]) / w, (h[3]*u + h[4]*v + h[5]) / w}
}

// Inverse returns the inverse mapping.
func (h Homography) Inverse() Homography {
	a, b, c, d, e, f, g, k, m := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	det := a*(e*m-f*k) - b*(d*m-f*g) + c*(d*k-e*g)
	inv := Homography{
		e*m - f*k, c*k - b*m, b*f - c*e,
		f*g - d*m, a*m - c*g, c*d - a*f,
		d*k - e*g, b*g - a*k, a*e - b*d,
	}
	for i := range inv {
		inv[i] /= det
	}
	return inv
}

// QuadHomography returns the homography taking src[i] to dst[i] for four
// point pairs, no three of them collinear.
func QuadHomography(src, dst [4]Point) (Homography, error) {
	// Solve the 8x8 system for h0..h7 with h8 = 1.
	var a [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, X, Y := src[i].X, src[i].Y, dst[i].X, dst[i].Y
		a[2*i] = [9]float64{x, y, 1, 0, 0, 0, -x * X, -y * X, X}
		a[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -x * Y, -y * Y, Y}
	}
	for col := 0; col < 8; col++ {
		piv := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-12 {
			return Homography{}, errors.New("degenerate quadrilateral (three corners in a line)")
		}
		a[col], a[piv] = a[piv], a[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for c := col; c < 9; c++ {
				a[r][c] -= f * a[col][c]
			}
		}
	}
	var h Homography
	for i := 0; i < 8; i++ {
		h[i] = a[i][8] / a[i][i]
	}
	h[8] = 1
	return h, nil
}

// GridHomography maps board units of an n x n grid (0..n-1 on each axis)
// onto the four outer grid corners TL, TR, BR, BL.
func GridHomography(n int, corners [4]Point) (Homography, error) {
	m := float64(n - 1)
	return QuadHomography([4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}}, corners)
}

// camera is a pinhole camera recovered from a grid homography, used to
// find where a point above the board (a stone's top) appears.
type camera struct {
	f, cx, cy  float64
	c1, c2, c3 [3]float64 // board u axis, v axis and origin in camera space (one grid step = 1)
	n          [3]float64 // unit board normal pointing toward the camera
}

// newCamera recovers a camera from h, assuming square pixels and the
// principal point at the image centre; the focal length comes from the
// homography when the view is oblique enough to tell, else a typical
// value (the image's larger side), which is then harmless since parallax
// is small in near-overhead views.
func newCamera(h Homography, w, ht, lines int) camera {
	cx, cy := float64(w)/2, float64(ht)/2
	// Columns of h with the principal point moved to the origin.
	col := func(i int) [3]float64 {
		return [3]float64{h[i] - cx*h[6+i], h[3+i] - cy*h[6+i], h[6+i]}
	}
	a, b, c := col(0), col(1), col(2)
	def := float64(max(w, ht))
	f := def
	// Two constraints give f: the board's axes are at right angles, and
	// of equal length. The second is biased, since grids are not square
	// (a go board's cells are about 7% longer one way), which on oblique
	// phone photos halves f or worse. So in an oblique view (depth
	// changing by over 15% across the board along an axis), where the
	// first fixes f well and parallax matters, it is used alone; nearer
	// overhead, where neither is well conditioned and parallax is small,
	// the two are averaged.
	var orth []float64
	if den := a[2] * b[2]; math.Abs(den) > 1e-15 {
		if f2 := -(a[0]*b[0] + a[1]*b[1]) / den; f2 > 0 {
			orth = append(orth, math.Sqrt(f2))
		}
	}
	cands := orth
	oblique := math.Max(math.Abs(a[2]), math.Abs(b[2]))*float64(lines-1)/math.Abs(c[2]) > 0.15
	if len(orth) == 0 || !oblique {
		if den := a[2]*a[2] - b[2]*b[2]; math.Abs(den) > 1e-15 {
			if f2 := (b[0]*b[0] + b[1]*b[1] - a[0]*a[0] - a[1]*a[1]) / den; f2 > 0 {
				cands = append(cands, math.Sqrt(f2))
			}
		}
	}
	if len(cands) > 0 {
		s := 0.0
		for _, v := range cands {
			s += v
		}
		if g := s / float64(len(cands)); g > 0.3*def && g < 4*def {
			f = g
		}
	}
	k := func(v [3]float64) [3]float64 { return [3]float64{v[0] / f, v[1] / f, v[2]} }
	a, b, c = k(a), k(b), k(c)
	lam := 2 / (norm(a) + norm(b))
	for i := 0; i < 3; i++ {
		a[i] *= lam
		b[i] *= lam
		c[i] *= lam
	}
	if c[2] < 0 { // the board lies in front of the camera
		for i := 0; i < 3; i++ {
			a[i], b[i], c[i] = -a[i], -b[i], -c[i]
		}
	}
	n := cross(a, b)
	nl := norm(n)
	for i := range n {
		n[i] /= nl
	}
	if dot(n, c) > 0 { // point the normal at the camera (the origin)
		n = [3]float64{-n[0], -n[1], -n[2]}
	}
	return camera{f: f, cx: cx, cy: cy, c1: a, c2: b, c3: c, n: n}
}

// project maps board point (u, v) at height z (grid steps) to pixels.
func (c camera) project(u, v, z float64) Point {
	var x [3]float64
	for i := 0; i < 3; i++ {
		x[i] = u*c.c1[i] + v*c.c2[i] + c.c3[i] + z*c.n[i]
	}
	return Point{c.f*x[0]/x[2] + c.cx, c.f*x[1]/x[2] + c.cy}
}

// position is the camera's centre in board coordinates (grid steps; z
// up from the board towards the camera).
func (c camera) position() [3]float64 {
	// Solve u c1 + v c2 + z n = -c3 (the camera is camera space's origin).
	b := [3]float64{-c.c3[0], -c.c3[1], -c.c3[2]}
	det := dot(c.c1, cross(c.c2, c.n))
	if det == 0 {
		return [3]float64{0, 0, math.Inf(1)}
	}
	return [3]float64{dot(b, cross(c.c2, c.n)) / det, dot(c.c1, cross(b, c.n)) / det, dot(c.c1, cross(c.c2, b)) / det}
}

// hiddenByNeighbour tells whether board point (bu, bv), at board level
// near point (u, v), lies hidden from a camera at eye (see position)
// behind a stone on one of the points around (u, v): the ray to the
// camera passes through a stone's body, taken as a cylinder of stoneBody
// radius and stoneTop height. Overhead, the ray leaves the board too
// steeply to pass through a neighbour; seen at a low angle, the base of
// a stone behind another is hidden.
func hiddenByNeighbour(eye [3]float64, bu, bv, u, v float64) bool {
	cu, cv, cz := eye[0], eye[1], eye[2]
	if !(cz > 0) || math.IsInf(cz, 0) {
		return false
	}
	// Along the ray, the horizontal point at height z is b + z/cz (C - b).
	du, dv := (cu-bu)/cz, (cv-bv)/cz
	dd := du*du + dv*dv
	for dj := -1.0; dj <= 1; dj++ {
		for di := -1.0; di <= 1; di++ {
			if di == 0 && dj == 0 {
				continue
			}
			nu, nv := u+di-bu, v+dj-bv
			// The height at which the ray passes nearest the neighbour's
			// axis, within the body's height. A neighbour not towards
			// the camera lies nearest at the foot, 0.8 steps or more
			// off: it hides nothing.
			t := nu*du + nv*dv
			if t <= 0 {
				continue
			}
			z := math.Min(stoneTop, t/dd)
			if ex, ey := z*du-nu, z*dv-nv; ex*ex+ey*ey < stoneBody*stoneBody {
				return true
			}
		}
	}
	return false
}

// stoneBody is the radius (steps) of a stone's body that hides what lies
// behind it, a little inside its rim (lens-shaped, a stone is thin at
// its edge).
const stoneBody = 0.4

func norm(v [3]float64) float64   { return math.Sqrt(dot(v, v)) }
func dot(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// Lifted returns the homography of the plane z grid steps above the
// board (a stone's top, say) as the camera recovered from h sees it, for
// a w x ht image: the same pinhole model the reader uses to find stone
// tops, so renderers that use it draw parallax the reader expects.
func Lifted(h Homography, w, ht, n int, z float64) (Homography, error) {
	c := newCamera(h, w, ht, n)
	m := float64(n - 1)
	return QuadHomography([4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}},
		[4]Point{c.project(0, 0, z), c.project(m, 0, z), c.project(m, m, z), c.project(0, m, z)})
}
