//go:build cgo

package sim

import (
	"context"
	"math"
	"strings"
	"testing"

	"tengen/arm/armsim"
	"tengen/game"
	"tengen/rig"
	"tengen/rules"
)

// TestVerifyStonesSeesAMiscalibratedArm: rig.VerifyStones on the rendered
// camera, read by the vision code, measures where the arm puts stones.
// The arm's calibration here puts the board 1.5 mm off where it lies, and
// the arm does not follow the camera's view of the board, as a real arm's
// calibration error is not corrected by it.
func TestVerifyStonesSeesAMiscalibratedArm(t *testing.T) {
	t.Parallel()
	for _, shift := range []float64{0, 1.5} {
		w := NewWorld(SeedLayout(), 5)
		blacks := w.InBowl(rules.Black)
		cal := armsim.SeedArm()
		cal.BoardA1[0] += shift
		r, err := newRobotCalibrated(w, 5, smallCamera(), cal)
		if err != nil {
			t.Fatal(err)
		}
		r.Eyes.onPose = nil
		eyes := &truthfulEyes{Eyes: r.Eyes, w: w, truth: map[rules.Point]float64{}}
		got, err := rig.VerifyStones(t.Context(), r.Hand(), eyes, r.Arm.Layout(), 1.0)
		r.Close()
		if len(got) != 5 {
			t.Fatalf("shift %.1f mm: %d points measured (%v)", shift, len(got), err)
		}
		sum := 0.0
		for _, v := range got {
			truth := eyes.truth[v.Point]
			t.Logf("shift %.1f mm: %s measured %.2f mm off, truly %.2f", shift, v.Point, v.Off, truth)
			if math.Abs(v.Off-truth) > 0.35 {
				t.Errorf("shift %.1f mm: the stone on %s measured %.2f mm off, truly %.2f", shift, v.Point, v.Off, truth)
			}
			sum += v.Off
		}
		if mean := sum / 5; math.Abs(mean-shift) > 0.6 {
			t.Errorf("shift %.1f mm: measured %.2f mm off on average", shift, mean)
		}
		if (err != nil) != (shift > 0) || shift > 0 && !strings.Contains(err.Error(), "calibrate arm") {
			t.Errorf("shift %.1f mm: %v", shift, err)
		}
		if n := len(w.Board()); n != 0 || w.InBowl(rules.Black) != blacks {
			t.Errorf("shift %.1f mm: %d stones left on the board, %d in the black bowl (had %d)", shift, n, w.InBowl(rules.Black), blacks)
		}
	}
}

// truthfulEyes are the robot's eyes, noting how far (mm) the one stone on
// the board truly lies from its point whenever they see one.
type truthfulEyes struct {
	*Eyes
	w     *World
	truth map[rules.Point]float64
}

func (e *truthfulEyes) Look(ctx context.Context) (game.Sight, error) {
	s, err := e.Eyes.Look(ctx)
	if stones := e.w.Board(); err == nil && len(stones) == 1 {
		b, _ := e.w.Truth()
		for _, p := range rig.Marks(b.Size()) {
			if d, ok := e.w.Offset(p); ok && b.At(p) != rules.Empty {
				e.truth[p] = d
			}
		}
	}
	return s, err
}
