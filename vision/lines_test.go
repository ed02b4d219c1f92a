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

// TestStepsApartSteep weighs how far apart two lattices seen steeply
// lie in each corner's own step: the far side's step here is half the
// near side's, and a lattice half a far step over there is another
// lattice, though it lies only a quarter of the mean step away (the
// measure an inset was once held to, so that it could not replace a
// choice half a step off along the far side).
func TestStepsApartSteep(t *testing.T) {
	const n = 19
	a := [4]vision.Point{{X: 300, Y: 100}, {X: 480, Y: 100}, {X: 600, Y: 460}, {X: 240, Y: 460}}
	h, err := vision.GridHomography(n, a)
	if err != nil {
		t.Fatal(err)
	}
	m := float64(n - 1)
	// Half a line along u at the far (top) corners, none at the near.
	b := [4]vision.Point{h.Apply(0.5, 0), h.Apply(m+0.5, 0), a[2], a[3]}
	if d := vision.StepsApart(a, b, n); d < 0.45 || d > 0.55 {
		t.Errorf("half a far step over: %.2f steps apart, want 0.5", d)
	}
	// The same lattice a third of a near step over everywhere.
	c := [4]vision.Point{h.Apply(1.0/3, 0), h.Apply(m+1.0/3, 0), h.Apply(m+1.0/3, m), h.Apply(1.0/3, m)}
	if d := vision.StepsApart(a, c, n); d < 0.3 || d > 0.37 {
		t.Errorf("a third of a step over: %.2f steps apart, want 1/3", d)
	}
}

// TestStepsApartAnyOrder: four corners give one lattice whichever corner
// a list starts at and whichever way round it goes. A board turned by
// about 45 degrees is listed from either of two corners by OrderCorners,
// and compared corner by corner the same lattice lay 11.6 steps away
// (varied 75/13), which let an inset replace the choice as "another
// lattice".
func TestStepsApartAnyOrder(t *testing.T) {
	const n = 13
	a := [4]vision.Point{{X: 400, Y: 60}, {X: 700, Y: 330}, {X: 420, Y: 640}, {X: 110, Y: 350}}
	for _, b := range [][4]vision.Point{
		{a[1], a[2], a[3], a[0]},
		{a[3], a[2], a[1], a[0]},
		{a[2], a[1], a[0], a[3]},
	} {
		if d := vision.StepsApart(a, b, n); d > 1e-9 {
			t.Errorf("%v against %v: %.2f steps apart, want 0", b, a, d)
		}
	}
	h, err := vision.GridHomography(n, a)
	if err != nil {
		t.Fatal(err)
	}
	m := float64(n - 1)
	over := [4]vision.Point{h.Apply(1, m), h.Apply(1, 0), h.Apply(m+1, 0), h.Apply(m+1, m)} // a column over, listed from another corner
	if d := vision.StepsApart(a, over, n); d < 0.9 || d > 1.1 {
		t.Errorf("a column over: %.2f steps apart, want 1", d)
	}
}

// TestShiftLinesCroppedClose starts Locate's line path a row down on a
// rendered board cropped close round it, as many phone photos are:
// nothing two and a half steps beyond the grid is in view on any side,
// and stones cover two of every three points of the top row. The
// lattice a row down has the board's edge for its bottom line and its
// strip beyond the top just in view; its surround contrast once counted
// (0.1) where the grid's, with nothing beyond in view, counted none, and
// the moves stayed a row off (1.03 steps; roboflow's GO board photos
// train-17 and -19 located a line over on the same count).
func TestShiftLinesCroppedClose(t *testing.T) {
	const n = 19
	const step = 29.0
	rng := rand.New(rand.NewSource(7))
	x0, y0 := 1.1*step, 1.9*step // grid to the frame's edge: 1.1 steps, 1.9 above
	m := float64(n - 1)
	s := synth.Scene{
		Width: int(x0 + (m+1.1)*step), Height: int(y0 + (m+1.1)*step), Size: n,
		Corners: [4]vision.Point{{X: x0, Y: y0}, {X: x0 + m*step, Y: y0 - 6}, {X: x0 + m*step + 5, Y: y0 + m*step}, {X: x0 - 3, Y: y0 + m*step - 4}},
		Stones:  map[[2]int]vision.Stone{}, Noise: 3, Seed: 5,
	}
	colours := []vision.Stone{vision.Black, vision.White}
	for c := 0; c < n; c++ {
		if c%3 != 0 {
			s.Stones[[2]int{0, c}] = colours[rng.Intn(2)]
		}
		for r := 1; r < n; r++ {
			if rng.Intn(5) == 0 {
				s.Stones[[2]int{r, c}] = colours[rng.Intn(2)]
			}
		}
	}
	pl := synth.Planes(synth.Render(s))
	want := vision.OrderCorners(s.Corners)
	h, err := vision.GridHomography(n, want)
	if err != nil {
		t.Fatal(err)
	}
	start := [4]vision.Point{h.Apply(0, 1), h.Apply(m, 1), h.Apply(m, m+1), h.Apply(0, m+1)}
	got, err := vision.ShiftLines(pl, n, start)
	if err != nil {
		t.Fatal(err)
	}
	for k := range got {
		if d := math.Hypot(got[k].X-want[k].X, got[k].Y-want[k].Y); d > step/3 {
			t.Errorf("corner %d at %.0f, want %.0f", k, got[k], want[k])
		}
	}
}
