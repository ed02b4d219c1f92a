package arm_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/calibration"
	"tengen/kinematics"
	"tengen/rules"
)

// rig is an arm on a simulated driver over a table of stones.
type rig struct {
	arm   *arm.Arm
	sim   *armsim.Sim
	table *armsim.Table
	cal   calibration.Arm
}

func newRig(t testing.TB, opt arm.Options, simCfg func(*armsim.Config)) *rig {
	t.Helper()
	cal := armsim.SeedArm()
	layout := kinematics.DefaultLayout
	table := armsim.NewTable(layout, 8, 45, 30, 1)
	cfg := armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos, World: table, Seed: 7}
	if simCfg != nil {
		simCfg(&cfg)
	}
	sim, err := armsim.New(cfg, parkPulses(t, cal))
	if err != nil {
		t.Fatal(err)
	}
	a, err := arm.New(sim, cal, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if err := a.Home(context.Background()); err != nil {
		t.Fatal(err)
	}
	return &rig{a, sim, table, cal}
}

func parkPulses(t testing.TB, cal calibration.Arm) arm.Pulses {
	th, err := kinematics.Geometry(cal.Geometry).IK(kinematics.Vec3(cal.Park))
	if err != nil {
		t.Fatal(err)
	}
	var p arm.Pulses
	for i, s := range cal.Servos {
		p[i] = uint16(math.Round(s.ZeroUS + s.USPerDegree*th[i]))
	}
	return p
}

func pt(s string) rules.Point {
	p, err := rules.ParsePoint(s, 15)
	if err != nil {
		panic(err)
	}
	return p
}

func TestPickPlaceRemove(t *testing.T) {
	r := newRig(t, arm.Options{}, nil)
	ctx := context.Background()
	placed := []struct {
		at string
		c  rules.Color
	}{{"h8", rules.Black}, {"a1", rules.White}, {"o15", rules.Black}, {"a15", rules.White}, {"o1", rules.Black}, {"i9", rules.White}}
	for _, m := range placed {
		if err := r.arm.Pick(ctx, m.c); err != nil {
			t.Fatalf("pick %s: %v", m.c, err)
		}
		if got := r.sim.Held(); got != m.c {
			t.Fatalf("after picking %s the nozzle holds %s", m.c, got)
		}
		if err := r.arm.Place(ctx, pt(m.at)); err != nil {
			t.Fatalf("place %s: %v", m.at, err)
		}
		s, d, ok := r.table.Nearest(pt(m.at))
		if !ok || s.Colour != m.c || d > 1.5 {
			t.Fatalf("after placing %s on %s: nearest stone %v at %.2f mm", m.c, m.at, s, d)
		}
		t.Logf("%s on %s, %.2f mm off", m.c, m.at, d)
	}
	if n := len(r.table.Board()); n != len(placed) {
		t.Fatalf("%d stones on the board, want %d", n, len(placed))
	}
	blacks := r.table.InBowl(rules.Black)
	if err := r.arm.Remove(ctx, arm.BoardPoint(pt("h8")), rules.Black); err != nil {
		t.Fatal(err)
	}
	if got := r.table.InBowl(rules.Black); got != blacks+1 {
		t.Errorf("black bowl has %d stones after removing one, want %d", got, blacks+1)
	}
	if _, d, _ := r.table.Nearest(pt("h8")); d < 20 {
		t.Errorf("a stone is still %.1f mm from h8", d)
	}
	if err := r.arm.Park(ctx); err != nil {
		t.Fatal(err)
	}
	tip, _ := r.sim.Tip()
	if d := tip.Sub(kinematics.Vec3(r.cal.Park)).Norm(); d > 0.5 {
		t.Errorf("parked %.2f mm from the parking spot", d)
	}
	st, _ := r.sim.Status(ctx)
	if st.Pump || st.Valve || st.Faults != 0 {
		t.Errorf("after the cycle: %+v", st)
	}
}

