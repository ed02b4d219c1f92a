package arm

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"tengen/calibration"
	"tengen/i18n/errmsg"
	"tengen/kinematics"
	"tengen/rules"
)

// Errors an operation can wrap; a *FaultError reports a device fault.
var (
	ErrMissedPick = errors.New("no stone picked")
	ErrStoneStuck = errors.New("stone still on the nozzle after release")
	ErrStoneFell  = errors.New("the stone fell from the nozzle on the way")
	ErrNotHolding = errors.New("not holding a stone")
	ErrHolding    = errors.New("already holding a stone")
	// ErrUnknownStone: Home found a stone on the nozzle and nothing tells
	// its colour (the program restarted while the arm held it), so no bowl
	// to put it in: a person takes it off.
	ErrUnknownStone = errors.New("a stone of unknown colour is on the nozzle")
	ErrStopped      = errors.New("stopped")
	ErrNotHomed     = errors.New("position unknown: home the arm first")
	ErrClosed       = errors.New("arm closed")
)

// Options tune the arm; zero fields take the defaults in brackets.
type Options struct {
	// Limits gives each joint's speed and acceleration
	// [kinematics.TypicalServo]; the joint range always comes from the
	// servos' pulse limits in the calibration.
	Limits kinematics.Limits
	// Step is the spacing of joint setpoints sent to the device [20 ms].
	Step time.Duration
	// BoardSize is the board's lines per side [15].
	BoardSize int
	// StoneHeight is a stone's thickness [8 mm].
	StoneHeight float64
	// PumpSettle is the longest the pump runs on a spot waiting for the
	// vacuum to show a stone [300 ms]; the vacuum is read every VacuumPoll
	// [50 ms] and the pick goes on as soon as it does. Release is how long
	// the valve vents [250 ms], always in full, so the stone has fallen
	// before the nozzle leaves.
	PumpSettle, VacuumPoll, Release time.Duration
	// SearchTries is how many more places a missed pick tries [6; < 0 for
	// none], on
	// rings SearchRadius apart [4 mm] around the first, lifting SearchLift
	// [5 mm] between tries.
	SearchTries              int
	SearchRadius, SearchLift float64
	// HomeDuration is how long the first move takes when the arm's pose is
	// unknown at Home [2 s].
	HomeDuration time.Duration
	// LeadIn holds the arm still at the start of each move [60 ms; < 0 for
	// none], so a driver that streams setpoints over a link (the serial
	// firmware) has the device's queue filled before motion starts and a
	// slow link does not run it dry mid-move.
	LeadIn time.Duration
}

func (o *Options) defaults() {
	if o.Limits == (kinematics.Limits{}) {
		o.Limits = kinematics.TypicalServo
	}
	if o.Step <= 0 {
		o.Step = kinematics.DefaultStep
	}
	if o.BoardSize == 0 {
		o.BoardSize = rules.DefaultSize
	}
	if o.StoneHeight <= 0 {
		o.StoneHeight = 8
	}
	if o.PumpSettle <= 0 {
		o.PumpSettle = 300 * time.Millisecond
	}
	if o.VacuumPoll <= 0 {
		o.VacuumPoll = 50 * time.Millisecond
	}
	if o.Release <= 0 {
		o.Release = 250 * time.Millisecond
	}
	switch {
	case o.SearchTries == 0:
		o.SearchTries = 6
	case o.SearchTries < 0:
		o.SearchTries = 0
	}
	if o.SearchRadius <= 0 {
		o.SearchRadius = 4
	}
	if o.SearchLift <= 0 {
		o.SearchLift = 5
	}
	if o.HomeDuration <= 0 {
		o.HomeDuration = 2 * time.Second
	}
	switch {
	case o.LeadIn == 0:
		o.LeadIn = 60 * time.Millisecond
	case o.LeadIn < 0:
		o.LeadIn = 0
	}
}

// Target is a place the arm can move to: a board point, or a spot off
// one, or a bowl.
type Target struct {
	bowl  rules.Color // Empty for a board point
	point rules.Point
	off   [2]float64 // grid steps off the point, along StepX and StepY
}

// BoardPoint is the target at intersection p; Bowl is the bowl of colour c.
func BoardPoint(p rules.Point) Target { return Target{point: p} }
func Bowl(c rules.Color) Target       { return Target{bowl: c} }

// maxOff is how far off its point (grid steps, either way) a target may
// lie: nearer that point than any other.
const maxOff = 0.5

// Off is t moved dx grid steps along the board's rows (toward column o)
// and dy along its columns (toward row 15): where a stone lies that was
// pushed or fell off its point (the camera sees where, see
// vision.StoneCentre).
func (t Target) Off(dx, dy float64) Target {
	t.off = [2]float64{t.off[0] + dx, t.off[1] + dy}
	return t
}

