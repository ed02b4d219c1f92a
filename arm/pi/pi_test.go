package pi

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/conn/v3/physic"

	"tengen/arm"
	"tengen/calibration"
	"tengen/rules"
)

// chips is a register-level fake of the two chips on the bus: the
// PCA9685's register file with auto-increment, and the ADS1115's config
// and conversion registers reading a settable voltage (gain ±4.096 V).
type chips struct {
	mu    sync.Mutex
	pca   [256]byte
	volts float64
}

func (c *chips) String() string                  { return "fake PCA9685+ADS1115" }
func (c *chips) SetSpeed(physic.Frequency) error { return nil }

func (c *chips) Tx(addr uint16, w, r []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch addr {
	case 0x40:
		if len(w) == 0 {
			return errors.New("PCA9685: no register")
		}
		reg := int(w[0])
		for i, b := range w[1:] {
			c.pca[(reg+i)&0xff] = b
		}
		for i := range r {
			r[i] = c.pca[(reg+i)&0xff]
		}
		return nil
	case 0x48:
		if len(w) > 0 && w[0] == 0 && len(r) == 2 {
			binary.BigEndian.PutUint16(r, uint16(int16(math.Round(c.volts/4.096*32768))))
		}
		return nil
	}
	return errors.New("no device at that address")
}

// channelOff returns the OFF count programmed on a PCA9685 channel.
func (c *chips) channelOff(ch int) (on, off uint16) {
	c.mu.Lock()
	defer c.mu.Unlock()
	base := 6 + 4*ch
	return uint16(c.pca[base]) | uint16(c.pca[base+1])<<8, uint16(c.pca[base+2]) | uint16(c.pca[base+3])<<8
}

type rig struct {
	drv                *Driver
	chips              *chips
	rec                *i2ctest.Record
	pump, valve, estop *gpiotest.Pin
}

var servo = calibration.Servo{ZeroUS: 1000, USPerDegree: 2000.0 / 180, MinUS: 500, MaxUS: 2500}

func open(t *testing.T) *rig { return openAt(t, 0) }

func openAt(t *testing.T, hz int) *rig { return openWith(t, hz, 0) }

func openWith(t *testing.T, hz int, gripLimit time.Duration) *rig {
	t.Helper()
	c := &chips{volts: 3.07}
	r := &rig{chips: c, rec: &i2ctest.Record{Bus: c},
		pump: &gpiotest.Pin{N: "GPIO17"}, valve: &gpiotest.Pin{N: "GPIO27"}, estop: &gpiotest.Pin{N: "GPIO22"}}
	r.valve.L = gpio.High // whatever it was before
	d, err := Open(Config{Bus: r.rec, Pump: r.pump, Valve: r.valve, EStop: r.estop,
		Servos: [3]calibration.Servo{servo, servo, servo}, Frame: 5 * time.Millisecond, PWMHz: hz, GripLimit: gripLimit})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if r.pump.Read() != gpio.Low || r.valve.Read() != gpio.Low {
		t.Fatal("pump or valve not off after Open")
	}
	if r.estop.Pull() != gpio.PullUp {
		t.Fatal("e-stop input without pull-up")
	}
	r.estop.Out(gpio.Low) // switch closed: not stopped
	r.drv = d
	return r
}

