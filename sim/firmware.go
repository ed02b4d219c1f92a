package sim

import (
	"context"
	"fmt"
	"math"
	"path/filepath"
	"sync"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/arm/serial"
	"tengen/calibration"
	"tengen/firmware/simavr"
	"tengen/kinematics"
	"tengen/rules"
)

// firmwareRig is the arm's device in --firmware mode: the real firmware
// running in simavr, driven by the real serial driver over the harness's
// pty, and coupled to the world by a loop that reads the servo pulses the
// harness measures (forward kinematics gives the nozzle tip), reads the
// pump and valve pins, seals the cup on the stone under the tip, drops it
// when the vacuum goes, and sets the vacuum sensor's voltage to match.
//
// Limits: the servos are taken to be where their pulses say (no servo lag
// or speed limit, unlike armsim); the coupling samples every few
// milliseconds of wall time, so the firmware must run paced to real time.
type firmwareRig struct {
	avr   *simavr.Sim
	world *World
	cal   calibration.Arm
	geo   kinematics.Geometry
	start time.Time

	mu      sync.Mutex
	tipAt   kinematics.Vec3 // the nozzle tip at the last sample
	tipOK   bool
	drop    bool // a drop fault waits for the next sample
	held    rules.Color
	vacuum  float64 // kPa below ambient
	drv     arm.Driver
	line    *lineProxy
	dropped func()

	stop, done chan struct{}
}

// Cup model, as armsim's defaults: kPa with a stone sealing the cup, with
// the cup open, and the least that holds a stone; how near (mm) the tip
// must come to a stone's top to seal on it.
const (
	fwVacuumHeld = 40.0
	fwVacuumOpen = 2.0
	fwVacuumHold = 5.0
	fwPickRadius = 4.0
	fwTick       = 4 * time.Millisecond
)

// sensorVolts is the vacuum sensor's output (MPXV6115V type, 5 V supply)
// at v kPa below ambient, as the firmware's driver converts it back.
func sensorVolts(v float64) float64 { return 5 * (0.92 - 0.007652*v) }

// startFirmware builds (into buildDir, cached there) and starts the
// firmware in simavr, couples it to w and opens the serial driver.
func startFirmware(ctx context.Context, buildDir string, w *World, cal calibration.Arm) (*firmwareRig, *serial.Driver, error) {
	if err := simavr.ToolsPresent(); err != nil {
		return nil, nil, fmt.Errorf("--firmware: %w", err)
	}
	buildDir, err := filepath.Abs(buildDir) // the firmware's Makefile runs in its own directory
	if err != nil {
		return nil, nil, err
	}
	b, err := simavr.BuildAll(ctx, buildDir)
	if err != nil {
		return nil, nil, fmt.Errorf("--firmware: building the firmware: %w", err)
	}
	avr, err := simavr.Start(b, false)
	if err != nil {
		return nil, nil, fmt.Errorf("--firmware: %w", err)
	}
	r := &firmwareRig{avr: avr, world: w, cal: cal, geo: kinematics.Geometry(cal.Geometry), start: time.Now(),
		stop: make(chan struct{}), done: make(chan struct{})}
	if err := avr.SetSensorVolts(sensorVolts(0)); err != nil {
		avr.Close()
		return nil, nil, err
	}
	go r.run(avr, couplingPatience)
	if r.line, err = newLineProxy(avr.PTY); err != nil {
		r.Close()
		return nil, nil, fmt.Errorf("--firmware: %w", err)
	}
	// On a loaded host the simulator may fall behind while the link
	// starts (a request after the handshake unanswered for half a
	// second): the driver connects again, as with homing below.
	var drv *serial.Driver
	for try := 0; try < 3; try++ {
		if drv, err = serial.Open(r.line.Path, serial.Options{}); err == nil {
			break
		}
	}
	if err != nil {
		r.Close()
		return nil, nil, fmt.Errorf("--firmware: %w", err)
	}
	r.drv = drv
	return r, drv, nil
}

// harness is what the coupling asks of the firmware simulator
// (simavr.Sim).
type harness interface {
	Pulses() ([3]simavr.Pulse, error)
	Outputs() (pump, valve, led bool, err error)
	SetSensorVolts(v float64) error
}

// couplingPatience is how long the coupling (run) keeps asking a harness
// that does not answer (a reply missed on a loaded host) before it gives up.
// It then stops the world with the cause: a coupling that just ended
// left the vacuum sensor at its last value, and the arm found a released
// stone still held, try after try.
const couplingPatience = 20 * time.Second

func (r *firmwareRig) run(h harness, patience time.Duration) {
	defer close(r.done)
	lastVolts := sensorVolts(0)
	last := time.Now()
	var failing time.Time // since when the harness has not answered
	for {
		select {
		case <-r.stop:
			return
		case <-time.After(fwTick):
		}
		ps, err := h.Pulses()
		var pump, valve bool
		if err == nil {
			pump, valve, _, err = h.Outputs()
		}
		if err != nil {
			if failing.IsZero() {
				failing = time.Now()
			}
			if time.Since(failing) < patience {
				continue
			}
			r.world.fail(fmt.Errorf("the firmware simulator's coupling to the world stopped: %w", err))
			return
		}
		failing = time.Time{}
		now := time.Now()
		dt := now.Sub(last).Seconds()
		last = now
		tip, ok := r.tip(ps)
		v := r.step(tip, ok, pump, valve, dt)
		// A setting the harness missed is sent again on the next tick.
		if volts := sensorVolts(v); math.Abs(volts-lastVolts) > 0.005 && h.SetSensorVolts(volts) == nil {
			lastVolts = volts
		}
	}
}

