package arm_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/arm/serial"
	"tengen/firmware/simavr"
	"tengen/kinematics"
	"tengen/rules"
)

// Sensor voltages of the firmware's MPXV6115V-type sensor (5 V supply):
// ambient, and 40 kPa of vacuum with a stone on the cup.
const (
	ambientVolts = 5 * 0.92
	sealedVolts  = 5 * (0.92 - 0.007652*40)
)

// cup plays the vacuum cup for the firmware in simavr: while the pump runs
// with the valve shut and a stone is there to seal on, the sensor reads a
// vacuum; otherwise ambient. Opening the valve vents it and lets the
// stone fall.
type cup struct {
	sim   *simavr.Sim
	mu    sync.Mutex
	stone bool
	stop  chan struct{}
	done  chan struct{}
}

func (c *cup) run() {
	defer close(c.done)
	last := -1.0
	for {
		select {
		case <-c.stop:
			return
		case <-time.After(5 * time.Millisecond):
		}
		pump, valve, _, err := c.sim.Outputs()
		if err != nil {
			return
		}
		c.mu.Lock()
		if valve {
			c.stone = false // vented, the stone falls off
		}
		v := ambientVolts
		if pump && !valve && c.stone {
			v = sealedVolts
		}
		c.mu.Unlock()
		if v != last {
			c.sim.SetSensorVolts(v)
			last = v
		}
	}
}

func (c *cup) setStone(ok bool) {
	c.mu.Lock()
	c.stone = ok
	c.mu.Unlock()
}

// TestEndToEndFirmware runs the arm from board points through the planner
// and the serial driver to the real firmware in simavr, and checks the
// pulse widths on the servo pins against the joint angles asked for.
func TestEndToEndFirmware(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the firmware in simavr (about 15 s)")
	}
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("firmware in simavr: %v", err)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	build, err := simavr.BuildAll(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := simavr.Start(build, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	sim.SetSensorVolts(ambientVolts)
	drv, err := serial.Open(sim.PTY, serial.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cal := armsim.SeedArm()
	a, err := arm.New(drv, cal, arm.Options{HomeDuration: 500 * time.Millisecond, SearchTries: 2})
	if err != nil {
		drv.Close()
		t.Fatal(err)
	}
	defer a.Close()
	c := &cup{sim: sim, stop: make(chan struct{}), done: make(chan struct{})}
	go c.run()
	defer func() { close(c.stop); <-c.done }()

	if err := a.Home(ctx); err != nil {
		t.Fatal(err)
	}
	g := kinematics.Geometry(cal.Geometry)
	for _, p := range []string{"h8", "a1", "o15"} {
		if err := a.MoveTo(ctx, arm.BoardPoint(pt(p))); err != nil {
			t.Fatalf("move to %s: %v", p, err)
		}
		at := a.Layout().Intersection(pt(p)).Add(kinematics.Vec3{0, 0, cal.PlaceHeight})
		th, err := g.IK(at)
		if err != nil {
			t.Fatal(err)
		}
		sim.ClearPulses()
		if err := sim.Sleep(100 * time.Millisecond); err != nil {
			t.Fatal(err)
		}
		got, err := sim.Pulses()
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range cal.Servos {
			want := s.ZeroUS + s.USPerDegree*th[i]
			// Rounding to whole µs, and the firmware's 1 µs resolution.
			if d := math.Abs(got[i].LastMicros() - want); got[i].Count == 0 || d > 1.5 {
				t.Errorf("%s: servo %d: %.2f µs on the pin (%d pulses), %.2f µs for θ=%.3f°", p, i+1, got[i].LastMicros(), got[i].Count, want, th[i])
			}
		}
	}
	// No vacuum rise: retried, then reported, with the pump off.
	err = a.Pick(ctx, rules.Black)
	if !errors.Is(err, arm.ErrMissedPick) || !strings.Contains(err.Error(), "after 3 tries") {
		t.Fatalf("pick with no vacuum: %v", err)
	}
	if pump, _, _, _ := sim.Outputs(); pump {
		t.Error("pump left on after a missed pick")
	}
	// The e-stop on the MCU stops the arm, which says so.
	if err := a.Home(ctx); err != nil {
		t.Fatal(err)
	}
	sim.SetEStop(true)
	err = a.MoveTo(ctx, arm.BoardPoint(pt("c3")))
	if err == nil || !strings.Contains(err.Error(), "e-stop") {
		t.Fatalf("move with the e-stop open: %v", err)
	}
	if err := a.Home(ctx); err == nil {
		t.Fatal("homed with the e-stop open")
	}
	sim.SetEStop(false)
	// With a stone to seal on, a full pick and place.
	c.setStone(true)
	if err := a.Home(ctx); err != nil {
		t.Fatal(err)
	}
	if err := a.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	if err := a.Place(ctx, pt("j10")); err != nil {
		t.Fatal(err)
	}
	if err := a.Park(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := drv.Status(ctx)
	if err != nil || st.Faults != 0 || st.Pump || st.Valve || st.Queued != 0 {
		t.Errorf("after the cycle: %+v, %v", st, err)
	}
	// Close releases the port: it can be opened again at once.
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := serial.Open(sim.PTY, serial.Options{})
	if err != nil {
		t.Fatalf("port still held after Close: %v", err)
	}
	again.Close()
}
