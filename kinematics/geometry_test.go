package kinematics

import (
	"errors"
	"math"
	"testing"
)

// workspaceGrid yields points over the seed working volume: a disc of
// radius 240 mm at heights from 380 to 470 mm below the motor plane.
func workspaceGrid(step float64) []Vec3 {
	var pts []Vec3
	for z := -470.0; z <= -380; z += 15 {
		for x := -240.0; x <= 240; x += step {
			for y := -240.0; y <= 240; y += step {
				if math.Hypot(x, y) <= 240 {
					pts = append(pts, Vec3{x, y, z})
				}
			}
		}
	}
	return pts
}

func TestRoundTripGrid(t *testing.T) {
	for _, g := range []Geometry{SeedGeometry, {F: 160, E: 50, RF: 100, RE: 450}, {F: 220, E: 80, RF: 110, RE: 460}} {
		n := 0
		for _, p := range workspaceGrid(20) {
			th, err := g.IK(p)
			if err != nil {
				t.Fatalf("%+v: IK%v: %v", g, p, err)
			}
			q, err := g.FK(th)
			if err != nil {
				t.Fatalf("%+v: FK%v (from %v): %v", g, th, p, err)
			}
			if d := q.Sub(p).Norm(); d > 1e-9 {
				t.Errorf("%+v: FK(IK(%v)) = %v, off by %g mm", g, p, q, d)
			}
			for i, l := range g.ForearmLengths(p, th) {
				if math.Abs(l-g.RE) > 1e-9 {
					t.Errorf("%+v at %v: forearm %d is %.12f mm, want %g", g, p, i+1, l, g.RE)
				}
			}
			n++
		}
		if n < 500 {
			t.Fatalf("grid too small: %d points", n)
		}
	}
}

// TestConventions pins the frame of KINEMATICS.md: arm 1 at −Y, θ > 0 down.
func TestConventions(t *testing.T) {
	g := SeedGeometry
	centre, err := g.IK(Vec3{0, 0, -450})
	if err != nil {
		t.Fatal(err)
	}
	if centre[0] != centre[1] || math.Abs(centre[1]-centre[2]) > 1e-9 {
		t.Errorf("centre angles %v should be equal", centre)
	}
	// Moving toward −Y pulls the effector toward arm 1: its elbow must rise
	// (θ1 smaller) while arms 2 and 3 swing down.
	th, err := g.IK(Vec3{0, -100, -450})
	if err != nil {
		t.Fatal(err)
	}
	if !(th[0] < centre[0] && th[1] > centre[1] && math.Abs(th[1]-th[2]) < 1e-9) {
		t.Errorf("at y=-100: %v, centre %v: arm 1 should rise, arms 2 and 3 match and drop", th, centre)
	}
	// Arm 2 points at +30°: moving that way raises arm 2.
	a := 30 * math.Pi / 180
	th2, _ := g.IK(Vec3{100 * math.Cos(a), 100 * math.Sin(a), -450})
	if !(th2[1] < centre[1] && math.Abs(th2[0]-th2[2]) < 1e-9) {
		t.Errorf("toward +30°: %v", th2)
	}
	// Lower means more downward rotation.
	low, _ := g.IK(Vec3{0, 0, -500})
	if !(low[0] > centre[0]) {
		t.Errorf("lower point %v should have larger θ than %v", low, centre)
	}
	// Hand-checked point: θ = 0 on every arm puts the effector at
	// z = −√(re² − (shoulder + rf)²).
	r := g.shoulder() + g.RF
	p, err := g.FK(Joints{0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if want := -math.Sqrt(g.RE*g.RE - r*r); math.Abs(p[2]-want) > 1e-9 || math.Hypot(p[0], p[1]) > 1e-9 {
		t.Errorf("FK(0,0,0) = %v, want (0,0,%g)", p, want)
	}
}

func TestUnreachable(t *testing.T) {
	g := SeedGeometry
	for _, p := range []Vec3{
		{0, 0, 0}, {0, 0, 10}, {0, 0, -600}, {400, 0, -450}, {0, 0, -100}, {0, 0, math.NaN()}, {math.Inf(1), 0, -400},
	} {
		th, err := g.IK(p)
		if err == nil {
			t.Errorf("IK(%v) = %v, want an error", p, th)
			continue
		}
		if !math.IsNaN(p[2]) && !math.IsInf(p[0], 0) && !errors.Is(err, ErrUnreachable) {
			t.Errorf("IK(%v): %v does not wrap ErrUnreachable", p, err)
		}
	}
	// Short forearms on a wide base cannot meet when the arms are level.
	wide := Geometry{F: 600, E: 10, RF: 100, RE: 150}
	for _, c := range []struct {
		g  Geometry
		th Joints
	}{{wide, Joints{0, 0, 0}}, {wide, Joints{-20, 0, 10}}, {g, Joints{math.NaN(), 0, 0}}, {g, Joints{0, math.Inf(-1), 0}}} {
		if p, err := c.g.FK(c.th); err == nil {
			t.Errorf("%+v: FK(%v) = %v, want an error", c.g, c.th, p)
		}
	}
	if _, err := (Geometry{F: 200, E: 60, RF: 100, RE: 50}).IK(Vec3{0, 0, -40}); err == nil {
		t.Error("re < rf accepted")
	}
	if _, err := (Geometry{F: 200, E: 60, RF: 0, RE: 450}).FK(Joints{}); err == nil {
		t.Error("rf = 0 accepted")
	}
}

// FuzzIK checks that IK and FK never return NaN and agree whenever both
// succeed.
func FuzzIK(f *testing.F) {
	f.Add(0.0, 0.0, -450.0)
	f.Add(250.0, -100.0, -420.0)
	f.Add(1e308, -1e308, -1e-308)
	f.Add(0.0, 0.0, math.Copysign(0, -1))
	f.Fuzz(func(t *testing.T, x, y, z float64) {
		g := SeedGeometry
		p := Vec3{x, y, z}
		th, err := g.IK(p)
		if err != nil {
			return
		}
		for _, a := range th {
			if math.IsNaN(a) {
				t.Fatalf("IK(%v) = %v", p, th)
			}
		}
		q, err := g.FK(th)
		if err != nil {
			t.Fatalf("FK(IK(%v)=%v): %v", p, th, err)
		}
		if d := q.Sub(p).Norm(); d > 1e-6*(1+p.Norm()) {
			t.Fatalf("FK(IK(%v)) = %v", p, q)
		}
	})
}

// FuzzFK checks that FK never returns NaN and, where it succeeds inside the
// joint range, IK takes the point back to the same angles.
func FuzzFK(f *testing.F) {
	f.Add(20.0, 20.0, 20.0)
	f.Add(-45.0, 135.0, 0.0)
	f.Add(1e300, -1e-300, 90.0)
	f.Fuzz(func(t *testing.T, a, b, c float64) {
		g := SeedGeometry
		th := Joints{a, b, c}
		p, err := g.FK(th)
		if err != nil {
			return
		}
		for _, x := range p {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("FK(%v) = %v", th, p)
			}
		}
		for _, x := range th {
			if x < -30 || x > 90 {
				return // other elbow branches are not IK's solution
			}
		}
		back, err := g.IK(p)
		if err != nil {
			t.Fatalf("IK(FK(%v) = %v): %v", th, p, err)
		}
		for i := range 3 {
			if math.Abs(back[i]-th[i]) > 1e-6 {
				t.Fatalf("IK(FK(%v)) = %v", th, back)
			}
		}
	})
}
