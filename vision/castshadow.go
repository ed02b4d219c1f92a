package vision

import (
	"math"
	"slices"
)

// castShadows takes back the black stones read that are the shadows of
// the stones beside them, in light from low on one side: each stone's
// shadow is a dark crescent against its rim, as dark as a black stone's
// top on a pale board, of a stone's width across and a stone's shape
// from its middle (its far edge is the stone's base swept along the
// light), so the disc and shape tests pass it. It is told by where it
// lies and how dark it is: the dark blob's centre nearer a stone read
// beside than another stone's centre could lie (they would overlap),
// paler than the black stones read (a shadow on the board is lit by the
// sky, a black stone's body is black), and, in one light, every
// stone's shadow in the same direction and as far: a blob counts as a
// shadow only where at least castAgree others, paler too, lie alike off
// their stones. A black stone pushed against another lies about a
// stone's width from it, is as dark as the others, and stones pushed
// together do not all lie one way. Only on the board's lattice, where
// bare board lies near (the blob is what is darker than halfway to it).
func (s *sampler) castShadows(f [][]features, bg [][][2]float64, bare [][]bool, st [][]Stone, conf [][]float64) {
	if !s.chosen {
		return
	}
	type blob struct {
		i, j int
		c    [2]float64 // the blob's centre
		d    [2]float64 // the same off its caster's point
		dark float64    // its darkest tenth, as a share of the board's
	}
	var stones []float64 // the same for the black stones that are no shadow
	var blobs []blob
	n := s.n
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			if st[j][i] != Black {
				continue
			}
			board, _, ok := bareBoard(bare, bg, i, j, shapeBare)
			if !ok {
				continue
			}
			dark, ok := s.darkest(float64(i), float64(j))
			if !ok {
				continue
			}
			if !castBeside(st, i, j) {
				stones = append(stones, dark/board) // no stone beside to cast it
				continue
			}
			cu, cv, ok := s.darkCentroid(float64(i), float64(j), dark, board)
			if !ok {
				continue
			}
			// The caster: the stone read on a point beside nearest the
			// blob's centre, nearer than a stone's width.
			best, d := castNear, [2]float64{}
			for jj := max(0, j-1); jj <= min(n-1, j+1); jj++ {
				for ii := max(0, i-1); ii <= min(n-1, i+1); ii++ {
					if (ii == i && jj == j) || st[jj][ii] == Empty {
						continue
					}
					if h := math.Hypot(cu-float64(ii), cv-float64(jj)); h < best {
						best, d = h, [2]float64{cu - float64(ii), cv - float64(jj)}
					}
				}
			}
			if best < castNear {
				blobs = append(blobs, blob{i, j, [2]float64{cu, cv}, d, dark / board})
			} else {
				stones = append(stones, dark/board)
			}
		}
	}
	if len(stones) < castAgree {
		return
	}
	// Only the blobs paler than the black stones may be shadows, and
	// only shadows vouch for each other.
	black := median(stones)
	pale := blobs[:0]
	for _, p := range blobs {
		if p.dark >= black+castPaler*(1-black) {
			pale = append(pale, p)
		}
	}
	var out []blob
	for a, p := range pale {
		alike := 0
		for b, q := range pale {
			if a != b && math.Hypot(p.d[0]-q.d[0], p.d[1]-q.d[1]) < castAlike {
				alike++
			}
		}
		if alike >= castAgree {
			out = append(out, p)
		}
	}
	// The shadows of two stones side by side run into one blob with
	// the darker stone's body: its centre lies between where their
	// shadows lie, as the shadows told apart lie off their stones.
	if len(out) > castAgree {
		var du, dv []float64
		for _, p := range out {
			du, dv = append(du, p.d[0]), append(dv, p.d[1])
		}
		sh := [2]float64{median(du), median(dv)}
		for _, p := range pale {
			if !slices.Contains(out, p) && s.mergedShadow(st, p.i, p.j, p.c, sh) {
				out = append(out, p)
			}
		}
	}
	for _, p := range out {
		st[p.j][p.i], conf[p.j][p.i] = Empty, clamp01((p.dark-black)/(1-black)/(2*castPaler))
	}
}

