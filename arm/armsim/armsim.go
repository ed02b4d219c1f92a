package armsim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"tengen/arm"
	"tengen/calibration"
	"tengen/kinematics"
	"tengen/rules"
)

// Version is what Status reports as the device's version.
const Version = "armsim 1"

// Config is the simulated hardware; zero fields take the defaults in
// brackets.
type Config struct {
	// Geometry and Servos are the true arm; usually the calibration's.
	Geometry kinematics.Geometry
	Servos   [3]calibration.Servo
	// ServoSpeed is how fast a servo turns toward its pulse [600°/s, the
	// typical 0.1 s per 60°].
	ServoSpeed float64
	// QueueSize is the motion queue's capacity, as on the firmware [16].
	QueueSize int
	// World holds the stones; nil is an empty world.
	World World
	// PickRadius is how far (mm) the nozzle tip may be from a stone's top
	// centre and still seal on it [4]; PlaceError the standard deviation
	// (mm, per axis) of where a released stone lands around the tip [0.3].
	PickRadius, PlaceError float64
	// Seed seeds the placement error.
	Seed uint64
	// VacuumHeld is the vacuum (kPa below ambient) with a stone sealing
	// the cup [40], VacuumOpen with an open cup [2], VacuumHold the least
	// that still holds a stone [5].
	VacuumHeld, VacuumOpen, VacuumHold float64
	// ValveStuck models a release valve that never opens: a released
	// stone then hangs on until the cup's vacuum leaks away (seconds).
	ValveStuck bool
	// GripLimit is how long the pump keeps running with a fault latched
	// [arm.GripLimit], as the firmware's limit.
	GripLimit time.Duration
	// RealTime runs the model on the wall clock; otherwise it runs on a
	// virtual clock that advances only while the caller waits (Drain, a
	// full Queue, Sleep, Advance), so tests of long moves finish at once.
	RealTime bool
}

// Sim is the simulated arm, an arm.Driver. It models servos that follow
// their pulses at a limited speed, the vacuum cup sealing on a stone the
// nozzle reaches, the stone dropping where the nozzle is (plus a small
// error) when the vacuum goes, the e-stop and latched faults.
type Sim struct {
	mu  sync.Mutex
	cfg Config
	rng *rand.Rand

	now     time.Duration // model time
	started time.Time     // wall time of model time 0 (RealTime)

	motion arm.Motion
	actual [3]float64 // where the servos are, in pulse units
	pump   bool
	load   rules.Color // as SetPump said; reported while the pump runs
	valve  bool
	vacuum float64
	held   rules.Color
	// carrier is the world told where a held stone is, if it listens.
	carrier Carrier
	faults  arm.Faults
	grip    arm.GripTimer
	estop   bool
	closed  bool
	events  []event
}

type event struct {
	at time.Duration
	do func(*Sim)
}

// tick is the model's time step.
const tick = time.Millisecond

// ErrClosed is returned after Close.
var ErrClosed = errors.New("armsim: closed")

// New returns a simulated arm resting at the pose whose pulses are given
// (typically the parking pose's; zero pulses mean no output yet, and the
// servos then jump to the first pulse sent).
func New(cfg Config, rest arm.Pulses) (*Sim, error) {
	if err := cfg.Geometry.Validate(); err != nil {
		return nil, fmt.Errorf("armsim: %w", err)
	}
	for i, s := range cfg.Servos {
		if s.USPerDegree == 0 || !(s.MinUS < s.MaxUS) {
			return nil, fmt.Errorf("armsim: servo %d: bad calibration %+v", i+1, s)
		}
	}
	if cfg.ServoSpeed <= 0 {
		cfg.ServoSpeed = 600
	}
	if cfg.QueueSize <= 0 {
		cfg.QueueSize = 16
	}
	if cfg.PickRadius <= 0 {
		cfg.PickRadius = 4
	}
	if cfg.PlaceError < 0 {
		return nil, fmt.Errorf("armsim: placement error %g mm, want ≥ 0", cfg.PlaceError)
	}
	if cfg.PlaceError == 0 {
		cfg.PlaceError = 0.3
	}
	if cfg.VacuumHeld <= 0 {
		cfg.VacuumHeld = 40
	}
	if cfg.VacuumOpen <= 0 {
		cfg.VacuumOpen = 2
	}
	if cfg.VacuumHold <= 0 {
		cfg.VacuumHold = 5
	}
	if cfg.GripLimit <= 0 {
		cfg.GripLimit = arm.GripLimit
	}
	s := &Sim{cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0xa5)), started: time.Now()}
	s.carrier, _ = cfg.World.(Carrier)
	for i := range 3 {
		s.actual[i] = float64(rest[i])
	}
	s.motion.Start(s.actual)
	return s, nil
}

// sync brings the model up to the wall clock in real-time mode.
func (s *Sim) sync() {
	if s.cfg.RealTime {
		s.advance(time.Since(s.started) - s.now)
	}
}

