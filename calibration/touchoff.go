package calibration

import (
	"errors"
	"fmt"
	"math"
	"tengen/i18n/errmsg"

	"tengen/rules"
)

// TouchPoint is one touch-off measurement: the nozzle's position in the
// arm's frame (from the servo angles through the forward kinematics) when
// it touched the board at intersection Point.
type TouchPoint struct {
	Point  rules.Point
	Nozzle Vec3
}

// TouchOffFit is the board's placement fitted to touch-off measurements,
// with the residual (mm) of each measurement in input order.
type TouchOffFit struct {
	BoardA1, BoardStepX, BoardStepY Vec3
	Residuals                       []float64
	RMS, Max                        float64
}

// ErrTouchOff is wrapped by every error of FitTouchOff.
var ErrTouchOff = errors.New("touch-off")

// FitTouchOff fits the board's placement to at least four touch-off
// measurements (say the four corners and the centre) by least squares.
// The model is affine, nozzle = A1 + x·StepX + y·StepY for the point
// (x, y), so it takes up the board's position, rotation, pitch and tilt;
// each coordinate is an independent linear least-squares problem with the
// same 3x3 normal equations.
func FitTouchOff(pts []TouchPoint) (TouchOffFit, error) {
	if len(pts) < 4 {
		return TouchOffFit{}, errmsg.Mark(ErrTouchOff, "err.touchoff-few", len(pts))
	}
	var n, su, sv, suu, svv, suv float64
	for i, p := range pts {
		if !p.Point.In(rules.MaxSize) {
			return TouchOffFit{}, errmsg.Mark(ErrTouchOff, "err.touchoff-off-board", i+1, p.Point)
		}
		for _, c := range p.Nozzle {
			if math.IsNaN(c) || math.IsInf(c, 0) {
				return TouchOffFit{}, errmsg.Mark(ErrTouchOff, "err.touchoff-nan", i+1, p.Point, fmt.Sprint(p.Nozzle))
			}
		}
		u, v := float64(p.Point.X), float64(p.Point.Y)
		n++
		su += u
		sv += v
		suu += u * u
		svv += v * v
		suv += u * v
	}
	// The points must span the board, not lie on one line.
	cuu, cvv, cuv := suu-su*su/n, svv-sv*sv/n, suv-su*sv/n
	if cuu*cvv-cuv*cuv <= 1e-9*(cuu+cvv)*(cuu+cvv) {
		return TouchOffFit{}, errmsg.Mark(ErrTouchOff, "err.touchoff-line")
	}
	m := [3][3]float64{{n, su, sv}, {su, suu, suv}, {sv, suv, svv}}
	var fit TouchOffFit
	for axis := range 3 {
		var b [3]float64
		for _, p := range pts {
			u, v, z := float64(p.Point.X), float64(p.Point.Y), p.Nozzle[axis]
			b[0] += z
			b[1] += u * z
			b[2] += v * z
		}
		x := solve3x3(m, b)
		fit.BoardA1[axis], fit.BoardStepX[axis], fit.BoardStepY[axis] = x[0], x[1], x[2]
	}
	var sum float64
	for _, p := range pts {
		u, v := float64(p.Point.X), float64(p.Point.Y)
		var d2 float64
		for axis := range 3 {
			e := fit.BoardA1[axis] + u*fit.BoardStepX[axis] + v*fit.BoardStepY[axis] - p.Nozzle[axis]
			d2 += e * e
		}
		r := math.Sqrt(d2)
		fit.Residuals = append(fit.Residuals, r)
		sum += d2
		fit.Max = math.Max(fit.Max, r)
	}
	fit.RMS = math.Sqrt(sum / n)
	return fit, nil
}

// solve3x3 solves m·x = b by Cramer's rule; m is known to be regular.
func solve3x3(m [3][3]float64, b [3]float64) [3]float64 {
	det := func(a [3][3]float64) float64 {
		return a[0][0]*(a[1][1]*a[2][2]-a[1][2]*a[2][1]) -
			a[0][1]*(a[1][0]*a[2][2]-a[1][2]*a[2][0]) +
			a[0][2]*(a[1][0]*a[2][1]-a[1][1]*a[2][0])
	}
	d := det(m)
	var x [3]float64
	for j := range 3 {
		mj := m
		for i := range 3 {
			mj[i][j] = b[i]
		}
		x[j] = det(mj) / d
	}
	return x
}

// Apply writes the fitted placement into the arm's calibration.
func (f TouchOffFit) Apply(a *Arm) {
	a.BoardA1, a.BoardStepX, a.BoardStepY = f.BoardA1, f.BoardStepX, f.BoardStepY
}
