package rig

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"tengen/arm"
	"tengen/game"
	"tengen/i18n/errmsg"
	"tengen/kinematics"
	"tengen/rules"
)

// Verified is one point the arm visited: where it meant the nozzle to be
// and how far off it was (mm).
type Verified struct {
	Point    rules.Point
	Intended kinematics.Vec3
	Off      float64
}

// Check measures how far the nozzle is from where it was meant to be.
type Check func(p rules.Point, intended kinematics.Vec3) (offMM float64, err error)

// Verify moves the nozzle hover mm above each touch-off mark (the corners
// and the centre) and asks check how far off it is; it returns every
// measurement, and an error naming the worst point when any is beyond
// tolerance.
func Verify(ctx context.Context, a *arm.Arm, size int, hover, tolerance float64, check Check) ([]Verified, error) {
	if err := a.Home(ctx); err != nil {
		return nil, err
	}
	t := &TouchOff{Arm: a}
	var out []Verified
	worst := -1
	for _, p := range Marks(size) {
		want := a.Layout().Intersection(p).Add(kinematics.Vec3{0, 0, hover})
		if err := t.goTo(ctx, want); err != nil {
			return out, fmt.Errorf("verify: moving over %s: %w", p, err)
		}
		off, err := check(p, want)
		if err != nil {
			return out, fmt.Errorf("verify at %s: %w", p, err)
		}
		out = append(out, Verified{Point: p, Intended: want, Off: off})
		if worst < 0 || off > out[worst].Off {
			worst = len(out) - 1
		}
	}
	if w := out[worst]; w.Off > tolerance {
		return out, fmt.Errorf("verify: the nozzle is %.1f mm off over %s (tolerance %.1f mm): run tengen calibrate arm again", w.Off, w.Point, tolerance)
	}
	return out, nil
}

// VerifyStones checks the arm with the camera: it puts a stone on each
// touch-off mark in turn (the corners and the centre), parks out of the
// camera's view, and measures how far the stone's centre lies from its
// point (game.Sight.Centre), in mm along the board of layout. That is the
// error of the whole chain the game meets: the arm's calibration, its
// placing and the board's place in the image. Each stone goes back to its
// bowl before the next. The board must be empty. It returns every
// measurement, and an error naming the worst point when any is beyond
// tolerance or the camera sees the stone elsewhere.
func VerifyStones(ctx context.Context, hand game.Hand, eyes game.Eyes, layout kinematics.Layout, tolerance float64) ([]Verified, error) {
	if err := hand.Park(ctx); err != nil {
		return nil, err
	}
	sight, err := eyes.Look(ctx)
	if err != nil {
		return nil, err
	}
	if n := sight.Board.Count(rules.Black) + sight.Board.Count(rules.White); n > 0 {
		return nil, fmt.Errorf("verify: clear the board first: the camera sees stones on %d points", n)
	}
	var out []Verified
	worst := -1
	for _, p := range Marks(layout.Size) {
		off, err := placedOff(ctx, hand, eyes, layout, p)
		if err != nil {
			return out, fmt.Errorf("verify at %s: %w", p, err)
		}
		out = append(out, Verified{Point: p, Intended: layout.Intersection(p), Off: off})
		if worst < 0 || off > out[worst].Off {
			worst = len(out) - 1
		}
	}
	if w := out[worst]; w.Off > tolerance {
		return out, fmt.Errorf("verify: the stone put on %s lies %.1f mm off its point (tolerance %.1f mm): run tengen calibrate arm again", w.Point, w.Off, tolerance)
	}
	return out, nil
}

// placedOff puts a black stone on p, has the camera say how far (mm) off
// p it lies, and takes it back to its bowl.
func placedOff(ctx context.Context, hand game.Hand, eyes game.Eyes, layout kinematics.Layout, p rules.Point) (float64, error) {
	if err := hand.Place(ctx, p, rules.Black); err != nil {
		return 0, err
	}
	if err := hand.Park(ctx); err != nil {
		return 0, err
	}
	// The first steady view may still be the one before the stone.
	var sight game.Sight
	for look := 0; look < 3; look++ {
		var err error
		if sight, err = eyes.Look(ctx); err != nil {
			return 0, err
		}
		if sight.Board.At(p) == rules.Black {
			break
		}
	}
	if sight.Board.At(p) != rules.Black || sight.Board.Count(rules.Black) != 1 {
		return 0, fmt.Errorf("the camera does not see the stone put there, but:\n%s", sight.Board)
	}
	if sight.Centre == nil {
		return 0, errors.New("the camera cannot tell where a stone lies")
	}
	dx, dy, err := sight.Centre(p)
	if err != nil {
		return 0, err
	}
	off := math.Hypot(dx*layout.StepX.Norm(), dy*layout.StepY.Norm())
	return off, hand.Take(ctx, p, rules.Black)
}

// TipCheck measures against a device that knows where its tip truly is
// (the simulated arm).
func TipCheck(tip func() (kinematics.Vec3, error)) Check {
	return func(_ rules.Point, want kinematics.Vec3) (float64, error) {
		at, err := tip()
		if err != nil {
			return 0, err
		}
		d := at.Sub(want)
		return math.Sqrt(d[0]*d[0] + d[1]*d[1]), nil // across the board; height is the hover
	}
}

// AskCheck asks a person at the terminal: they look at the nozzle over
// the mark and answer how far off its centre it is in mm (0 or y when it
// is right over it, n when it is clearly off). words words the questions
// in their language; nil is English.
func AskCheck(in io.Reader, out io.Writer, w func(errmsg.Msg) string) Check {
	lines := bufio.NewScanner(in)
	w = words(w)
	return func(p rules.Point, _ kinematics.Vec3) (float64, error) {
		for {
			fmt.Fprint(out, w(errmsg.M("cal.nozzle-ask", p.String()))+" ")
			if !lines.Scan() {
				return 0, ErrAborted
			}
			s := strings.ToLower(strings.TrimSpace(lines.Text()))
			switch s {
			case "y", "yes":
				return 0, nil
			case "n", "no":
				return math.Inf(1), nil
			}
			if mm, err := strconv.ParseFloat(s, 64); err == nil && mm >= 0 {
				return mm, nil
			}
			fmt.Fprintln(out, w(errmsg.M("cal.nozzle-syntax", strconv.Quote(s))))
		}
	}
}
