package kinematics

import (
	"testing"
)

var sinkJ Joints
var sinkV Vec3

func BenchmarkIK(b *testing.B) {
	g := SeedGeometry
	p := Vec3{120, -80, -440}
	for b.Loop() {
		sinkJ, _ = g.IK(p)
	}
}

func BenchmarkFK(b *testing.B) {
	g := SeedGeometry
	th, _ := g.IK(Vec3{120, -80, -440})
	for b.Loop() {
		sinkV, _ = g.FK(th)
	}
}

func BenchmarkJacobian(b *testing.B) {
	g := SeedGeometry
	th, _ := g.IK(Vec3{120, -80, -440})
	for b.Loop() {
		m, _ := g.Jacobian(th)
		sinkV = m[0]
	}
}

// BenchmarkPlanPickAndPlace plans the two moves of one pick-and-place:
// bowl to a board point, and from there to the parking spot; it reports
// their modelled motion time.
func BenchmarkPlanPickAndPlace(b *testing.B) {
	g, lay, lim := SeedGeometry, DefaultLayout, TypicalServo
	to := lay.Intersection(pt(11, 3))
	var total float64
	for b.Loop() {
		t1, err := g.PlanTransfer(lim, lay.BlackBowl, to, lay.TravelZ, DefaultStep)
		if err != nil {
			b.Fatal(err)
		}
		t2, err := g.PlanTransfer(lim, to, lay.Park, lay.TravelZ, DefaultStep)
		if err != nil {
			b.Fatal(err)
		}
		total = (t1.Duration() + t2.Duration()).Seconds()
	}
	b.ReportMetric(total, "motion-s")
}
