package arm_test

import (
	"context"
	"errors"
	"testing"

	"tengen/arm"
	"tengen/game"
	"tengen/rules"
)

var _ game.Hand = arm.Hand{}

func TestHand(t *testing.T) {
	ctx := context.Background()
	r := newRig(t, arm.Options{}, nil)
	var h game.Hand = arm.Hand{Arm: r.arm}
	if err := h.Place(ctx, pt("h8"), rules.White); err != nil {
		t.Fatal(err)
	}
	if s, d, _ := r.table.Nearest(pt("h8")); s.Colour != rules.White || d > 1.5 {
		t.Fatalf("h8: %v %.2f mm off", s, d)
	}
	// After a failure the hand homes again before the next move.
	r.table.SetBowl(rules.Black)
	if err := h.Place(ctx, pt("h9"), rules.Black); !errors.Is(err, arm.ErrMissedPick) {
		t.Fatalf("empty bowl: %v", err)
	}
	if err := h.Take(ctx, pt("h8"), rules.White); err != nil {
		t.Fatal(err)
	}
	if len(r.table.Board()) != 0 {
		t.Error("stone still on the board")
	}
	if err := h.Park(ctx); err != nil {
		t.Fatal(err)
	}
}
