package vision

import (
	"math"
	"testing"
)

// mustGrid is GridHomography for a test's corners.
func mustGrid(t *testing.T, n int, q [4]Point) Homography {
	t.Helper()
	h, err := GridHomography(n, q)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// gridSegments returns segments along lattice lines of h (an n x n grid
// seen in perspective): for each family (0: lines of constant u, 1: of
// constant v), the lines listed, each drawn in pieces of a step and a
// half with gaps of half a step (stones on the line).
func gridSegments(h Homography, n int, lines [2][]int) []segment {
	m := float64(n - 1)
	var out []segment
	for fam, ks := range lines {
		for _, k := range ks {
			for t := 0.0; t < m; t += 2 {
				kk, ta, tb := float64(k), t, math.Min(t+1.5, m)
				pa, pb := h.Apply(kk, ta), h.Apply(kk, tb)
				if fam == 1 {
					pa, pb = h.Apply(ta, kk), h.Apply(tb, kk)
				}
				out = append(out, segmentOf(pa, pb))
			}
		}
	}
	return out
}

// span is a..b.
func span(a, b int) []int {
	var s []int
	for k := a; k <= b; k++ {
		s = append(s, k)
	}
	return s
}

// Stones hiding the top half of a board's rows leave its lower rows
// evenly spaced: a comb of half the pitch fits them with every other
// tooth, and must not be offered as the grid.
func TestCombLinesHalfPitch(t *testing.T) {
	const n = 19
	truth := [4]Point{{210, 140}, {790, 170}, {840, 720}, {150, 690}}
	h := mustGrid(t, n, truth)
	segs := gridSegments(h, n, [2][]int{span(0, n-1), span(9, n-1)})
	half := [4]Point{h.Apply(0, 9), h.Apply(n-1, 9), h.Apply(n-1, n-1), h.Apply(0, n-1)}
	for _, q := range lineQuads(segs, n, 1000*1000) {
		if quadDist(q, half) < 0.3*gridStep(half, n) {
			t.Errorf("offered the half-pitch lattice %.0f", q)
		}
	}
}