func (t Target) String() string {
	if t.bowl != rules.Empty {
		return "the " + t.bowl.String() + " bowl"
	}
	if t.off != [2]float64{} {
		return fmt.Sprintf("%s%+.2f%+.2f", t.point, t.off[0], t.off[1])
	}
	return t.point.String()
}

// Arm is the robot arm: pick-and-place on top of a Driver. Its methods run
// one at a time; Stop may be called at any moment from anywhere.
type Arm struct {
	drv     Driver
	cal     calibration.Arm
	geo     kinematics.Geometry
	lim     kinematics.Limits
	opt     Options
	us      [3]float64 // µs per degree of each servo
	layout  kinematics.Layout
	stopped atomic.Bool

	mu      sync.Mutex // serialises operations
	lmu     sync.Mutex // guards layout against Layout while MoveBoard writes it (moves hold mu)
	cmu     sync.Mutex // guards cancel
	cancel  context.CancelFunc
	homed   bool
	pos     kinematics.Vec3
	pulses  Pulses
	pump    bool // as last commanded
	holding bool
	// carry is the colour of the stone on the nozzle, or being picked
	// with the pump on, kept through a failure (the device keeps its
	// grip) for Home to take it back to its bowl; Empty when the nozzle
	// is empty or released.
	carry rules.Color
	// heldAtFail: the arm held a stone when an operation failed since
	// HeldAtFailure was last read (the stone is then on the nozzle, back
	// in its bowl if Unloaded says so, or fell where the arm was); read
	// and cleared by HeldAtFailure, cleared by a pick.
	heldAtFail bool
	// unloaded is the colour of the last stone Home found on the nozzle
	// and put back in its bowl; read and cleared by Unloaded.
	unloaded rules.Color
	closed   bool
}

// New returns the arm driven by drv with the calibration cal. It checks
// the calibration: servo mappings, and that the board, both bowls and the
// parking spot lie in reach within the servos' pulse limits.
func New(drv Driver, cal calibration.Arm, opt Options) (*Arm, error) {
	opt.defaults()
	a := &Arm{drv: drv, cal: cal, geo: kinematics.Geometry(cal.Geometry), opt: opt}
	if err := a.geo.Validate(); err != nil {
		return nil, fmt.Errorf("arm: calibration: %w", err)
	}
	lim := opt.Limits
	var us [3]float64
	for i, s := range cal.Servos {
		if s.USPerDegree == 0 || !finite(s.USPerDegree) || !finite(s.ZeroUS) {
			return nil, fmt.Errorf("arm: calibration: servo %d: zero_us %g, us_per_degree %g: want finite numbers, us_per_degree ≠ 0", i+1, s.ZeroUS, s.USPerDegree)
		}
		if !(s.MinUS >= 0 && s.MinUS < s.MaxUS && s.MaxUS <= math.MaxUint16) {
			return nil, fmt.Errorf("arm: calibration: servo %d: pulse range [%g, %g] µs is not a range within 0–65535", i+1, s.MinUS, s.MaxUS)
		}
		lo, hi := (s.MinUS-s.ZeroUS)/s.USPerDegree, (s.MaxUS-s.ZeroUS)/s.USPerDegree
		lim.Min[i], lim.Max[i] = math.Min(lo, hi), math.Max(lo, hi)
		us[i] = s.USPerDegree
	}
	if err := lim.Validate(); err != nil {
		return nil, fmt.Errorf("arm: %w", err)
	}
	a.lim = lim
	if !(cal.VacuumThreshold > 0) {
		return nil, fmt.Errorf("arm: calibration: vacuum_threshold %g kPa, want > 0", cal.VacuumThreshold)
	}
	if cal.PlaceHeight < opt.StoneHeight {
		return nil, fmt.Errorf("arm: calibration: place_height %g mm is below a stone's height (%g mm): the stone would hit the board", cal.PlaceHeight, opt.StoneHeight)
	}
	if !(cal.Clearance > 0) {
		return nil, fmt.Errorf("arm: calibration: clearance %g mm, want > 0", cal.Clearance)
	}
	a.us = us
	l, err := a.checkLayout(kinematics.Vec3(cal.BoardA1), kinematics.Vec3(cal.BoardStepX), kinematics.Vec3(cal.BoardStepY))
	if err != nil {
		return nil, err
	}
	a.layout = l
	return a, nil
}

