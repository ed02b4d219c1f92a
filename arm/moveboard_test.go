package arm_test

import (
	"context"
	"strings"
	"testing"

	"tengen/arm"
	"tengen/kinematics"
	"tengen/rules"
)

// TestMoveBoard: after the board is moved (the table bumped) and the arm
// told where it now lies, the arm places on the moved board's points; a
// board moved out of reach is refused and the old one kept.
func TestMoveBoard(t *testing.T) {
	r := newRig(t, arm.Options{}, nil)
	ctx := context.Background()
	l := r.arm.Layout()
	shift := kinematics.Vec3{4, -3, 0}
	if err := r.arm.MoveBoard(l.A1.Add(shift), l.StepX, l.StepY); err != nil {
		t.Fatal(err)
	}
	if err := r.arm.Pick(ctx, rules.Black); err != nil {
		t.Fatal(err)
	}
	if err := r.arm.Place(ctx, pt("h8")); err != nil {
		t.Fatal(err)
	}
	want := l.Intersection(pt("h8")).Add(shift)
	stones := r.table.Board()
	if len(stones) != 1 {
		t.Fatalf("%d stones on the table", len(stones))
	}
	if d := stones[0].At.Sub(want); d[0]*d[0]+d[1]*d[1] > 1.5*1.5 {
		t.Errorf("the stone lies at %v, want %v (the moved h8)", stones[0].At, want)
	}
	moved := r.arm.Layout()
	err := r.arm.MoveBoard(l.A1.Add(kinematics.Vec3{900, 0, 0}), l.StepX, l.StepY)
	if err == nil || !strings.Contains(err.Error(), "out of reach") {
		t.Errorf("a board 900 mm away: %v", err)
	}
	if r.arm.Layout() != moved {
		t.Errorf("a refused move changed the layout")
	}
}
