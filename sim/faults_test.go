package sim

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/game"
	"tengen/i18n/errmsg"
	"tengen/rules"
)

func TestParseFaults(t *testing.T) {
	good := []struct {
		in   string
		want string
	}{
		{"", ""},
		{"pick-miss=0.05,drop=0.02,frame-drop=0.1,estop@move10", "drop=0.02,estop@move10,frame-drop=0.1,pick-miss=0.05"},
		{" cover ", "cover=0.002"},
		{"all,estop=0", "bowl-empty=0.02,bump=0.02,cover=0.002,drop=0.03,estop=0,exposure=0.003,frame-drop=0.02,frozen=0.003,light=0.002,mcu-reset=0.02,off-point=0.05,pick-miss=0.05,push=0.05,serial-drop=0.05,serial-flip=0.05,serial-stall=0.02,unplug=0.002,usb-unplug=0.02"},
	}
	for _, c := range good {
		spec, err := ParseFaults(c.in)
		if err != nil {
			t.Errorf("ParseFaults(%q): %v", c.in, err)
			continue
		}
		if got := spec.String(); got != c.want {
			t.Errorf("ParseFaults(%q) = %s, want %s", c.in, got, c.want)
		}
	}
	bad := []struct{ in, says string }{
		{"jam=0.1", `unknown fault "jam"`},
		{"drop=2", `rate "2" is not a chance`},
		{"drop=x", `rate "x"`},
		{"estop@10", `moment "10" is not moveN`},
		{"estop@move0", `moment "move0"`},
		{"drop,,cover", `item 2`},
	}
	for _, c := range bad {
		_, err := ParseFaults(c.in)
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("ParseFaults(%q) = %v, want an error saying %s", c.in, err, c.says)
		}
	}
}

func FuzzParseFaults(f *testing.F) {
	for _, s := range []string{"all", "pick-miss=0.05,drop=0.02,estop@move10", "drop=1e-3", "=", "@move", "cover@move99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseFaults(s)
		if err != nil {
			if !strings.Contains(err.Error(), "fault list item") {
				t.Errorf("error %q does not say where", err)
			}
			return
		}
		again, err := ParseFaults(spec.String())
		if err != nil || again.String() != spec.String() {
			t.Errorf("%q → %q → %q, %v", s, spec.String(), again.String(), err)
		}
	})
}

// TestRunAllFaults plays games with every fault injected, often, and
// checks that nothing was misread or lost and every fault was recovered
// from or reported.
func TestRunAllFaults(t *testing.T) {
	spec, err := ParseFaults("all,pick-miss=0.15,drop=0.25,off-point=0.15,bowl-empty=0.08,estop=0.1,mcu-reset=0.15,usb-unplug@move2,bump=0.15,push=0.1,frame-drop=0.05,frozen@move3,exposure=0.01,unplug=0.005,light=0.005,cover=0.005")
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	sum, err := Run(t.Context(), Options{Games: 3, Seed: 3, Rule: rules.Renju, RobotLevel: 6, PersonLevel: 2,
		Think: 30 * time.Millisecond, Camera: TruthCamera{}, Dir: t.TempDir(), Log: &log, Faults: spec})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	t.Logf("%+v", sum)
	if sum.Games != 3 || sum.MisreadMoves != 0 || sum.StonesLost != 0 || sum.StonesMisplaced != 0 {
		t.Errorf("games %d, misread %d, lost %d, misplaced %d\n%s", sum.Games, sum.MisreadMoves, sum.StonesLost, sum.StonesMisplaced, log.String())
	}
	for name, c := range sum.Faults {
		if name != "stray" && c.Injected != c.Recovered+c.Reported {
			t.Errorf("%s: injected %d, recovered %d, reported %d", name, c.Injected, c.Recovered, c.Reported)
		}
	}
	for _, name := range []string{FaultPickMiss, FaultDrop, FaultOffPoint, FaultBowlEmpty, FaultEStop, FaultReset, FaultUSB, FaultBump, FaultFrameDrop, FaultFrozen} {
		if sum.Faults[name].Injected == 0 {
			t.Errorf("no %s injected in three games at a high rate", name)
		}
	}
}

