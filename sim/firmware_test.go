package sim

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tengen/arm/armsim"
	"tengen/firmware/simavr"
	"tengen/i18n/errmsg"
	"tengen/rules"
)

// TestFirmwareEStopAndReset runs the arm on the real firmware in simavr,
// coupled to the world, places stones and lifts one through the serial
// driver, and meanwhile presses the e-stop on the firmware's pin
// mid-move, resets the MCU mid-move, upsets the serial line and pulls the
// USB cable (the port's path vanishes and returns, to a new pty): each
// move is made safe, finished or redone, and the board ends as asked with
// every stone accounted for.
func TestFirmwareEStopAndReset(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the firmware in simavr in real time (about 30 s)")
	}
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("firmware in simavr: %v", err)
	}
	// It mostly waits on the firmware's real time: the package's other
	// tests run meanwhile.
	t.Parallel()
	ctx, cancel := context.WithTimeout(t.Context(), 90*time.Second)
	defer cancel()
	w := NewWorld(SeedLayout(), 2)
	total := w.InBowl(rules.Black) + w.InBowl(rules.White)
	r, err := NewFirmwareRobot(ctx, w, t.TempDir(), TruthCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var log strings.Builder
	in := newInjector(FaultSpec{FaultEStop: {AtMove: 1}, FaultReset: {AtMove: 2},
		FaultSerialFlip: {AtMove: 1}, FaultSerialDrop: {AtMove: 2}, FaultSerialStall: {AtMove: 3}, FaultUSB: {AtMove: 4}}, 1, func(m errmsg.Msg) { fmt.Fprintln(&log, m) })
	h := &faultyHand{inner: r.hand, r: r, in: in, logf: in.log}
	pts := []rules.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 8}, {X: 9, Y: 6}}
	for i, p := range pts {
		if err := h.Place(ctx, p, rules.Color(1+i%2)); err != nil {
			t.Fatalf("placing %v: %v\n%s", p, err, log.String())
		}
	}
	time.Sleep(6500 * time.Millisecond) // every scheduled fault has fired, the cable is back
	if err := h.Take(ctx, pts[1], rules.White); err != nil {
		t.Fatalf("lifting %v: %v\n%s", pts[1], err, log.String())
	}
	if err := h.Park(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.Err(); err != nil {
		t.Fatal(err)
	}
	truth, off := w.Truth()
	if truth.At(pts[0]) != rules.Black || truth.At(pts[1]) != rules.Empty || truth.At(pts[2]) != rules.Black || truth.At(pts[3]) != rules.White || truth.Count(rules.Black)+truth.Count(rules.White) != 3 || len(off) != 0 {
		t.Errorf("board:\n%v\noff %v\n%s", truth, off, log.String())
	}
	for _, p := range []rules.Point{pts[0], pts[2], pts[3]} {
		if d, ok := w.Offset(p); !ok || d > misplacedMM {
			t.Errorf("the stone on %v lies %.1f mm off its point", p, d)
		}
	}
	if c := r.MedianCycle(); c <= 0 {
		t.Errorf("median cycle %v", c)
	}
	counts := in.snapshot()
	for _, n := range []string{FaultEStop, FaultReset, FaultSerialFlip, FaultSerialDrop, FaultSerialStall, FaultUSB} {
		if c := counts[n]; c.Injected != 1 || c.Recovered+c.Reported != 1 {
			t.Errorf("%s: %+v\n%s", n, c, log.String())
		}
	}
	if got := 3 + w.InBowl(rules.Black) + w.InBowl(rules.White); got != total {
		t.Errorf("stones: %d, want %d", got, total)
	}
	t.Log(log.String())
}

// fakeHarness answers the coupling as the firmware simulator would, with
// the pump on and the servos not yet driven, except that it misses every
// reply while down is set.
type fakeHarness struct {
	mu    sync.Mutex
	down  bool
	volts []float64
}

func (h *fakeHarness) Pulses() ([3]simavr.Pulse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.down {
		return [3]simavr.Pulse{}, errors.New(`harness "stats": no reply in 5 s`)
	}
	return [3]simavr.Pulse{}, nil
}

func (h *fakeHarness) Outputs() (pump, valve, led bool, err error) { return true, false, false, nil }

func (h *fakeHarness) SetSensorVolts(v float64) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.volts = append(h.volts, v)
	return nil
}

func (h *fakeHarness) set(down bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.down = down
}

func (h *fakeHarness) sent() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.volts)
}

// TestFirmwareCouplingOutlastsMissedReplies has the firmware simulator miss
// replies, as on a loaded host: the coupling must go on setting the vacuum
// sensor once it answers again (it used to end at the first miss, leaving
// the sensor at its last value: a released stone read as still held, try
// after try), and a harness that stays silent must stop the world with
// the cause.
func TestFirmwareCouplingOutlastsMissedReplies(t *testing.T) {
	w := NewWorld(SeedLayout(), 1)
	h := &fakeHarness{down: true}
	r := &firmwareRig{world: w, cal: armsim.SeedArm(), stop: make(chan struct{}), done: make(chan struct{})}
	go r.run(h, 2*time.Second)
	time.Sleep(200 * time.Millisecond)
	h.set(false) // answers again; the pump is on, so the vacuum rises
	deadline := time.Now().Add(5 * time.Second)
	for h.sent() == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if h.sent() == 0 {
		t.Fatal("the coupling set the vacuum sensor no more after the harness missed replies")
	}
	h.set(true)
	select {
	case <-r.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the coupling went on past its patience with a silent harness")
	}
	if err := w.Err(); err == nil || !strings.Contains(err.Error(), "coupling") || !strings.Contains(err.Error(), "no reply") {
		t.Errorf("the world's error is %v, want the coupling's cause", err)
	}
}