// checkLayout builds the layout with the board at a1, stepX, stepY and
// checks that all of it lies in reach.
func (a *Arm) checkLayout(a1, stepX, stepY kinematics.Vec3) (kinematics.Layout, error) {
	cal := a.cal
	l := kinematics.Layout{
		Size: a.opt.BoardSize, A1: a1, StepX: stepX, StepY: stepY,
		BlackBowl: kinematics.Vec3(cal.BlackBowl), WhiteBowl: kinematics.Vec3(cal.WhiteBowl),
		Park: kinematics.Vec3(cal.Park),
	}
	// Travel so that a held stone clears the tallest stone anywhere on the
	// board (a plane: its corners bound it) and the bowls' heaps.
	top := math.Max(cal.BlackBowl[2], cal.WhiteBowl[2])
	n := a.opt.BoardSize - 1
	for _, c := range []rules.Point{{X: 0, Y: 0}, {X: n, Y: 0}, {X: 0, Y: n}, {X: n, Y: n}} {
		top = math.Max(top, l.Intersection(c)[2]+a.opt.StoneHeight)
	}
	l.TravelZ = top + a.opt.StoneHeight + cal.Clearance
	rep, err := a.geo.Workspace(a.lim, a.us, l, 0)
	if err != nil {
		return l, fmt.Errorf("arm: %w", err)
	}
	if !rep.OK {
		for _, p := range rep.Places {
			if !p.OK {
				return l, fmt.Errorf("arm: calibration: %s at (%.1f, %.1f, %.1f) is out of reach: %s", p.Name, p.At[0], p.At[1], p.At[2], p.Error)
			}
		}
	}
	return l, nil
}

// MoveBoard tells the arm that the board now lies at a1 (its first
// point), stepping by stepX along a row and stepY along a column, in the
// arm's frame: the camera found it there after it was bumped. Later moves
// go to the new points; a board moved out of reach is refused.
func (a *Arm) MoveBoard(a1, stepX, stepY kinematics.Vec3) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	l, err := a.checkLayout(a1, stepX, stepY)
	if err != nil {
		return err
	}
	a.lmu.Lock()
	a.layout = l
	a.lmu.Unlock()
	return nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Layout returns where the arm works, in its own frame.
func (a *Arm) Layout() kinematics.Layout {
	a.lmu.Lock()
	defer a.lmu.Unlock()
	return a.layout
}

// Position returns the nozzle's position and whether it is known.
func (a *Arm) Position() (kinematics.Vec3, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.pos, a.homed
}

// Holding reports whether the arm believes it holds a stone.
func (a *Arm) Holding() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.holding
}

// HeldAtFailure reports whether the arm held a stone when an operation
// failed since the last call, and forgets it: the stone is then still on
// the nozzle, back in its bowl (Home puts it there; Unloaded tells) or
// fell from it, so a recovery knows whether an empty nozzle means a
// stone lost.
func (a *Arm) HeldAtFailure() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	held := a.heldAtFail
	a.heldAtFail = false
	return held
}

// Unloaded reports the colour of the stone Home, since the last call,
// found on the nozzle after a failure and put back in its bowl (Empty for
// none), and forgets it: a recovery then knows the stone held at the
// failure was not lost.
func (a *Arm) Unloaded() rules.Color {
	a.mu.Lock()
	defer a.mu.Unlock()
	c := a.unloaded
	a.unloaded = rules.Empty
	return c
}

// Pulse returns the servo pulses for joint angles th.
func (a *Arm) Pulse(th kinematics.Joints) (Pulses, error) {
	var p Pulses
	for i, s := range a.cal.Servos {
		us := s.ZeroUS + s.USPerDegree*th[i]
		if us < s.MinUS-0.5 || us > s.MaxUS+0.5 || !finite(us) {
			return p, fmt.Errorf("servo %d: %.1f µs for %.2f° is outside [%g, %g] µs", i+1, us, th[i], s.MinUS, s.MaxUS)
		}
		p[i] = uint16(math.Round(math.Min(math.Max(us, s.MinUS), s.MaxUS)))
	}
	return p, nil
}

// Angles returns the joint angles for servo pulses p.
func (a *Arm) Angles(p Pulses) kinematics.Joints {
	var th kinematics.Joints
	for i, s := range a.cal.Servos {
		th[i] = (float64(p[i]) - s.ZeroUS) / s.USPerDegree
	}
	return th
}

// begin starts an operation: it takes the lock, refuses when closed, and
// returns the operation's context, which Stop cancels; end undoes it.
func (a *Arm) begin(ctx context.Context) (context.Context, error) {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return nil, ErrClosed
	}
	ctx, cancel := context.WithCancel(ctx)
	a.cmu.Lock()
	a.cancel = cancel
	a.cmu.Unlock()
	return ctx, nil
}

func (a *Arm) end() {
	a.cmu.Lock()
	a.cancel()
	a.cancel = nil
	a.cmu.Unlock()
	a.mu.Unlock()
}

