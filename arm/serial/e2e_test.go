package serial

import (
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/firmware/simavr"
	"tengen/kinematics"
	"tengen/rules"
)

// TestEndToEnd runs the whole chain without hardware: a board point, the
// arm's kinematics and planner, this driver, the real firmware in simavr,
// and the pulse widths the harness measures on the servo pins.
func TestEndToEnd(t *testing.T) {
	sim := startSim(t)
	d, pl := openSim(t, sim)
	cal := armsim.SeedArm()
	a, err := arm.New(d, cal, arm.Options{HomeDuration: 200 * time.Millisecond, SearchTries: 2, PumpSettle: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxT(t)
	if err := a.Home(ctx); err != nil {
		t.Fatal(err)
	}
	geo := kinematics.Geometry(cal.Geometry)

	// checkAt compares the measured pulses with the joint angles for the
	// nozzle at p, to the calibration's resolution: 1 µs of rounding and
	// timing, i.e. 1/us_per_degree degrees.
	checkAt := func(name string, p kinematics.Vec3) {
		t.Helper()
		th, err := geo.IK(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ps := settledPulses(t, sim)
		for i, s := range cal.Servos {
			want := s.ZeroUS + s.USPerDegree*th[i]
			if got := ps[i].LastMicros(); math.Abs(got-want) > 1 {
				t.Errorf("%s: servo %d at %.2f µs, want %.2f µs (%.3f°)", name, i+1, got, want, th[i])
			}
		}
	}

	lay := a.Layout()
	for _, pt := range []rules.Point{{X: 7, Y: 7}, {X: 14, Y: 14}} {
		if err := a.MoveTo(ctx, arm.BoardPoint(pt)); err != nil {
			t.Fatal(err)
		}
		checkAt(pt.String(), lay.Intersection(pt).Add(kinematics.Vec3{0, 0, cal.PlaceHeight}))
	}

	t.Run("a corrupted frame mid-move is retransmitted", func(t *testing.T) {
		var n atomic.Int32
		pl.set(func(p []byte) []byte {
			if len(p) > 3 && p[2] == msgSetpoint && n.Add(1) == 3 {
				p[3] ^= 0x55
			}
			return p
		}, nil)
		before := d.Stats().Retransmits
		err := a.MoveTo(ctx, arm.Bowl(rules.White))
		pl.set(nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d.Stats().Retransmits <= before {
			t.Error("no retransmission")
		}
		checkAt("white bowl", lay.WhiteBowl)
	})

	t.Run("a pick with no vacuum rise is retried, then reported", func(t *testing.T) {
		sim.SetSensorVolts(4.6) // ambient: nothing on the nozzle
		err := a.Pick(ctx, rules.Black)
		if !errors.Is(err, arm.ErrMissedPick) || !strings.Contains(err.Error(), "3 tries") {
			t.Fatalf("Pick: %v, want ErrMissedPick after 3 tries", err)
		}
		if pump, _, _, _ := sim.Outputs(); pump {
			t.Error("pump left on after the missed pick")
		}
	})

	t.Run("a pick with vacuum holds, a place releases", func(t *testing.T) {
		if err := a.Home(ctx); err != nil {
			t.Fatal(err)
		}
		sim.SetSensorVolts(2.0) // 68 kPa: a stone seals the cup
		if err := a.Pick(ctx, rules.Black); err != nil {
			t.Fatal(err)
		}
		if pump, _, _, _ := sim.Outputs(); !pump {
			t.Error("pump off while holding a stone")
		}
		vented := ventOnValve(sim)
		if err := a.Place(ctx, rules.Point{X: 3, Y: 11}); err != nil {
			t.Fatal(err)
		}
		<-vented
		checkAt("d12", lay.Intersection(rules.Point{X: 3, Y: 11}).Add(kinematics.Vec3{0, 0, cal.PlaceHeight}))
	})

	t.Run("a silent host trips the safety stop", func(t *testing.T) {
		d.mu.Lock() // the host hangs: no frames, no keep-alive
		sim.Sleep(700 * time.Millisecond)
		d.mu.Unlock()
		err := a.MoveTo(ctx, arm.BoardPoint(rules.Point{X: 7, Y: 7}))
		var fe *arm.FaultError
		if !errors.As(err, &fe) || fe.Faults&arm.FaultHostSilent == 0 {
			t.Fatalf("MoveTo after the host fell silent: %v, want a host-silent FaultError", err)
		}
		if err := a.Home(ctx); err != nil {
			t.Fatalf("Home after the fault: %v", err)
		}
		checkAt("park", lay.Park)
	})

	// Last: it ends this host. The program dies carrying a white stone;
	// the firmware keeps the grip (a UART-wired controller does not reset
	// when the port opens again) and says whose stone it is, so the
	// restarted program takes it to the white bowl.
	t.Run("a restarted host takes the stone to its own bowl", func(t *testing.T) {
		sim.SetSensorVolts(2.0)
		if err := a.Pick(ctx, rules.White); err != nil {
			t.Fatal(err)
		}
		pl.set(func([]byte) []byte { return nil }, nil) // dead: nothing reaches the firmware
		d.Close()
		sim.Sleep(700 * time.Millisecond)
		d2, _ := openSim(t, sim)
		st, err := d2.Status(ctx)
		if err != nil || !st.Pump || st.Load != rules.White {
			t.Fatalf("after the restart: pump %v, load %v (%v); want the white stone held", st.Pump, st.Load, err)
		}
		again, err := arm.New(d2, cal, arm.Options{HomeDuration: 200 * time.Millisecond, PumpSettle: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		vented := ventOnValve(sim)
		if err := again.Home(ctx); err != nil {
			t.Fatal(err)
		}
		<-vented
		if got := again.Unloaded(); got != rules.White {
			t.Errorf("unloaded %v, want white", got)
		}
		checkAt("park", lay.Park)
	})
}

// ventOnValve plays the stone on the nozzle: it holds the vacuum until the
// valve vents the cup, then the sensor reads ambient. The channel closes
// then.
func ventOnValve(sim *simavr.Sim) <-chan struct{} {
	vented := make(chan struct{})
	go func() {
		defer close(vented)
		for {
			if _, valve, _, err := sim.Outputs(); err != nil || valve {
				sim.SetSensorVolts(4.6)
				return
			}
			time.Sleep(10 * time.Millisecond) // not faster: on a loaded machine a busy poll starved the driver (queue underrun, 1 run in 8 at 2 ms)
		}
	}()
	return vented
}