func TestMissedPickSearched(t *testing.T) {
	ctx := context.Background()
	// One stone 6 mm off the bowl's centre: the first try misses it.
	r := newRig(t, arm.Options{SearchTries: -1}, nil)
	r.table.SetBowl(rules.Black, [2]float64{6, 0})
	err := r.arm.Pick(ctx, rules.Black)
	if !errors.Is(err, arm.ErrMissedPick) {
		t.Fatalf("without search: %v, want a missed pick", err)
	}
	r = newRig(t, arm.Options{}, nil)
	r.table.SetBowl(rules.Black, [2]float64{6, 0})
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatalf("with search: %v", err)
	}
	if r.sim.Held() != rules.Black || r.table.InBowl(rules.Black) != 0 {
		t.Fatal("the stone was not taken")
	}
	// A stone 5 mm off its intersection is found on removal too.
	r.table.Put(rules.White, pt("c3"), 0, -5)
	if err := r.arm.Place(ctx, pt("d4")); err != nil {
		t.Fatal(err)
	}
	if err := r.arm.Remove(ctx, arm.BoardPoint(pt("c3")), rules.White); err != nil {
		t.Fatal(err)
	}
}

// A stone lying further off its point than the pick's search reaches is
// missed at the point and lifted where it lies; a target more than half a
// step off is refused.
func TestRemoveOffItsPoint(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	step := kinematics.DefaultLayout.StepX.Norm()
	r.table.Put(rules.Black, pt("f6"), 0.4*step, -0.3*step) // 12 mm off
	if err := r.arm.Remove(ctx, arm.BoardPoint(pt("f6")), rules.Black); !errors.Is(err, arm.ErrMissedPick) {
		t.Fatalf("removing at the point: %v, want a missed pick", err)
	}
	if err := r.arm.Home(ctx); err != nil {
		t.Fatal(err)
	}
	blacks := r.table.InBowl(rules.Black)
	if err := r.arm.Remove(ctx, arm.BoardPoint(pt("f6")).Off(0.4, -0.3), rules.Black); err != nil {
		t.Fatalf("removing where it lies: %v", err)
	}
	if len(r.table.Board()) != 0 || r.table.InBowl(rules.Black) != blacks+1 {
		t.Errorf("%d stones left on the board, %d in the black bowl (want 0, %d)", len(r.table.Board()), r.table.InBowl(rules.Black), blacks+1)
	}
	if err := r.arm.Remove(ctx, arm.BoardPoint(pt("f6")).Off(0.6, 0), rules.Black); err == nil || !strings.Contains(err.Error(), "off its point") {
		t.Errorf("a target 0.6 steps off: %v, want it refused", err)
	}
}

func TestMissedPickReported(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	r.table.SetBowl(rules.White) // empty
	err := r.arm.Pick(ctx, rules.White)
	if !errors.Is(err, arm.ErrMissedPick) || !strings.Contains(err.Error(), "7 tries") || !strings.Contains(err.Error(), "white bowl") {
		t.Fatalf("empty bowl: %v", err)
	}
	st, _ := r.sim.Status(ctx)
	if st.Pump || st.Queued != 0 {
		t.Errorf("not safe after a missed pick: %+v", st)
	}
	if _, known := r.arm.Position(); known {
		t.Error("position still trusted after a failure")
	}
	if err := r.arm.Pick(ctx, rules.Black); !errors.Is(err, arm.ErrNotHomed) {
		t.Errorf("pick before homing again: %v", err)
	}
	if err := r.arm.Home(ctx); err != nil {
		t.Fatal(err)
	}
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
}