func TestServoPulses(t *testing.T) {
	r := open(t)
	ctx := context.Background()
	// The PCA9685 runs at 50 Hz: prescaler 122 (one count = 4.92 µs).
	if got := r.chips.pca[0xfe]; got != 122 {
		t.Fatalf("prescaler %d, want 122", got)
	}
	want := arm.Pulses{1500, 1211, 2089}
	if err := r.drv.Queue(ctx, arm.Setpoint{Pulses: want, Duration: 30 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if err := r.drv.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(15 * time.Millisecond) // one more frame
	for i, us := range want {
		on, off := r.chips.channelOff(i)
		counts := uint16(math.Round(float64(us) * 25 / 123))
		if on != 0 || off != counts {
			t.Errorf("servo %d: %d µs programmed as on=%d off=%d, want off=%d", i+1, us, on, off, counts)
		}
		// Within half a count of the asked pulse.
		if d := math.Abs(float64(off)*123/25 - float64(us)); d > 123.0/25/2 {
			t.Errorf("servo %d: %d counts is %.1f µs off", i+1, off, d)
		}
	}
	// The last writes on the bus are the channel registers, auto-incremented.
	found := false
	for _, op := range r.rec.Ops {
		if op.Addr == 0x40 && len(op.W) == 5 && op.W[0] == 6 {
			c := uint16(math.Round(1500 * 25.0 / 123))
			if op.W[3] == byte(c) && op.W[4] == byte(c>>8) {
				found = true
			}
		}
	}
	if !found {
		t.Error("no write of LED0_ON_L..LED0_OFF_H with 1500 µs recorded")
	}
	st, err := r.drv.Status(ctx)
	if err != nil || st.Pulses != want || st.Queued != 0 || st.Version != Version {
		t.Errorf("status %+v, %v", st, err)
	}
	// A move interpolates: midway the output lies between the ends.
	to := arm.Pulses{1700, 1411, 1889}
	r.drv.Queue(ctx, arm.Setpoint{Pulses: to, Duration: 200 * time.Millisecond})
	time.Sleep(100 * time.Millisecond)
	st, _ = r.drv.Status(ctx)
	for i := range 3 {
		lo, hi := min(want[i], to[i]), max(want[i], to[i])
		if st.Pulses[i] <= lo || st.Pulses[i] >= hi {
			t.Errorf("servo %d at %d µs midway between %d and %d", i+1, st.Pulses[i], want[i], to[i])
		}
	}
	r.drv.Drain(ctx)
	// Out-of-range pulses are refused and latch a fault.
	err = r.drv.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 2600, 1500}, Duration: time.Millisecond * 20})
	var fe *arm.FaultError
	if !errors.As(err, &fe) || fe.Faults != arm.FaultBadSetpoint {
		t.Errorf("bad pulse: %v", err)
	}
	if err := r.drv.ClearFaults(); err != nil {
		t.Fatal(err)
	}
}

func TestGripperAndSensor(t *testing.T) {
	r := open(t)
	ctx := context.Background()
	if err := r.drv.SetPump(true, rules.Empty); err != nil {
		t.Fatal(err)
	}
	if err := r.drv.SetValve(true); err != nil {
		t.Fatal(err)
	}
	if r.pump.Read() != gpio.High || r.valve.Read() != gpio.High {
		t.Error("pump or valve pin not high when on")
	}
	r.chips.mu.Lock()
	r.chips.volts = 2.05 // ≈ 40 kPa of vacuum
	r.chips.mu.Unlock()
	st, err := r.drv.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := (3.07 - 2.05) * 39.2; math.Abs(st.Vacuum-want) > 0.1 {
		t.Errorf("vacuum %.2f kPa, want %.2f", st.Vacuum, want)
	}
	if !st.Pump || !st.Valve {
		t.Errorf("status %+v", st)
	}
}

func TestEStop(t *testing.T) {
	r := open(t)
	ctx := context.Background()
	r.drv.SetPump(true, rules.Empty)
	r.drv.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}, Duration: 20 * time.Millisecond},
		arm.Setpoint{Pulses: arm.Pulses{2000, 2000, 2000}, Duration: time.Second})
	time.Sleep(60 * time.Millisecond)
	r.estop.Out(gpio.High) // switch opened
	err := r.drv.Drain(ctx)
	var fe *arm.FaultError
	if !errors.As(err, &fe) || fe.Faults&arm.FaultEStop == 0 {
		t.Fatalf("drain with the e-stop pressed: %v", err)
	}
	if r.pump.Read() != gpio.High || r.valve.Read() != gpio.Low {
		t.Error("the grip not kept through the e-stop: a held stone falls")
	}
	st, _ := r.drv.Status(ctx)
	time.Sleep(30 * time.Millisecond)
	st2, _ := r.drv.Status(ctx)
	if st.Queued != 0 || st.Pulses != st2.Pulses || st.Pulses[0] >= 1900 {
		t.Errorf("motion went on after the e-stop: %+v then %+v", st, st2)
	}
	if err := r.drv.SetPump(true, rules.Black); err != nil {
		t.Errorf("keeping the pump on with the e-stop latched: %v", err)
	}
	if st, _ := r.drv.Status(ctx); st.Load != rules.Black {
		t.Errorf("load %v with the pump on, want black", st.Load)
	}
	if err := r.drv.SetPump(false, rules.Empty); err != nil {
		t.Fatal(err)
	}
	if st, _ := r.drv.Status(ctx); st.Load != rules.Empty {
		t.Errorf("load %v with the pump off, want none", st.Load)
	}
	if err := r.drv.SetPump(true, rules.Empty); err == nil {
		t.Error("pump started with the e-stop latched")
	}
	if err := r.drv.ClearFaults(); err == nil {
		t.Error("faults cleared with the e-stop pressed")
	}
	r.estop.Out(gpio.Low)
	if err := r.drv.ClearFaults(); err != nil {
		t.Fatal(err)
	}

	if err := r.drv.Close(); err != nil {
		t.Fatal(err)
	}
	if r.pump.Read() != gpio.Low {
		t.Error("pump on after Close")
	}
	if _, err := r.drv.Status(ctx); err == nil {
		t.Error("status after Close")
	}
}

