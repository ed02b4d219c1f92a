package kinematics

import (
	"errors"
	"fmt"
	"math"
)

// Vec3 is a point or vector in the arm's frame, millimetres: origin at the
// centre of the servo platform, z up, so the effector works at z < 0.
type Vec3 [3]float64

// Add returns v+w.
func (v Vec3) Add(w Vec3) Vec3 { return Vec3{v[0] + w[0], v[1] + w[1], v[2] + w[2]} }

// Sub returns v−w.
func (v Vec3) Sub(w Vec3) Vec3 { return Vec3{v[0] - w[0], v[1] - w[1], v[2] - w[2]} }

// Scale returns k·v.
func (v Vec3) Scale(k float64) Vec3 { return Vec3{k * v[0], k * v[1], k * v[2]} }

// Dot returns v·w.
func (v Vec3) Dot(w Vec3) float64 { return v[0]*w[0] + v[1]*w[1] + v[2]*w[2] }

// Cross returns v×w.
func (v Vec3) Cross(w Vec3) Vec3 {
	return Vec3{v[1]*w[2] - v[2]*w[1], v[2]*w[0] - v[0]*w[2], v[0]*w[1] - v[1]*w[0]}
}

// Norm returns |v|.
func (v Vec3) Norm() float64 { return math.Sqrt(v.Dot(v)) }

// Joints are the three joint angles in degrees, arm 1 first. θ = 0 is the
// upper arm horizontal and pointing outward, θ > 0 is rotated downward.
type Joints [3]float64

// Geometry is the rotary delta's size in millimetres (KINEMATICS.md): F and
// E the sides of the base and effector triangles, RF the upper arm (shaft
// to elbow), RE the forearm (elbow to effector joint). It converts directly
// from calibration.Geometry.
type Geometry struct {
	F, E, RF, RE float64
}

// SeedGeometry is the seed design: 100 mm upper arms and 450 mm forearms
// with a 200 mm base and a 60 mm effector triangle. With it the working
// circle at z = −450 mm is about 580 mm across (see DefaultLayout), so a
// 15x15 board of 24.5 mm cells, two bowls beside it and a parking spot
// fit with room to spare.
var SeedGeometry = Geometry{F: 200, E: 60, RF: 100, RE: 450}

// ErrUnreachable is wrapped by every error for a point or a set of angles
// the arm cannot take.
var ErrUnreachable = errors.New("unreachable")

// Validate reports whether g describes a buildable arm.
func (g Geometry) Validate() error {
	for _, v := range []struct {
		name string
		x    float64
	}{{"f", g.F}, {"e", g.E}, {"rf", g.RF}, {"re", g.RE}} {
		if !(v.x > 0) || math.IsInf(v.x, 0) {
			return fmt.Errorf("geometry: %s = %g, want a positive length in mm", v.name, v.x)
		}
	}
	if g.RE <= g.RF {
		return fmt.Errorf("geometry: forearm re = %g must be longer than the upper arm rf = %g", g.RE, g.RF)
	}
	return nil
}

// shoulder is the horizontal distance from the effector's centre line to a
// shoulder shaft once the effector triangle is folded into the base one:
// (f − e)/(2√3), the only way f and e enter the maths.
func (g Geometry) shoulder() float64 { return (g.F - g.E) / (2 * math.Sqrt(3)) }

// armAngle is the direction (radians, counter-clockwise from +x, seen from
// above) in which arm i points outward: −90°, +30°, +150°.
var armCos, armSin [3]float64

func init() {
	for i := range 3 {
		a := (-90 + 120*float64(i)) * math.Pi / 180
		armCos[i], armSin[i] = math.Cos(a), math.Sin(a)
	}
	// Make the axis-aligned values exact so arm 1 lies exactly in the YZ plane.
	armCos[0], armSin[0] = 0, -1
}

// toArm expresses p in arm i's plane: u outward along the arm, x across.
func toArm(i int, p Vec3) (x, u float64) {
	u = p[0]*armCos[i] + p[1]*armSin[i]
	x = -p[0]*armSin[i] + p[1]*armCos[i]
	return x, u
}

func checkPoint(p Vec3) error {
	for i, c := range p {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			return fmt.Errorf("point (%g, %g, %g): coordinate %d is not a number", p[0], p[1], p[2], i+1)
		}
	}
	if p[2] >= 0 {
		return fmt.Errorf("point (%g, %g, %g): z must be below the motor plane (z < 0): %w", p[0], p[1], p[2], ErrUnreachable)
	}
	return nil
}