// mergedShadow tells whether blob centre c, read black on point (i, j),
// lies between the shadows, sh off their points, of two stones read
// side by side beside (i, j).
func (s *sampler) mergedShadow(st [][]Stone, i, j int, c, sh [2]float64) bool {
	n := len(st)
	stone := func(ii, jj int) bool {
		return ii >= 0 && jj >= 0 && ii < n && jj < n && (ii != i || jj != j) && st[jj][ii] != Empty
	}
	for jj := j - 1; jj <= j+1; jj++ {
		for ii := i - 1; ii <= i+1; ii++ {
			if !stone(ii, jj) {
				continue
			}
			for _, o := range [][2]int{{1, 0}, {0, 1}} {
				if !stone(ii+o[0], jj+o[1]) || max(abs(ii+o[0]-i), abs(jj+o[1]-j)) > 1 {
					continue
				}
				ax, ay := float64(ii)+sh[0], float64(jj)+sh[1]
				if segmentDist(c[0], c[1], ax, ay, ax+float64(o[0]), ay+float64(o[1])) < castAlike {
					return true
				}
			}
		}
	}
	return false
}

// segmentDist is the distance from (x, y) to the segment from (ax, ay)
// to (bx, by).
func segmentDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := clamp01(((x-ax)*dx + (y-ay)*dy) / (dx*dx + dy*dy))
	return math.Hypot(x-ax-t*dx, y-ay-t*dy)
}

// castBeside tells whether a stone is read on a point beside (i, j).
func castBeside(st [][]Stone, i, j int) bool {
	n := len(st)
	for jj := max(0, j-1); jj <= min(n-1, j+1); jj++ {
		for ii := max(0, i-1); ii <= min(n-1, i+1); ii++ {
			if (ii != i || jj != j) && st[jj][ii] != Empty {
				return true
			}
		}
	}
	return false
}

// darkest is the darkest tenth of what lies within castReach of board
// point (u, v), seen at a stone's middle height.
func (s *sampler) darkest(u, v float64) (dark float64, ok bool) {
	var g []float64
	for dv := -castReach; dv <= castReach; dv += 0.05 {
		for du := -castReach; du <= castReach; du += 0.05 {
			if du*du+dv*dv <= castReach*castReach {
				if x := s.at(s.cam.project(u+du, v+dv, 0.15)); x >= 0 {
					g = append(g, x)
				}
			}
		}
	}
	if len(g) < 50 {
		return 0, false
	}
	return quantile(g, 0.1), true
}

// darkCentroid is the centre of the dark blob at board point (u, v),
// seen at a stone's middle height: what is darker than halfway from
// dark to the board's brightness, within castReach of the centre found
// so far, a few times over; ok false where too little is, or the centre
// strays.
func (s *sampler) darkCentroid(u, v, dark, board float64) (cu, cv float64, ok bool) {
	level := (math.Min(dark, board) + board) / 2
	cu, cv = u, v
	for range 4 {
		su, sv, k, all := 0.0, 0.0, 0.0, 0.0
		for dv := -castReach; dv <= castReach; dv += 0.05 {
			for du := -castReach; du <= castReach; du += 0.05 {
				if du*du+dv*dv > castReach*castReach {
					continue
				}
				all++
				if x := s.at(s.cam.project(cu+du, cv+dv, 0.15)); x >= 0 && x < level {
					su, sv, k = su+du, sv+dv, k+1
				}
			}
		}
		if k < 0.2*all {
			return 0, 0, false
		}
		cu, cv = cu+su/k, cv+sv/k
	}
	return cu, cv, math.Hypot(cu-u, cv-v) < 0.7
}

const (
	// castReach is how far from a point the blob read black there is
	// looked for.
	castReach = 0.55
	// castNear: a blob's centre nearer a stone than this is not a
	// stone's (two stones' centres lie a stone's width apart or more).
	castNear = 0.92
	// castAlike: shadows in one light lie this alike off their stones.
	castAlike = 0.2
	// castPaler: a shadow is paler than the black stones in the same
	// light by this share of the way to the board.
	castPaler = 0.2
	// castAgree is how many other shadows must lie alike.
	castAgree = 2
)