func TestEStop(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	r.sim.After(150*time.Millisecond, armsim.PressEStop)
	err := r.arm.Place(ctx, pt("o15"))
	var fe *arm.FaultError
	if !errors.As(err, &fe) || fe.Faults&arm.FaultEStop == 0 || !strings.Contains(err.Error(), "e-stop pressed") {
		t.Fatalf("place with e-stop: %v", err)
	}
	st, _ := r.sim.Status(ctx)
	if !st.Pump || st.Queued != 0 || r.sim.Held() != rules.Black {
		t.Errorf("after the e-stop: %+v, holding %v; want stopped, the stone held", st, r.sim.Held())
	}
	// Motion stopped where it was: the servos no longer move.
	before, _ := r.sim.Tip()
	r.sim.Sleep(ctx, 10*time.Second) // a sealed cup with the pump off holds ~6 s
	after, _ := r.sim.Tip()
	target := kinematics.DefaultLayout.Intersection(pt("o15"))
	if after.Sub(before).Norm() > 1e-9 || math.Hypot(after[0]-target[0], after[1]-target[1]) < 10 {
		t.Errorf("arm moved on after the e-stop: %v → %v (target %v)", before, after, target)
	}
	if err := r.arm.Home(ctx); err == nil || !strings.Contains(err.Error(), "still pressed") {
		t.Errorf("home with the e-stop pressed: %v", err)
	}
	r.sim.SetEStop(false)
	inBowl := r.table.InBowl(rules.Black)
	if err := r.arm.Home(ctx); err != nil {
		t.Fatalf("home after release: %v", err)
	}
	// The stone went back to its bowl on the way home.
	if r.arm.Unloaded() != rules.Black || r.sim.Held() != rules.Empty || r.table.InBowl(rules.Black) != inBowl+1 || len(r.table.Board()) != 0 {
		t.Errorf("after homing: held %v, black bowl %d (was %d), %d stones on the board; want the stone back in its bowl",
			r.sim.Held(), r.table.InBowl(rules.Black), inBowl, len(r.table.Board()))
	}
	if c := r.arm.Unloaded(); c != rules.Empty {
		t.Errorf("Unloaded %v a second time", c)
	}
	if st, _ := r.sim.Status(ctx); st.Pump || st.Valve {
		t.Errorf("home: %+v, want the pump off and the valve shut", st)
	}
	if err := r.arm.Pick(ctx, rules.White); err != nil {
		t.Fatal(err)
	}
}

// The host falls silent while the arm carries a stone (the USB cable is
// pulled): the device keeps the stone on the nozzle, and the game's retry
// through the Hand takes it back to its bowl and places another.
func TestHostSilentKeepsStone(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	if err := r.arm.Pick(ctx, rules.White); err != nil {
		t.Fatal(err)
	}
	r.sim.After(200*time.Millisecond, armsim.Fault(arm.FaultHostSilent))
	if err := r.arm.Place(ctx, pt("h8")); err == nil {
		t.Fatal("a placement through host silence succeeded")
	}
	r.sim.Sleep(ctx, 30*time.Second) // the host comes back after a while
	if r.sim.Held() != rules.White {
		t.Fatal("the stone fell while the host was silent")
	}
	if !r.arm.HeldAtFailure() {
		t.Error("HeldAtFailure false")
	}
	inBowl := r.table.InBowl(rules.White)
	if err := (arm.Hand{Arm: r.arm}).Place(ctx, pt("h8"), rules.White); err != nil {
		t.Fatal(err)
	}
	s, d, ok := r.table.Nearest(pt("h8"))
	if r.arm.Unloaded() != rules.White || !ok || d > 2 || s.Colour != rules.White || len(r.table.Board()) != 1 || r.table.InBowl(rules.White) != inBowl {
		t.Errorf("after the retry: %d stones on the board (nearest h8 %.1f mm), white bowl %d (was %d); want the stone back, another on h8",
			len(r.table.Board()), d, r.table.InBowl(rules.White), inBowl)
	}
}

