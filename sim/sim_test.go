package sim

import (
	"bytes"
	"testing"
	"time"

	"tengen/rules"
)

func TestRunTruthCamera(t *testing.T) {
	var log bytes.Buffer
	sum, err := Run(t.Context(), Options{Games: 2, Seed: 1, Rule: rules.Renju, RobotLevel: 6, PersonLevel: 2,
		Think: 50 * time.Millisecond, PushRate: 0.2, Camera: TruthCamera{}, Dir: t.TempDir(), Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	t.Logf("%+v", sum)
	if sum.Games != 2 || sum.Moves < 10 {
		t.Errorf("summary %+v", sum)
	}
	if sum.MisreadMoves != 0 || sum.StonesLost != 0 || sum.StonesMisplaced != 0 {
		t.Errorf("misread %d, lost %d, misplaced %d\n%s", sum.MisreadMoves, sum.StonesLost, sum.StonesMisplaced, log.String())
	}
	if sum.MedianCycleS <= 0 {
		t.Errorf("no cycle time measured")
	}
}
