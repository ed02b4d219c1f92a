package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync/atomic"
	"tengen/i18n/errmsg"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/game"
	"tengen/kinematics"
	"tengen/rig"
	"tengen/rules"
)

// faultyHand is the robot's hand with the arm and board faults injected
// and the recovery a robot at an exhibition needs: a failed move is made
// safe (homed by arm.Arm.Home, as on the real robot, which puts a stone
// the controller kept on the nozzle back in its bowl), the
// camera tells whether it was done after all, and if not it is redone; an
// e-stop pauses the game until it is released; what the robot cannot put
// right itself (an empty bowl, a stone fallen off the grid) is reported to
// the operator, who puts it right.
type faultyHand struct {
	inner game.Hand
	r     *Robot
	in    *injector
	logf  func(errmsg.Msg)

	// Set by the scheduled faults when they fire.
	dropped, pressed, reset, unplugged atomic.Bool
	line                               [3]atomic.Bool // serial faults, in serialFaults' order

	stashed [2][]armsim.BowlState // emptied bowls' stones, black and white
	drops   []game.Drop           // stones fallen on the way, for Drops
	// heldAtFail: a move failed with a stone on the nozzle and no recovery
	// has yet found whether it is still there.
	heldAtFail bool
}

var serialFaults = []string{FaultSerialFlip, FaultSerialDrop, FaultSerialStall}

// Limits of the recovery.
const (
	maxRedo    = 6                // tries of one move before it is given up
	replugWait = 60 * time.Second // how long the robot waits for its arm's controller to answer again
	estopPause = 4 * time.Second  // how long the operator keeps the e-stop pressed
)

// Place implements game.Hand.
func (h *faultyHand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	h.in.placed()
	if err := h.r.checkPose(); err != nil {
		return err
	}
	w := h.r.World
	if h.in.roll(FaultPickMiss) {
		h.in.inject(FaultPickMiss, errmsg.M("sim.pick-miss"))
		w.mu.Lock()
		w.refuse = true
		w.mu.Unlock()
	}
	if h.in.roll(FaultBowlEmpty) {
		h.in.inject(FaultBowlEmpty, errmsg.M("sim.bowl-empty", c.String()))
		h.stash(c)
	}
	if h.in.roll(FaultOffPoint) {
		w.mu.Lock()
		w.nudge = true
		w.mu.Unlock()
	}
	if h.in.roll(FaultDrop) {
		h.r.dev.dropAfter(time.Duration(900+h.in.rand()*1100)*time.Millisecond, func() { h.dropped.Store(true) })
	}
	h.scheduleEStop()
	for i, f := range serialFaults {
		if h.in.roll(f) {
			h.r.dev.lineAfter(f, time.Duration(200+h.in.rand()*2000)*time.Millisecond, func() { h.line[i].Store(true) })
		}
	}
	if h.in.roll(FaultUSB) {
		h.r.dev.unplugAfter(time.Duration(200+h.in.rand()*2000)*time.Millisecond, time.Duration(1000+h.in.rand()*3000)*time.Millisecond,
			func() { h.unplugged.Store(true) })
	}
	if h.in.roll(FaultReset) {
		h.r.dev.resetAfter(time.Duration(300+h.in.rand()*2000)*time.Millisecond, func() { h.reset.Store(true) })
	}
	err := h.redo(ctx, errmsg.M("sim.placing", p.String()), c, func() error { return h.inner.Place(ctx, p, c) },
		func(b *rules.Board) bool { return b.At(p) == c })
	w.mu.Lock()
	w.nudge, w.refuse = false, false
	nudged := w.nudged
	w.nudged = false
	w.mu.Unlock()
	if nudged {
		h.in.inject(FaultOffPoint, errmsg.M("sim.off-point", p.String()))
	}
	if err != nil {
		return err
	}
	if err := h.reseat(ctx, p, c); err != nil {
		return err
	}
	if h.in.roll(FaultBump) {
		h.bump()
	}
	return nil
}

// maxBumped (mm) bounds how far bumps take the board from where it was
// set up: past it the next bump pushes it back (the operator would).
const maxBumped = 8.0

