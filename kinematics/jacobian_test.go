package kinematics

import (
	"math"
	"testing"
)

// TestJacobianMatchesFiniteDifferences checks the analytic Jacobian
// against numerical differentiation of FK, and its inverse against IK.
func TestJacobianMatchesFiniteDifferences(t *testing.T) {
	g := SeedGeometry
	for _, p := range []Vec3{{0, 0, -450}, {150, -120, -430}, {-200, 90, -410}, {30, 220, -455}} {
		th, err := g.IK(p)
		if err != nil {
			t.Fatal(err)
		}
		jac, err := g.Jacobian(th)
		if err != nil {
			t.Fatal(err)
		}
		const h = 1e-4 // degrees
		for j := range 3 {
			hi, lo := th, th
			hi[j] += h
			lo[j] -= h
			ph, _ := g.FK(hi)
			pl, _ := g.FK(lo)
			want := ph.Sub(pl).Scale(1 / (2 * h))
			if d := jac.Col(j).Sub(want).Norm(); d > 1e-5 {
				t.Errorf("at %v: column %d = %v, finite differences %v", p, j, jac.Col(j), want)
			}
		}
		inv, err := g.InverseJacobian(p, th)
		if err != nil {
			t.Fatal(err)
		}
		for axis := range 3 {
			var d Vec3
			d[axis] = 1e-4
			a, _ := g.IK(p.Add(d))
			b, _ := g.IK(p.Sub(d))
			for i := range 3 {
				want := (a[i] - b[i]) / 2e-4
				if math.Abs(inv[i][axis]-want) > 1e-5 {
					t.Errorf("at %v: dθ%d/dx%d = %g, finite differences %g", p, i+1, axis, inv[i][axis], want)
				}
			}
		}
	}
}

func TestToolSpeedLimit(t *testing.T) {
	g := SeedGeometry
	p := Vec3{100, 50, -440}
	dir := Vec3{1, 1, 0}
	v, err := g.ToolSpeedLimit(p, dir, TypicalServo.Speed)
	if err != nil {
		t.Fatal(err)
	}
	// At that speed the busiest joint runs exactly at its limit.
	th, _ := g.IK(p)
	inv, _ := g.InverseJacobian(p, th)
	rates := inv.MulVec(dir.Scale(v / dir.Norm()))
	top := math.Max(math.Abs(rates[0]), math.Max(math.Abs(rates[1]), math.Abs(rates[2])))
	if math.Abs(top-600) > 1e-6 {
		t.Errorf("at %g mm/s the fastest joint turns %g°/s, want 600", v, top)
	}
	if v < 500 || v > 20000 {
		t.Errorf("tool speed limit %g mm/s is implausible for 600°/s servos on 100 mm arms", v)
	}
	if _, err := g.ToolSpeedLimit(p, Vec3{}, TypicalServo.Speed); err == nil {
		t.Error("zero direction accepted")
	}
	if _, err := g.ToolSpeedLimit(Vec3{0, 0, 5}, dir, TypicalServo.Speed); err == nil {
		t.Error("unreachable point accepted")
	}
}
