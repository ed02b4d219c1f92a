package vision

import (
	"math"
	"testing"
)

// TestLikeWhites checks that a point that hides its lines reads white
// when its colour is the white stones' around it rather than the wood's
// and it has a stone's edge in most directions (values as measured on
// g10_Good_lighting r8c0: a white stone in the shade at the board's edge,
// darker than the pale wood and barely greyer), and not where the same
// colour lies over a patch of glare larger than a stone (no edge), nor
// where the stones' colour does not tell them from the wood.
func TestLikeWhites(t *testing.T) {
	const n = 9
	type disc struct{ u, v, grey, radius float64 }
	stones := []disc{{0, 4, 235, 0.47}, {1, 4, 235, 0.47}, {2, 4, 235, 0.47}, {6, 8, 235, 0.47}, {7, 8, 235, 0.47}}
	glare := disc{6, 6, 235, 1.4}
	img, corners := squareGrid(n, func(u, v float64, onLine bool) uint8 {
		for _, s := range append(stones, glare) {
			if math.Hypot(u-s.u, v-s.v) < s.radius {
				return uint8(s.grey)
			}
		}
		if onLine && u > -0.01 && v > -0.01 && u < n-0.99 && v < n-0.99 {
			return 90
		}
		return 200
	})
	for _, tc := range []struct {
		name      string
		woodGrey  float64 // the wood's colour (Low over Luma) at the empty points
		wantStone Stone
	}{
		{"stones greyer than the wood", 0.87, White},
		{"stones as grey as the wood", 0.95, Empty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := squareSampler(t, n, img, corners)
			f, _ := s.measure()
			ref, _ := lineRefs(f, n)
			st, conf := classify(f, ref)
			// A grey image has no colour: give the points the
			// photo's, and hide the lines of the points in doubt.
			for j := range f {
				for i := range f[j] {
					f[j][i].neutral = tc.woodGrey
				}
			}
			for _, s := range stones[1:] {
				i, j := int(s.u), int(s.v)
				if st[j][i] != White {
					t.Fatalf("row %d col %d reads %c", j, i, st[j][i])
				}
				f[j][i].neutral, f[j][i].topL = 0.97, 230
			}
			for _, p := range [][2]int{{0, 4}, {6, 6}} {
				i, j := p[0], p[1]
				st[j][i] = Empty
				f[j][i].lines, f[j][i].least = 0, -0.1
				f[j][i].neutral, f[j][i].topL = 0.963, 204
			}
			s.likeWhites(f, ref, st, conf)
			if got := st[4][0]; got != tc.wantStone {
				t.Errorf("the stone at the edge reads %c, want %c", got, tc.wantStone)
			}
			if got := st[6][6]; got != Empty {
				t.Errorf("the patch of glare reads %c", got)
			}
		})
	}
}