// The program restarts while the device keeps a stone on the nozzle (a
// controller on the Pi's UART does not reset when the port opens): the
// device says whose stone it is, and the restarted arm takes it to that
// bowl, even when its next move is the other colour's (the board was being
// cleared).
func TestRestartFindsStoneColour(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	whites, blacks := r.table.InBowl(rules.White), r.table.InBowl(rules.Black)
	if err := r.arm.Pick(ctx, rules.White); err != nil {
		t.Fatal(err)
	}
	r.sim.After(200*time.Millisecond, armsim.Fault(arm.FaultHostSilent))
	r.arm.Place(ctx, pt("c3"))
	again, err := arm.New(r.sim, r.cal, arm.Options{}) // the program restarted
	if err != nil {
		t.Fatal(err)
	}
	if st, err := r.sim.Status(ctx); err != nil || st.Load != rules.White {
		t.Fatalf("the device's load after the restart: %v (%v), want white", st.Load, err)
	}
	if err := (arm.Hand{Arm: again}).Place(ctx, pt("d4"), rules.Black); err != nil {
		t.Fatal(err)
	}
	if got := again.Unloaded(); got != rules.White {
		t.Errorf("unloaded %v, want the white stone", got)
	}
	s, d, ok := r.table.Nearest(pt("d4"))
	if !ok || d > 2 || s.Colour != rules.Black || len(r.table.Board()) != 1 ||
		r.table.InBowl(rules.White) != whites || r.table.InBowl(rules.Black) != blacks-1 {
		t.Errorf("%d stones on the board (nearest d4 %.1f mm, %v), bowls white %d black %d; want black on d4, white %d black %d",
			len(r.table.Board()), d, s.Colour, r.table.InBowl(rules.White), r.table.InBowl(rules.Black), whites, blacks-1)
	}
}

// After a restart, a device that does not keep the load (firmware 1.0)
// leaves the arm not knowing the colour of the stone on the nozzle: Home
// refuses it, and the Hand takes it for its move's.
func TestHomeUnknownStone(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	r.sim.After(200*time.Millisecond, armsim.Fault(arm.FaultHostSilent))
	r.arm.Place(ctx, pt("c3"))
	if err := r.sim.SetPump(true, rules.Empty); err != nil { // the pump kept on, its load forgotten
		t.Fatal(err)
	}
	again, err := arm.New(r.sim, r.cal, arm.Options{}) // the program restarted
	if err != nil {
		t.Fatal(err)
	}
	if err := again.Home(ctx); !errors.Is(err, arm.ErrUnknownStone) || !strings.Contains(err.Error(), "take it off") {
		t.Fatalf("home with a stone of unknown colour on the nozzle: %v", err)
	}
	r.sim.Sleep(ctx, 10*time.Second) // a person comes, or the program resumes its game
	if r.sim.Held() != rules.Black {
		t.Fatal("the stone fell")
	}
	if err := (arm.Hand{Arm: again}).Place(ctx, pt("c3"), rules.Black); err != nil {
		t.Fatal(err)
	}
	if s, d, ok := r.table.Nearest(pt("c3")); !ok || d > 2 || s.Colour != rules.Black || len(r.table.Board()) != 1 {
		t.Errorf("%d stones on the board, nearest c3 %.1f mm; want one, on c3", len(r.table.Board()), d)
	}
}

func TestDeviceFaultMidMove(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	r.sim.After(100*time.Millisecond, armsim.Fault(arm.FaultHostSilent))
	err := r.arm.MoveTo(ctx, arm.BoardPoint(pt("a1")))
	if err == nil || !strings.Contains(err.Error(), "host silent") || !strings.Contains(err.Error(), "move to a1") {
		t.Fatalf("fault mid-move: %v", err)
	}
	if err := r.arm.Home(ctx); err != nil {
		t.Fatal(err)
	}
}

