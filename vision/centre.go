package vision

import (
	"errors"
	"fmt"
	"math"
)

// ErrNoCentre is a stone whose centre StoneCentre cannot find near its
// point.
var ErrNoCentre = errors.New("no stone's centre found near the point")

// StoneCentre tells where the stone r read at (row, col) of frame pl lies:
// its centre's offset from its point, in grid steps along the reading's
// columns (du) and rows (dv), as the stone's base sits on the board. The
// arm picks a stone at its point, with a search a few millimetres wide;
// a stone pushed off by a hand, or fallen from the nozzle, may lie
// further off than that, and the camera sees where.
//
// It measures the frame again (a few milliseconds): the reader keeps no
// centres, since most frames never need one.
func StoneCentre(pl *Planes, r *Reading, row, col int) (du, dv float64, err error) {
	n := r.Size
	if row < 0 || col < 0 || row >= n || col >= n {
		return 0, 0, fmt.Errorf("point (%d, %d) is off the %dx%d board", row, col, n, n)
	}
	c := r.Stones[row][col]
	if c != Black && c != White {
		return 0, 0, fmt.Errorf("point (%d, %d) was read empty", row, col)
	}
	s, err := newSampler(pl, n, r.Corners)
	if err != nil {
		return 0, 0, err
	}
	u, v := float64(col), float64(row)
	// The stones around but this one: a centre within a stone's width of
	// another's point is that stone's.
	others := make([][]Stone, n)
	for j := range others {
		others[j] = append([]Stone(nil), r.Stones[j]...)
	}
	others[row][col] = Empty
	var ok bool
	if c == Black {
		du, dv, ok = s.blackCentreNear(u, v, s.boardNear(u, v, r.Stones), others)
	} else {
		du, dv, ok = s.whiteCentreNear(u, v, others)
	}
	if !ok {
		return 0, 0, fmt.Errorf("%v stone at (%d, %d): %w", c, row, col, ErrNoCentre)
	}
	// The searches above find a stone's centre to within a tenth of a
	// step; its rim tells it to a fiftieth.
	if cu, cv, ok := s.rimCentre(u+du, v+dv, c == Black); ok {
		du, dv = cu-u, cv-v
	}
	return du, dv, nil
}

// rimRays is how many directions rimCentre looks for a stone's rim in.
const rimRays = 36

// rimCentre refines the centre (u, v) of a stone found there from the
// rim of its body: along rays from the centre, at mid-height, where the
// brightness changes most from the stone's (bright in Low for a white
// stone, dark in Luma for a black one) to what lies beyond. The centre
// moves until the rims lie evenly around it. Rays that show no clear rim
// (a stone of the same colour touching) are left out. ok is false where
// too few rays show one, or the rims draw the centre far from where it
// was found.
func (s *sampler) rimCentre(u, v float64, black bool) (cu, cv float64, ok bool) {
	plane, sign := s.low, 1.0
	if black {
		plane, sign = s.img, -1
	}
	const r0, dr, k = 0.24, 0.02, 24 // the profile along a ray: r0 + i dr, i < k
	var prof [k]float64
	var rim, strength [rimRays]float64
	cu, cv = u, v
	for iter := 0; iter < 8; iter++ {
		for a := range rim {
			th := 2 * math.Pi * float64(a) / rimRays
			c, sn := math.Cos(th), math.Sin(th)
			for i := range prof {
				r := r0 + float64(i)*dr
				prof[i] = bilinear(plane, s.cam.project(cu+r*c, cv+r*sn, 0.15))
			}
			rim[a], strength[a] = 0, 0
			for i := 2; i < k-2; i++ {
				if prof[i-2] < 0 || prof[i+2] < 0 {
					continue
				}
				if d := sign * (prof[i-2] - prof[i+2]); d > strength[a] {
					rim[a], strength[a] = r0+float64(i)*dr, d
				}
			}
		}
		st := append([]float64(nil), strength[:]...)
		clear := math.Max(6, 0.4*quantile(st, 0.75))
		var rs []float64
		var a11, a12, a22, b1, b2 float64
		for a := range rim {
			if strength[a] >= clear {
				rs = append(rs, rim[a])
			}
		}
		if len(rs) < rimRays/2 {
			return u, v, false
		}
		radius := median(rs)
		for a := range rim {
			if strength[a] < clear {
				continue
			}
			th := 2 * math.Pi * float64(a) / rimRays
			c, sn := math.Cos(th), math.Sin(th)
			e := rim[a] - radius
			a11, a12, a22 = a11+c*c, a12+c*sn, a22+sn*sn
			b1, b2 = b1+e*c, b2+e*sn
		}
		det := a11*a22 - a12*a12
		if det < 1e-6 {
			return u, v, false
		}
		du, dv := (a22*b1-a12*b2)/det, (a11*b2-a12*b1)/det
		cu, cv = cu+du, cv+dv
		if math.Hypot(du, dv) < 0.005 {
			break
		}
	}
	return cu, cv, math.Hypot(cu-u, cv-v) < 0.25
}