// bump knocks the table: the board and its stones shift a few millimetres
// and turn by up to a degree.
func (h *faultyHand) bump() {
	w := h.r.World
	a, d := 2*math.Pi*h.in.rand(), 2+4*h.in.rand()
	dx, dy := d*math.Cos(a), d*math.Sin(a)
	deg := 2*h.in.rand() - 1
	home := SeedLayout().A1
	if at := w.layout().A1; math.Hypot(at[0]+dx-home[0], at[1]+dy-home[1]) > maxBumped {
		dx, dy = -dx, -dy
	}
	w.Bump(dx, dy, deg)
	h.in.inject(FaultBump, errmsg.M("sim.bump", fmt.Sprintf("%+.1f", dx), fmt.Sprintf("%+.1f", dy), fmt.Sprintf("%+.2f", deg)))
}

// reseat lifts and places again a stone a fault left on its point but off
// its centre (it was released while the arm was still moving), as the
// camera's reading of its offset shows.
func (h *faultyHand) reseat(ctx context.Context, p rules.Point, c rules.Color) error {
	for try := 0; try < 2; try++ {
		d, ok := h.r.World.Offset(p)
		if !ok || d <= misplacedMM {
			return nil
		}
		h.logf(errmsg.M("sim.reseat", p.String(), fmt.Sprintf("%.1f", d)))
		err := h.Take(ctx, p, c)
		if err == nil {
			err = h.redo(ctx, errmsg.M("sim.placing", p.String()), c, func() error { return h.inner.Place(ctx, p, c) },
				func(b *rules.Board) bool { return b.At(p) == c })
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Take implements game.Hand.
func (h *faultyHand) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	if err := h.r.checkPose(); err != nil {
		return err
	}
	h.scheduleEStop()
	misses := 0
	return h.redo(ctx, errmsg.M("sim.lifting", p.String()), c, func() error {
		err := h.inner.Take(ctx, p, c)
		if errors.Is(err, arm.ErrMissedPick) {
			d, _ := h.r.World.Offset(p)
			// The real robot's way past it: the camera tells where the
			// stone lies.
			if err = rig.TakeSeen(ctx, arm.Hand{Arm: h.r.Arm}, h.r.Eyes, p, c); err == nil {
				why := errmsg.M("sim.taken-where-seen", p.String(), fmt.Sprintf("%.1f", d))
				if !h.settleOffCentre(false, why) {
					h.logf(why)
				}
			} else if misses++; misses >= 2 {
				h.centre(p)
			}
		}
		return err
	}, func(b *rules.Board) bool { return b.At(p) != c })
}

// Park implements game.Hand.
func (h *faultyHand) Park(ctx context.Context) error {
	return h.redo(ctx, errmsg.M("sim.parking"), rules.Empty, func() error { return h.inner.Park(ctx) }, nil)
}

// scheduleEStop may have the e-stop pressed a moment into the next move.
func (h *faultyHand) scheduleEStop() {
	if !h.in.roll(FaultEStop) {
		return
	}
	h.r.dev.pressAfter(time.Duration(200+h.in.rand()*2300)*time.Millisecond, func() { h.pressed.Store(true) })
}

// redo runs op until it succeeds, recovering between tries. done, if set,
// tells from a view of the board whether a failed op's work was done
// after all (the stone reached its point before the fault).
func (h *faultyHand) redo(ctx context.Context, what errmsg.Msg, c rules.Color, op func() error, done func(*rules.Board) bool) error {
	for try := 1; ; try++ {
		err := op()
		h.noteEvents()
		h.collectStrays()
		if err == nil {
			if h.r.Arm.Unloaded() != rules.Empty {
				h.heldAtFail = false // the op's own homing put the stone back
			}
			h.in.resolveAll(errmsg.M("sim.done", what), FaultPickMiss, FaultEStop, FaultBowlEmpty, FaultReset, FaultSerialFlip, FaultSerialDrop, FaultSerialStall, FaultUSB)
			return nil
		}
		if ctx.Err() != nil || errors.Is(err, arm.ErrClosed) {
			return err
		}
		if werr := h.r.World.Err(); werr != nil {
			return werr // the simulated reality stopped: no try can succeed
		}
		if try == maxRedo {
			return errmsg.Wrap(err, "sim.given-up", what, try)
		}
		h.logf(errmsg.M("sim.arm-recovering", err.Error()))
		lost, err := h.recover(ctx, err, c)
		if err != nil {
			// A second fault during the recovery (another e-stop): the
			// next try meets it and recovers again.
			if ctx.Err() != nil {
				return errmsg.Wrap(err, "sim.recovery-failed", what)
			}
			h.logf(errmsg.M("sim.arm-recovery-error", err.Error()))
			continue
		}
		h.collectStrays()
		if done != nil || lost {
			sight, err := h.r.Eyes.Look(ctx)
			if err != nil {
				return err
			}
			if lost {
				h.logf(errmsg.M("sim.stone-fell", c.String()))
				h.drops = append(h.drops, game.Drop{C: c, Seen: sight.Board})
			}
			if done != nil && done(sight.Board) {
				h.logf(errmsg.M("sim.done-after-all", what))
				h.in.resolveAll(errmsg.M("sim.done", what), FaultPickMiss, FaultEStop, FaultBowlEmpty, FaultReset, FaultSerialFlip, FaultSerialDrop, FaultSerialStall, FaultUSB)
				return nil
			}
		}
		h.logf(errmsg.M("sim.redoing", what, try+1))
	}
}

// noteEvents counts the scheduled faults that have fired.
func (h *faultyHand) noteEvents() {
	if h.dropped.Swap(false) {
		h.in.inject(FaultDrop, errmsg.M("sim.drop"))
	}
	for i, f := range serialFaults {
		if h.line[i].Swap(false) {
			h.in.inject(f, errmsg.M("sim.serial"))
		}
	}
	if h.reset.Swap(false) {
		h.in.inject(FaultReset, errmsg.M("sim.mcu-reset"))
	}
	if h.unplugged.Swap(false) {
		h.in.inject(FaultUSB, errmsg.M("sim.usb"))
	}
	if h.pressed.Swap(false) {
		h.in.inject(FaultEStop, errmsg.M("sim.estop"))
	}
}

// Drops implements game.Dropper.
func (h *faultyHand) Drops() []game.Drop {
	d := h.drops
	h.drops = nil
	return d
}

// recover makes the arm safe after a failed move and removes the cause. It
// reports whether a stone of colour c was lost: held when the move failed
// and not on the nozzle after.
func (h *faultyHand) recover(ctx context.Context, cause error, c rules.Color) (bool, error) {
	h.heldAtFail = h.r.Arm.HeldAtFailure() || h.heldAtFail
	st, err := h.answer(ctx)
	if err != nil {
		return false, err
	}
	if st.Faults&arm.FaultEStop != 0 {
		// The game pauses while the e-stop is pressed; the arm must not
		// move meanwhile.
		h.logf(errmsg.M("sim.estop-pressed"))
		// The nozzle is read a moment after the stop (the firmware's
		// pulses are sampled every few ms) and must stay put after.
		if err := h.r.dev.Sleep(ctx, 100*time.Millisecond); err != nil {
			return false, err
		}
		before, err := h.r.dev.Tip()
		if err != nil {
			return false, err
		}
		if err := h.r.dev.Sleep(ctx, estopPause); err != nil {
			return false, err
		}
		after, err := h.r.dev.Tip()
		if err != nil {
			return false, err
		}
		// 0.5 mm: a microsecond of pulse jitter on the firmware's pins.
		if d := after.Sub(before).Norm(); d > 0.5 {
			return false, fmt.Errorf("the arm moved %.2f mm with the e-stop pressed", d)
		}
		h.r.dev.SetEStop(false)
		h.logf(errmsg.M("sim.estop-released"))
	}
	if errors.Is(cause, arm.ErrMissedPick) {
		w := h.r.World
		w.mu.Lock()
		refused := w.refuse
		w.refuse = false // the cup seals again on the next try
		w.mu.Unlock()
		if !refused && c != rules.Empty && w.InBowl(c) == 0 {
			h.refill(c)
		}
	}
	kept, err := h.unload(ctx)
	if kept {
		h.heldAtFail = false // back in its bowl, even if homing then failed
	}
	if err != nil {
		return false, err
	}
	lost := h.heldAtFail && !kept && c != rules.Empty
	h.heldAtFail = false
	return lost, nil
}

// answer reads the controller's status, waiting while it does not answer
// (the USB cable pulled: the driver reconnects once it is back).
func (h *faultyHand) answer(ctx context.Context) (arm.Status, error) {
	const poll = 250 * time.Millisecond
	st, err := h.r.dev.Status(ctx)
	if err == nil {
		return st, nil
	}
	h.logf(errmsg.M("sim.mcu-silent", err.Error()))
	for waited := time.Duration(0); waited < replugWait; waited += poll {
		if err := h.r.dev.Sleep(ctx, poll); err != nil {
			return st, err
		}
		if st, err = h.r.dev.Status(ctx); err == nil {
			h.logf(errmsg.M("sim.mcu-back"))
			return st, nil
		}
	}
	return st, fmt.Errorf("the arm's controller did not answer for %v: %w", replugWait, err)
}

// unload homes the arm, which puts a stone still on the nozzle back in
// its bowl on the way (arm.Arm.Home, the real robot's code); it reports
// whether there was one.
func (h *faultyHand) unload(ctx context.Context) (bool, error) {
	err := h.r.Arm.Home(ctx)
	c := h.r.Arm.Unloaded()
	if c != rules.Empty {
		h.logf(errmsg.M("sim.stone-returned", c.String()))
	}
	return c != rules.Empty, err
}

// centre is the operator, called after the arm twice failed to lift the
// stone the camera sees on p, at its point and where the camera saw it
// lie, putting it back on the centre of its point.
func (h *faultyHand) centre(p rules.Point) {
	w := h.r.World
	s, d, ok := w.Nearest(p)
	if !ok || d > w.pitch()/2 {
		return
	}
	if _, ok := w.Table.Take(s.At, 0.01); !ok {
		return
	}
	w.Put(s.Colour, p, 0, 0)
	why := errmsg.M("sim.centred", p.String(), fmt.Sprintf("%.1f", d))
	if !h.settleOffCentre(true, why) {
		h.in.report("stray", why)
	}
}

// settleOffCentre counts a stone left off its point's centre, out of the
// pick's reach, against the fault that left it there (reported: to the
// operator, or else recovered), telling whether one was pending.
func (h *faultyHand) settleOffCentre(reported bool, why errmsg.Msg) bool {
	for _, f := range []string{FaultEStop, FaultReset, FaultUSB, FaultDrop} {
		if h.in.resolve(f, reported, why) {
			return true
		}
	}
	return false
}

// stash empties colour c's bowl, keeping its stones for the operator's
// refill.
func (h *faultyHand) stash(c rules.Color) {
	w := h.r.World
	h.stashed[bowlIndex(c)] = append(h.stashed[bowlIndex(c)], w.bowl(c))
	w.setBowl(c, armsim.BowlState{})
}

// refill is the operator refilling colour c's empty bowl, called by the
// robot.
func (h *faultyHand) refill(c rules.Color) {
	w := h.r.World
	b := w.bowl(c)
	for _, s := range h.stashed[bowlIndex(c)] {
		b.Top = append(b.Top, s.Top...)
		b.Reserve += s.Reserve
	}
	h.stashed[bowlIndex(c)] = nil
	w.setBowl(c, b)
	h.in.resolve(FaultBowlEmpty, true, errmsg.M("sim.refilled", c.String()))
}

// collectStrays has the operator pick up stones lying off the grid (or on
// another stone) after a fault and put them in their bowls: the camera
// cannot place them on a point, so the robot calls for help.
func (h *faultyHand) collectStrays() {
	w := h.r.World
	_, off := w.Truth()
	for _, s := range off {
		c, ok := w.Table.Take(s.At, 0.01)
		if !ok {
			continue
		}
		w.Drop(c, bowlCentre(w, c))
		why := errmsg.M("sim.stray")
		if !h.in.resolve(FaultDrop, true, why) && !h.in.resolve(FaultEStop, true, why) && !h.in.resolve(FaultReset, true, why) && !h.in.resolve(FaultUSB, true, why) && !h.in.resolve(FaultOffPoint, true, why) {
			h.in.report("stray", why)
		}
	}
}

func bowlCentre(w *World, c rules.Color) kinematics.Vec3 {
	if c == rules.White {
		return w.Layout.WhiteBowl
	}
	return w.Layout.BlackBowl
}