// A device fault while carrying a stone leaves the arm not knowing
// whether the stone is still on the nozzle: HeldAtFailure says a stone
// was held, once, so a recovery that finds the nozzle empty knows a stone
// fell. A fault with the nozzle empty says none.
func TestHeldAtFailure(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	r.sim.After(100*time.Millisecond, armsim.Fault(arm.FaultReset))
	if err := r.arm.MoveTo(ctx, arm.BoardPoint(pt("a1"))); err == nil {
		t.Fatal("a move through a reset succeeded")
	}
	if r.arm.HeldAtFailure() {
		t.Error("an empty arm's failure: HeldAtFailure true")
	}
	if err := r.arm.Home(ctx); err != nil {
		t.Fatal(err)
	}
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	r.sim.After(100*time.Millisecond, armsim.Fault(arm.FaultReset))
	if err := r.arm.Place(ctx, pt("o15")); err == nil {
		t.Fatal("a placement through a reset succeeded")
	}
	if !r.arm.HeldAtFailure() {
		t.Error("failed carrying a stone: HeldAtFailure false")
	}
	if r.arm.HeldAtFailure() {
		t.Error("HeldAtFailure true a second time")
	}
}

// TestStopFromAnotherGoroutine runs in real time: Stop interrupts a move.
func TestStopFromAnotherGoroutine(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, func(c *armsim.Config) { c.RealTime = true })
	done := make(chan error, 1)
	go func() { done <- r.arm.MoveTo(ctx, arm.Bowl(rules.White)) }()
	time.Sleep(120 * time.Millisecond)
	if err := r.arm.Stop(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if !errors.Is(err, arm.ErrStopped) {
			t.Fatalf("move after Stop: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Stop did not end the move")
	}
	st, _ := r.sim.Status(ctx)
	if st.Queued != 0 || st.Pump {
		t.Errorf("after Stop: %+v", st)
	}
	if err := r.arm.MoveTo(ctx, arm.Bowl(rules.White)); !errors.Is(err, arm.ErrStopped) {
		t.Errorf("move after Stop without Home: %v", err)
	}
}

func TestMisuse(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	if err := r.arm.Place(ctx, pt("h8")); !errors.Is(err, arm.ErrNotHolding) {
		t.Errorf("place with nothing held: %v", err)
	}
	if err := r.arm.MoveTo(ctx, arm.BoardPoint(rules.Point{X: 15, Y: 0})); err == nil || !strings.Contains(err.Error(), "off the 15x15") {
		t.Errorf("off-board move: %v", err)
	}
	if err := r.arm.Pick(ctx, rules.Empty); err == nil {
		t.Error("pick from no bowl accepted")
	}
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	if err := r.arm.Pick(ctx, rules.Black); !errors.Is(err, arm.ErrHolding) {
		t.Errorf("second pick: %v", err)
	}
	if err := r.arm.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.arm.Place(ctx, pt("h8")); !errors.Is(err, arm.ErrClosed) {
		t.Errorf("place after close: %v", err)
	}
	if _, err := r.sim.Status(ctx); !errors.Is(err, armsim.ErrClosed) {
		t.Errorf("driver still open after Close: %v", err)
	}
}

func TestNewRejectsBadCalibration(t *testing.T) {
	sim, _ := armsim.New(armsim.Config{Geometry: kinematics.SeedGeometry, Servos: armsim.SeedArm().Servos}, arm.Pulses{})
	cases := []struct {
		name string
		edit func(*calibration.Arm)
		msg  string
	}{
		{"bowl out of reach", func(c *calibration.Arm) { c.WhiteBowl = calibration.Vec3{320, 0, -440} }, "white bowl"},
		{"servo without scale", func(c *calibration.Arm) { c.Servos[1].USPerDegree = 0 }, "servo 2"},
		{"empty pulse range", func(c *calibration.Arm) { c.Servos[2].MinUS = 2600 }, "servo 3"},
		{"no vacuum threshold", func(c *calibration.Arm) { c.VacuumThreshold = 0 }, "vacuum_threshold"},
		{"place too low", func(c *calibration.Arm) { c.PlaceHeight = 3 }, "place_height"},
		{"bad geometry", func(c *calibration.Arm) { c.Geometry.RE = 50 }, "forearm"},
		{"narrow servo range", func(c *calibration.Arm) { c.Servos[0].MaxUS = 1200 }, "outside its range"},
	}
	for _, c := range cases {
		cal := armsim.SeedArm()
		c.edit(&cal)
		if _, err := arm.New(sim, cal, arm.Options{}); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.msg)
		}
	}
}

