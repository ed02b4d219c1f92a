package armsim

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"tengen/arm"
	"tengen/kinematics"
	"tengen/rules"
)

func newSim(t *testing.T, world World, edit func(*Config)) *Sim {
	t.Helper()
	cal := SeedArm()
	cfg := Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos, World: world}
	if edit != nil {
		edit(&cfg)
	}
	s, err := New(cfg, arm.Pulses{1500, 1500, 1500})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestServoSlew: the servos follow a jump in their pulses at their top
// speed, 600°/s = 6667 µs/s with 11.1 µs per degree.
func TestServoSlew(t *testing.T) {
	s := newSim(t, nil, nil)
	ctx := context.Background()
	if err := s.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1800, 1500, 1200}, Duration: time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if err := s.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	s.Sleep(ctx, 20*time.Millisecond)
	s.mu.Lock()
	a := s.actual
	s.mu.Unlock()
	perSec := 600 * 2000.0 / 180
	// 21 ms after the jump the servos have covered about 140 µs.
	if want := 1500 + perSec*0.021; math.Abs(a[0]-want) > 8 || math.Abs(a[2]-(3000-want)) > 8 || a[1] != 1500 {
		t.Errorf("after 21 ms the servos are at %v, want about %.0f / 1500 / %.0f", a, want, 3000-want)
	}
	s.Sleep(ctx, 100*time.Millisecond)
	s.mu.Lock()
	a = s.actual
	s.mu.Unlock()
	if a != [3]float64{1800, 1500, 1200} {
		t.Errorf("after 121 ms the servos are at %v", a)
	}
}

// TestQueueInterpolatesAndFlowControls: a long queue blocks Queue on the
// virtual clock until there is room, and pulses move linearly.
func TestQueueInterpolatesAndFlowControls(t *testing.T) {
	s := newSim(t, nil, func(c *Config) { c.QueueSize = 4 })
	ctx := context.Background()
	var sps []arm.Setpoint
	for i := range 10 {
		sps = append(sps, arm.Setpoint{Pulses: arm.Pulses{uint16(1510 + 10*i), 1500, 1500}, Duration: 20 * time.Millisecond})
	}
	if err := s.Queue(ctx, sps...); err != nil {
		t.Fatal(err)
	}
	// Six setpoints had to run before the last four fitted.
	if now := s.Now(); now < 119*time.Millisecond || now > 121*time.Millisecond {
		t.Errorf("queueing took %v of model time, want 120 ms", now)
	}
	st, _ := s.Status(ctx)
	if st.Queued != 4 {
		t.Errorf("%d queued, want 4", st.Queued)
	}
	s.Sleep(ctx, 10*time.Millisecond)
	st, _ = s.Status(ctx)
	if st.Pulses[0] != 1565 {
		t.Errorf("halfway through the 7th setpoint the pulse is %d, want 1565", st.Pulses[0])
	}
	if err := s.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Status(ctx); st.Pulses[0] != 1600 || st.Queued != 0 {
		t.Errorf("after draining: %+v", st)
	}
}

func TestVacuumAndPlacement(t *testing.T) {
	lay := kinematics.DefaultLayout
	table := NewTable(lay, 8, 45, 5, 3)
	s := newSim(t, table, func(c *Config) { c.PlaceError = 0.5 })
	ctx := context.Background()
	cal := SeedArm()
	a, err := arm.New(s, cal, arm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Home(ctx); err != nil {
		t.Fatal(err)
	}
	// Pump on over nothing: a weak reading.
	s.SetPump(true, rules.Empty)
	s.Sleep(ctx, 300*time.Millisecond)
	st, _ := s.Status(ctx)
	if st.Vacuum > 3 || s.Held() != rules.Empty {
		t.Errorf("open cup: vacuum %.1f kPa, held %s", st.Vacuum, s.Held())
	}
	s.SetPump(false, rules.Empty)
	var offs []float64
	for range 5 {
		if err := a.Pick(ctx, rules.White); err != nil {
			t.Fatal(err)
		}
		st, _ := s.Status(ctx)
		if st.Vacuum < cal.VacuumThreshold || s.Held() != rules.White {
			t.Fatalf("stone held: vacuum %.1f kPa, held %s", st.Vacuum, s.Held())
		}
		if err := a.Place(ctx, rules.Point{X: 7, Y: 7}); err != nil {
			t.Fatal(err)
		}
		_, d, _ := table.Nearest(rules.Point{X: 7, Y: 7})
		offs = append(offs, d)
		if err := a.Remove(ctx, arm.BoardPoint(rules.Point{X: 7, Y: 7}), rules.White); err != nil {
			t.Fatal(err)
		}
	}
	// Placement error: some scatter, but within a few sigma.
	spread := false
	for _, d := range offs {
		if d > 2.5 {
			t.Errorf("stone landed %.2f mm off", d)
		}
		if d != offs[0] {
			spread = true
		}
	}
	if !spread {
		t.Errorf("no placement scatter: %v", offs)
	}
	if n := table.InBowl(rules.White); n != 5 {
		t.Errorf("white bowl holds %d, want the 5 back", n)
	}
}

func TestFaultsAndClose(t *testing.T) {
	s := newSim(t, nil, nil)
	ctx := context.Background()
	// Pulses outside the servo range latch a bad-setpoint fault.
	err := s.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{100, 1500, 1500}, Duration: time.Second})
	var fe *arm.FaultError
	if !errors.As(err, &fe) || fe.Faults != arm.FaultBadSetpoint {
		t.Fatalf("bad pulse: %v", err)
	}
	if err := s.SetPump(true, rules.Empty); err == nil {
		t.Error("pump started with a fault latched")
	}
	if err := s.ClearFaults(); err != nil {
		t.Fatal(err)
	}
	// E-stop mid-move.
	s.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{2000, 1500, 1500}, Duration: time.Second})
	s.SetPump(true, rules.Empty)
	s.After(500*time.Millisecond, PressEStop)
	if err := s.Drain(ctx); !errors.As(err, &fe) || fe.Faults != arm.FaultEStop {
		t.Fatalf("drain with e-stop: %v", err)
	}
	st, _ := s.Status(ctx)
	if !st.Pump || st.Queued != 0 || st.Pulses[0] < 1740 || st.Pulses[0] > 1760 {
		t.Errorf("after the e-stop at half way: %+v, want stopped with the grip kept", st)
	}
	if err := s.ClearFaults(); err == nil {
		t.Error("cleared with the e-stop pressed")
	}
	s.SetEStop(false)
	if err := s.ClearFaults(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := s.SetPump(true, rules.Empty); !errors.Is(err, ErrClosed) {
		t.Errorf("pump after close: %v", err)
	}
	if _, err := s.Status(ctx); !errors.Is(err, ErrClosed) {
		t.Errorf("status after close: %v", err)
	}
	if _, err := New(Config{Geometry: kinematics.SeedGeometry}, arm.Pulses{}); err == nil {
		t.Error("servos without calibration accepted")
	}
}

