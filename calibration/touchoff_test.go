package calibration

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"tengen/rules"
)

func vsub(a, b Vec3) float64 {
	return math.Sqrt((a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2]))
}

// TestFitTouchOffRecoversPose measures a rotated, tilted board of a known
// pitch with noise and checks the fit finds it again.
func TestFitTouchOffRecoversPose(t *testing.T) {
	rot := 3 * math.Pi / 180
	pitch := 24.6
	want := TouchOffFit{
		BoardA1:    Vec3{-168.2, -175.9, -455.4},
		BoardStepX: Vec3{pitch * math.Cos(rot), pitch * math.Sin(rot), 0.06},
		BoardStepY: Vec3{-pitch * math.Sin(rot), pitch * math.Cos(rot), -0.04},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const sigma = 0.2 // mm of measurement noise per axis
	var pts []TouchPoint
	for _, p := range []rules.Point{{X: 0, Y: 0}, {X: 14, Y: 0}, {X: 0, Y: 14}, {X: 14, Y: 14}, {X: 7, Y: 7}, {X: 3, Y: 11}, {X: 11, Y: 4}} {
		var m Vec3
		for a := range 3 {
			m[a] = want.BoardA1[a] + float64(p.X)*want.BoardStepX[a] + float64(p.Y)*want.BoardStepY[a] + rng.NormFloat64()*sigma
		}
		pts = append(pts, TouchPoint{p, m})
	}
	fit, err := FitTouchOff(pts)
	if err != nil {
		t.Fatal(err)
	}
	if d := vsub(fit.BoardA1, want.BoardA1); d > 0.4 {
		t.Errorf("a1 off by %.3f mm: %v, want %v", d, fit.BoardA1, want.BoardA1)
	}
	for _, c := range []struct {
		name      string
		got, want Vec3
	}{{"step x", fit.BoardStepX, want.BoardStepX}, {"step y", fit.BoardStepY, want.BoardStepY}} {
		// 14 cells × the step error must stay well under a millimetre.
		if d := vsub(c.got, c.want); d*14 > 0.6 {
			t.Errorf("%s off by %.4f mm per cell: %v, want %v", c.name, d, c.got, c.want)
		}
	}
	if len(fit.Residuals) != len(pts) || fit.RMS <= 0 || fit.RMS > 3*sigma*math.Sqrt(3) || fit.Max < fit.RMS {
		t.Errorf("residuals %v, RMS %.3f, max %.3f", fit.Residuals, fit.RMS, fit.Max)
	}
	var cal Arm
	fit.Apply(&cal)
	if cal.BoardA1 != fit.BoardA1 || cal.BoardStepY != fit.BoardStepY {
		t.Error("Apply did not write the fit")
	}
	// Without noise the fit is exact.
	for i := range pts {
		p := pts[i].Point
		for a := range 3 {
			pts[i].Nozzle[a] = want.BoardA1[a] + float64(p.X)*want.BoardStepX[a] + float64(p.Y)*want.BoardStepY[a]
		}
	}
	fit, _ = FitTouchOff(pts)
	if fit.Max > 1e-9 || vsub(fit.BoardA1, want.BoardA1) > 1e-9 {
		t.Errorf("exact data: max residual %g, a1 %v", fit.Max, fit.BoardA1)
	}
	// One bad touch shows up in its residual.
	pts[4].Nozzle[2] += 3
	fit, _ = FitTouchOff(pts)
	worst := 0
	for i, r := range fit.Residuals {
		if r > fit.Residuals[worst] {
			worst = i
		}
	}
	if worst != 4 {
		t.Errorf("the bad touch at %s is not the worst residual: %v", pts[4].Point, fit.Residuals)
	}
}

func TestFitTouchOffErrors(t *testing.T) {
	v := Vec3{0, 0, -450}
	line := []TouchPoint{{rules.Point{X: 0, Y: 0}, v}, {rules.Point{X: 7, Y: 7}, v}, {rules.Point{X: 14, Y: 14}, v}, {rules.Point{X: 3, Y: 3}, v}}
	cases := map[string][]TouchPoint{
		"three points": line[:3],
		"on a line":    line,
		"NaN":          {{rules.Point{X: 0, Y: 0}, v}, {rules.Point{X: 14, Y: 0}, v}, {rules.Point{X: 0, Y: 14}, Vec3{math.NaN(), 0, 0}}, {rules.Point{X: 14, Y: 14}, v}},
		"off board":    {{rules.Point{X: 0, Y: 0}, v}, {rules.Point{X: 14, Y: 0}, v}, {rules.Point{X: 0, Y: 14}, v}, {rules.Point{X: -1, Y: 3}, v}},
	}
	for name, pts := range cases {
		if _, err := FitTouchOff(pts); !errors.Is(err, ErrTouchOff) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