// Home brings the arm to the parking spot from wherever it is, clearing
// latched faults first: the way back after a fault or a Stop. It reads the
// servo outputs to learn the pose and moves from there as any move does;
// when the device reports no pose (no pulses since power-up) or no
// straight path leads from it, it sends the servos to the parking pose in
// one setpoint over HomeDuration.
//
// A stone still on the nozzle (the device kept its grip through the fault;
// the vacuum shows it) is lifted clear, carried to its bowl and released
// there on the way (Unloaded reports it); a stone whose colour neither
// the arm (it did not pick it) nor the device (Status.Load) knows is
// refused with ErrUnknownStone.
func (a *Arm) Home(ctx context.Context) error { return a.homeAs(ctx, rules.Empty) }

// homeAs is Home taking a stone of unknown colour on the nozzle for one of
// colour guess (Empty: no guess).
func (a *Arm) homeAs(ctx context.Context, guess rules.Color) error {
	ctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	defer a.end()
	a.stopped.Store(false)
	if err := a.home(ctx, guess); err != nil {
		if errors.Is(err, ErrUnknownStone) {
			// Nothing moved: the stone stays held for a person to
			// take off (fail would switch the pump off).
			return err
		}
		return a.fail(fmt.Errorf("arm: home: %w", err))
	}
	return nil
}

func (a *Arm) home(ctx context.Context, guess rules.Color) error {
	if err := a.drv.ClearFaults(); err != nil {
		return err
	}
	if err := a.drv.SetValve(false); err != nil {
		return err
	}
	st, err := a.drv.Status(ctx)
	if err != nil {
		return err
	}
	if st.Faults != 0 {
		return &FaultError{st.Faults}
	}
	// A stone on the nozzle: keep the vacuum and take it home. One the
	// arm had (held, being picked or released) may hang on a leaking seal
	// if the pump was off (the link failed mid-release): the pump, on
	// again for PumpSettle, shows whether it is there, before it falls.
	vac := st.Vacuum
	if p, ok := a.poseOf(st.Pulses); ok && a.carry != rules.Empty && vac < a.cal.VacuumThreshold {
		a.pos, a.pulses = p, st.Pulses
		if err := a.setPump(true); err != nil {
			return err
		}
		if _, vac, err = a.vacuumWithin(ctx, a.opt.PumpSettle); err != nil {
			return err
		}
	}
	carry := rules.Empty
	if vac >= a.cal.VacuumThreshold {
		// Whose stone: the arm's own memory, else the device's (it kept
		// the grip, and the load, through a restart of this program),
		// else the caller's guess.
		carry = cmp.Or(a.carry, st.Load, guess)
		if carry == rules.Empty {
			return errmsg.Mark(ErrUnknownStone, "err.arm-unknown-stone", fmt.Sprintf("%.1f", vac))
		}
	}
	a.holding, a.carry = carry != rules.Empty, carry
	if err := a.setPump(carry != rules.Empty); err != nil {
		return err
	}
	park := a.layout.Park
	first := park
	if carry != rules.Empty {
		b, err := a.bowl(carry)
		if err != nil {
			return err
		}
		// Released a stone's height above the heap, as Remove does.
		first = b.Add(kinematics.Vec3{0, 0, a.opt.StoneHeight})
	}
	known := false
	if p, ok := a.poseOf(st.Pulses); ok {
		// From a known pose: up, across and down like any move, when the
		// straight lift stays in reach.
		if _, err := a.geo.PlanTransfer(a.lim, p, first, a.layout.TravelZ, a.opt.Step); err == nil {
			a.pos, a.pulses, a.homed, known = p, st.Pulses, true, true
		}
	}
	if !known {
		th, err := a.geo.IK(park)
		if err != nil {
			return err
		}
		pulses, err := a.Pulse(th)
		if err != nil {
			return err
		}
		if err := a.queue(ctx, []Setpoint{{Pulses: pulses, Duration: a.opt.HomeDuration}}); err != nil {
			return err
		}
		a.pos, a.pulses, a.homed = park, pulses, true
	}
	if carry != rules.Empty {
		if err := a.transfer(ctx, first); err != nil {
			return fmt.Errorf("the %s stone on the nozzle to its bowl: %w", carry, err)
		}
		if err := a.release(ctx); err != nil {
			return fmt.Errorf("the %s stone on the nozzle into its bowl: %w", carry, err)
		}
		a.unloaded = carry
	}
	if a.pos == park {
		return nil
	}
	return a.transfer(ctx, park)
}

