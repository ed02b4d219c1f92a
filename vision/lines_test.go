package vision_test

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestShiftLines starts Locate's line path from lattices a whole line
// off rendered boards (a comb or outline that ended a line short or
// long, or took the board's edge for a line) and expects the moves by
// whole lines to bring them back: the lattice score alone drifts there,
// while the line cover and margins tell the right lattice.
func TestShiftLines(t *testing.T) {
	type move struct {
		name           string
		u0, v0, u1, v1 float64 // the start's outer lines, in true grid steps
	}
	var (
		columnOver = move{"one column over", 1, 0, 1, 0}
		rowUp      = move{"one row up", 0, -1, 0, -1}
		cornerOff  = move{"a corner off", -1, 1, -1, 1}
		leftOut    = move{"left side out", -1, 0, 0, 0}
	)
	rng := rand.New(rand.NewSource(3))
	for _, c := range []struct {
		size  int
		moves []move
	}{
		{9, []move{columnOver, rowUp}},
		{13, []move{rowUp, cornerOff}},
		{19, []move{cornerOff, leftOut}},
	} {
		s := synth.Random(rng, c.size)
		pl := synth.Planes(synth.Render(s))
		want := vision.OrderCorners(s.Corners)
		h, err := vision.GridHomography(c.size, want)
		if err != nil {
			t.Fatal(err)
		}
		m := float64(c.size - 1)
		step := math.Hypot(want[1].X-want[0].X, want[1].Y-want[0].Y) / m
		for _, mv := range c.moves {
			t.Run(fmt.Sprintf("%d/%s", c.size, mv.name), func(t *testing.T) {
				start := [4]vision.Point{h.Apply(mv.u0, mv.v0), h.Apply(m+mv.u1, mv.v0), h.Apply(m+mv.u1, m+mv.v1), h.Apply(mv.u0, m+mv.v1)}
				got, err := vision.ShiftLines(pl, c.size, start)
				if err != nil {
					t.Fatal(err)
				}
				for k := range got {
					if d := math.Hypot(got[k].X-want[k].X, got[k].Y-want[k].Y); d > step/3 {
						t.Errorf("corner %d at %.0f, want %.0f", k, got[k], want[k])
					}
				}
			})
		}
	}
}