func TestFaultsString(t *testing.T) {
	for f, want := range map[arm.Faults]string{
		0:                                        "no faults",
		arm.FaultEStop:                           "e-stop pressed",
		arm.FaultHostSilent | arm.FaultReset:     "host silent, device reset",
		arm.FaultBadSetpoint | arm.Faults(1<<12): "bad setpoint, unknown fault bits 0x1000",
	} {
		if got := f.String(); got != want {
			t.Errorf("%#x: %q, want %q", uint16(f), got, want)
		}
	}
}

func TestStoneStuck(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, func(c *armsim.Config) { c.ValveStuck = true })
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	err := r.arm.Place(ctx, pt("f6"))
	if !errors.Is(err, arm.ErrStoneStuck) || !strings.Contains(err.Error(), "place on f6") {
		t.Fatalf("place with a stuck valve: %v", err)
	}
	st, _ := r.sim.Status(ctx)
	if st.Pump || st.Valve {
		t.Errorf("not safe: %+v", st)
	}
}

// A stone that slips off the nozzle on the way to its point must not pass
// for placed there: the arm checks it is still held on arrival.
func TestStoneFellOnTheWay(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	// 300 ms: clear of the bowl, where the cup would seal on another stone.
	r.sim.After(300*time.Millisecond, func(s *armsim.Sim) { armsim.DropHeld(s) })
	err := r.arm.Place(ctx, pt("f6"))
	if !errors.Is(err, arm.ErrStoneFell) || !strings.Contains(err.Error(), "place on f6") {
		t.Fatalf("place after the stone fell on the way: %v", err)
	}
	if !r.arm.HeldAtFailure() {
		t.Error("the arm does not report that it held a stone when the place failed")
	}
	if _, d, ok := r.table.Nearest(pt("f6")); ok && d < 10 {
		t.Errorf("a stone lies %.1f mm from f6, but it fell on the way", d)
	}
	st, _ := r.sim.Status(ctx)
	if st.Pump || st.Valve {
		t.Errorf("not safe: %+v", st)
	}
}