// blackCentreNear finds a black stone's centre within offNearest of board
// point (u, v), clear of the stones in others: a stone-sized disc darker
// than half the bare board around, ref (see offPoint).
func (s *sampler) blackCentreNear(u, v, ref float64, others [][]Stone) (du, dv float64, ok bool) {
	if !(ref >= minBoardLuma) {
		return 0, 0, false
	}
	limit := offBlackDark * ref
	var free [][2]float64
	for _, o := range blackOffsets {
		if !within(others, u+o[0], v+o[1], 0.6, isBlack) {
			free = append(free, o)
		}
	}
	ou, ov, _, found := s.blackDisc(u, v, limit, free)
	if !found {
		return 0, 0, false
	}
	cu, cv, _ := s.blackCentre(u+ou, v+ov, limit)
	return cu - u, cv - v, math.Abs(cu-u) <= offNearest && math.Abs(cv-v) <= offNearest
}

// whiteCentreNear finds a white stone's centre within offNearest of board
// point (u, v), clear of the stones in others: the disc (see disc) with
// the clearest rim and evenest top around the point and around the
// points half a step off it that whiteShifts names.
func (s *sampler) whiteCentreNear(u, v float64, others [][]Stone) (du, dv float64, ok bool) {
	best := math.Inf(-1)
	for _, d := range append([][2]float64{{0, 0}}, whiteShifts...) {
		share, even, _, at := s.disc(u+d[0], v+d[1], false, others)
		cu, cv := d[0]+at[0], d[1]+at[1]
		if math.Abs(cu) > offNearest || math.Abs(cv) > offNearest || within(others, u+cu, v+cv, 0.6, isStone) {
			continue
		}
		if m := discMargin(share, even); m > best {
			best, du, dv = m, cu, cv
		}
	}
	// A disc well short of a stone's (a rim in under three rays of four)
	// is no centre to pick at.
	return du, dv, best > discMargin(0.75, 1)
}

// boardNear is the bare board's brightness (Luma) near board point (u, v):
// the median of the nearest cell centres (four at least) with no stone of
// st at their corners, or of all the nearest where the board is full.
func (s *sampler) boardNear(u, v float64, st [][]Stone) float64 {
	n := s.n
	bare := func(i, j int) bool {
		return st[j][i] == Empty && st[j][i+1] == Empty && st[j+1][i] == Empty && st[j+1][i+1] == Empty
	}
	var b []float64
	for _, all := range []bool{false, true} {
		for r := 1; r < n && len(b) < 4; r++ {
			b = b[:0]
			for j := max(0, int(v)-r); j < min(n-1, int(v)+r); j++ {
				for i := max(0, int(u)-r); i < min(n-1, int(u)+r); i++ {
					if !all && !bare(i, j) {
						continue
					}
					if g := s.at(s.h.Apply(float64(i)+0.5, float64(j)+0.5)); g >= 0 {
						b = append(b, g)
					}
				}
			}
		}
	}
	return median(b)
}