// TestUSBUnplug pulls the USB cable of the in-process arm on every
// placement, at a random moment of the move, for one to four seconds: the
// controller stops at its silence deadline, keeping the stone on the
// nozzle, the robot waits for it to answer again, puts the stone back in
// its bowl and finishes or redoes the move. Every stone must end on its
// point, none twice, none lost, none dropped on the way, and every unplug
// be counted and settled.
func TestUSBUnplug(t *testing.T) {
	r, err := NewRobot(5, TruthCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w := r.World
	total := r.stones()
	var log strings.Builder
	in := newInjector(FaultSpec{FaultUSB: {Rate: 1}}, 5, func(m errmsg.Msg) { fmt.Fprintln(&log, m) })
	h := &faultyHand{inner: r.hand, r: r, in: in, logf: in.log}
	pts := []rules.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 8}, {X: 0, Y: 14}, {X: 14, Y: 0}}
	for i, p := range pts {
		if err := h.Place(t.Context(), p, rules.Color(1+i%2)); err != nil {
			t.Fatalf("placing %v: %v\n%s", p, err, log.String())
		}
	}
	if err := h.Park(t.Context()); err != nil {
		t.Fatal(err)
	}
	truth, off := w.Truth()
	for i, p := range pts {
		if truth.At(p) != rules.Color(1+i%2) {
			t.Errorf("%v holds %v", p, truth.At(p))
		}
	}
	if n := truth.Count(rules.Black) + truth.Count(rules.White); n != len(pts) || len(off) != 0 {
		t.Errorf("%d stones on the board, %d off the grid\n%s", n, len(off), log.String())
	}
	if got := r.stones(); got != total {
		t.Errorf("stones: %d, want %d", got, total)
	}
	if d := h.Drops(); len(d) != 0 || !strings.Contains(log.String(), "back in its bowl") {
		t.Errorf("%d stones fell from the nozzle, want none, and one put back in its bowl\n%s", len(d), log.String())
	}
	c := in.snapshot()[FaultUSB]
	if c.Injected < 3 || c.Injected != c.Recovered+c.Reported || in.pendingCount() != 0 {
		t.Errorf("usb-unplug %+v, %d pending\n%s", c, in.pendingCount(), log.String())
	}
	t.Log(log.String())
	if !strings.Contains(log.String(), "does not answer") {
		t.Errorf("no move met the pulled cable:\n%s", log.String())
	}
}

// TestResetDropsReported resets the arm's controller in the middle of a
// placement, the stone in the air falling as it does: the hand must
// report the stone fallen on a point (game.Dropper), with a view showing
// it, so that the opening can lift it (a fallen stone left on the board
// was taken for a person's move), and put another stone on the point it
// was going to.
func TestResetDropsReported(t *testing.T) {
	for _, tc := range []struct {
		to rules.Point
		at time.Duration // model time at which the stone is over the board
	}{
		{rules.Point{X: 14, Y: 14}, 1400 * time.Millisecond},
		{rules.Point{X: 14, Y: 0}, 1200 * time.Millisecond},
		{rules.Point{X: 7, Y: 12}, 1300 * time.Millisecond},
	} {
		t.Run(tc.to.String(), func(t *testing.T) {
			r, err := NewRobot(7, TruthCamera{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			var log strings.Builder
			in := newInjector(FaultSpec{}, 7, func(m errmsg.Msg) { fmt.Fprintln(&log, m) })
			h := &faultyHand{inner: r.hand, r: r, in: in, logf: in.log}
			r.Sim.After(tc.at, func(s *armsim.Sim) {
				armsim.Fault(arm.FaultReset)(s)
				armsim.DropHeld(s)
			})
			if err := h.Place(t.Context(), tc.to, rules.Black); err != nil {
				t.Fatalf("placing %v: %v\n%s", tc.to, err, log.String())
			}
			drops := h.Drops()
			truth, _ := r.World.Truth()
			if truth.At(tc.to) != rules.Black {
				t.Errorf("%v holds %v, want Black", tc.to, truth.At(tc.to))
			}
			added := game.Compare(rules.MustBoard(truth.Size()), truth).Added
			if len(added) != 2 {
				t.Fatalf("stones on points %v, want the placed one and the fallen one\n%s", added, log.String())
			}
			for _, m := range added {
				if m.P == tc.to {
					continue
				}
				if len(drops) != 1 || drops[0].C != rules.Black || drops[0].Seen.At(m.P) != rules.Black || drops[0].Seen.At(tc.to) != rules.Empty {
					t.Errorf("a stone fell on %v; drops reported %+v, want one of Black with a view showing it and %v still empty\n%s", m.P, drops, tc.to, log.String())
				}
			}
		})
	}
}