// IK returns the joint angles that put the effector's centre at p, taking
// the elbow-out solution for every arm. It fails, wrapping ErrUnreachable,
// when p is out of reach or z ≥ 0.
func (g Geometry) IK(p Vec3) (Joints, error) {
	if err := g.Validate(); err != nil {
		return Joints{}, err
	}
	if err := checkPoint(p); err != nil {
		return Joints{}, err
	}
	var th Joints
	var c [3]Vec3 // elbow centres
	for i := range 3 {
		t, cos, sin, err := g.armAngle(i, p)
		if err != nil {
			return Joints{}, fmt.Errorf("point (%g, %g, %g): arm %d: %w", p[0], p[1], p[2], i+1, err)
		}
		th[i] = t
		r := g.shoulder() + g.RF*cos
		c[i] = Vec3{r * armCos[i], r * armSin[i], -g.RF * sin}
	}
	// The effector must hang below the plane of the elbows, on the branch
	// FK picks; the mirror pose above them is not one the arm can take.
	c0 := c[0]
	n := c[1].Sub(c0).Cross(c[2].Sub(c0))
	if n[2] < 0 {
		n = n.Scale(-1)
	}
	if !(p.Sub(c0).Dot(n) < -1e-9*n.Norm()) {
		return Joints{}, fmt.Errorf("point (%g, %g, %g) is not below the elbows: %w", p[0], p[1], p[2], ErrUnreachable)
	}
	return th, nil
}

// armAngle solves one arm. In the arm's plane, with r the outward distance
// of the effector joint from the shaft and z its height, the elbow at
// (rf·cosθ, −rf·sinθ) must lie re from the joint:
//
//	x² + (r − rf·cosθ)² + (z + rf·sinθ)² = re²  ⇔  r·cosθ − z·sinθ = K
//
// with K = (x² + r² + z² + rf² − re²)/(2·rf). The left side is
// R·cos(θ + β) with R = √(r²+z²), β = atan2(z, r), so θ = ±acos(K/R) − β;
// elbow-out is the solution whose elbow lies further out (larger cosθ).
//
// It returns θ in degrees with its cosine and sine.
func (g Geometry) armAngle(i int, p Vec3) (deg, cos, sin float64, err error) {
	x, u := toArm(i, p)
	r := u - g.shoulder() // outward distance of the effector joint from the shaft
	z := p[2]
	k := (x*x + r*r + z*z + g.RF*g.RF - g.RE*g.RE) / (2 * g.RF)
	R := math.Hypot(r, z)
	c := k / R
	if !(c >= -1 && c <= 1) {
		// The elbow's circle comes no nearer the joint than `near` and goes
		// no further than `far`: the forearm is too short or too long.
		near, far := math.Hypot(x, R-g.RF), math.Hypot(x, R+g.RF)
		if g.RE < near {
			return 0, 0, 0, fmt.Errorf("out of reach: the forearm falls %.1f mm short: %w", near-g.RE, ErrUnreachable)
		}
		return 0, 0, 0, fmt.Errorf("too close to the arm by %.1f mm: %w", g.RE-far, ErrUnreachable)
	}
	beta := math.Atan2(z, r)
	a := math.Acos(c)
	t1, t2 := a-beta, -a-beta
	// Elbow-out: the solution with the elbow further out, i.e. larger cosθ.
	t, ct := t1, math.Cos(t1)
	if c2 := math.Cos(t2); c2 > ct {
		t, ct = t2, c2
	}
	return normDeg(t * 180 / math.Pi), ct, math.Sin(t), nil
}

// normDeg brings an angle into (−180°, 180°].
func normDeg(d float64) float64 {
	d = math.Mod(d, 360)
	if d <= -180 {
		d += 360
	} else if d > 180 {
		d -= 360
	}
	return d
}

// elbowCentre is arm i's elbow moved inward by the effector's joint radius,
// so the three forearm spheres (radius re) meet at the effector's centre.
func (g Geometry) elbowCentre(i int, thetaDeg float64) Vec3 {
	t := thetaDeg * math.Pi / 180
	r := g.shoulder() + g.RF*math.Cos(t)
	return Vec3{r * armCos[i], r * armSin[i], -g.RF * math.Sin(t)}
}

// elbowRate is d(elbowCentre)/dθ per radian.
func (g Geometry) elbowRate(i int, thetaDeg float64) Vec3 {
	t := thetaDeg * math.Pi / 180
	r := -g.RF * math.Sin(t)
	return Vec3{r * armCos[i], r * armSin[i], -g.RF * math.Cos(t)}
}

