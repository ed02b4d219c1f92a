package kinematics

import (
	"math"
	"testing"
	"time"
)

// distToPath is the distance from p to the polyline through w.
func distToPath(p Vec3, w []Vec3) float64 {
	best := math.Inf(1)
	for i := 1; i < len(w); i++ {
		a, b := w[i-1], w[i]
		ab := b.Sub(a)
		s := 0.0
		if l := ab.Dot(ab); l > 0 {
			s = math.Min(math.Max(p.Sub(a).Dot(ab)/l, 0), 1)
		}
		best = math.Min(best, p.Sub(a.Add(ab.Scale(s))).Norm())
	}
	return best
}

func TestPlanTransfer(t *testing.T) {
	g, lim, lay := SeedGeometry, TypicalServo, DefaultLayout
	cases := []struct {
		name     string
		from, to Vec3
	}{
		{"bowl to a1", lay.BlackBowl, lay.A1},
		{"bowl to o15", lay.WhiteBowl, lay.Intersection(pt(14, 14))},
		{"h8 to park", lay.Intersection(pt(7, 7)), lay.Park},
		{"park to a15", lay.Park, lay.Intersection(pt(0, 14))},
		{"short hop", lay.Intersection(pt(7, 7)), lay.Intersection(pt(8, 7))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr, err := g.PlanTransfer(lim, c.from, c.to, lay.TravelZ, DefaultStep)
			if err != nil {
				t.Fatal(err)
			}
			travel := math.Max(lay.TravelZ, math.Max(c.from[2], c.to[2]))
			path := []Vec3{c.from, {c.from[0], c.from[1], travel}, {c.to[0], c.to[1], travel}, c.to}
			start, _ := g.IK(c.from)
			prev, prevV := start, Joints{}
			for k, s := range tr.Samples {
				if want := time.Duration(k+1) * DefaultStep; k < len(tr.Samples)-1 && s.At != want {
					t.Fatalf("sample %d at %v, want %v", k, s.At, want)
				}
				// Whole milliseconds, for devices that time setpoints in ms.
				if s.At%time.Millisecond != 0 || (k > 0 && s.At <= tr.Samples[k-1].At) {
					t.Fatalf("sample %d at %v", k, s.At)
				}
				p, err := g.FK(s.Theta)
				if err != nil {
					t.Fatal(err)
				}
				if d := distToPath(p, path); d > 1e-6 {
					t.Fatalf("sample %d at %v is %g mm off the path", k, p, d)
				}
				if p[2] < math.Min(c.from[2], c.to[2])-1e-9 {
					t.Fatalf("sample %d dips to z=%g", k, p[2])
				}
				step := s.At.Seconds()
				if k > 0 {
					step = (s.At - tr.Samples[k-1].At).Seconds()
				}
				var v Joints
				for i := range 3 {
					// No joint jumps: each step stays within the speed limit.
					v[i] = (s.Theta[i] - prev[i]) / step
					if math.Abs(v[i]) > lim.Speed[i]*1.001 {
						t.Fatalf("sample %d: joint %d moves %.3f° in %v (%.1f°/s > %g)", k, i+1, s.Theta[i]-prev[i], step, v[i], lim.Speed[i])
					}
					// Averaged over a frame the acceleration stays in bounds.
					if k > 0 && k < len(tr.Samples)-1 {
						if a := math.Abs(v[i]-prevV[i]) / step; a > lim.Accel[i]*1.05 {
							t.Fatalf("sample %d: joint %d accelerates at %.0f°/s² > %g", k, i+1, a, lim.Accel[i])
						}
					}
				}
				prev, prevV = s.Theta, v
			}
			end, _ := g.IK(c.to)
			for i := range 3 {
				if math.Abs(prev[i]-end[i]) > 1e-9 {
					t.Fatalf("ends at %v, want %v", prev, end)
				}
			}
			// The move cannot beat the busiest joint running flat out.
			if d := tr.Duration(); d < 100*time.Millisecond || d > 5*time.Second {
				t.Errorf("duration %v implausible", d)
			}
			t.Logf("%s: %v in %d samples", c.name, tr.Duration(), len(tr.Samples))
		})
	}
}

// TestPlanNearOptimal: on a long vertical move the joints must run at
// their speed limit for a while, so the plan takes little longer than the
// bound from speed and acceleration alone.
func TestPlanNearOptimal(t *testing.T) {
	g, lim := SeedGeometry, TypicalServo
	a, b := Vec3{0, 0, -460}, Vec3{0, 0, -380}
	tr, err := g.PlanPath(lim, []Vec3{a, b}, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	ta, _ := g.IK(a)
	tb, _ := g.IK(b)
	dth := math.Abs(tb[0] - ta[0])
	w, al := lim.Speed[0], lim.Accel[0]
	bound := dth/w + w/al // trapezoid lower bound for a joint-space move
	if dth < w*w/al {
		bound = 2 * math.Sqrt(dth/al)
	}
	got := tr.Duration().Seconds()
	if got < bound*0.999 || got > bound*1.35 {
		t.Errorf("vertical move of %.1f° took %.3f s, the joint-space bound is %.3f s", dth, got, bound)
	}
}

func TestPlanErrors(t *testing.T) {
	g, lim := SeedGeometry, TypicalServo
	if _, err := g.PlanPath(lim, []Vec3{{0, 0, -450}, {400, 0, -450}}, DefaultStep); err == nil {
		t.Error("unreachable waypoint accepted")
	}
	// Reachable ends but the straight line leaves the joint range.
	tight := lim
	tight.Max = Joints{60, 60, 60}
	if _, err := g.PlanPath(tight, []Vec3{{-200, -100, -440}, {200, -100, -440}}, DefaultStep); err == nil {
		t.Error("path through the joint limits accepted")
	}
	if _, err := g.PlanPath(lim, []Vec3{{0, 0, -450}}, 0); err == nil {
		t.Error("zero step accepted")
	}
	bad := lim
	bad.Speed[1] = 0
	if _, err := g.PlanPath(bad, []Vec3{{0, 0, -450}, {0, 0, -400}}, DefaultStep); err == nil {
		t.Error("zero speed accepted")
	}
	tr, err := g.PlanPath(lim, []Vec3{{0, 0, -450}}, DefaultStep)
	if err != nil || len(tr.Samples) != 0 {
		t.Errorf("staying put: %v, %d samples", err, len(tr.Samples))
	}
}
