package rig_test

import (
	"context"
	"strings"
	"testing"

	"tengen/game"
	"tengen/rig"
	"tengen/rules"
	"tengen/sim"
)

// astray is a hand that puts every stone one point to the right of where
// it is asked to (a calibration off by a whole step).
type astray struct{ game.Hand }

func (h astray) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	return h.Hand.Place(ctx, rules.Point{X: p.X + 1, Y: p.Y}, c)
}

// VerifyStones refuses a board with stones on it, and fails, naming the
// point, when the camera sees the stone elsewhere.
func TestVerifyStonesRefuses(t *testing.T) {
	robot, err := sim.NewRobot(1, sim.TopCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer robot.Close()
	robot.World.Put(rules.White, rules.Point{X: 3, Y: 3}, 0, 0)
	got, err := rig.VerifyStones(t.Context(), robot.Hand(), robot.Eyes, robot.Arm.Layout(), 1.5)
	if len(got) != 0 || err == nil || !strings.Contains(err.Error(), "clear the board first: the camera sees stones on 1 points") {
		t.Fatalf("a stone on the board: %v, %v", got, err)
	}
	robot.World.LiftStone(rules.Point{X: 3, Y: 3})
	got, err = rig.VerifyStones(t.Context(), astray{robot.Hand()}, robot.Eyes, robot.Arm.Layout(), 1.5)
	if len(got) != 0 || err == nil || !strings.Contains(err.Error(), "verify at a1: the camera does not see the stone put there") {
		t.Fatalf("stones put astray: %v, %v", got, err)
	}
}
