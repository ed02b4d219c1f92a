//go:build cgo

package synth_test

import (
	"math"
	"testing"

	"gocv.io/x/gocv"

	"tengen/calibration"
	"tengen/vision/synth"
)

// The rendered chessboards are ones OpenCV finds, and the lens calibration
// recovers the focal length they were rendered with.
func TestChessboardCalibratesTheLens(t *testing.T) {
	const f = 1000.0
	var views []gocv.Mat
	defer func() {
		for _, v := range views {
			v.Close()
		}
	}()
	for _, pose := range []synth.Pose{{}, {Tilt: [3]float64{0.35, 0, 0.1}}, {At: [2]float64{-150, 60}, Tilt: [3]float64{-0.3, 0.2, -0.1}},
		{At: [2]float64{150, -60}, Tilt: [3]float64{0.1, -0.4, 0.2}}, {Tilt: [3]float64{0.25, 0.3, 0.5}}} {
		img := synth.Chessboard(9, 6, 25, f, 1280, 720, pose)
		m, err := gocv.ImageGrayToMatGray(img)
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, m)
	}
	res, err := calibration.CalibrateLens(views, 9, 6, 25)
	if err != nil {
		t.Fatal(err)
	}
	for i, used := range res.Used {
		if !used {
			t.Errorf("view %d: no chessboard found", i)
		}
	}
	if fx := res.Camera.Matrix[0]; math.Abs(fx-f) > 0.02*f || res.Camera.ReprojectionError > 0.5 {
		t.Errorf("focal length %.1f px (rendered with %.0f), reprojection error %.3f px", fx, f, res.Camera.ReprojectionError)
	}
}
