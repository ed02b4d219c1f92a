package arm

import (
	"context"

	"tengen/rules"
)

// Hand is the arm seen as the game sees it (game.Hand): whole moves of
// stones. An arm left unhomed by an earlier failure or a Stop is homed
// first, so the game's retry after a reported fault starts clean: a stone
// still on the nozzle goes back to its bowl (Arm.Home), then the move is
// made. After a restart, when neither the arm nor the device (Status.Load)
// knows the colour of a stone found on the nozzle, the move's colour is
// taken for it: the stone in flight was most likely the move's.
type Hand struct{ Arm *Arm }

// Place takes a stone of colour c from its bowl and puts it on p.
func (h Hand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if err := h.ready(ctx, c); err != nil {
		return err
	}
	if err := h.Arm.Pick(ctx, c); err != nil {
		return err
	}
	return h.Arm.Place(ctx, p)
}

// Take lifts the stone of colour c at p and drops it into c's bowl.
func (h Hand) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	return h.TakeAt(ctx, BoardPoint(p), c)
}

// TakeAt lifts the stone of colour c at board target t (a point, or a spot
// off one, where the camera sees a stone lie) and drops it into c's bowl.
func (h Hand) TakeAt(ctx context.Context, t Target, c rules.Color) error {
	if err := h.ready(ctx, c); err != nil {
		return err
	}
	return h.Arm.Remove(ctx, t, c)
}

// Park moves the arm out of the camera's view.
func (h Hand) Park(ctx context.Context) error {
	if err := h.ready(ctx, rules.Empty); err != nil {
		return err
	}
	return h.Arm.Park(ctx)
}

// ready homes the arm when its pose is unknown or it was stopped; a stone
// of unknown colour on the nozzle is taken for one of colour c.
func (h Hand) ready(ctx context.Context, c rules.Color) error {
	h.Arm.mu.Lock()
	ok := h.Arm.homed && !h.Arm.stopped.Load()
	h.Arm.mu.Unlock()
	if ok {
		return nil
	}
	return h.Arm.homeAs(ctx, c)
}
