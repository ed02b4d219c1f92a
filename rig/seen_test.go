//go:build cgo

package rig_test

import (
	"context"
	"fmt"
	"testing"

	"tengen/arm"
	"tengen/rig"
	"tengen/rules"
	"tengen/sim"
)

// slidOff is the arm's hand, whose first stone slips off the nozzle as it
// arrives and comes to rest on its point, but off (dx, dy mm) its centre.
type slidOff struct {
	arm.Hand
	world  *sim.World
	dx, dy float64
	slid   bool
}

func (s *slidOff) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if err := s.Hand.Place(ctx, p, c); err != nil || s.slid {
		return err
	}
	s.slid = true
	st, _, _ := s.world.Nearest(p)
	s.world.Table.Take(st.At, 0.01)
	s.world.Put(c, p, s.dx, s.dy)
	return arm.ErrStoneFell
}

// A stone that slipped off onto its point but lies well off its centre is
// lifted there and put down again; one a little off is left as placed.
func TestWatchedHandReseatsAStoneOffCentre(t *testing.T) {
	for _, tc := range []struct {
		dx, dy float64 // mm
		reseat bool
	}{{7, -4, true}, {2, 1, false}} {
		t.Run(fmt.Sprintf("%g,%g mm", tc.dx, tc.dy), func(t *testing.T) {
			robot, err := sim.NewRobot(3, sim.NewRenderedCamera())
			if err != nil {
				t.Fatal(err)
			}
			defer robot.Close()
			w := robot.World
			h := &rig.WatchedHand{Hand: &slidOff{Hand: arm.Hand{Arm: robot.Arm}, world: w, dx: tc.dx, dy: tc.dy}, Eyes: robot.Eyes}
			p, _ := rules.ParsePoint("g9", 15)
			bowl := w.InBowl(rules.White)
			if err := h.Place(t.Context(), p, rules.White); err != nil {
				t.Fatal(err)
			}
			b, off := w.Truth()
			d, _ := w.Offset(p)
			if b.At(p) != rules.White || b.Count(rules.White) != 1 || len(off) != 0 || len(h.Drops()) != 0 {
				t.Fatalf("white stones: %d on points (on %v: %v), %d off; drops reported", b.Count(rules.White), p, b.At(p), len(off))
			}
			// Reseated, the stone went back to its bowl and out again:
			// the bowl is one short either way.
			if got := w.InBowl(rules.White); got != bowl-1 {
				t.Errorf("%d stones in the white bowl, want %d", got, bowl-1)
			}
			if moved := d < 2; moved != tc.reseat {
				t.Errorf("the stone lies %.1f mm off its point; reseated: %v, want %v", d, moved, tc.reseat)
			}
		})
	}
}

// Stones lying further off their points than the pick's search reaches
// (pushed by a hand, fallen from the nozzle) are missed at the point and
// lifted where the camera sees them: the real reader on rendered frames,
// and the simulator's exact view.
func TestWatchedHandTakesAStoneWhereItLies(t *testing.T) {
	for _, tc := range []struct {
		name string
		cam  sim.Camera
	}{
		{"rendered", sim.NewRenderedCamera()},
		{"truth", sim.TruthCamera{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			robot, err := sim.NewRobot(2, tc.cam)
			if err != nil {
				t.Fatal(err)
			}
			defer robot.Close()
			w := robot.World
			h := &rig.WatchedHand{Hand: arm.Hand{Arm: robot.Arm}, Eyes: robot.Eyes}
			stones := []struct {
				at     string
				c      rules.Color
				dx, dy float64 // mm
			}{{"h8", rules.White, 8, -7}, {"c12", rules.Black, -6, 9}, {"n2", rules.White, 0, 10}}
			for _, s := range stones {
				p, _ := rules.ParsePoint(s.at, 15)
				w.Put(s.c, p, s.dx, s.dy)
			}
			bowls := w.InBowl(rules.Black) + w.InBowl(rules.White)
			for _, s := range stones {
				p, _ := rules.ParsePoint(s.at, 15)
				if err := h.Take(t.Context(), p, s.c); err != nil {
					t.Fatalf("take %s off %s: %v", s.c, p, err)
				}
			}
			if b, off := w.Truth(); b.Count(rules.Black)+b.Count(rules.White)+len(off) != 0 {
				t.Errorf("stones left: %d on points, %d off", b.Count(rules.Black)+b.Count(rules.White), len(off))
			}
			if got := w.InBowl(rules.Black) + w.InBowl(rules.White); got != bowls+len(stones) {
				t.Errorf("%d stones in the bowls, want %d", got, bowls+len(stones))
			}
		})
	}
}
