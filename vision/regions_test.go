package vision

import (
	"math"
	"testing"
)

// TestFramed: an outline with margins of about a step around a lattice
// frames it; the same outline around the lattice a line over, or a
// lattice with no outline near it, does not.
func TestFramed(t *testing.T) {
	const n = 15
	m := float64(n - 1)
	// Grid units are 20 pixels, with a mild perspective.
	h, err := QuadHomography([4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}}, [4]Point{{100, 100}, {380, 110}, {400, 400}, {90, 380}})
	if err != nil {
		t.Fatal(err)
	}
	rect := func(u0, v0, u1, v1 float64) [4]Point {
		return [4]Point{h.Apply(u0, v0), h.Apply(u1, v0), h.Apply(u1, v1), h.Apply(u0, v1)}
	}
	grid := rect(0, 0, m, m)
	board := rect(-0.8, -0.7, m+0.9, m+0.6)
	for _, c := range []struct {
		name     string
		q        [4]Point
		outlines [][4]Point
		want     bool
	}{
		{"grid in its board", grid, [][4]Point{board}, true},
		{"among other outlines", grid, [][4]Point{rect(-5, -5, 3, 3), board}, true},
		{"a line up", rect(0, -1, m, m-1), [][4]Point{board}, false},
		{"a line left", rect(-1, 0, m-1, m), [][4]Point{board}, false},
		{"a line short", rect(0, 0, m-1, m), [][4]Point{board}, false},
		{"no outline", grid, nil, false},
		{"outline far out", grid, [][4]Point{rect(-3, -3, m+3, m+3)}, false},
		{"margins unlike", grid, [][4]Point{rect(-0.3, -0.3, m+1.5, m+1.5)}, false},
	} {
		if got := framed(c.q, c.outlines, n); got != c.want {
			t.Errorf("%s: framed %v, want %v", c.name, got, c.want)
		}
	}
}

// TestUnframed: how far an outline misses framing a lattice grows with
// how far the lattice lies off the grid it frames, so that of two
// lattices a line apart the grid's is the nearer to framed even where
// a rough outline (stones over the board's edge) frames neither.
func TestUnframed(t *testing.T) {
	const n = 19
	m := float64(n - 1)
	h, err := QuadHomography([4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}}, [4]Point{{150, 80}, {450, 85}, {590, 440}, {40, 430}})
	if err != nil {
		t.Fatal(err)
	}
	rect := func(u0, v0, u1, v1 float64) [4]Point {
		return [4]Point{h.Apply(u0, v0), h.Apply(u1, v0), h.Apply(u1, v1), h.Apply(u0, v1)}
	}
	board := [][4]Point{rect(-0.8, -0.7, m+0.9, m+0.6)}
	if u := unframed(rect(0, 0, m, m), board, n); u != 0 {
		t.Errorf("grid in its board: unframed %.2f, want 0", u)
	}
	rough := [][4]Point{rect(-0.15, -0.7, m+0.9, m+0.6)} // the left margin cut to 0.15 steps
	grid := unframed(rect(0, 0, m, m), rough, n)
	if grid <= 0 || grid > 0.2 {
		t.Errorf("grid in a rough outline: unframed %.2f, want 0.1", grid)
	}
	for _, c := range []struct {
		name string
		q    [4]Point
	}{
		{"a line left", rect(-1, 0, m-1, m)},
		{"a line right", rect(1, 0, m+1, m)},
		{"a line up", rect(0, -1, m, m-1)},
		{"a line short", rect(0, 0, m-1, m)},
	} {
		if u := unframed(c.q, rough, n); u < grid+0.3 {
			t.Errorf("%s: unframed %.2f, want at least 0.3 more than the grid's %.2f", c.name, u, grid)
		}
	}
	if u := unframed(rect(0, 0, m, m), nil, n); !math.IsInf(u, 1) {
		t.Errorf("no outline: unframed %.2f, want +Inf", u)
	}
}
