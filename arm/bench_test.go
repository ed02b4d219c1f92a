package arm_test

import (
	"context"
	"testing"
	"time"

	"tengen/arm"
	"tengen/rules"
)

// BenchmarkCycle runs bowl → board → park cycles on the simulated arm's
// virtual clock and reports the modelled duration of one cycle (servos at
// 0.1 s per 60°, pump and valve dwells included) as cycle-s.
func BenchmarkCycle(b *testing.B) {
	r := newRig(b, arm.Options{}, nil)
	ctx := context.Background()
	var cycle time.Duration
	for b.Loop() {
		start := r.sim.Now()
		if err := r.arm.Pick(ctx, rules.Black); err != nil {
			b.Fatal(err)
		}
		if err := r.arm.Place(ctx, rules.Point{X: 11, Y: 3}); err != nil {
			b.Fatal(err)
		}
		if err := r.arm.Park(ctx); err != nil {
			b.Fatal(err)
		}
		cycle = r.sim.Now() - start
		b.StopTimer()
		if err := r.arm.Remove(ctx, arm.BoardPoint(rules.Point{X: 11, Y: 3}), rules.Black); err != nil {
			b.Fatal(err)
		}
		r.arm.Park(ctx)
		b.StartTimer()
	}
	b.ReportMetric(cycle.Seconds(), "cycle-s")
}
