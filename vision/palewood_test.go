package vision

import (
	"math"
	"testing"
)

// TestWhiteNoPalerThanWood reads a white stone on wood as pale as it
// (darker, and about as bright in its lowest channel), hemmed in by black stones and another white
// one: only its colour tells it from the board (grey, where the wood has
// a tint) and its shape (a disc with a shaded rim). Its point must be
// read white and the bare board beside it empty.
func TestWhiteNoPalerThanWood(t *testing.T) {
	const n = 9
	type stone struct {
		u, v  float64
		black bool
	}
	stones := []stone{{4, 4, false}, {5, 4, false}, {4, 3, true}, {3, 4, true}, {4, 5, true}}
	plane := func(low bool) func(u, v float64, onLine bool) uint8 {
		return func(u, v float64, onLine bool) uint8 {
			for _, s := range stones {
				switch r := math.Hypot(u-s.u, v-s.v); {
				case r >= 0.46:
				case s.black:
					return 50
				case r > 0.4: // the shaded rim
					return map[bool]uint8{false: 190, true: 186}[low]
				default:
					return map[bool]uint8{false: 216, true: 212}[low]
				}
			}
			if onLine {
				return map[bool]uint8{false: 110, true: 80}[low]
			}
			return map[bool]uint8{false: 230, true: 200}[low] // pale wood: low in blue
		}
	}
	rd := readPlanes(t, n, plane)
	for j := range rd.Stones {
		for i, got := range rd.Stones[j] {
			want := Empty
			for _, s := range stones {
				if s.u == float64(i) && s.v == float64(j) {
					want = map[bool]Stone{false: White, true: Black}[s.black]
				}
			}
			if got != want {
				t.Errorf("row %d col %d: read %c, want %c", j, i, got, want)
			}
		}
	}
}

// readPlanes reads the square board drawn by plane, its luma (false) and
// its low-blue plane (true).
func readPlanes(t *testing.T, n int, plane func(low bool) func(u, v float64, onLine bool) uint8) *Reading {
	t.Helper()
	luma, corners := squareGrid(n, plane(false))
	low, _ := squareGrid(n, plane(true))
	rd, err := ReadStones(&Planes{Luma: luma, Low: low}, n, corners)
	if err != nil {
		t.Fatal(err)
	}
	return rd
}
