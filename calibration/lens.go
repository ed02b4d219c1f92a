//go:build cgo

package calibration

import (
	"errors"
	"fmt"
	"image"
	"tengen/i18n/errmsg"

	"gocv.io/x/gocv"
)

// LensResult is a lens calibration: the camera with its model, and which
// views the chessboard was found in.
type LensResult struct {
	Camera Camera
	Used   []bool // per view: the chessboard was found and used
	// Outlines are where the chessboard lay in the views used, for
	// LensGuide's word on whether they were enough.
	Outlines []Outline
}

// OutlineOf is the outline of the chessboard whose cols x rows inner
// corners OpenCV found at pts (row by row).
func OutlineOf(pts []gocv.Point2f, cols, rows int) Outline {
	var o Outline
	for j, k := range []int{0, cols - 1, cols*rows - 1, cols * (rows - 1)} {
		o[j] = [2]float64{float64(pts[k].X), float64(pts[k].Y)}
	}
	return o
}

// CalibrateLens fits OpenCV's pinhole camera and distortion model to
// views of a printed chessboard with cols x rows inner corners and
// squares squareMM wide (OpenCV's calibrateCamera, Zhang's method). At
// least three views must show the whole board; more views at varied
// tilts give a better fit. The RMS reprojection error is reported in
// the result's Camera.ReprojectionError (pixels; under 0.5 is good).
func CalibrateLens(views []gocv.Mat, cols, rows int, squareMM float64) (*LensResult, error) {
	if cols < 3 || rows < 3 || squareMM <= 0 {
		return nil, errmsg.New("err.lens-pattern", cols, rows, fmt.Sprintf("%g", squareMM))
	}
	if len(views) == 0 {
		return nil, errors.New("calibration: no views of the chessboard")
	}
	size := image.Pt(views[0].Cols(), views[0].Rows())
	var obj [][]gocv.Point3f
	var img [][]gocv.Point2f
	res := &LensResult{Used: make([]bool, len(views))}
	board := make([]gocv.Point3f, 0, cols*rows)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			board = append(board, gocv.Point3f{X: float32(float64(c) * squareMM), Y: float32(float64(r) * squareMM)})
		}
	}
	for i, v := range views {
		if v.Cols() != size.X || v.Rows() != size.Y {
			return nil, errmsg.New("err.lens-view-size", i, v.Cols(), v.Rows(), size.X, size.Y)
		}
		gray := v
		if v.Channels() != 1 {
			gray = gocv.NewMat()
			defer gray.Close()
			gocv.CvtColor(v, &gray, gocv.ColorBGRToGray)
		}
		corners := gocv.NewMat()
		found := gocv.FindChessboardCorners(gray, image.Pt(cols, rows), &corners,
			gocv.CalibCBAdaptiveThresh|gocv.CalibCBNormalizeImage)
		if !found || corners.Rows() != cols*rows {
			corners.Close()
			continue
		}
		gocv.CornerSubPix(gray, &corners, image.Pt(5, 5), image.Pt(-1, -1),
			gocv.NewTermCriteria(gocv.Count|gocv.EPS, 30, 0.01))
		pv := gocv.NewPoint2fVectorFromMat(corners)
		pts := pv.ToPoints()
		img = append(img, pts)
		res.Outlines = append(res.Outlines, OutlineOf(pts, cols, rows))
		pv.Close()
		corners.Close()
		obj = append(obj, board)
		res.Used[i] = true
	}
	if len(img) < 3 {
		return nil, errmsg.New("err.lens-few-views", cols, rows, len(img), len(views))
	}
	op := gocv.NewPoints3fVectorFromPoints(obj)
	defer op.Close()
	ip := gocv.NewPoints2fVectorFromPoints(img)
	defer ip.Close()
	k, d, rv, tv := gocv.NewMat(), gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer k.Close()
	defer d.Close()
	defer rv.Close()
	defer tv.Close()
	rms := gocv.CalibrateCamera(op, ip, size, &k, &d, &rv, &tv, 0)
	cam := Camera{Width: size.X, Height: size.Y, ReprojectionError: rms}
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			cam.Matrix = append(cam.Matrix, k.GetDoubleAt(r, c))
		}
	}
	for i := 0; i < int(d.Total()); i++ {
		cam.Distortion = append(cam.Distortion, d.GetDoubleAt(0, i))
	}
	res.Camera = cam
	return res, nil
}