// poseOf returns the tool position for the servo outputs p, if they are a
// pose within the servo limits the planner can start from.
func (a *Arm) poseOf(p Pulses) (kinematics.Vec3, bool) {
	for i, s := range a.cal.Servos {
		if float64(p[i]) < s.MinUS || float64(p[i]) > s.MaxUS {
			return kinematics.Vec3{}, false
		}
	}
	pos, err := a.geo.FK(a.Angles(p))
	if err != nil {
		return kinematics.Vec3{}, false
	}
	if _, err := a.geo.IK(pos); err != nil {
		return kinematics.Vec3{}, false
	}
	return pos, true
}

// Park moves the arm to the parking spot.
func (a *Arm) Park(ctx context.Context) error {
	ctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	defer a.end()
	if err := a.ready(); err != nil {
		return fmt.Errorf("arm: park: %w", err)
	}
	if err := a.transfer(ctx, a.layout.Park); err != nil {
		return a.fail(fmt.Errorf("arm: park: %w", err))
	}
	return nil
}

// ready refuses to move before Home or after Stop.
func (a *Arm) ready() error {
	if a.stopped.Load() {
		return ErrStopped
	}
	if !a.homed {
		return ErrNotHomed
	}
	return nil
}

// MoveTo moves the nozzle to a target's working height: PlaceHeight above
// a board point, the picking height over a bowl.
func (a *Arm) MoveTo(ctx context.Context, t Target) error {
	ctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	defer a.end()
	at, err := a.where(t)
	if err == nil {
		err = a.ready()
	}
	if err != nil {
		return fmt.Errorf("arm: move to %s: %w", t, err)
	}
	if err := a.transfer(ctx, at); err != nil {
		return a.fail(fmt.Errorf("arm: move to %s: %w", t, err))
	}
	return nil
}

// Jog moves the nozzle straight by d (mm, arm frame), for calibration:
// touching off the board, checking a point. It refuses to end off the
// reachable workspace or outside the servos' ranges.
func (a *Arm) Jog(ctx context.Context, d kinematics.Vec3) error {
	ctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	defer a.end()
	if err := a.ready(); err != nil {
		return fmt.Errorf("arm: jog by %v: %w", d, err)
	}
	to := a.pos.Add(d)
	if th, err := a.geo.IK(to); err != nil {
		return fmt.Errorf("arm: jog by %v: %w", d, err)
	} else if _, err := a.Pulse(th); err != nil {
		return fmt.Errorf("arm: jog by %v: %w", d, err)
	}
	if err := a.path(ctx, to); err != nil {
		return a.fail(fmt.Errorf("arm: jog by %v: %w", d, err))
	}
	return nil
}

func (a *Arm) where(t Target) (kinematics.Vec3, error) {
	switch t.bowl {
	case rules.Black:
		return a.layout.BlackBowl, nil
	case rules.White:
		return a.layout.WhiteBowl, nil
	}
	if !t.point.In(a.opt.BoardSize) {
		return kinematics.Vec3{}, fmt.Errorf("point %s is off the %dx%d board", t.point, a.opt.BoardSize, a.opt.BoardSize)
	}
	if !(math.Abs(t.off[0]) <= maxOff && math.Abs(t.off[1]) <= maxOff) {
		return kinematics.Vec3{}, fmt.Errorf("%s lies more than %g steps off its point", t, maxOff)
	}
	at := a.layout.Intersection(t.point).Add(a.layout.StepX.Scale(t.off[0])).Add(a.layout.StepY.Scale(t.off[1]))
	return at.Add(kinematics.Vec3{0, 0, a.cal.PlaceHeight}), nil
}

func (a *Arm) bowl(c rules.Color) (kinematics.Vec3, error) {
	if c != rules.Black && c != rules.White {
		return kinematics.Vec3{}, fmt.Errorf("no bowl for colour %s", c)
	}
	return a.where(Bowl(c))
}

// Pick takes a stone from the bowl of colour c, confirming it by the
// vacuum; a miss is retried around the first spot, and after the last try
// the error wraps ErrMissedPick.
func (a *Arm) Pick(ctx context.Context, c rules.Color) error {
	ctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	defer a.end()
	at, err := a.bowl(c)
	if err == nil {
		err = a.ready()
	}
	if err == nil && a.holding {
		err = ErrHolding
	}
	if err != nil {
		return fmt.Errorf("arm: pick from the %s bowl: %w", c, err)
	}
	if err := a.pick(ctx, at, c); err != nil {
		return a.fail(fmt.Errorf("arm: pick from the %s bowl: %w", c, err))
	}
	return nil
}

// Place puts the held stone on intersection p and confirms the nozzle is
// empty.
func (a *Arm) Place(ctx context.Context, p rules.Point) error {
	ctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	defer a.end()
	at, err := a.where(BoardPoint(p))
	if err == nil {
		err = a.ready()
	}
	if err == nil && !a.holding {
		err = ErrNotHolding
	}
	if err != nil {
		return fmt.Errorf("arm: place on %s: %w", p, err)
	}
	if err := a.transfer(ctx, at); err != nil {
		return a.fail(fmt.Errorf("arm: place on %s: %w", p, err))
	}
	if err := a.release(ctx); err != nil {
		return a.fail(fmt.Errorf("arm: place on %s: %w", p, err))
	}
	return nil
}