// FK returns the effector centre for the joint angles th: the lower of the
// two points at distance re from all three elbows. It fails, wrapping
// ErrUnreachable, when the forearms cannot meet.
func (g Geometry) FK(th Joints) (Vec3, error) {
	if err := g.Validate(); err != nil {
		return Vec3{}, err
	}
	for i, t := range th {
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return Vec3{}, fmt.Errorf("angles (%g, %g, %g): angle %d is not a number", th[0], th[1], th[2], i+1)
		}
	}
	var c [3]Vec3
	for i := range 3 {
		c[i] = g.elbowCentre(i, th[i])
	}
	// Trilateration in the frame ex (c0→c1), ey, ez = ex×ey.
	d01 := c[1].Sub(c[0])
	d := d01.Norm()
	d02 := c[2].Sub(c[0])
	if d < 1e-9 {
		return Vec3{}, fmt.Errorf("angles (%g, %g, %g): elbows coincide: %w", th[0], th[1], th[2], ErrUnreachable)
	}
	ex := d01.Scale(1 / d)
	ix := ex.Dot(d02)
	eyv := d02.Sub(ex.Scale(ix))
	jy := eyv.Norm()
	if jy < 1e-9 {
		return Vec3{}, fmt.Errorf("angles (%g, %g, %g): elbows in a line: %w", th[0], th[1], th[2], ErrUnreachable)
	}
	ey := eyv.Scale(1 / jy)
	ez := ex.Cross(ey)
	// Equal radii: x = d/2, y = (ix² + jy² − 2·ix·x)/(2·jy).
	x := d / 2
	y := (ix*ix + jy*jy - 2*ix*x) / (2 * jy)
	z2 := g.RE*g.RE - x*x - y*y
	if !(z2 >= 0) {
		return Vec3{}, fmt.Errorf("angles (%g, %g, %g): the forearms cannot meet (short by %.3g mm): %w",
			th[0], th[1], th[2], math.Sqrt(x*x+y*y)-g.RE, ErrUnreachable)
	}
	base := c[0].Add(ex.Scale(x)).Add(ey.Scale(y))
	zz := math.Sqrt(z2)
	p1, p2 := base.Add(ez.Scale(zz)), base.Sub(ez.Scale(zz))
	p := p1
	if p2[2] < p1[2] {
		p = p2
	}
	return g.refine(p, c), nil
}

// refine polishes an FK solution with two Newton steps on the three sphere
// equations; trilateration loses digits when the elbows are nearly
// level, and the checks ask for 1e-9 mm.
func (g Geometry) refine(p Vec3, c [3]Vec3) Vec3 {
	for range 2 {
		var a [3]Vec3
		var f Vec3
		for i := range 3 {
			v := p.Sub(c[i])
			a[i] = v.Scale(2)
			f[i] = v.Dot(v) - g.RE*g.RE
		}
		dp, ok := solve3(a, f)
		if !ok {
			return p
		}
		p = p.Sub(dp)
	}
	return p
}

// solve3 solves the rows a·x = b by Cramer's rule.
func solve3(a [3]Vec3, b Vec3) (Vec3, bool) {
	det := a[0].Dot(a[1].Cross(a[2]))
	if math.Abs(det) < 1e-300 || math.IsNaN(det) {
		return Vec3{}, false
	}
	// Columns of the inverse are the cross products of the rows.
	c0, c1, c2 := a[1].Cross(a[2]), a[2].Cross(a[0]), a[0].Cross(a[1])
	return c0.Scale(b[0] / det).Add(c1.Scale(b[1] / det)).Add(c2.Scale(b[2] / det)), true
}

// ForearmLengths returns the distance from each elbow to its effector
// joint when the effector is at p with joint angles th: the check that a
// solution really holds the arm together (each should equal RE).
func (g Geometry) ForearmLengths(p Vec3, th Joints) [3]float64 {
	var l [3]float64
	for i := range 3 {
		t := th[i] * math.Pi / 180
		rs := g.F / (2 * math.Sqrt(3))
		re := g.E / (2 * math.Sqrt(3))
		elbow := Vec3{(rs + g.RF*math.Cos(t)) * armCos[i], (rs + g.RF*math.Cos(t)) * armSin[i], -g.RF * math.Sin(t)}
		joint := p.Add(Vec3{re * armCos[i], re * armSin[i], 0})
		l[i] = joint.Sub(elbow).Norm()
	}
	return l
}
