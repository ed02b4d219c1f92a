package rig

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"tengen/arm"
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
// is right over it, n when it is clearly off).
func AskCheck(in io.Reader, out io.Writer) Check {
	lines := bufio.NewScanner(in)
	return func(p rules.Point, _ kinematics.Vec3) (float64, error) {
		for {
			fmt.Fprintf(out, "is the nozzle over the centre of %s? y, n, or how far off in mm: ", p)
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
			fmt.Fprintf(out, "  %q: answer y, n or a distance in mm\n", s)
		}
	}
}
