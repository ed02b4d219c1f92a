package vision

import (
	"math"
	"testing"
)

// TestTouchingWhitesOffTheirPoints reads a row of white stones on pale
// wood that all lie a third of a step off their points the same way (as
// where the corners are a little off, or the camera's parallax is
// larger than the reader allows for), each touching the next with no
// crease between them: the rim of each shows toward the board, never
// toward the stone it touches. Each counts on its own point; the points
// beside the row, which the stones half cover, stay empty.
func TestTouchingWhitesOffTheirPoints(t *testing.T) {
	const n = 9
	off := [2]float64{0.26, -0.3}
	var stones [][2]float64
	for i := 2; i <= 5; i++ {
		stones = append(stones, [2]float64{float64(i) + off[0], 4 + off[1]})
	}
	stones = append(stones, [2]float64{2 + off[0], 6 + off[1]}) // alone
	plane := func(low bool) func(u, v float64, onLine bool) uint8 {
		return func(u, v float64, onLine bool) uint8 {
			for k, s := range stones {
				r := math.Hypot(u-s[0], v-s[1])
				if r >= 0.5 {
					continue
				}
				// The shaded rim, but where another stone touches.
				touching := false
				for l, o := range stones {
					if l != k && math.Hypot(u-o[0], v-o[1]) < 0.62 {
						touching = true
					}
				}
				if r > 0.42 && !touching {
					return map[bool]uint8{false: 200, true: 194}[low]
				}
				return map[bool]uint8{false: 232, true: 226}[low]
			}
			if onLine {
				return map[bool]uint8{false: 110, true: 80}[low]
			}
			return map[bool]uint8{false: 218, true: 170}[low] // pale wood: low in blue
		}
	}
	rd := readPlanes(t, n, plane)
	for j := range rd.Stones {
		for i, got := range rd.Stones[j] {
			want := Empty
			for _, s := range stones {
				if math.Round(s[0]) == float64(i) && math.Round(s[1]) == float64(j) {
					want = White
				}
			}
			if got != want {
				t.Errorf("row %d col %d: read %c, want %c (confidence %.2f)", j, i, got, want, rd.Conf[j][i])
			}
		}
	}
}
