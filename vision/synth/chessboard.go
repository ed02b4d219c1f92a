package synth

import (
	"image"
	"image/color"
	"math"
)

// Pose is how a person holds the chessboard: its centre At (x, y) mm
// across the view from the camera's axis, 500 mm in front of the camera
// (x to the image's right, y down), turned by Tilt (radians about x, then
// y, then z).
type Pose struct {
	At   [2]float64
	Tilt [3]float64
}

// Chessboard renders what a person shows the camera to calibrate its
// lens: a printed chessboard of cols x rows inner corners, squares of sq
// mm on white paper one square wider all round, held in pose before a
// pinhole camera of focal length f pixels (principal point in the middle
// of the w x h image); grey around it. Each pixel is the mean of 3 x 3
// samples.
func Chessboard(cols, rows int, sq, f float64, w, h int, pose Pose) *image.Gray {
	tilt := pose.Tilt
	cx, sx := math.Cos(tilt[0]), math.Sin(tilt[0])
	cy, sy := math.Cos(tilt[1]), math.Sin(tilt[1])
	cz, sz := math.Cos(tilt[2]), math.Sin(tilt[2])
	r := [3][3]float64{ // Rz · Ry · Rx
		{cz * cy, cz*sy*sx - sz*cx, cz*sy*cx + sz*sx},
		{sz * cy, sz*sy*sx + cz*cx, sz*sy*cx - cz*sx},
		{-sy, cy * sx, cy * cx},
	}
	c := [3]float64{pose.At[0], pose.At[1], 500} // the board's centre, in the camera's frame
	n := [3]float64{r[0][2], r[1][2], r[2][2]}   // the board's normal
	halfW, halfH := float64(cols+1)/2*sq, float64(rows+1)/2*sq
	shade := func(u, v float64) float64 {
		d := [3]float64{(u - float64(w)/2) / f, (v - float64(h)/2) / f, 1}
		den := n[0]*d[0] + n[1]*d[1] + n[2]*d[2]
		if den <= 1e-9 {
			return 128
		}
		s := (n[0]*c[0] + n[1]*c[1] + n[2]*c[2]) / den // where the ray meets the board's plane
		p := [3]float64{s*d[0] - c[0], s*d[1] - c[1], s*d[2] - c[2]}
		x := r[0][0]*p[0] + r[1][0]*p[1] + r[2][0]*p[2] // on the board: Rᵀ p
		y := r[0][1]*p[0] + r[1][1]*p[1] + r[2][1]*p[2]
		switch {
		case math.Abs(x) > halfW+sq || math.Abs(y) > halfH+sq:
			return 128 // beyond the paper
		case math.Abs(x) > halfW || math.Abs(y) > halfH:
			return 245 // the paper's margin
		}
		i, j := int(math.Floor((x+halfW)/sq)), int(math.Floor((y+halfH)/sq))
		if (i+j)%2 == 0 {
			return 20
		}
		return 245
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	for v := 0; v < h; v++ {
		for u := 0; u < w; u++ {
			sum := 0.0
			for a := -1; a <= 1; a++ {
				for b := -1; b <= 1; b++ {
					sum += shade(float64(u)+0.5+float64(a)/3, float64(v)+0.5+float64(b)/3)
				}
			}
			img.SetGray(u, v, color.Gray{Y: uint8(sum/9 + 0.5)})
		}
	}
	return img
}
