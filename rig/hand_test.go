package rig_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/arm/serial"
	"tengen/rig"
	"tengen/rules"
	"tengen/sim"
)

// slippery is the arm's hand, whose first stone slips off the nozzle
// after a while on its way to the board.
type slippery struct {
	arm.Hand
	robot   *sim.Robot
	after   time.Duration
	slipped bool
}

func (s *slippery) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if s.slipped {
		return s.Hand.Place(ctx, p, c)
	}
	s.slipped = true
	if err := s.Hand.Arm.Pick(ctx, c); err != nil {
		return err
	}
	s.robot.Sim.After(s.after, func(s *armsim.Sim) { armsim.DropHeld(s) })
	return s.Hand.Arm.Place(ctx, p)
}

// A stone that falls on the way is seen where it lies and another is put
// down: the place succeeds, and the fall is reported for the game to lift
// the fallen stone. One that slips off as it arrives, onto its point, is
// placed.
func TestWatchedHandPutsAnotherStone(t *testing.T) {
	for _, tc := range []struct {
		name   string
		to     string
		after  time.Duration
		fallen bool // on the board away from the point
	}{
		{"fell over the board", "o15", 450 * time.Millisecond, true},
		{"slipped off onto its point", "f6", 500 * time.Millisecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			robot, err := sim.NewRobot(1, sim.TopCamera{})
			if err != nil {
				t.Fatal(err)
			}
			defer robot.Close()
			h := &rig.WatchedHand{Hand: &slippery{Hand: arm.Hand{Arm: robot.Arm}, robot: robot, after: tc.after}, Eyes: robot.Eyes}
			p, _ := rules.ParsePoint(tc.to, 15)
			if err := h.Place(t.Context(), p, rules.Black); err != nil {
				t.Fatalf("place after a stone fell on the way: %v", err)
			}
			truth, off := robot.World.Truth()
			if truth.At(p) != rules.Black {
				t.Errorf("no black stone on %v after the place", p)
			}
			drops := h.Drops()
			if !tc.fallen {
				if len(drops) != 0 || truth.Count(rules.Black)+len(off) != 1 {
					t.Errorf("drops %+v, %d black stones on points and %d off: want one stone, on %v", drops, truth.Count(rules.Black), len(off), p)
				}
				return
			}
			if len(drops) != 1 || drops[0].C != rules.Black || drops[0].Seen.At(p) != rules.Empty || drops[0].Seen.Count(rules.Black) != 1 {
				t.Fatalf("drops %+v; want the black stone's fall, seen where it lies before the second stone went down", drops)
			}
			if truth.Count(rules.Black)+len(off) != 2 {
				t.Errorf("%d black stones on points and %d off; want the fallen one and the one placed", truth.Count(rules.Black), len(off))
			}
			if again := h.Drops(); len(again) != 0 {
				t.Errorf("the fall was reported twice: %+v", again)
			}
		})
	}
}

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

// The faults the robot gets past by itself, and those that need a person.
func TestTransient(t *testing.T) {
	_, noPort := serial.Open("/dev/tengen-no-such-port", serial.Options{})
	lost := fmt.Errorf("arm: place on h8: %w", serial.ErrMotionLost)
	for _, tc := range []struct {
		fault error
		want  bool
	}{
		{noPort, true},
		{lost, true},
		{&arm.FaultError{Faults: arm.FaultReset | arm.FaultHostSilent}, true},
		{fmt.Errorf("%w (%w)", lost, &arm.FaultError{Faults: arm.FaultEStop}), false},
		{&arm.FaultError{Faults: arm.FaultBadSetpoint}, false},
		{fmt.Errorf("arm: pick: %w", arm.ErrMissedPick), false},
		{fmt.Errorf("arm: place on h8: %w", arm.ErrStoneFell), false},
		{errors.New("the board has differed from the record"), false},
	} {
		if got := rig.Transient(tc.fault); got != tc.want {
			t.Errorf("Transient(%v) = %v, want %v", tc.fault, got, tc.want)
		}
	}
}
