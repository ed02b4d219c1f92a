package serial

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tengen/arm"
	"tengen/firmware/simavr"
	"tengen/rules"
)

// ctxT is a test's context: its deadline guards against a hung test and
// times nothing. A loaded machine (CI's two cores running a test binary,
// the harness and the firmware) runs the simulated firmware slower than
// real time; a whole TestEndToEnd then took over 40 s.
func ctxT(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// settledPulses waits for the new widths to reach the pins and measures
// ~10 frames of them.
func settledPulses(t *testing.T, sim *simavr.Sim) [3]simavr.Pulse {
	t.Helper()
	if err := sim.Sleep(80 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := sim.ClearPulses(); err != nil {
		t.Fatal(err)
	}
	if err := sim.Sleep(200 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	ps, err := sim.Pulses()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestHandshakeAndSafeStart(t *testing.T) {
	sim := startSim(t)
	// Before the host commands a position there are no pulses and the
	// pump and valve are off.
	time.Sleep(100 * time.Millisecond)
	ps, err := sim.Pulses()
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		if p.Count != 0 {
			t.Errorf("servo %d: %d pulses before any setpoint", i+1, p.Count)
		}
	}
	d, _ := openSim(t, sim)
	st, err := d.Status(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if st.Version != FirmwareVersion || d.ident.proto != ProtocolVersion || d.ident.queueCap != 16 {
		t.Errorf("handshake: version %q protocol %d queue %d", st.Version, d.ident.proto, d.ident.queueCap)
	}
	if st.Faults != 0 || st.Pump || st.Valve || st.Queued != 0 {
		t.Errorf("after open: %+v, want no faults, pump off, valve closed, queue empty", st)
	}
	if pump, valve, _, err := sim.Outputs(); err != nil || pump || valve {
		t.Errorf("pins: pump %v valve %v (%v)", pump, valve, err)
	}
}

func TestPulsesMatchSetpoints(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	worst := 0.0
	for _, want := range []arm.Pulses{{1500, 1500, 1500}, {1000, 2000, 1234}, {500, 2500, 1777}} {
		if err := d.Queue(ctx, arm.Setpoint{Pulses: want, Duration: 40 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		if err := d.Drain(ctx); err != nil {
			t.Fatal(err)
		}
		ps := settledPulses(t, sim)
		for i, p := range ps {
			w := float64(want[i])
			// The firmware's bound (PROTOCOL.md, "Servo timing"): each
			// width within 0.5 µs, well inside the 1 µs resolution.
			if p.Count < 8 || math.Abs(p.LastMicros()-w) > 0.5 ||
				math.Abs(float64(p.Min)/16-w) > 0.5 || math.Abs(float64(p.Max)/16-w) > 0.5 {
				t.Errorf("servo %d: want %v µs, measured last %.3f min %.3f max %.3f over %d pulses",
					i+1, w, p.LastMicros(), float64(p.Min)/16, float64(p.Max)/16, p.Count)
			}
			if p.Period < 320000-16 || p.Period > 320000+16 {
				t.Errorf("servo %d: frame %d cycles, want 320000 (20 ms)", i+1, p.Period)
			}
			worst = max(worst, p.Jitter())
		}
		st, err := d.Status(ctx)
		if err != nil || st.Pulses != want {
			t.Errorf("status pulses %v (%v), want %v", st.Pulses, err, want)
		}
	}
	t.Logf("worst pulse-width jitter: %.3f µs", worst)
	if worst > 0.625 {
		t.Errorf("jitter %.3f µs > 0.625 µs (10 cycles)", worst)
	}
}

func TestInterpolation(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	err := d.Queue(ctx,
		arm.Setpoint{Pulses: arm.Pulses{1000, 2000, 1500}},
		arm.Setpoint{Pulses: arm.Pulses{2000, 1000, 1500}, Duration: 600 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	var prev arm.Pulses
	for i := 0; i < 4; i++ {
		sim.Sleep(100 * time.Millisecond)
		st, err := d.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		p := st.Pulses
		// Linear in pulse width: servo 1 rises as servo 2 falls by as much
		// (on a loaded host the status may come after the end of the move).
		end := arm.Pulses{2000, 1000, 1500}
		if (p[0] <= prev[0] && p != end) || int(p[0])+int(p[1]) != 3000 || p[2] != 1500 {
			t.Errorf("step %d: pulses %v after %v", i, p, prev)
		}
		prev = p
	}
	if err := d.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if st, _ := d.Status(ctx); st.Pulses != (arm.Pulses{2000, 1000, 1500}) {
		t.Errorf("after drain: %v", st.Pulses)
	}
}

func TestFlowControlManySetpoints(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	// 40 setpoints of 20 ms: more than the device's 16 slots.
	var sps []arm.Setpoint
	for i := range 40 {
		sps = append(sps, arm.Setpoint{Pulses: arm.Pulses{uint16(1000 + 10*i), 1500, 1500}, Duration: 20 * time.Millisecond})
	}
	before := d.last.accepted
	if err := d.Queue(ctx, sps...); err != nil {
		t.Fatal(err)
	}
	if err := d.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := d.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Faults != 0 || st.Pulses[0] != 1390 || d.last.accepted-before != 40 {
		t.Errorf("faults %v pulses %v accepted %d, want none, 1390, 40", st.Faults, st.Pulses, d.last.accepted-before)
	}
}

// corruptFirst returns a write hook that flips a byte in the first frame
// carrying message type msg, and reports through hit when it did.
func corruptFirst(msg byte, hit *atomic.Bool) func([]byte) []byte {
	return func(p []byte) []byte {
		if len(p) > 2 && p[2] == msg && hit.CompareAndSwap(false, true) {
			p[3] ^= 0x55
		}
		return p
	}
}

// corruptReplyTo returns a pair of hooks that break the first reply
// acknowledging a frame carrying message type msg, by flipping the sync byte
// that ends it, and report through hit when they did. Only that reply: a
// late duplicate reply still on the line from an earlier exchange must not
// take the corruption, or nothing needs resending.
func corruptReplyTo(msg byte, hit *atomic.Bool) (func([]byte) []byte, func([]byte)) {
	var ack atomic.Int32
	ack.Store(-1)
	var ps parser // only the read goroutine feeds it
	onWrite := func(p []byte) []byte {
		if len(p) > 2 && p[2] == msg {
			ack.CompareAndSwap(-1, int32(p[1]+1))
		}
		return p
	}
	onRead := func(p []byte) {
		for i := range p {
			frames, _ := ps.feed(p[i : i+1])
			a := ack.Load()
			if len(frames) == 1 && a >= 0 && frames[0].seq == byte(a) && hit.CompareAndSwap(false, true) {
				p[i] ^= 0x55
			}
		}
	}
	return onWrite, onRead
}

func TestCorruptedFrameRetransmittedOnce(t *testing.T) {
	sim := startSim(t)
	d, pl := openSim(t, sim)
	ctx := ctxT(t)
	for _, tc := range []struct {
		name  string
		write bool // corrupt the host's frame (else the device's reply)
	}{
		{"host frame corrupted", true},
		{"device reply corrupted", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var hit atomic.Bool
			if tc.write {
				pl.set(corruptFirst(msgSetpoint, &hit), nil)
			} else {
				pl.set(corruptReplyTo(msgSetpoint, &hit))
			}
			before := d.Stats().Retransmits
			st0 := d.last.accepted
			want := arm.Pulses{1111, 1222, 1333}
			if tc.write {
				want = arm.Pulses{1444, 1555, 1666}
			}
			if err := d.Queue(ctx, arm.Setpoint{Pulses: want, Duration: 20 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
			pl.set(nil, nil)
			if err := d.Drain(ctx); err != nil {
				t.Fatal(err)
			}
			st, err := d.Status(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if !hit.Load() || d.Stats().Retransmits <= before {
				t.Errorf("corrupted %v, retransmits %d -> %d", hit.Load(), before, d.Stats().Retransmits)
			}
			if st.Pulses != want || d.last.accepted-st0 != 1 || st.Faults != 0 {
				t.Errorf("pulses %v accepted %d faults %v: want %v executed exactly once", st.Pulses, d.last.accepted-st0, st.Faults, want)
			}
		})
	}
}

// startSlowMove queues a move from 1000 to 2000 µs on every servo lasting
// dur, and with pump switches the vacuum on: an arm busy mid-move with a
// stone, for the safety tests to interrupt.
func startSlowMove(t *testing.T, ctx context.Context, d *Driver, dur time.Duration, pump bool) {
	t.Helper()
	if err := d.Queue(ctx,
		arm.Setpoint{Pulses: arm.Pulses{1000, 1000, 1000}},
		arm.Setpoint{Pulses: arm.Pulses{2000, 2000, 2000}, Duration: dur}); err != nil {
		t.Fatal(err)
	}
	if pump {
		if err := d.SetPump(true, rules.Empty); err != nil {
			t.Fatal(err)
		}
	}
}

// heldVolts is the vacuum sensor's output with a stone sealing the cup:
// about 68 kPa below ambient (serial.VacuumKPa), well past any threshold.
const heldVolts = 2.0

// The host stays away while the arm holds a stone: the firmware keeps the
// grip for its grip limit (here a firmware built with 1.5 s instead of 5
// minutes), then switches the pump off, and the host, back, finds the
// grip gone.
func TestGripLimitInFirmware(t *testing.T) {
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("skipping firmware-in-simavr test: %v", err)
	}
	t.Parallel()
	ctx := ctxT(t)
	b, err := simavr.BuildAll(ctx, t.TempDir(), "-DCORE_GRIP_LIMIT_MS=1500UL")
	if err != nil {
		t.Fatal(err)
	}
	sim, err := simavr.Start(b, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	d, _ := openSim(t, sim)
	if err := d.SetPump(true, rules.Empty); err != nil {
		t.Fatal(err)
	}
	if err := sim.SetSensorVolts(heldVolts); err != nil {
		t.Fatal(err)
	}
	d.mu.Lock()                        // the host falls silent
	sim.Sleep(1500 * time.Millisecond) // the deadline (0.5 s) and most of the limit
	held, _, _, err := sim.Outputs()
	sim.Sleep(1000 * time.Millisecond) // past the limit
	after, valve, _, err2 := sim.Outputs()
	d.mu.Unlock()
	if err != nil || !held {
		t.Errorf("1 s into the grip limit: pump %v (%v), want still on", held, err)
	}
	if err2 != nil || after || valve {
		t.Errorf("past the grip limit: pump %v valve %v (%v), want both off", after, valve, err2)
	}
	st, err := d.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Faults != arm.FaultHostSilent || st.Pump {
		t.Errorf("status %+v, want the host-silent fault and the pump off", st)
	}
}

// The host falls silent while the arm carries a stone: the firmware stops
// the motion but keeps the pump running and the valve shut, so the stone
// is still held long after the deadline, and the host finds it so when it
// comes back.
func TestHostSilentKeepsGrip(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	startSlowMove(t, ctx, d, 3*time.Second, true)
	if pump, _, _, _ := sim.Outputs(); !pump {
		t.Error("pump pin low after SetPump(true, rules.Empty)")
	}
	if err := sim.SetSensorVolts(heldVolts); err != nil {
		t.Fatal(err)
	}
	// The host falls silent: holding the driver's lock stops the keep-alive.
	d.mu.Lock()
	sim.Sleep(700 * time.Millisecond)
	pump, valve, led, err := sim.Outputs()
	a, _ := sim.Pulses()
	sim.Sleep(1300 * time.Millisecond) // 2 s in all, 4 times the deadline
	b, _ := sim.Pulses()
	pump2, valve2, _, err2 := sim.Outputs()
	d.mu.Unlock()
	if err != nil || !pump || valve || !led {
		t.Errorf("after silence: pump %v valve %v fault LED %v (%v), want on, closed, on", pump, valve, led, err)
	}
	if err2 != nil || !pump2 || valve2 {
		t.Errorf("2 s after silence: pump %v valve %v (%v), want the stone still held", pump2, valve2, err2)
	}
	if math.Abs(a[0].LastMicros()-b[0].LastMicros()) > 1 || a[0].LastMicros() < 1050 || a[0].LastMicros() > 1950 {
		t.Errorf("servo 1 not frozen mid-move: %.1f then %.1f µs", a[0].LastMicros(), b[0].LastMicros())
	}
	st, err := d.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Faults != arm.FaultHostSilent || st.Queued != 0 || !st.Pump || st.Valve || st.Vacuum < 60 {
		t.Errorf("status %+v, want host-silent fault, empty queue, pump on, valve shut, the stone's vacuum", st)
	}
	if err := d.Drain(ctx); !errors.Is(err, ErrMotionLost) {
		t.Errorf("Drain after the safety stop: %v, want ErrMotionLost", err)
	}
	if err := d.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}}); !errors.Is(err, ErrFault) {
		t.Errorf("Queue with the fault latched: %v, want ErrFault", err)
	}
	if err := d.ClearFaults(); err != nil {
		t.Fatal(err)
	}
	if err := d.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}}); err != nil {
		t.Errorf("Queue after ClearFaults: %v", err)
	}
	if st, err := d.Status(ctx); err != nil || !st.Pump {
		t.Errorf("after clearing: pump %v (%v), want still on", st.Pump, err)
	}
	// Stop halts motion and keeps the grip too; the host releases it.
	if err := d.Stop(); err != nil {
		t.Fatal(err)
	}
	if pump, _, _, _ := sim.Outputs(); !pump {
		t.Error("pump pin low after Stop")
	}
	if err := d.SetPump(false, rules.Empty); err != nil {
		t.Fatal(err)
	}
	if pump, _, _, _ := sim.Outputs(); pump {
		t.Error("pump pin high after SetPump(false, rules.Empty)")
	}
}

// Silence with an idle gripper leaves it idle.
func TestHostSilentIdlePumpStaysOff(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	startSlowMove(t, ctx, d, 3*time.Second, false)
	d.mu.Lock()
	sim.Sleep(700 * time.Millisecond)
	pump, valve, led, err := sim.Outputs()
	d.mu.Unlock()
	if err != nil || pump || valve || !led {
		t.Errorf("after silence: pump %v valve %v fault LED %v (%v), want off, closed, on", pump, valve, led, err)
	}
}

func TestEStopLatches(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	startSlowMove(t, ctx, d, 2*time.Second, true)
	if err := sim.SetSensorVolts(heldVolts); err != nil {
		t.Fatal(err)
	}
	sim.Sleep(300 * time.Millisecond)
	if err := sim.SetEStop(true); err != nil {
		t.Fatal(err)
	}
	sim.Sleep(50 * time.Millisecond)
	st, err := d.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Motion stopped; the stone on the nozzle stays held.
	if st.Faults&arm.FaultEStop == 0 || !st.Pump || st.Valve || st.Queued != 0 || st.Vacuum < 60 {
		t.Fatalf("after e-stop: %+v, want stopped with the pump on", st)
	}
	frozen := st.Pulses
	if pump, _, _, _ := sim.Outputs(); !pump {
		t.Error("pump pin low after e-stop: the stone falls")
	}
	if err := d.Drain(ctx); !errors.Is(err, ErrMotionLost) {
		t.Errorf("Drain: %v, want ErrMotionLost", err)
	}
	// Clearing while the switch is open does not release it.
	if err := d.ClearFaults(); err != nil {
		t.Fatal(err)
	}
	if st, _ = d.Status(ctx); st.Faults&arm.FaultEStop == 0 || st.Pulses != frozen {
		t.Errorf("e-stop released by ClearFaults while open: %+v", st)
	}
	sim.SetEStop(false)
	sim.Sleep(50 * time.Millisecond)
	if st, _ = d.Status(ctx); st.Faults&arm.FaultEStop == 0 {
		t.Error("e-stop fault not latched after the switch closed")
	}
	if err := d.ClearFaults(); err != nil {
		t.Fatal(err)
	}
	if st, _ = d.Status(ctx); st.Faults != 0 {
		t.Errorf("faults after clear: %v", st.Faults)
	}
}

func TestVacuumFollowsVoltage(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	for _, volts := range []float64{4.6, 3.0, 1.2, 0.25} {
		if err := sim.SetSensorVolts(volts); err != nil {
			t.Fatal(err)
		}
		want := (0.92 - volts/5) / 0.007652
		var got float64
		for range 50 {
			st, err := d.Status(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got = st.Vacuum; math.Abs(got-want) < 0.3 {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
		if math.Abs(got-want) >= 0.3 {
			t.Errorf("%.2f V: vacuum %.2f kPa, want %.2f", volts, got, want)
		}
	}
}

func TestReconnectResumesWithoutRepeats(t *testing.T) {
	sim := startSim(t)
	d, pl := openSim(t, sim)
	ctx := ctxT(t)
	var sps []arm.Setpoint
	for i := range 12 {
		sps = append(sps, arm.Setpoint{Pulses: arm.Pulses{uint16(1200 + 20*i), 1500, 1500}, Duration: 40 * time.Millisecond})
	}
	before := d.last.accepted
	// Pull the cable just after the 5th setpoint went out: the device has
	// it, the host has no acknowledgement.
	var n atomic.Int32
	pl.set(func(p []byte) []byte {
		if len(p) > 2 && p[2] == msgSetpoint {
			if n.Add(1) == 5 {
				go pl.unplug()
			}
		}
		return p
	}, nil)
	err := d.Queue(ctx, sps...)
	pl.set(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	st, err := d.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.last.accepted - before; got != 12 || st.Pulses[0] != 1420 || st.Faults != 0 {
		t.Errorf("accepted %d setpoints (want 12), final pulse %d (want 1420), faults %v", got, st.Pulses[0], st.Faults)
	}
}

func TestDeviceResetReported(t *testing.T) {
	sim := startSim(t)
	// The restarted firmware must get to answer: on a loaded machine the
	// simulated boot takes longer than the default retries wait.
	d, _ := openSim(t, sim, func(o *Options) { o.Retries = 20 })
	ctx := ctxT(t)
	startSlowMove(t, ctx, d, 2*time.Second, true)
	if err := sim.Reset(); err != nil {
		t.Fatal(err)
	}
	// A reset (the watchdog, a brown-out) starts with everything off: the
	// grip is not kept through it.
	if pump, valve, _, err := sim.Outputs(); err != nil || pump || valve {
		t.Errorf("after reset: pump %v valve %v (%v), want off", pump, valve, err)
	}
	err := d.Drain(ctx)
	if !errors.Is(err, ErrMotionLost) || !strings.Contains(err.Error(), sim.PTY) {
		t.Fatalf("Drain after a device reset: %v, want ErrMotionLost naming %s", err, sim.PTY)
	}
	st, err := d.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Faults&arm.FaultReset == 0 || st.Queued != 0 || st.Pump {
		t.Errorf("after reset: %+v, want FaultReset latched, the pump off", st)
	}
}

func TestErrorsNameThePortAndReleaseIt(t *testing.T) {
	if _, err := Open("/dev/tengen-no-such-port", Options{}); err == nil || !strings.Contains(err.Error(), "/dev/tengen-no-such-port") {
		t.Errorf("Open of a missing port: %v", err)
	}
	sim := startSim(t)
	d, _ := openSim(t, sim)
	sim.Close() // the device goes away for good
	_, err := d.Status(ctxT(t))
	if err == nil || !strings.Contains(err.Error(), sim.PTY) {
		t.Fatalf("Status with the device gone: %v, want an error naming %s", err, sim.PTY)
	}
	d.mu.Lock()
	held := d.link != nil
	d.mu.Unlock()
	if held {
		t.Error("driver still holds the port after the error")
	}
}

// BenchmarkRoundTrip measures one status request and reply through the pty
// and the simulated UART at 115200 baud.
func BenchmarkRoundTrip(b *testing.B) {
	sim := startSim(b)
	d, _ := openSim(b, sim)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := d.Status(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

func TestKeepAliveHoldsIdleConnection(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	ctx := ctxT(t)
	if err := d.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}}); err != nil {
		t.Fatal(err)
	}
	if err := sim.Sleep(1500 * time.Millisecond); err != nil { // three deadlines of idling
		t.Fatal(err)
	}
	st, err := d.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Faults != 0 {
		t.Errorf("faults %v after idling with the keep-alive running", st.Faults)
	}
}

// A caller giving up mid-way leaves the device stopped, not moving on.
func TestCancelledQueueLeavesDeviceStopped(t *testing.T) {
	sim := startSim(t)
	d, _ := openSim(t, sim)
	var sps []arm.Setpoint
	for i := range 30 { // more than the queue holds: Queue waits for room
		sps = append(sps, arm.Setpoint{Pulses: arm.Pulses{uint16(1000 + 10*i), 1500, 1500}, Duration: 100 * time.Millisecond})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if err := d.Queue(ctx, sps...); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Queue: %v, want the deadline", err)
	}
	st, err := d.Status(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if st.Queued != 0 || st.Pump {
		t.Errorf("after the cancelled Queue: %d queued, pump %v; want stopped", st.Queued, st.Pump)
	}
	if err := d.Drain(ctxT(t)); err != nil {
		t.Errorf("Drain after the stop: %v", err)
	}
}
