package vision_test

import (
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestOutlineNotCellCentres checks the outline rule's roundness on a
// bare white board and a bare printed diagram read through a lattice
// half a step off the grid, every point a cell centre: a square of lines
// frames each, nearer along the lines than along the diagonals, and none
// may look like a stone's outline. On the true lattice a white stone's
// outline must (the same boards with stones).
func TestOutlineNotCellCentres(t *testing.T) {
	for _, lk := range []synth.Look{
		{Wood: [3]float64{246, 246, 244}, Ink: [3]float64{20, 20, 20}, LineWidth: 0.06, Texture: synth.Laminate},
		{Wood: [3]float64{250, 250, 247}, Ink: [3]float64{15, 15, 15}, LineWidth: 0.04, Diagram: true},
	} {
		s := synth.Scene{Width: 800, Height: 600, Size: 19,
			Corners:     [4]vision.Point{{X: 150, Y: 60}, {X: 650, Y: 60}, {X: 740, Y: 560}, {X: 60, Y: 560}},
			StoneHeight: 0.4, Light: 0.15, Noise: 2, Seed: 5, Look: lk,
			Stones: map[[2]int]vision.Stone{{4, 4}: vision.White, {9, 12}: vision.White, {14, 6}: vision.White}}
		if lk.Diagram {
			s.StoneHeight = 0.01
		}
		pl := synth.Planes(synth.Render(s))
		for p := range s.Stones {
			m, err := vision.OutlineAt(pl, s.Size, s.Corners, p[1], p[0])
			if err != nil {
				t.Fatal(err)
			}
			if m <= 0 {
				t.Errorf("diagram %v: white stone at row %d col %d: outline margin %.2f, want > 0", lk.Diagram, p[0], p[1], m)
			}
		}
		h, err := vision.GridHomography(s.Size, s.Corners)
		if err != nil {
			t.Fatal(err)
		}
		m := float64(s.Size - 1)
		var q [4]vision.Point
		for c, uv := range [][2]float64{{0.5, 0.5}, {m - 0.5, 0.5}, {m - 0.5, m - 0.5}, {0.5, m - 0.5}} {
			q[c] = h.Apply(uv[0], uv[1])
		}
		bad := 0
		for j := 0; j < s.Size-1; j++ {
			for i := 0; i < s.Size-1; i++ {
				if i >= 3 && i <= 5 && j >= 3 && j <= 5 || i >= 11 && i <= 13 && j >= 8 && j <= 10 || i >= 5 && i <= 7 && j >= 13 && j <= 15 {
					continue // beside a stone
				}
				if m, err := vision.OutlineAt(pl, s.Size-1, q, i, j); err != nil {
					t.Fatal(err)
				} else if m > 0 {
					bad++
				}
			}
		}
		if bad > 0 {
			t.Errorf("diagram %v: %d cell centres look like a stone's outline", lk.Diagram, bad)
		}
	}
}
