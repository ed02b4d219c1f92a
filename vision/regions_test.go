package vision

import "testing"

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