func TestCancelledContext(t *testing.T) {
	r := newRig(t, arm.Options{}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := r.arm.MoveTo(ctx, arm.Bowl(rules.Black))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("move with a cancelled context: %v", err)
	}
	st, _ := r.sim.Status(context.Background())
	if st.Queued != 0 || st.Pump {
		t.Errorf("not safe: %+v", st)
	}
	if err := r.arm.Home(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// TestHomeFromNowhere: with no pulses output yet, Home sends the servos
// straight to the parking pose.
func TestHomeFromNowhere(t *testing.T) {
	cal := armsim.SeedArm()
	sim, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos}, arm.Pulses{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := arm.New(sim, cal, arm.Options{HomeDuration: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, known := a.Position(); known {
		t.Fatal("position known before Home")
	}
	if err := a.MoveTo(context.Background(), arm.BoardPoint(pt("h8"))); !errors.Is(err, arm.ErrNotHomed) {
		t.Fatalf("move before Home: %v", err)
	}
	start := sim.Now()
	if err := a.Home(context.Background()); err != nil {
		t.Fatal(err)
	}
	if d := sim.Now() - start; d < time.Second {
		t.Errorf("home took %v, want the 1 s HomeDuration", d)
	}
	sim.Sleep(context.Background(), 200*time.Millisecond)
	tip, _ := sim.Tip()
	if d := tip.Sub(kinematics.Vec3(cal.Park)).Norm(); d > 0.5 {
		t.Errorf("homed %.2f mm from the parking spot", d)
	}
}

// TestUnderrunResumed: when the device's queue runs dry mid-move (the link
// fell behind) it stops with the pump off; the arm restores the pump before
// the stone falls and finishes the move from where the servos stopped.
func TestUnderrunResumed(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	if err := r.arm.Pick(ctx, rules.White); err != nil {
		t.Fatal(err)
	}
	r.sim.After(150*time.Millisecond, armsim.Fault(arm.FaultQueueUnder))
	r.sim.After(400*time.Millisecond, armsim.Fault(arm.FaultQueueUnder))
	if err := r.arm.Place(ctx, pt("m12")); err != nil {
		t.Fatal(err)
	}
	if s, d, _ := r.table.Nearest(pt("m12")); s.Colour != rules.White || d > 1.5 {
		t.Fatalf("m12: %v, %.2f mm off", s, d)
	}
	// Other faults are not papered over.
	r.sim.After(100*time.Millisecond, armsim.Fault(arm.FaultQueueUnder|arm.FaultHostSilent))
	if err := r.arm.MoveTo(ctx, arm.Bowl(rules.Black)); err == nil || !strings.Contains(err.Error(), "host silent") {
		t.Fatalf("underrun with host silent: %v", err)
	}
}

// TestTouchOff jogs the nozzle onto four corners and the centre of the
// board, as a user calibrating would, and fits the board's placement from
// the positions the arm reports: the fit gives back the placement the arm
// worked from.
func TestTouchOff(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	var pts []calibration.TouchPoint
	for _, p := range []string{"a1", "o1", "a15", "o15", "h8"} {
		if err := r.arm.MoveTo(ctx, arm.BoardPoint(pt(p))); err != nil {
			t.Fatal(err)
		}
		// Down by the place height, in two jogs, onto the surface.
		for _, dz := range []float64{-r.cal.PlaceHeight + 2, -2} {
			if err := r.arm.Jog(ctx, kinematics.Vec3{0, 0, dz}); err != nil {
				t.Fatal(err)
			}
		}
		at, known := r.arm.Position()
		if !known {
			t.Fatal("position unknown")
		}
		pts = append(pts, calibration.TouchPoint{Point: pt(p), Nozzle: calibration.Vec3(at)})
		if err := r.arm.Jog(ctx, kinematics.Vec3{0, 0, r.cal.PlaceHeight}); err != nil {
			t.Fatal(err)
		}
	}
	fit, err := calibration.FitTouchOff(pts)
	if err != nil {
		t.Fatal(err)
	}
	if d := kinematics.Vec3(fit.BoardA1).Sub(kinematics.Vec3(r.cal.BoardA1)).Norm(); d > 1e-6 || fit.Max > 1e-6 {
		t.Errorf("a1 fitted %v (off by %g), max residual %g", fit.BoardA1, d, fit.Max)
	}
	// Jogs that would leave the workspace are refused without moving.
	if err := r.arm.Jog(ctx, kinematics.Vec3{0, 0, 500}); err == nil {
		t.Error("jog above the motors accepted")
	}
	if _, known := r.arm.Position(); !known {
		t.Error("a refused jog lost the position")
	}
}

// The default calibration file's arm (what `tengen calibrate defaults`
// writes) must open an arm.
func TestDefaultCalibrationOpensAnArm(t *testing.T) {
	cal := calibration.Default().Arm
	sim, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos}, parkPulses(t, cal))
	if err != nil {
		t.Fatal(err)
	}
	a, err := arm.New(sim, cal, arm.Options{})
	if err != nil {
		t.Fatalf("the default calibration does not open an arm: %v", err)
	}
	a.Close()
}
