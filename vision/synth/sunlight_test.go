package synth

import (
	"testing"

	"tengen/vision"
)

// TestSunlight: Sunlight says where Render draws the sunlight, with
// SunSeed set (as vision bench's games have it) and without: the board
// around a point it calls in full sun is brighter than around one it
// calls in none, by far; a scene without Sun has none anywhere.
func TestSunlight(t *testing.T) {
	for _, sunSeed := range []int64{0, 77} {
		s := shadowScene(3, Look{})
		s.Sun, s.SunPatches, s.SunSeed, s.Noise = 0.6, 8, sunSeed, 0
		sun := Sunlight(s)
		img := Render(s)
		h, err := vision.GridHomography(s.Size, s.Corners)
		if err != nil {
			t.Fatal(err)
		}
		var lit, shade, nLit, nShade float64
		for r := 0; r < s.Size; r++ {
			for c := 0; c < s.Size; c++ {
				// A little off the point, clear of its lines: sunny where
				// the point is (0.9 of Sun or more), shaded where it and the
				// points around have none.
				v, around := sun(r, c), 0.0
				for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					around = max(around, sun(r+d[0], c+d[1]))
				}
				p := h.Apply(float64(c)+0.15, float64(r)+0.15)
				px := img.RGBAAt(int(p.X), int(p.Y))
				y := (float64(px.R) + float64(px.G) + float64(px.B)) / 3
				switch {
				case v >= 0.9*s.Sun:
					lit, nLit = lit+y, nLit+1
				case v == 0 && around == 0:
					shade, nShade = shade+y, nShade+1
				}
			}
		}
		if nLit < 3 || nShade < 3 {
			t.Fatalf("SunSeed %d: %v cells in full sun, %v in none; the scene no longer makes the case", sunSeed, nLit, nShade)
		}
		if lit/nLit < shade/nShade+30 {
			t.Errorf("SunSeed %d: cells Sunlight calls sunny average %.0f, shaded ones %.0f", sunSeed, lit/nLit, shade/nShade)
		}
	}
	s := shadowScene(3, Look{})
	if v := Sunlight(s)(5, 5); v != 0 {
		t.Errorf("no Sun, sunlight %v", v)
	}
}
