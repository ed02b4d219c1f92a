//go:build cgo

package rig

import (
	"context"
	"io"
	"testing"
	"time"

	"tengen/calibration"
	"tengen/vision"
	"tengen/vision/capture"
	"tengen/vision/synth"
)

// TestNewWatcherUndoesLens reads frames through a strongly barrel-
// distorting lens, its board corners calibrated for the ideal lens (as
// `tengen calibrate board` finds them in undistorted frames): with the
// camera calibration's lens model the robot's reader reads every stone
// right; without it, at the same corners, it does not.
func TestNewWatcherUndoesLens(t *testing.T) {
	const k = -0.12 // synth's distortion at the half-diagonal
	stones := map[[2]int]vision.Stone{}
	for i := 0; i < 15; i += 2 {
		stones[[2]int{0, i}] = vision.Black // along the edges, where the lens bends most
		stones[[2]int{14, i}] = vision.White
		stones[[2]int{i, 0}] = vision.White
		stones[[2]int{i, 14}] = vision.Black
	}
	s := scene(stones, false, 0)
	s.Distortion = k
	want := synth.Truth(s)
	for _, tc := range []struct {
		name     string
		lens, ok bool
	}{{"calibrated", true, true}, {"lens ignored", false, false}} {
		t.Run(tc.name, func(t *testing.T) {
			cal := calibration.Default()
			cal.Board.Size = 15
			for i, p := range imgCorners {
				cal.Board.Corners[i] = [2]float64{p.X, p.Y}
			}
			if tc.lens {
				// synth moves a pixel at radius r to r(1 + k r²) (r over
				// the half-diagonal); OpenCV's model is the inverse
				// series: k1 = −k, k2 = 3k², with f the half-diagonal.
				f := 400.0 // 640x480: half the diagonal
				cal.Camera.Matrix = []float64{f, 0, 320, 0, f, 240, 0, 0, 1}
				cal.Camera.Distortion = []float64{-k, 3 * k * k, 0, 0, 0}
			}
			src := frames(repeat(s, 6), io.EOF)
			w, err := NewWatcher(cal, &capture.Camera{Open: func() (capture.Source, error) { return src, nil }})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Lens.Close()
			if (w.Lens != nil) != tc.lens {
				t.Fatalf("lens model %v, want %v", w.Lens != nil, tc.lens)
			}
			w.Relocate = func(*vision.Planes, int) ([4]vision.Point, float64, error) { return w.Corners, 0, nil } // read where calibrated
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			wrong := 0
			for i := 0; i < 4; i++ {
				if _, err := w.Step(ctx); err != nil {
					t.Fatal(err)
				}
			}
			r := w.Last.Reading
			if r == nil {
				t.Fatal("no reading")
			}
			for row := range want {
				for col := range want[row] {
					if r.Stones[row][col] != want[row][col] {
						wrong++
					}
				}
			}
			t.Logf("%d points misread", wrong)
			if (wrong == 0) != tc.ok {
				t.Errorf("%d points misread with the lens model %v", wrong, tc.lens)
			}
		})
	}
}
