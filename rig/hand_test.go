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

// mishap is the arm's hand whose first placement meets a mishap (do, on
// the simulated arm) a while after the pick, with the stone on the
// nozzle: it slips off, or the device faults.
type mishap struct {
	arm.Hand
	robot *sim.Robot
	after time.Duration
	do    func(*armsim.Sim)
	met   bool
}

func (m *mishap) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if m.met {
		return m.Hand.Place(ctx, p, c)
	}
	m.met = true
	if err := m.Hand.Arm.Pick(ctx, c); err != nil {
		return err
	}
	m.robot.Sim.After(m.after, m.do)
	return m.Hand.Arm.Place(ctx, p)
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
			h := &rig.WatchedHand{Hand: &mishap{Hand: arm.Hand{Arm: robot.Arm}, robot: robot, after: tc.after, do: func(s *armsim.Sim) { armsim.DropHeld(s) }}, Eyes: robot.Eyes}
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

// The real robot's way past a transient fault with a stone on the nozzle:
// the controller stops the arm and keeps the stone, the game resumes from
// its journal and places its stone again (placeRobotStone, through the
// same hand), whose homing takes the stone back to its bowl first. No
// stone falls, and the move is made.
func TestTransientFaultKeepsStone(t *testing.T) {
	robot, err := sim.NewRobot(1, sim.TopCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer robot.Close()
	h := &rig.WatchedHand{Hand: &mishap{Hand: arm.Hand{Arm: robot.Arm}, robot: robot, after: 400 * time.Millisecond, do: armsim.Fault(arm.FaultHostSilent)}, Eyes: robot.Eyes}
	p, _ := rules.ParsePoint("k10", 15)
	inBowl := robot.World.InBowl(rules.White)
	err = h.Place(t.Context(), p, rules.White)
	if err == nil || !rig.Transient(err) {
		t.Fatalf("place through host silence: %v, want a transient fault", err)
	}
	// The operator function's pause, and more.
	if err := robot.Sim.Sleep(t.Context(), 20*time.Second); err != nil {
		t.Fatal(err)
	}
	if robot.Sim.Held() != rules.White {
		t.Fatal("the stone fell from the nozzle while the arm stood stopped")
	}
	if err := h.Place(t.Context(), p, rules.White); err != nil {
		t.Fatalf("the resumed placement: %v", err)
	}
	truth, off := robot.World.Truth()
	if truth.At(p) != rules.White || truth.Count(rules.White) != 1 || len(off) != 0 || len(h.Drops()) != 0 {
		t.Errorf("%d white stones on points (on %v: %v), %d off the grid: want the one placed", truth.Count(rules.White), p, truth.At(p), len(off))
	}
	if n := robot.World.InBowl(rules.White); n != inBowl-1 {
		t.Errorf("white bowl %d, was %d: want the held stone back and one taken", n, inBowl)
	}
}
