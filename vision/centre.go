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
	var start [2]float64
	var found bool
	if c == Black {
		start[0], start[1], found = s.blackCentreNear(u, v, s.boardNear(u, v, r.Stones), others)
	} else {
		start[0], start[1], found = s.whiteCentreNear(u, v, others)
	}
	// The searches above find a stone's centre to within a tenth of a
	// step, or a little off toward a stone of the same colour it touches;
	// the rim of its body tells it to about a fortieth. The rim is fitted from
	// the search's centre and from the point: the fit whose circle more
	// rays' rims lie on is the stone's.
	starts := [][2]float64{{0, 0}}
	if found {
		starts = append(starts, start)
	}
	best := 0
	for _, st := range starts {
		cu, cv, rays, ok := s.rimCentre(u+st[0], v+st[1], c == Black)
		if ok && rays > best && math.Abs(cu-u) <= offNearest && math.Abs(cv-v) <= offNearest {
			du, dv, best = cu-u, cv-v, rays
		}
	}
	if best == 0 {
		return 0, 0, fmt.Errorf("%c stone at (%d, %d): %w", c, row, col, ErrNoCentre)
	}
	return du, dv, nil
}

// rimRays is how many directions rimCentre looks for a stone's rim in.
const rimRays = 36

// rimCentre refines the centre (u, v) of a stone found there from the
// rim of its body: along rays from the centre, at mid-height, the
// outermost strong change from the stone's brightness (bright in Low for a
// white stone, dark in Luma for a black one) to what lies beyond. The centre
// moves until the rims lie evenly around it. Rays that show no clear rim
// (a stone of the same colour touching) are left out. It returns how many
// rays' rims lie on the circle fitted. ok is false where too few rays show
// one, or the rims draw the centre far from where it was found.
func (s *sampler) rimCentre(u, v float64, black bool) (cu, cv float64, rays int, ok bool) {
	plane, sign := s.low, 1.0
	if black {
		plane, sign = s.img, -1
	}
	// The profile along a ray, r0 + i dr for i < k: where the rim of a
	// stone centred within a tenth of a step of (u, v) can lie.
	const r0, dr, k = 0.26, 0.02, 22
	var prof [k]float64
	var rim, strength [rimRays]float64
	var use [rimRays]bool
	cu, cv = u, v
	for iter := 0; iter < 8; iter++ {
		for a := range rim {
			c, sn := rimCos[a], rimSin[a]
			for i := range prof {
				r := r0 + float64(i)*dr
				prof[i] = bilinear(plane, s.cam.project(cu+r*c, cv+r*sn, 0.15))
			}
			// The outermost of the ray's strong changes: a highlight
			// on a stone's top changes as much, further in.
			var grad [k]float64
			strength[a] = 0
			for i := 2; i < k-2; i++ {
				if prof[i-2] >= 0 && prof[i+2] >= 0 {
					grad[i] = sign * (prof[i-2] - prof[i+2])
					strength[a] = math.Max(strength[a], grad[i])
				}
			}
			for i := k - 3; i >= 2; i-- {
				if grad[i] >= strength[a]/2 && grad[i] >= grad[i-1] && grad[i] >= grad[i+1] {
					rim[a], strength[a] = r0+float64(i)*dr, grad[i]
					break
				}
			}
		}
		clear := math.Max(6, 0.4*quantile(strength[:], 0.75))
		for a := range use {
			use[a] = strength[a] >= clear
		}
		// Fit, then fit again without the rays that lie off the first
		// fit's circle (a highlight or a seam taken for the rim).
		var du, dv, radius float64
		for pass := 0; pass < 2; pass++ {
			var fitted bool
			du, dv, radius, fitted = fitRim(rim[:], use[:], [2]float64{u - cu, v - cv})
			if !fitted {
				return u, v, 0, false
			}
			if pass == 0 {
				for a := range use {
					e := rim[a] - radius - du*rimCos[a] - dv*rimSin[a]
					use[a] = use[a] && math.Abs(e) <= 0.06
				}
			}
		}
		cu, cv = cu+du, cv+dv
		if math.Hypot(du, dv) < 0.005 {
			break
		}
	}
	for _, in := range use {
		if in {
			rays++
		}
	}
	return cu, cv, rays, math.Hypot(cu-u, cv-v) < 0.25
}

// rimPrior is how strongly (in rays' worth) rimCentre's fit holds the
// centre where it started: along a row of touching stones of one colour
// only the rays across the row show a rim, and nothing else would hold
// the centre along it. On the goban-watcher photos a stronger hold
// (1, 3, 8) left more pairs of stones' centres nearer than stones can lie
// (14, 30, 86 against 11 of 5600 stones).
const rimPrior = 0.3

// fitRim fits a circle to the rims found along the rays in use (rim[a]
// from the centre, along ray a): the centre's move (du, dv) and the
// radius, held toward the move back to where the fit started (home; see
// rimPrior). It fails where fewer than a quarter of the rays are in use:
// with the hold, the rims of one side still place a stone among others.
func fitRim(rim []float64, use []bool, home [2]float64) (du, dv, radius float64, ok bool) {
	var rs []float64
	for a, r := range rim {
		if use[a] {
			rs = append(rs, r)
		}
	}
	if len(rs) < rimRays/4 {
		return 0, 0, 0, false
	}
	radius = median(rs)
	var a11, a12, a22, b1, b2 float64
	for a, r := range rim {
		if !use[a] {
			continue
		}
		c, s := rimCos[a], rimSin[a]
		e := r - radius
		a11, a12, a22 = a11+c*c, a12+c*s, a22+s*s
		b1, b2 = b1+e*c, b2+e*s
	}
	a11, a22 = a11+rimPrior, a22+rimPrior
	b1, b2 = b1+rimPrior*home[0], b2+rimPrior*home[1]
	det := a11*a22 - a12*a12
	return (a22*b1 - a12*b2) / det, (a11*b2 - a12*b1) / det, radius, true
}

// rimCos and rimSin are the directions of rimCentre's rays.
var rimCos, rimSin = func() (c, s [rimRays]float64) {
	for a := range c {
		s[a], c[a] = math.Sincos(2 * math.Pi * float64(a) / rimRays)
	}
	return c, s
}()

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
