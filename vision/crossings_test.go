package vision

import (
	"image"
	"image/color"
	"math"
	"math/rand"
	"testing"

	"gocv.io/x/gocv"
)

// plankField draws the line field of a board lying on planks: the
// grid's lines, stones (discs with no line response) on many of its
// points, most of all on the top three rows, and a step below the
// bottom row a plank's seam, clean and unbroken, wider than the board,
// with no lines across it. The lattice a row down then has as many lines
// as the grid, a clean one for a crowded one, and only its crossings
// tell it from the grid.
func plankField(t *testing.T, h Homography, n int) (*image.Gray, []segment) {
	t.Helper()
	m := gocv.NewMatWithSize(1000, 1000, gocv.MatTypeCV8UC1)
	defer m.Close()
	m.SetTo(gocv.NewScalar(40, 0, 0, 0))
	ink := color.RGBA{160, 160, 160, 255}
	pt := func(u, v float64) image.Point {
		p := h.Apply(u, v)
		return image.Pt(int(math.Round(p.X)), int(math.Round(p.Y)))
	}
	last := float64(n - 1)
	for k := 0; k < n; k++ {
		gocv.Line(&m, pt(float64(k), 0), pt(float64(k), last), ink, 2)
		gocv.Line(&m, pt(0, float64(k)), pt(last, float64(k)), ink, 2)
	}
	// The seam: wider than the board.
	gocv.Line(&m, pt(-3, float64(n)), pt(last+3, float64(n)), ink, 2)
	rng := rand.New(rand.NewSource(3))
	r := int(0.47 * gridStep([4]Point{h.Apply(0, 0), h.Apply(last, 0), h.Apply(last, last), h.Apply(0, last)}, n))
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			crowded := 0.4
			if j < 3 {
				crowded = 0.8
			}
			if rng.Float64() < crowded {
				gocv.Circle(&m, pt(float64(i), float64(j)), r, color.RGBA{10, 10, 10, 255}, -1)
			}
		}
	}
	gocv.GaussianBlur(m, &m, image.Pt(3, 3), 0, 0, gocv.BorderDefault)
	field, err := GrayImage(m)
	if err != nil {
		t.Fatal(err)
	}
	return field, lineSegments(m)
}

// A lattice rows down, its bottom row on a plank's seam, ties with the
// board's grid on lines (and beats it where stones crowd the top rows);
// moved by whole lines it must come back to the grid, as the seam shows
// no crossings.
func TestShiftLatticeOffPlanks(t *testing.T) {
	const n = 19
	truth := [4]Point{{210, 110}, {790, 130}, {830, 660}, {160, 640}}
	h := mustGrid(t, n, truth)
	field, segs := plankField(t, h, n)
	flat := image.NewGray(field.Rect)
	for i := range flat.Pix {
		flat.Pix[i] = 150 // margins all alike: the choice rests on the lines
	}
	pl := &Planes{Luma: flat, Low: flat}
	choice := choiceOf(pl, field, segs, n, 1)
	down := moveLines(h, n, 5, 3)
	s := latticeScore(field, n, down)
	got := shiftLattice(field, n, lattice{down, s, choice(down, s)}, choice)
	if d := quadDist(OrderCorners(got.q), OrderCorners(truth)) / gridStep(truth, n); d > 0.3 {
		t.Errorf("from three rows down the lattice moved to %.0f, %.1f steps from the grid %.0f", got.q, d, truth)
	}
}