// TestGripLimit: with a fault latched the pump runs on only up to the
// grip limit.
func TestGripLimit(t *testing.T) {
	r := openWith(t, 0, 100*time.Millisecond)
	r.drv.SetPump(true, rules.Empty)
	r.estop.Out(gpio.High)
	time.Sleep(40 * time.Millisecond)
	if r.pump.Read() != gpio.High {
		t.Fatal("pump off at once after the e-stop")
	}
	deadline := time.Now().Add(2 * time.Second)
	for r.pump.Read() == gpio.High && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if st, _ := r.drv.Status(context.Background()); r.pump.Read() != gpio.Low || st.Pump || st.Valve {
		t.Errorf("past the grip limit: pump pin %v, %+v; want off", r.pump.Read(), st)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(Config{}); err == nil {
		t.Error("empty config accepted")
	}
	p := &gpiotest.Pin{N: "X"}
	bad := servo
	bad.MaxUS = 30000
	if _, err := Open(Config{Bus: &chips{}, Pump: p, Valve: p, EStop: p, Servos: [3]calibration.Servo{servo, bad, servo}}); err == nil {
		t.Error("pulse range beyond a frame accepted")
	}
	// Off a Pi there is no GPIO17: a clear error, nothing left open.
	d, err := OpenHost([3]calibration.Servo{servo, servo, servo}, Sensor{})
	switch {
	case err == nil:
		t.Log("OpenHost succeeded: this is a Raspberry Pi")
		d.Close()
	case !strings.HasPrefix(err.Error(), "pi: "):
		t.Errorf("OpenHost error %q does not say where it comes from", err)
	default:
		t.Logf("off a Pi: %v", err)
	}
}

func TestCancelStops(t *testing.T) {
	r := open(t)
	ctx, cancel := context.WithCancel(context.Background())
	r.drv.SetPump(true, rules.Empty)
	r.drv.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}, Duration: time.Second})
	go func() { time.Sleep(30 * time.Millisecond); cancel() }()
	if err := r.drv.Drain(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("drain: %v", err)
	}
	st, _ := r.drv.Status(context.Background())
	if st.Queued != 0 || !st.Pump || r.pump.Read() != gpio.High {
		t.Errorf("after a cancelled drain: %+v, pump pin %v; want stopped, the grip kept", st, r.pump.Read())
	}
}

// TestFasterFrames: at 200 Hz the prescaler is 31 and a count 1.28 µs.
func TestFasterFrames(t *testing.T) {
	r := openAt(t, 200)
	ctx := context.Background()
	if got := r.chips.pca[0xfe]; got != 31 {
		t.Fatalf("prescaler %d, want 31", got)
	}
	r.drv.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1501, 1502}, Duration: 10 * time.Millisecond})
	r.drv.Drain(ctx)
	time.Sleep(15 * time.Millisecond)
	for i, us := range []float64{1500, 1501, 1502} {
		_, off := r.chips.channelOff(i)
		if want := uint16(math.Round(us * 25 / 32)); off != want {
			t.Errorf("servo %d: %g µs as %d counts, want %d", i+1, us, off, want)
		}
	}
	p := &gpiotest.Pin{N: "X"}
	if _, err := Open(Config{Bus: &chips{}, Pump: p, Valve: p, EStop: p, Servos: [3]calibration.Servo{servo, servo, servo}, PWMHz: 500}); err == nil {
		t.Error("500 Hz accepted")
	}
}

// deadBus is a bus on which no chip answers.
type deadBus struct{ chips }

func (b *deadBus) Tx(addr uint16, w, r []byte) error { return errors.New("no ACK") }

