package vision

import "testing"

// A lattice a quarter of a step off every way comes back onto the lines
// that show (some lines hidden, lines in pieces, clutter about).
func TestSegmentFit(t *testing.T) {
	const n = 19
	truth := [4]Point{{210, 140}, {790, 170}, {840, 720}, {150, 690}}
	h := mustGrid(t, n, truth)
	segs := gridSegments(h, n, [2][]int{{0, 1, 2, 5, 6, 9, 12, 13, 17, 18}, {0, 3, 4, 8, 9, 10, 14, 18}})
	segs = append(segs, segmentOf(Point{100, 100}, Point{400, 900}), segmentOf(Point{0, 500}, Point{900, 420}))
	step := gridStep(truth, n)
	for _, c := range []struct {
		name  string
		shift [4]Point // per corner, in steps
	}{
		{"all over", [4]Point{{0.25, 0.25}, {0.25, 0.25}, {0.25, 0.25}, {0.25, 0.25}}},
		{"askew", [4]Point{{-0.3, 0.2}, {0.3, -0.2}, {0.2, 0.3}, {-0.25, -0.3}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := truth
			for i := range start {
				start[i].X += c.shift[i].X * step
				start[i].Y += c.shift[i].Y * step
			}
			got, ok := segmentFit(segs, n, start)
			if !ok {
				t.Fatal("no fit")
			}
			if d := quadDist(got, truth); d > 0.05*step {
				t.Errorf("corners %.1f, want %.1f (%.2f steps off)", got, truth, d/step)
			}
		})
	}
	if _, ok := segmentFit(gridSegments(h, n, [2][]int{{0, 9, 18}, {4, 9}}), n, truth); ok {
		t.Error("fitted with two lines of one family")
	}
}