// tip is the nozzle tip for the measured pulses, if the servos run.
func (r *firmwareRig) tip(ps [3]simavr.Pulse) (kinematics.Vec3, bool) {
	var th kinematics.Joints
	for i, s := range r.cal.Servos {
		if ps[i].Count == 0 {
			return kinematics.Vec3{}, false
		}
		th[i] = (ps[i].LastMicros() - s.ZeroUS) / s.USPerDegree
	}
	p, err := r.geo.FK(th)
	return p, err == nil
}

// step advances the cup by dt seconds and returns the vacuum.
func (r *firmwareRig) step(tip kinematics.Vec3, ok, pump, valve bool, dt float64) float64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.tipAt, r.tipOK = tip, ok
	if r.drop && r.held != rules.Empty && ok {
		r.world.Drop(r.held, tip) // the stone slips off: the vacuum falls
		r.held, r.vacuum, r.drop = rules.Empty, min(r.vacuum, fwVacuumOpen), false
		if r.dropped != nil {
			r.dropped()
		}
	}
	if pump && !valve && r.held == rules.Empty && ok {
		if c, got := r.world.Take(tip, fwPickRadius); got {
			r.held = c
		}
	}
	if r.held != rules.Empty && ok {
		r.world.Carry(r.held, tip)
	}
	target, tau := 0.0, 0.05
	switch {
	case valve:
		target, tau = 0, 0.02
	case pump && r.held != rules.Empty:
		target, tau = fwVacuumHeld, 0.08
	case pump:
		target, tau = fwVacuumOpen, 0.05
	case r.held != rules.Empty:
		target, tau = 0, 3
	}
	r.vacuum += (target - r.vacuum) * (1 - math.Exp(-dt/tau))
	if r.held != rules.Empty && r.vacuum < fwVacuumHold && (!pump || valve) && ok {
		r.world.Drop(r.held, tip)
		r.held = rules.Empty
	}
	return r.vacuum
}

// Now is the rig's clock for cycle times: wall time, as the firmware
// runs paced to it.
func (r *firmwareRig) Now() time.Duration { return time.Since(r.start) }

// Held returns the colour of the stone on the nozzle.
func (r *firmwareRig) Held() rules.Color {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.held
}

// Tip returns where the nozzle tip is, from the last measured pulses.
func (r *firmwareRig) Tip() (kinematics.Vec3, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.tipOK {
		return r.tipAt, fmt.Errorf("the servos' pulses have no forward solution")
	}
	return r.tipAt, nil
}

// SetEStop opens (pressed) or closes the e-stop switch at the firmware's pin.
func (r *firmwareRig) SetEStop(pressed bool) { r.avr.SetEStop(pressed) }

// Sleep waits d of wall time: the firmware runs paced to it.
func (r *firmwareRig) Sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// Status and SetValve reach the firmware through the serial driver.
func (r *firmwareRig) Status(ctx context.Context) (arm.Status, error) { return r.drv.Status(ctx) }
func (r *firmwareRig) SetValve(open bool) error                       { return r.drv.SetValve(open) }

func (r *firmwareRig) pressAfter(d time.Duration, fired func()) {
	time.AfterFunc(d, func() {
		if r.avr.SetEStop(true) == nil {
			fired()
		}
	})
}

func (r *firmwareRig) lineAfter(fault string, d time.Duration, fired func()) {
	time.AfterFunc(d, func() {
		switch fault {
		case FaultSerialFlip:
			r.line.Flip(1)
		case FaultSerialDrop:
			r.line.Drop(1)
		case FaultSerialStall:
			r.line.Stall(700 * time.Millisecond)
		}
		fired()
	})
}

func (r *firmwareRig) unplugAfter(d, outage time.Duration, fired func()) {
	time.AfterFunc(d, func() {
		r.line.Unplug(outage)
		fired()
	})
}

func (r *firmwareRig) resetAfter(d time.Duration, fired func()) {
	time.AfterFunc(d, func() {
		if r.avr.Reset() == nil {
			fired()
		}
	})
}

func (r *firmwareRig) dropAfter(d time.Duration, fired func()) {
	time.AfterFunc(d, func() {
		r.mu.Lock()
		if r.held != rules.Empty {
			r.drop, r.dropped = true, fired
		}
		r.mu.Unlock()
	})
}

// Close stops the coupling and the harness.
func (r *firmwareRig) Close() error {
	select {
	case <-r.stop:
	default:
		close(r.stop)
	}
	<-r.done
	if r.line != nil {
		r.line.Close()
	}
	return r.avr.Close()
}

// NewFirmwareRobot is NewRobotIn with the real firmware in simavr as the
// arm's device (built into buildDir).
func NewFirmwareRobot(ctx context.Context, w *World, buildDir string, cam Camera) (*Robot, error) {
	cal := armsim.SeedArm()
	rig, drv, err := startFirmware(ctx, buildDir, w, cal)
	if err != nil {
		return nil, err
	}
	a, err := arm.New(drv, cal, arm.Options{StoneHeight: StoneHeight})
	if err != nil {
		drv.Close()
		rig.Close()
		return nil, err
	}
	// A loaded host may miss the MCU's deadline while the link starts:
	// homing clears the fault and tries again.
	for try := 0; try < 3; try++ {
		if err = a.Home(ctx); err == nil {
			break
		}
	}
	if err != nil {
		a.Close()
		rig.Close()
		return nil, fmt.Errorf("homing the arm on the firmware: %w", err)
	}
	r := newRobot(w, a, cam)
	r.rig, r.dev, r.hand = rig, rig, &timedHand{Hand: arm.Hand{Arm: a}, clock: rig}
	return r, nil
}
