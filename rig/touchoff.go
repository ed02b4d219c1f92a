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
	"tengen/i18n/errmsg"
	"tengen/kinematics"
	"tengen/rules"
)

// ErrAborted is a calibration step the person stopped (q, or the end of
// the input) before it was complete; nothing was changed.
var ErrAborted = errmsg.New("err.cal-aborted")

// TouchOff is the arm-to-board calibration, guided on a terminal: the
// nozzle is brought near each mark, the person jogs it until it touches
// and says ok; the board's pose is fitted to the corners and the centre,
// then the bowls and the parking spot are taught the same way.
type TouchOff struct {
	Arm *arm.Arm
	In  io.Reader
	Out io.Writer
	// Words words what the step says in the person's language; nil is
	// English.
	Words func(errmsg.Msg) string
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
		at, err := t.teach(ctx, errmsg.M("cal.touch-mark", p.String()), lay.Intersection(p))
		if err != nil {
			return cal, calibration.TouchOffFit{}, err
		}
		pts = append(pts, calibration.TouchPoint{Point: p, Nozzle: calibration.Vec3(at)})
	}
	fit, err := calibration.FitTouchOff(pts)
	if err != nil {
		return cal, fit, err
	}
	t.say(errmsg.M("cal.board-fitted", mm(fit.RMS), mm(fit.Max)))
	for i, r := range fit.Residuals {
		t.say(errmsg.M("cal.residual", pts[i].Point.String(), mm(r)))
	}
	if fit.Max > 2 {
		t.say(errmsg.M("cal.fit-warning"))
	}
	fit.Apply(&cal)
	places := []struct {
		name errmsg.Msg
		v    *calibration.Vec3
	}{
		{errmsg.M("cal.touch-black-bowl"), &cal.BlackBowl},
		{errmsg.M("cal.touch-white-bowl"), &cal.WhiteBowl},
		{errmsg.M("cal.touch-park"), &cal.Park},
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
			t.say(errmsg.M("cal.vacuum", kPa(held), kPa(open), kPa(th)))
			cal.VacuumThreshold = th
		}
	}
	return cal, fit, nil
}

// teach brings the nozzle Hover above want and lets the person jog it
// onto the place, returning where it is when they say ok.
func (t *TouchOff) teach(ctx context.Context, what errmsg.Msg, want kinematics.Vec3) (kinematics.Vec3, error) {
	if err := t.goTo(ctx, want.Add(kinematics.Vec3{0, 0, t.Hover})); err != nil {
		return want, err
	}
	t.say(errmsg.M("cal.touch-ask", what))
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
			t.say(errmsg.M("cal.touched", what, fmt.Sprintf("%.1f", at[0]), fmt.Sprintf("%.1f", at[1]), fmt.Sprintf("%.1f", at[2])))
			return at, nil
		}
		d, bad := parseJog(f)
		if bad != nil {
			t.say(*bad)
			continue
		}
		if err := t.Arm.Jog(ctx, d); err != nil {
			// Out of reach or a fault: say so and let the person go on.
			t.say(errmsg.M("cal.jog-failed", err))
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

// parseJog reads "x 1.5", "y -2" or "z -0.5" (at most 50 mm a step),
// or says what is wrong with the answer.
func parseJog(f []string) (kinematics.Vec3, *errmsg.Msg) {
	var d kinematics.Vec3
	if len(f) != 2 || len(f[0]) != 1 || !strings.Contains("xyz", f[0]) {
		m := errmsg.M("cal.jog-syntax", strconv.Quote(strings.Join(f, " ")))
		return d, &m
	}
	v, err := strconv.ParseFloat(f[1], 64)
	if err != nil || v != v || v < -50 || v > 50 {
		m := errmsg.M("cal.jog-mm", strconv.Quote(f[1]))
		return d, &m
	}
	d[strings.Index("xyz", f[0])] = v
	return d, nil
}

// say writes a line of the step in the person's language.
func (t *TouchOff) say(m errmsg.Msg) { fmt.Fprintln(t.Out, words(t.Words)(m)) }

// words is w, or English when a step is given none.
func words(w func(errmsg.Msg) string) func(errmsg.Msg) string {
	if w == nil {
		return errmsg.Msg.String
	}
	return w
}

// mm and kPa write a measurement for a step's line.
func mm(v float64) string  { return fmt.Sprintf("%.2f", v) }
func kPa(v float64) string { return fmt.Sprintf("%.1f", v) }