// TestRealTime: on the wall clock a 100 ms move takes about that long.
func TestRealTime(t *testing.T) {
	s := newSim(t, nil, func(c *Config) { c.RealTime = true })
	ctx := context.Background()
	start := time.Now()
	s.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1600, 1500, 1500}, Duration: 100 * time.Millisecond})
	if err := s.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 95*time.Millisecond {
		t.Errorf("a 100 ms move drained after %v", d)
	}
	cctx, cancel := context.WithCancel(ctx)
	s.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}, Duration: 10 * time.Second})
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()
	if err := s.Drain(cctx); !errors.Is(err, context.Canceled) {
		t.Errorf("drain with a cancelled context: %v", err)
	}
}

// TestCancelStops: a Drain ended by its context leaves the device safe.
func TestCancelStops(t *testing.T) {
	s := newSim(t, nil, nil)
	ctx, cancel := context.WithCancel(context.Background())
	s.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{2000, 1500, 1500}, Duration: time.Second})
	s.SetPump(true, rules.Empty)
	cancel()
	if err := s.Drain(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("drain: %v", err)
	}
	st, _ := s.Status(context.Background())
	if st.Queued != 0 || !st.Pump {
		t.Errorf("after a cancelled drain: %+v, want stopped with the grip kept", st)
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	if st, _ = s.Status(context.Background()); !st.Pump {
		t.Errorf("after Stop: %+v, want the grip kept", st)
	}
}

// TestFaultKeepsGrip: a stone on the nozzle stays there through a latched
// fault (the host fell silent) until the grip limit, then falls where the
// nozzle is.
func TestFaultKeepsGrip(t *testing.T) {
	tb := NewTable(kinematics.DefaultLayout, 8, 40, 10, 1)
	cal := SeedArm()
	s, err := New(Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos, World: tb}, arm.Pulses{1500, 1500, 1500})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetPump(true, rules.Empty); err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	s.held, s.vacuum = rules.Black, 40
	s.mu.Unlock()
	s.After(0, Fault(arm.FaultHostSilent))
	if err := s.Sleep(t.Context(), time.Minute); err != nil {
		t.Fatal(err)
	}
	st, _ := s.Status(t.Context())
	if s.Held() != rules.Black || !st.Pump || st.Vacuum < 30 || st.Faults != arm.FaultHostSilent {
		t.Fatalf("a minute into the fault: held %v, %+v; want the stone held", s.Held(), st)
	}
	if err := s.Sleep(t.Context(), arm.GripLimit); err != nil {
		t.Fatal(err)
	}
	st, _ = s.Status(t.Context())
	if s.Held() != rules.Empty || st.Pump || len(tb.Board()) != 1 {
		t.Errorf("past the grip limit: held %v, pump %v, %d stones fallen; want the pump off and the stone fallen", s.Held(), st.Pump, len(tb.Board()))
	}
}

func TestDropHeldFallsInFlight(t *testing.T) {
	tb := NewTable(kinematics.DefaultLayout, 8, 40, 10, 1)
	cal := SeedArm()
	s, err := New(Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos, World: tb}, arm.Pulses{1500, 1500, 1500})
	if err != nil {
		t.Fatal(err)
	}
	var dropped []bool
	s.After(0, func(s *Sim) { dropped = append(dropped, DropHeld(s)) })
	if err := s.Sleep(t.Context(), time.Millisecond*5); err != nil {
		t.Fatal(err)
	}
	if len(dropped) != 1 || dropped[0] {
		t.Fatalf("DropHeld with an empty nozzle reported %v", dropped)
	}
	s.mu.Lock()
	s.held, s.vacuum = rules.White, 40
	s.mu.Unlock()
	s.After(0, func(s *Sim) { dropped = append(dropped, DropHeld(s)) })
	if err := s.Sleep(t.Context(), 5*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	st, _ := s.Status(t.Context())
	if len(dropped) != 2 || !dropped[1] || s.Held() != rules.Empty || st.Vacuum > 5 || len(tb.Board()) != 1 {
		t.Errorf("after the drop: reported %v, held %v, vacuum %.1f, stones on the board %d", dropped, s.Held(), st.Vacuum, len(tb.Board()))
	}
}