// TestRestartAdoptsTheStone: a run that dies leaves the pump running and
// the PCA9685 sending its last pulses. The next run keeps the stone, knows
// its colour from the load file and starts moving from the arm's pose.
// Anything less is not adopted.
func TestRestartAdoptsTheStone(t *testing.T) {
	ctx := context.Background()
	pose := arm.Pulses{1400, 1600, 1700}
	tests := []struct {
		name     string
		pumpOn   bool                   // at the crash
		noFile   bool                   // the load file gone (a restart outside the unit)
		chip     func(c *chips)         // what happened to the PCA9685 since
		bus      func(c *chips) i2c.Bus // the bus the next run opens
		wantLoad rules.Color
		wantPose bool
		wantErr  bool
	}{
		{name: "holding white", pumpOn: true, wantLoad: rules.White, wantPose: true},
		{name: "pump off at the crash", wantPose: true},
		{name: "no colour written", pumpOn: true, noFile: true, wantPose: true},
		{name: "chip asleep (power cut)", pumpOn: true, wantLoad: rules.White,
			chip: func(c *chips) { c.pca[0] |= 0x10 }},
		{name: "chip at another frame rate", pumpOn: true, wantLoad: rules.White,
			chip: func(c *chips) { c.pca[0xfe] = 31 }},
		{name: "a servo without pulses", pumpOn: true, wantLoad: rules.White,
			chip: func(c *chips) { c.pca[6+4*1+3] = 0x10 }}, // channel 1 full off
		{name: "dead bus", pumpOn: true, wantErr: true,
			bus: func(c *chips) i2c.Bus { return &deadBus{} }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := &chips{volts: 3.07}
			pump, valve, estop := &gpiotest.Pin{N: "GPIO17"}, &gpiotest.Pin{N: "GPIO27"}, &gpiotest.Pin{N: "GPIO22"}
			cfg := Config{Bus: c, Pump: pump, Valve: valve, EStop: estop, Servos: [3]calibration.Servo{servo, servo, servo},
				Frame: 5 * time.Millisecond, LoadFile: filepath.Join(t.TempDir(), "arm-load")}
			first, err := Open(cfg)
			if err != nil {
				t.Fatal(err)
			}
			estop.Out(gpio.Low) // switch closed: not stopped
			first.ClearFaults()
			if err := first.Queue(ctx, arm.Setpoint{Pulses: pose, Duration: 20 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
			first.Drain(ctx)
			time.Sleep(3 * cfg.Frame) // the last frame written
			if err := first.SetPump(true, rules.White); err != nil {
				t.Fatal(err)
			}
			if tc.pumpOn {
				if got := readLoad(cfg.LoadFile); got != rules.White {
					t.Fatalf("load file says %v with a white stone held", got)
				}
			} else {
				// Cut between the pump stopping and the file going.
				first.SetPump(false, rules.Empty)
				os.WriteFile(cfg.LoadFile, []byte("white\n"), 0o600)
			}
			// The program dies: its loop stops, the pins and chips stay.
			close(first.done)
			first.wg.Wait()
			if tc.noFile {
				os.Remove(cfg.LoadFile)
			}
			if tc.chip != nil {
				tc.chip(c)
			}
			var offs [3]uint16
			for i := range offs {
				_, offs[i] = c.channelOff(i)
			}
			if tc.bus != nil {
				cfg.Bus = tc.bus(c)
			}

			d, err := Open(cfg)
			if tc.wantErr {
				if err == nil {
					d.Close()
					t.Fatal("opened on a dead bus")
				}
				if pump.Read() != gpio.Low || readLoad(cfg.LoadFile) != rules.Empty {
					t.Errorf("after a failed Open: pump %v, load file %v; want off and gone (nothing can carry the stone)", pump.Read(), readLoad(cfg.LoadFile))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			estop.Out(gpio.Low)
			d.ClearFaults()
			st, err := d.Status(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if on := pump.Read() == gpio.High; on != tc.pumpOn || st.Pump != tc.pumpOn || st.Load != tc.wantLoad {
				t.Errorf("pump pin on %v, status pump %v load %v; want %v, %v", on, st.Pump, st.Load, tc.pumpOn, tc.wantLoad)
			}
			if got := readLoad(cfg.LoadFile); got != tc.wantLoad {
				t.Errorf("load file says %v, want %v", got, tc.wantLoad)
			}
			if !tc.wantPose {
				if st.Pulses != (arm.Pulses{}) {
					t.Errorf("pose %v adopted from a chip that does not send it", st.Pulses)
				}
				return
			}
			for i := range 3 {
				if diff := int(st.Pulses[i]) - int(pose[i]); diff < -3 || diff > 3 {
					t.Errorf("adopted pose %v, want %v", st.Pulses, pose)
				}
				if _, off := c.channelOff(i); off != offs[i] {
					t.Errorf("servo %d: %d counts after Open, %d before: the arm moved", i+1, off, offs[i])
				}
			}
			// The first move starts from the pose rather than jumping to
			// its end.
			d.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}, Duration: 10 * time.Second})
			time.Sleep(10 * cfg.Frame)
			if st, _ := d.Status(ctx); st.Pulses[2] < 1600 {
				t.Errorf("servo 3 at %d µs soon after a 10 s move from 1700 to 1500 began: it jumped", st.Pulses[2])
			}
			d.Stop()
			if err := d.Close(); err != nil {
				t.Fatal(err)
			}
			if pump.Read() != gpio.Low || readLoad(cfg.LoadFile) != rules.Empty {
				t.Error("pump on or the colour still written after Close")
			}
		})
	}
}
