package rig

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tengen/arm"
	"tengen/calibration"
	"tengen/kinematics"
	"tengen/rules"
)

// ErrAborted is a calibration step the person stopped (q, or the end of
// the input) before it was complete; nothing was changed.
var ErrAborted = errors.New("calibration stopped before it was complete; the file is unchanged")

// TouchOff is the arm-to-board calibration, guided on a terminal: the
// nozzle is brought near each mark, the person jogs it until it touches
// and says ok; the board's pose is fitted to the corners and the centre,
// then the bowls and the parking spot are taught the same way.
type TouchOff struct {
	Arm *arm.Arm
	In  io.Reader
	Out io.Writer
	// Hover is how far above the expected place (mm) each mark starts,
	// so the nozzle never starts in the board [10].
	Hover float64
	// Driver, when set, is the arm's driver: the vacuum threshold is then
	// learned at the black bowl (LearnVacuum).
	Driver arm.Driver

	lines *bufio.Scanner
}

// Marks are the touch-off points on an n x n board: the corners a1, o1,
// o15, a15 and the centre.
func Marks(n int) []rules.Point {
	m := n - 1
	return []rules.Point{{X: 0, Y: 0}, {X: m, Y: 0}, {X: m, Y: m}, {X: 0, Y: m}, {X: m / 2, Y: m / 2}}
}

// Run does the whole step on a copy of cal's arm section and returns it
// with the fit; cal itself is not touched, so a step stopped halfway
// leaves nothing half-calibrated.
func (t *TouchOff) Run(ctx context.Context, cal calibration.Arm, size int) (calibration.Arm, calibration.TouchOffFit, error) {
	t.lines = bufio.NewScanner(t.In)
	if t.Hover <= 0 {
		t.Hover = 10
	}
	if err := t.Arm.Home(ctx); err != nil {
		return cal, calibration.TouchOffFit{}, err
	}
	lay := t.Arm.Layout()
	var pts []calibration.TouchPoint
	for _, p := range Marks(size) {
		at, err := t.teach(ctx, "the mark at "+p.String(), lay.Intersection(p))
		if err != nil {
			return cal, calibration.TouchOffFit{}, err
		}
		pts = append(pts, calibration.TouchPoint{Point: p, Nozzle: calibration.Vec3(at)})
	}
	fit, err := calibration.FitTouchOff(pts)
	if err != nil {
		return cal, fit, err
	}
	fmt.Fprintf(t.Out, "board fitted: RMS %.2f mm, worst %.2f mm\n", fit.RMS, fit.Max)
	for i, r := range fit.Residuals {
		fmt.Fprintf(t.Out, "  %-4s %.2f mm\n", pts[i].Point, r)
	}
	if fit.Max > 2 {
		fmt.Fprintln(t.Out, "warning: a point is more than 2 mm off the fitted board: touch it again if it was not the mark's centre")
	}
	fit.Apply(&cal)
	places := []struct {
		name string
		v    *calibration.Vec3
	}{
		{"the top stone in the middle of the black bowl", &cal.BlackBowl},
		{"the top stone in the middle of the white bowl", &cal.WhiteBowl},
		{"the parking spot (out of the camera's view)", &cal.Park},
	}
	for i, pl := range places {
		at, err := t.teach(ctx, pl.name, kinematics.Vec3(*pl.v))
		if err != nil {
			return cal, fit, err
		}
		*pl.v = calibration.Vec3(at)
		if i == 0 && t.Driver != nil {
			th, held, open, err := LearnVacuum(ctx, t.Arm, t.Driver)
			if err != nil {
				return cal, fit, err
			}
			fmt.Fprintf(t.Out, "vacuum: %.1f kPa on a stone, %.1f kPa open: threshold %.1f kPa\n", held, open, th)
			cal.VacuumThreshold = th
		}
	}
	return cal, fit, nil
}

// teach brings the nozzle Hover above want and lets the person jog it
// onto the place, returning where it is when they say ok.
func (t *TouchOff) teach(ctx context.Context, what string, want kinematics.Vec3) (kinematics.Vec3, error) {
	if err := t.goTo(ctx, want.Add(kinematics.Vec3{0, 0, t.Hover})); err != nil {
		return want, err
	}
	fmt.Fprintf(t.Out, "touch %s: jog with x, y or z and millimetres (\"z -2.5\"), ok when it touches, q to stop\n", what)
	for {
		fmt.Fprint(t.Out, "> ")
		if !t.lines.Scan() {
			return want, ErrAborted
		}
		f := strings.Fields(strings.ToLower(t.lines.Text()))
		switch {
		case len(f) == 0:
			continue
		case f[0] == "q" || f[0] == "quit":
			return want, ErrAborted
		case f[0] == "ok":
			at, _ := t.Arm.Position()
			fmt.Fprintf(t.Out, "  %s at (%.1f, %.1f, %.1f)\n", what, at[0], at[1], at[2])
			return at, nil
		}
		d, err := parseJog(f)
		if err != nil {
			fmt.Fprintln(t.Out, " ", err)
			continue
		}
		if err := t.Arm.Jog(ctx, d); err != nil {
			// Out of reach or a fault: say so and let the person go on.
			fmt.Fprintln(t.Out, " ", err)
			if errors.Is(err, context.Canceled) {
				return want, err
			}
		}
	}
}

func (t *TouchOff) goTo(ctx context.Context, to kinematics.Vec3) error {
	at, _ := t.Arm.Position()
	// Rise first, so the nozzle never sweeps across the board low.
	if up := at[2] + 40; up > to[2] {
		if err := t.Arm.Jog(ctx, kinematics.Vec3{0, 0, up - at[2]}); err == nil {
			at, _ = t.Arm.Position()
		}
	}
	return t.Arm.Jog(ctx, to.Sub(at))
}

// parseJog reads "x 1.5", "y -2" or "z -0.5" (at most 50 mm a step).
func parseJog(f []string) (kinematics.Vec3, error) {
	var d kinematics.Vec3
	if len(f) != 2 || len(f[0]) != 1 || !strings.Contains("xyz", f[0]) {
		return d, fmt.Errorf("%q: want an axis and millimetres, e.g. \"x 1.5\" or \"z -2\", or ok, or q", strings.Join(f, " "))
	}
	mm, err := strconv.ParseFloat(f[1], 64)
	if err != nil || mm != mm || mm < -50 || mm > 50 {
		return d, fmt.Errorf("%q: millimetres must be a number from -50 to 50", f[1])
	}
	d[strings.Index("xyz", f[0])] = mm
	return d, nil
}