// Remove takes the stone of colour c off board target p (an intersection,
// or a spot off one) and drops it into its bowl.
func (a *Arm) Remove(ctx context.Context, p Target, c rules.Color) error {
	ctx, err := a.begin(ctx)
	if err != nil {
		return err
	}
	defer a.end()
	bowl, err := a.bowl(c)
	var at kinematics.Vec3
	if err == nil {
		at, err = a.where(p)
	}
	if err == nil && p.bowl != rules.Empty {
		err = errors.New("a bowl is no place to lift a stone from")
	}
	if err == nil {
		err = a.ready()
	}
	if err == nil && a.holding {
		err = ErrHolding
	}
	if err != nil {
		return fmt.Errorf("arm: remove %s from %s: %w", c, p, err)
	}
	at[2] += a.opt.StoneHeight + a.cal.PickDepth - a.cal.PlaceHeight
	if err := a.pick(ctx, at, c); err != nil {
		return a.fail(fmt.Errorf("arm: remove %s from %s: %w", c, p, err))
	}
	// Drop it a stone's height above the heap.
	if err := a.transfer(ctx, bowl.Add(kinematics.Vec3{0, 0, a.opt.StoneHeight})); err != nil {
		return a.fail(fmt.Errorf("arm: remove %s from %s: to the bowl: %w", c, p, err))
	}
	if err := a.release(ctx); err != nil {
		return a.fail(fmt.Errorf("arm: remove %s from %s: into the bowl: %w", c, p, err))
	}
	return nil
}

// pick goes down onto at with the pump running and checks the vacuum,
// then tries the search pattern around at, for a stone of colour c.
func (a *Arm) pick(ctx context.Context, at kinematics.Vec3, c rules.Color) error {
	if err := a.transfer(ctx, at); err != nil {
		return err
	}
	a.carry = c // a stone that seals before the vacuum is read is c too
	if err := a.setPump(true); err != nil {
		return err
	}
	var vac float64
	for try := 0; ; try++ {
		if try > 0 {
			spot := at.Add(a.searchOffset(try))
			up := kinematics.Vec3{0, 0, a.opt.SearchLift}
			if err := a.path(ctx, a.pos.Add(up), spot.Add(up), spot); err != nil {
				return fmt.Errorf("search move %d: %w", try, err)
			}
		}
		held, v, err := a.vacuumWithin(ctx, a.opt.PumpSettle)
		if err != nil {
			return err
		}
		if held {
			a.holding, a.carry, a.heldAtFail = true, c, false
			return nil
		}
		vac = v
		if try == a.opt.SearchTries {
			break
		}
	}
	// Leave the spot with the pump off before reporting.
	a.carry = rules.Empty
	if err := a.setPump(false); err != nil {
		return err
	}
	if err := a.path(ctx, kinematics.Vec3{a.pos[0], a.pos[1], a.layout.TravelZ}); err != nil {
		return err
	}
	return fmt.Errorf("%w after %d tries within %g mm (vacuum %.1f kPa, held means ≥ %g kPa)",
		ErrMissedPick, a.opt.SearchTries+1, a.searchReach(), vac, a.cal.VacuumThreshold)
}

// searchOffset is the try-th spot of the search pattern: rings of six,
// SearchRadius apart, each ring turned by 30° against the last.
func (a *Arm) searchOffset(try int) kinematics.Vec3 {
	ring := (try-1)/6 + 1
	ang := (float64((try-1)%6)*60 + float64(ring-1)*30) * math.Pi / 180
	r := float64(ring) * a.opt.SearchRadius
	return kinematics.Vec3{r * math.Cos(ang), r * math.Sin(ang), 0}
}

func (a *Arm) searchReach() float64 {
	if a.opt.SearchTries == 0 {
		return 0
	}
	return float64((a.opt.SearchTries-1)/6+1) * a.opt.SearchRadius
}

