package calibration_test

import (
	"fmt"

	"tengen/calibration"
	"tengen/rules"
)

// ExampleFitTouchOff fits a board measured at its corners and centre: the
// board's rows run slightly uphill and one touch was 0.3 mm off.
func ExampleFitTouchOff() {
	pts := []calibration.TouchPoint{
		{Point: rules.Point{X: 0, Y: 0}, Nozzle: calibration.Vec3{-171.5, -171.5, -455.0}},
		{Point: rules.Point{X: 14, Y: 0}, Nozzle: calibration.Vec3{171.5, -171.5, -455.0}},
		{Point: rules.Point{X: 0, Y: 14}, Nozzle: calibration.Vec3{-171.5, 171.5, -454.3}},
		{Point: rules.Point{X: 14, Y: 14}, Nozzle: calibration.Vec3{171.5, 171.5, -454.3}},
		{Point: rules.Point{X: 7, Y: 7}, Nozzle: calibration.Vec3{0.3, 0, -454.65}},
	}
	fit, err := calibration.FitTouchOff(pts)
	if err != nil {
		fmt.Println(err)
		return
	}
	worst := 0
	for i, r := range fit.Residuals {
		if r > fit.Residuals[worst] {
			worst = i
		}
	}
	fmt.Printf("a1 at (%.2f, %.2f, %.2f), %.2f mm per column, rising %.3f mm per row\n",
		fit.BoardA1[0], fit.BoardA1[1], fit.BoardA1[2], fit.BoardStepX[0], fit.BoardStepY[2])
	fmt.Printf("worst residual %.2f mm at %s, RMS %.2f mm\n", fit.Max, pts[worst].Point, fit.RMS)
	// Output:
	// a1 at (-171.44, -171.50, -455.00), 24.50 mm per column, rising 0.050 mm per row
	// worst residual 0.24 mm at h8, RMS 0.12 mm
}
