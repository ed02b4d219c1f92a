package game

import (
	"context"

	"tengen/arm"
	"tengen/rules"
)

// ArmHand is the Hand of a real (or simulated) arm.
type ArmHand struct{ Arm *arm.Arm }

// Place picks a stone of colour c from its bowl and puts it on p.
func (h ArmHand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if err := h.Arm.Pick(ctx, c); err != nil {
		return err
	}
	return h.Arm.Place(ctx, p)
}

// Take lifts the stone at p into its colour's bowl.
func (h ArmHand) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	return h.Arm.Remove(ctx, p, c)
}

// Park moves the arm out of the camera's view.
func (h ArmHand) Park(ctx context.Context) error { return h.Arm.Park(ctx) }