// release checks the stone is still on the nozzle, vents the cup with the
// pump off and checks the vacuum is gone.
func (a *Arm) release(ctx context.Context) error {
	// The stone must still be on the nozzle on arrival: one that fell on
	// the way (the pump stopped while the host was starved) would
	// otherwise pass for released where it was meant to go.
	st, err := a.drv.Status(ctx)
	if err != nil {
		return err
	}
	if st.Faults != 0 {
		return &FaultError{st.Faults}
	}
	if st.Vacuum < a.cal.VacuumThreshold {
		a.carry = rules.Empty // nothing left to keep: fail switches the pump off
		return fmt.Errorf("%w (vacuum %.1f kPa on arrival, threshold %g kPa)", ErrStoneFell, st.Vacuum, a.cal.VacuumThreshold)
	}
	if err := a.setPump(false); err != nil {
		return err
	}
	if err := a.drv.SetValve(true); err != nil {
		return err
	}
	// Vented: the stone falls where it was meant to go, whatever fails
	// from here on, unless it sticks.
	a.holding = false
	held, v, err := a.vacuumAfter(ctx, a.opt.Release)
	if err != nil {
		return err
	}
	if err := a.drv.SetValve(false); err != nil {
		return err
	}
	if held {
		a.holding = true
		return fmt.Errorf("%w (vacuum %.1f kPa, threshold %g kPa)", ErrStoneStuck, v, a.cal.VacuumThreshold)
	}
	a.carry = rules.Empty
	return nil
}

// vacuumAfter waits d on the device's own clock (a dwell in its motion
// queue) and reads the vacuum.
func (a *Arm) vacuumAfter(ctx context.Context, d time.Duration) (bool, float64, error) {
	if err := a.queue(ctx, []Setpoint{{Pulses: a.pulses, Duration: d}}); err != nil {
		return false, 0, err
	}
	st, err := a.drv.Status(ctx)
	if err != nil {
		return false, 0, err
	}
	if st.Faults != 0 {
		return false, 0, &FaultError{st.Faults}
	}
	return st.Vacuum >= a.cal.VacuumThreshold, st.Vacuum, nil
}

// vacuumWithin reads the vacuum every VacuumPoll until it shows a stone or
// d has passed.
func (a *Arm) vacuumWithin(ctx context.Context, d time.Duration) (bool, float64, error) {
	for waited := time.Duration(0); ; {
		step := min(a.opt.VacuumPoll, d-waited)
		held, v, err := a.vacuumAfter(ctx, step)
		waited += step
		if err != nil || held || waited >= d {
			return held, v, err
		}
	}
}

// transfer moves up to travel height, across, and down to `to`.
func (a *Arm) transfer(ctx context.Context, to kinematics.Vec3) error {
	return a.move(ctx, func(from kinematics.Vec3) (kinematics.Trajectory, error) {
		return a.geo.PlanTransfer(a.lim, from, to, a.layout.TravelZ, a.opt.Step)
	})
}

// path moves along straight lines through the waypoints.
func (a *Arm) path(ctx context.Context, waypoints ...kinematics.Vec3) error {
	return a.move(ctx, func(from kinematics.Vec3) (kinematics.Trajectory, error) {
		return a.geo.PlanPath(a.lim, append([]kinematics.Vec3{from}, waypoints...), a.opt.Step)
	})
}

// underrunRetries is how often a move is resumed after the device's queue
// ran dry.
const underrunRetries = 3

// move plans from the current position and follows the plan. When the
// device stops because its queue ran dry (the link fell behind: a loaded
// host, a USB hiccup), nothing is wrong with the arm itself: it clears the
// fault, restores the pump before a held stone can fall (the cup holds its
// vacuum for seconds with the valve shut), learns where the servos
// stopped, and plans again from there.
func (a *Arm) move(ctx context.Context, plan func(from kinematics.Vec3) (kinematics.Trajectory, error)) error {
	for try := 0; ; try++ {
		tr, err := plan(a.pos)
		if err != nil {
			return err
		}
		err = a.follow(ctx, tr)
		var fe *FaultError
		if err == nil || try == underrunRetries || !errors.As(err, &fe) || fe.Faults != FaultQueueUnder {
			return err
		}
		if rerr := a.resume(ctx); rerr != nil {
			return fmt.Errorf("%w; resuming: %w", err, rerr)
		}
	}
}

// resume recovers from a queue underrun; see move.
func (a *Arm) resume(ctx context.Context) error {
	if err := a.drv.ClearFaults(); err != nil {
		return err
	}
	if a.pump {
		if err := a.drv.SetPump(true, a.carry); err != nil {
			return err
		}
	}
	st, err := a.drv.Status(ctx)
	if err != nil {
		return err
	}
	if st.Faults != 0 {
		return &FaultError{st.Faults}
	}
	if a.holding && st.Vacuum < a.cal.VacuumThreshold {
		a.carry = rules.Empty
		return fmt.Errorf("the stone fell off while the pump was stopped (vacuum %.1f kPa)", st.Vacuum)
	}
	p, ok := a.poseOf(st.Pulses)
	if !ok {
		return fmt.Errorf("the servos stopped at %v µs, not a pose to plan from", st.Pulses)
	}
	a.pos, a.pulses = p, st.Pulses
	return nil
}

