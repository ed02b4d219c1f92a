package vision

import (
	"math"
	"testing"
)

// TestOffPointLooksPastReadStones checks offPoint on a head-on board
// whose points 4 and 6 of the top row it is given as empty: over point
// 4, a black stone pushed half a step past the edge lies above a darker
// one on the next row, already read (the darkest disc near the point is
// that stone's: the search must look past it); over point 6 a stone
// lies about halfway toward point 7, which must count on one point only
// (looking past read stones, the search must not find a stone read off
// its point again from the next point).
func TestOffPointLooksPastReadStones(t *testing.T) {
	const n = 9
	stones := [][4]float64{ // u, v, grey, radius
		{4, -0.45, 70, 0.47}, {4, 0.62, 30, 0.5}, {6.46, 0.1, 50, 0.47},
	}
	img, corners := squareGrid(n, func(u, v float64, onLine bool) uint8 {
		for _, s := range stones {
			if math.Hypot(u-s[0], v-s[1]) < s[3] {
				return uint8(s[2])
			}
		}
		if onLine && u > -0.01 && v > -0.01 && u < n-0.99 && v < n-0.99 {
			return 90
		}
		return 200
	})
	s := squareSampler(t, n, img, corners)
	f, bg := s.measure()
	ref, global := lineRefs(f, n)
	st, conf := classify(f, ref)
	if st[1][4] != Black {
		t.Fatalf("the stone on row 1 reads %c", st[1][4])
	}
	for _, i := range []int{4, 6, 7} {
		st[0][i] = Empty
	}
	s.offPoint(f, bg, bareCells(f, bg, st, 0.5*global), st, conf)
	if st[0][4] != Black {
		t.Errorf("the stone past the edge reads %c", st[0][4])
	}
	if st[0][6] == st[0][7] {
		t.Errorf("the stone halfway between two points reads %c and %c", st[0][6], st[0][7])
	}
}