// advance runs the model for d.
func (s *Sim) advance(d time.Duration) {
	for end := s.now + d; s.now < end; {
		dt := min(tick, end-s.now)
		s.step(dt)
	}
}

func (s *Sim) step(dt time.Duration) {
	s.now += dt
	for len(s.events) > 0 && s.events[0].at <= s.now {
		e := s.events[0]
		s.events = s.events[1:]
		e.do(s)
	}
	if s.faults == 0 {
		s.motion.Advance(dt)
	}
	if s.grip.Expired(s.faults != 0 && s.pump, dt, s.cfg.GripLimit) {
		s.pump, s.valve = false, false
	}
	// The servos chase their pulses at their top speed.
	cmd := s.motion.Out()
	for i := range 3 {
		if cmd[i] == 0 { // no pulse: the servo is limp where it is
			continue
		}
		if s.actual[i] == 0 {
			s.actual[i] = cmd[i]
		}
		maxStep := s.cfg.ServoSpeed * math.Abs(s.cfg.Servos[i].USPerDegree) * dt.Seconds()
		s.actual[i] += math.Max(-maxStep, math.Min(maxStep, cmd[i]-s.actual[i]))
	}
	s.gripper(dt)
}

// tip is where the nozzle is, from the servos' actual positions.
func (s *Sim) tip() (kinematics.Vec3, bool) {
	var th kinematics.Joints
	for i, sv := range s.cfg.Servos {
		th[i] = (s.actual[i] - sv.ZeroUS) / sv.USPerDegree
	}
	p, err := s.cfg.Geometry.FK(th)
	return p, err == nil
}

// gripper models the cup: the pump pulls a vacuum toward VacuumHeld when
// a stone seals the cup and VacuumOpen when not; the valve vents it; a
// stone drops when, with the pump off or the valve open, the vacuum falls
// below VacuumHold.
func (s *Sim) gripper(dt time.Duration) {
	tip, ok := s.tip()
	if s.pump && !s.valve && s.held == rules.Empty && ok && s.cfg.World != nil {
		if c, got := s.cfg.World.Take(tip, s.cfg.PickRadius); got {
			s.held = c
		}
	}
	if s.carrier != nil && s.held != rules.Empty && ok {
		s.carrier.Carry(s.held, tip)
	}
	target, tau := 0.0, 0.05
	switch {
	case s.valve:
		target, tau = 0, 0.02
	case s.pump && s.held != rules.Empty:
		target, tau = s.cfg.VacuumHeld, 0.08
	case s.pump:
		target, tau = s.cfg.VacuumOpen, 0.05
	case s.held != rules.Empty:
		target, tau = 0, 3 // sealed with the pump off: a slow leak
	}
	s.vacuum += (target - s.vacuum) * (1 - math.Exp(-dt.Seconds()/tau))
	if s.held != rules.Empty && s.vacuum < s.cfg.VacuumHold && (!s.pump || s.valve) {
		at := tip
		at[0] += s.rng.NormFloat64() * s.cfg.PlaceError
		at[1] += s.rng.NormFloat64() * s.cfg.PlaceError
		if s.cfg.World != nil {
			s.cfg.World.Drop(s.held, at)
		}
		s.held = rules.Empty
	}
}

// latch records faults: motion stops where it is and the queue empties;
// the grip stays as it was (up to GripLimit), as the firmware does.
func (s *Sim) latch(f arm.Faults) {
	s.faults |= f
	s.motion.Halt()
}

func (s *Sim) check() error {
	if s.closed {
		return ErrClosed
	}
	return nil
}

// Queue implements arm.Driver.
func (s *Sim) Queue(ctx context.Context, sps ...arm.Setpoint) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sp := range sps {
		if err := s.check(); err != nil {
			return err
		}
		s.sync()
		if s.faults != 0 {
			return &arm.FaultError{Faults: s.faults}
		}
		for i, sv := range s.cfg.Servos {
			if float64(sp.Pulses[i]) < sv.MinUS || float64(sp.Pulses[i]) > sv.MaxUS || sp.Duration <= 0 {
				s.latch(arm.FaultBadSetpoint)
				return fmt.Errorf("armsim: setpoint %v over %v: %w", sp.Pulses, sp.Duration, &arm.FaultError{Faults: s.faults})
			}
		}
		for s.motion.Len() >= s.cfg.QueueSize {
			if err := s.wait(ctx); err != nil {
				return err
			}
			if s.faults != 0 {
				return &arm.FaultError{Faults: s.faults}
			}
		}
		s.motion.Push(sp)
	}
	return nil
}

// wait lets a little model time pass while the caller waits: in real time
// by sleeping with the lock released, on the virtual clock by advancing.
// When ctx ends, motion stops (the grip kept), as after any error.
func (s *Sim) wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		s.motion.Halt()
		return err
	}
	if !s.cfg.RealTime {
		s.advance(tick)
		return nil
	}
	s.mu.Unlock()
	select {
	case <-ctx.Done():
	case <-time.After(tick):
	}
	s.mu.Lock()
	if err := s.check(); err != nil {
		return err
	}
	s.sync()
	if err := ctx.Err(); err != nil {
		s.motion.Halt()
		return err
	}
	return nil
}