// setPump switches the pump and remembers what it should be; the device
// is told the colour the arm carries (a.carry, set before the pick).
func (a *Arm) setPump(on bool) error {
	a.pump = on
	load := rules.Empty
	if on {
		load = a.carry
	}
	return a.drv.SetPump(on, load)
}

// follow sends a trajectory to the device and waits for it to finish.
func (a *Arm) follow(ctx context.Context, tr kinematics.Trajectory) error {
	if len(tr.Samples) == 0 {
		return nil
	}
	sps := make([]Setpoint, 0, len(tr.Samples)+1)
	if a.opt.LeadIn > 0 {
		sps = append(sps, Setpoint{Pulses: a.pulses, Duration: a.opt.LeadIn})
	}
	var prev time.Duration
	last := a.pulses
	for _, s := range tr.Samples {
		p, err := a.Pulse(s.Theta)
		if err != nil {
			return err
		}
		sps = append(sps, Setpoint{Pulses: p, Duration: s.At - prev})
		prev, last = s.At, p
	}
	if err := a.queue(ctx, sps); err != nil {
		return err
	}
	a.pos, a.pulses = tr.End, last
	return nil
}

// queue sends setpoints, waits for them and checks for faults and Stop.
func (a *Arm) queue(ctx context.Context, sps []Setpoint) error {
	if len(sps) > 0 {
		if err := a.drv.Queue(ctx, sps...); err != nil {
			return a.why(err)
		}
	}
	if err := a.drv.Drain(ctx); err != nil {
		return a.why(err)
	}
	return a.why(nil)
}

// why turns a driver error, or silence after a Stop, into the reason
// motion ended: a Stop, or the device's latched faults.
func (a *Arm) why(err error) error {
	if a.stopped.Load() {
		return ErrStopped
	}
	var fe *FaultError
	if err != nil && errors.As(err, &fe) {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	st, serr := a.drv.Status(ctx)
	switch {
	case serr == nil && st.Faults != 0 && err != nil:
		return fmt.Errorf("%w (%w)", err, &FaultError{st.Faults})
	case serr == nil && st.Faults != 0:
		return &FaultError{st.Faults}
	}
	return err
}

// fail makes the arm safe after an error: motion stopped, valve closed,
// and the pump off unless a stone is held or being picked (as it was: a
// release leaves it off): that one stays
// on the nozzle (the device keeps the grip up to GripLimit) for Home to
// carry to its bowl, rather than fall wherever the arm stopped, between
// points, on other stones or off the board. No fault makes holding
// unsafe: the arm stands still and the stone weighs a few grams. The pose
// is then unknown until Home.
func (a *Arm) fail(err error) error {
	a.heldAtFail = a.heldAtFail || a.holding // until read: a failed Home after it does not hide it
	if !a.holding && !a.pump {
		a.carry = rules.Empty // none held, none being picked
	}
	a.homed, a.holding = false, false
	var errs []error
	if e := a.drv.Stop(); e != nil {
		errs = append(errs, fmt.Errorf("stop: %w", e))
	}
	if a.carry == rules.Empty {
		a.pump = false
		if e := a.drv.SetPump(false, rules.Empty); e != nil {
			errs = append(errs, fmt.Errorf("pump off: %w", e))
		}
	}
	if e := a.drv.SetValve(false); e != nil {
		errs = append(errs, fmt.Errorf("valve: %w", e))
	}
	switch {
	case len(errs) == 0:
		return err
	case err == nil:
		return errors.Join(errs...)
	}
	return fmt.Errorf("%w; making safe also failed: %w", err, errors.Join(errs...))
}

// Stop halts the arm: motion stops, the queue empties, the pump goes off
// unless a stone is held (fail).
// It may be called from any goroutine: it cancels the operation in
// progress (which then makes the device safe and returns an error wrapping
// ErrStopped) and waits for it to end, so the driver is still used by one
// goroutine at a time. Home resumes.
func (a *Arm) Stop() error {
	a.interrupt()
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return nil
	}
	a.homed = false
	if err := a.fail(nil); err != nil {
		return fmt.Errorf("arm: stop: %w", err)
	}
	return nil
}

// interrupt marks the arm stopped and cancels the operation in progress.
func (a *Arm) interrupt() {
	a.stopped.Store(true)
	a.cmu.Lock()
	if a.cancel != nil {
		a.cancel()
	}
	a.cmu.Unlock()
}

// Close stops the arm and releases the driver's port or bus; the driver
// leaves the device safe.
func (a *Arm) Close() error {
	a.interrupt()
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return nil
	}
	a.closed = true
	if err := a.drv.Close(); err != nil {
		return fmt.Errorf("arm: close: %w", err)
	}
	return nil
}
