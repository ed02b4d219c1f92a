package rig

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"tengen/arm"
	"tengen/arm/serial"
	"tengen/game"
	"tengen/rules"
)

// placeTries is how often WatchedHand tries to put a stone down when it
// keeps falling from the nozzle on the way.
const placeTries = 3

// reseatSteps is how far off its point's centre (grid steps, about 5 mm)
// a stone that slipped off the nozzle onto its point may lie before
// WatchedHand lifts it and puts it down again: further off, a person
// might take it for a stone between two points.
const reseatSteps = 0.2

// WatchedHand is the arm's hand (arm.Hand) with the camera beside it: when
// a stone falls from the nozzle on the way, it parks, has the camera see
// the board with the fallen stone on it, and puts another stone where it
// was going. The game lifts the fallen one where it lies (game.Dropper),
// so a stone lost in the air costs a few seconds, not a call for the
// operator. One that slipped off onto its point, but well off the point's
// centre, is lifted where it lies and put down again.
type WatchedHand struct {
	game.Hand
	Eyes game.Eyes

	mu    sync.Mutex
	drops []game.Drop
}

// Place implements game.Hand.
func (h *WatchedHand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	for try := 1; ; try++ {
		err := h.Hand.Place(ctx, p, c)
		if !errors.Is(err, arm.ErrStoneFell) || try == placeTries {
			return err
		}
		if err := h.Hand.Park(ctx); err != nil {
			return err
		}
		sight, err := h.Eyes.Look(ctx)
		if err != nil {
			return err
		}
		if sight.Board.At(p) == c {
			// It slipped off as it arrived, onto its point: placed,
			// unless it lies well off the point's centre.
			pk, ok := h.Hand.(Picker)
			if !ok || sight.Centre == nil {
				return nil
			}
			dx, dy, err := sight.Centre(p)
			if err != nil || math.Hypot(dx, dy) <= reseatSteps {
				return nil
			}
			if err := pk.TakeAt(ctx, arm.BoardPoint(p).Off(dx, dy), c); err != nil {
				return err
			}
			continue
		}
		h.mu.Lock()
		h.drops = append(h.drops, game.Drop{C: c, Seen: sight.Board})
		h.mu.Unlock()
	}
}

// Take implements game.Hand. A stone the arm misses at its point lies
// further off it than the pick's search reaches (pushed there by a hand,
// or fallen from the nozzle): it is lifted where the camera sees it lie
// (TakeSeen).
func (h *WatchedHand) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	err := h.Hand.Take(ctx, p, c)
	if pk, ok := h.Hand.(Picker); ok && errors.Is(err, arm.ErrMissedPick) {
		if err2 := TakeSeen(ctx, pk, h.Eyes, p, c); err2 != nil {
			return fmt.Errorf("%w; then %w", err, err2)
		}
		return nil
	}
	return err
}

// A Picker is a hand that can lift a stone lying off its point (arm.Hand).
type Picker interface {
	game.Hand
	TakeAt(ctx context.Context, t arm.Target, c rules.Color) error
}

// TakeSeen lifts the stone of colour c on p where the camera sees it lie,
// after the hand missed it at its point: it parks the arm, looks, and
// picks at the stone's centre. A stone no longer on p (a person took it)
// is taken.
func TakeSeen(ctx context.Context, h Picker, eyes game.Eyes, p rules.Point, c rules.Color) error {
	if err := h.Park(ctx); err != nil {
		return err
	}
	sight, err := eyes.Look(ctx)
	if err != nil {
		return err
	}
	if sight.Board.At(p) != c {
		return nil
	}
	if sight.Centre == nil {
		return fmt.Errorf("the camera cannot tell where the %s stone on %s lies", c, p)
	}
	dx, dy, err := sight.Centre(p)
	if err != nil {
		return fmt.Errorf("where the %s stone on %s lies: %w", c, p, err)
	}
	return h.TakeAt(ctx, arm.BoardPoint(p).Off(dx, dy), c)
}

// Drops implements game.Dropper.
func (h *WatchedHand) Drops() []game.Drop {
	h.mu.Lock()
	defer h.mu.Unlock()
	d := h.drops
	h.drops = nil
	return d
}

// Transient reports whether fault is one the robot gets past by itself,
// once its arm is homed again and the game resumes from its journal: the
// arm's controller restarted, or stopped when the host fell silent or its
// queue ran dry (the motion was lost), or the link to it dropped. The
// e-stop, an empty bowl, a stone stuck on the nozzle or falling again and
// again, and all else need a person.
func Transient(fault error) bool {
	var fe *arm.FaultError
	if errors.As(fault, &fe) {
		return fe.Faults&^(arm.FaultHostSilent|arm.FaultQueueUnder|arm.FaultReset) == 0
	}
	return errors.Is(fault, serial.ErrMotionLost) || errors.Is(fault, serial.ErrLink)
}