// Drain implements arm.Driver.
func (s *Sim) Drain(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(); err != nil {
		return err
	}
	s.sync()
	for s.motion.Len() > 0 && s.faults == 0 {
		if err := s.wait(ctx); err != nil {
			return err
		}
	}
	if s.faults != 0 {
		return &arm.FaultError{Faults: s.faults}
	}
	return nil
}

// SetPump implements arm.Driver. The pump cannot start while a fault is
// latched (one running may be kept on).
func (s *Sim) SetPump(on bool, load rules.Color) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(); err != nil {
		return err
	}
	s.sync()
	if on && !s.pump && s.faults != 0 {
		return &arm.FaultError{Faults: s.faults}
	}
	s.pump, s.load = on, load
	return nil
}

// SetValve implements arm.Driver.
func (s *Sim) SetValve(open bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(); err != nil {
		return err
	}
	s.sync()
	s.valve = open && !s.cfg.ValveStuck
	return nil
}

// Status implements arm.Driver.
func (s *Sim) Status(ctx context.Context) (arm.Status, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(); err != nil {
		return arm.Status{}, err
	}
	s.sync()
	var p arm.Pulses
	cmd := s.motion.Out()
	for i := range 3 {
		p[i] = uint16(math.Round(cmd[i]))
	}
	st := arm.Status{Queued: s.motion.Len(), Pulses: p, Vacuum: s.vacuum, Pump: s.pump, Valve: s.valve,
		Faults: s.faults, Version: Version}
	if s.pump {
		st.Load = s.load
	}
	return st, nil
}

// Stop implements arm.Driver: motion stops, the grip stays.
func (s *Sim) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(); err != nil {
		return err
	}
	s.sync()
	s.motion.Halt()
	return nil
}

// ClearFaults implements arm.Driver; a pressed e-stop stays latched.
func (s *Sim) ClearFaults() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.check(); err != nil {
		return err
	}
	s.sync()
	if s.estop {
		return fmt.Errorf("armsim: the e-stop is still pressed: %w", &arm.FaultError{Faults: arm.FaultEStop})
	}
	s.faults = 0
	return nil
}

// Close implements arm.Driver: the pump goes off, motion stops.
func (s *Sim) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.sync()
	s.motion.Halt()
	s.pump = false
	s.closed = true
	return nil
}

// Sleep lets d of model time pass: at once on the virtual clock.
func (s *Sim) Sleep(ctx context.Context, d time.Duration) error {
	if s.cfg.RealTime {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
			return nil
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.advance(d)
	return nil
}

// Now returns the model time since the simulator started.
func (s *Sim) Now() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sync()
	return s.now
}

// After schedules f to run inside the model d from now (model time), with
// the simulator locked: use it with the *Locked helpers, e.g.
// sim.After(300*time.Millisecond, armsim.PressEStop).
func (s *Sim) After(d time.Duration, f func(*Sim)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sync()
	e := event{at: s.now + d, do: f}
	i := len(s.events)
	for i > 0 && s.events[i-1].at > e.at {
		i--
	}
	s.events = append(s.events[:i], append([]event{e}, s.events[i:]...)...)
}

// PressEStop presses the emergency stop: motion stops at once and the
// fault latches until released and cleared. For use with After.
func PressEStop(s *Sim) {
	s.estop = true
	s.latch(arm.FaultEStop)
}

// SetEStop presses or releases the emergency stop now; a release leaves
// the fault latched until ClearFaults.
func (s *Sim) SetEStop(pressed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sync()
	if pressed {
		PressEStop(s)
	} else {
		s.estop = false
	}
}

// DropHeld lets the stone on the nozzle slip off where the nozzle is (a
// worn cup, a dusty stone): it falls onto the world and the vacuum reading
// falls to the open cup's. It reports whether a stone was held. For use
// with After.
func DropHeld(s *Sim) bool {
	if s.held == rules.Empty {
		return false
	}
	tip, _ := s.tip()
	if s.cfg.World != nil {
		s.cfg.World.Drop(s.held, tip)
	}
	s.held = rules.Empty
	s.vacuum = min(s.vacuum, s.cfg.VacuumOpen)
	return true
}

// Fault returns an event that latches the faults f. For use with After.
func Fault(f arm.Faults) func(*Sim) { return func(s *Sim) { s.latch(f) } }

// Tip returns where the nozzle tip actually is, from the servos' positions.
func (s *Sim) Tip() (kinematics.Vec3, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sync()
	p, ok := s.tip()
	if !ok {
		return p, errors.New("armsim: the servos' pose has no forward solution")
	}
	return p, nil
}

// Held returns the colour of the stone on the nozzle (Empty for none).
func (s *Sim) Held() rules.Color {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sync()
	return s.held
}
