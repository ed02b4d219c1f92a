//go:build cgo

package calibration

import (
	"image"
	"image/color"
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// chessboardViews renders a printed chessboard (cols+1 x rows+1 squares
// of sq mm) seen by a pinhole camera with focal length f from several
// poses: the image of the board plane is K [r1 r2 t].
func chessboardViews(t *testing.T, cols, rows int, sq, f float64, w, h int) []gocv.Mat {
	const ppmm = 4 // pixels per mm of the flat pattern
	pw, ph := int(float64(cols+3)*sq*ppmm), int(float64(rows+3)*sq*ppmm)
	flat := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(255, 255, 255, 0), ph, pw, gocv.MatTypeCV8UC1)
	defer flat.Close()
	for r := 0; r < rows+1; r++ {
		for c := 0; c < cols+1; c++ {
			if (r+c)%2 == 0 {
				x0, y0 := int((float64(c)+1)*sq*ppmm), int((float64(r)+1)*sq*ppmm)
				roi := flat.Region(image.Rect(x0, y0, x0+int(sq*ppmm), y0+int(sq*ppmm)))
				roi.SetTo(gocv.NewScalar(0, 0, 0, 0))
				roi.Close()
			}
		}
	}
	var views []gocv.Mat
	for i, pose := range [][3]float64{{0, 0, 0}, {0.35, 0, 0.1}, {-0.3, 0.2, -0.1}, {0.1, -0.4, 0.2}, {0.25, 0.3, 0.5}} {
		ax, ay, az := pose[0], pose[1], pose[2]
		// R = Rz * Ry * Rx
		cx, sx, cy, sy, cz, sz := math.Cos(ax), math.Sin(ax), math.Cos(ay), math.Sin(ay), math.Cos(az), math.Sin(az)
		R := [3][3]float64{
			{cz * cy, cz*sy*sx - sz*cx, cz*sy*cx + sz*sx},
			{sz * cy, sz*sy*sx + cz*cx, sz*sy*cx - cz*sx},
			{-sy, cy * sx, cy * cx},
		}
		// Board centre 500 mm in front of the camera.
		cxm, cym := float64(pw)/ppmm/2, float64(ph)/ppmm/2
		tv := [3]float64{-(R[0][0]*cxm + R[0][1]*cym), -(R[1][0]*cxm + R[1][1]*cym), 500 - (R[2][0]*cxm + R[2][1]*cym)}
		K := [3][3]float64{{f, 0, float64(w) / 2}, {0, f, float64(h) / 2}, {0, 0, 1}}
		var H [3][3]float64 // maps flat pixels to image pixels: K [r1 r2 t] diag(1/ppmm, 1/ppmm, 1)
		for r := 0; r < 3; r++ {
			col := [3]float64{R[r][0] / ppmm, R[r][1] / ppmm, tv[r]}
			for c := 0; c < 3; c++ {
				H[r][c] = col[c]
			}
		}
		var KH [3][3]float64
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				for k := 0; k < 3; k++ {
					KH[r][c] += K[r][k] * H[k][c]
				}
			}
		}
		m := gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F)
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				m.SetDoubleAt(r, c, KH[r][c])
			}
		}
		v := gocv.NewMat()
		gocv.WarpPerspectiveWithParams(flat, &v, m, image.Pt(w, h), gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{128, 128, 128, 0})
		m.Close()
		if i == 0 && v.Empty() {
			t.Fatal("warp failed")
		}
		views = append(views, v)
	}
	return views
}

func TestCalibrateLens(t *testing.T) {
	const f = 900.0
	views := chessboardViews(t, 9, 6, 25, f, 1280, 720)
	defer func() {
		for _, v := range views {
			v.Close()
		}
	}()
	res, err := CalibrateLens(views, 9, 6, 25)
	if err != nil {
		t.Fatal(err)
	}
	c := res.Camera
	t.Logf("fx %.1f fy %.1f cx %.1f cy %.1f rms %.3f px, dist %.3v", c.Matrix[0], c.Matrix[4], c.Matrix[2], c.Matrix[5], c.ReprojectionError, c.Distortion)
	if math.Abs(c.Matrix[0]-f) > 0.03*f || math.Abs(c.Matrix[4]-f) > 0.03*f {
		t.Errorf("focal length %.1f/%.1f, want %.0f", c.Matrix[0], c.Matrix[4], f)
	}
	if c.ReprojectionError > 0.5 {
		t.Errorf("reprojection error %.2f px", c.ReprojectionError)
	}
	for i, u := range res.Used {
		if !u {
			t.Errorf("view %d: chessboard not found", i)
		}
	}
	file := Default()
	file.Camera = c
	if err := file.Validate(); err != nil {
		t.Errorf("the result does not validate: %v", err)
	}
	if _, err := CalibrateLens(views[:2], 9, 6, 25); err == nil {
		t.Error("calibrated from two views")
	}
	if _, err := CalibrateLens(views, 7, 7, 25); err == nil {
		t.Error("found a 7x7 pattern in a 9x6 board")
	}
}
