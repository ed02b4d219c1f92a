package vision

import "math"

// outlineWhites reads the white stones that every rule resting on a white
// stone's brightness or colour misses: on a board about as bright as the
// stones (cream or tinted, a white board, a printed diagram, pale wood
// washed out by glare) a white stone is neither clearly paler nor greyer
// than the board, and may be darker. What stays is its shape: it hides
// the grid lines under it (the crossing is missing in every direction),
// its top is even, and its outline, an edge at a stone's radius, is
// round: in nearly every direction from its centre the brightness steps
// (up or down, in either plane) at the rim and not before. Empty points
// that hide their lines (glare, light over a patch larger than a stone)
// have no such edge at that radius; a cell centre, where a lattice
// misplaced by half a step puts a point, is framed by lines too, but by
// a square half a step out, not a circle of a stone's radius.
// Only on the board's lattice (see readStones), for points read empty
// that are not dark (black is read before), however bright: a white
// stone a little brighter than a cream board in light (a sixth, say) is
// too dull for the rules that ask for a clearly paler top, and its
// shape tells it as well as on a board as bright.
func (s *sampler) outlineWhites(f [][]features, ref [][]float64, st [][]Stone, conf [][]float64) {
	if !s.chosen {
		return
	}
	var was [][]Stone // the stones read before this pass, copied at its first candidate
	for j := range f {
		for i := range f[j] {
			p := f[j][i]
			l, least := p.lines/ref[j][i], p.least/ref[j][i]
			if st[j][i] != Empty || l > outlineHidden || least > outlineHidden/2 || !(p.dark >= 0.75) || !(p.board >= minBoardLuma) || p.topW >= clipped {
				continue
			}
			if was == nil {
				was = readBefore(st)
			}
			if m, _ := s.outline(float64(i), float64(j), was); m > 0 {
				st[j][i] = White
				conf[j][i] = clamp01(math.Min(m, (outlineHidden-l)/0.1))
			}
		}
	}
}

// outlineHidden is the most line contrast (as a share of an empty
// point's) a point read by its outline may show.
const outlineHidden = 0.2

// outline is how clearly board point (u, v) is the centre (within a
// quarter step) of a stone's round outline with an even top: above 0 it
// is, and at is its centre's offset from the point. See outlineWhites.
func (s *sampler) outline(u, v float64, beside [][]Stone) (float64, [2]float64) {
	maxRim := s.rimReach(u, v)
	best := math.Inf(-1)
	var at [2]float64
	topL := make([]float64, 0, 32)
	topW := make([]float64, 0, 32)
	for _, o := range discOffsets {
		cu, cv := u+o[0], v+o[1]
		var tl, tw, even float64
		var ok bool
		if topL, topW, tl, tw, even, ok = s.midTop(topL[:0], topW[:0], cu, cv); !ok || even < 0.8 {
			continue
		}
		// Along each ray, the first step from the top's brightness.
		var rim [discRays]float64
		n, k, small := 0, 0, 0
		for a := 0; a < discRays; a++ {
			var seen bool
			rim[a], seen = s.outlineRim(cu, cv, a, tl, tw, 0.28, maxRim[a]+0.1)
			// A white stone beside, touching this one, may show no
			// crease: a ray with no step that runs into it tells
			// nothing (as in disc).
			if !seen || math.IsNaN(rim[a]) && within(beside, cu+maxRim[a]*discCos[a], cv+maxRim[a]*discSin[a], touchReach, isWhite) {
				continue
			}
			n++
			switch {
			case rim[a] >= 0.34 && rim[a] <= maxRim[a]:
				k++
			case rim[a] >= outlineSmallRim && rim[a] < 0.34:
				small++
			}
		}
		if n < discRays/2 {
			continue
		}
		share := float64(k) / float64(n)
		// Round and a stone's size: the rim points on a circle (a cell's
		// square of lines is not) of at most a stone's radius (a cell's
		// is half a step).
		_, fr, res := rimCircle(rim)
		m := math.Min(math.Min((share-0.8)/0.05, (even-0.85)/0.05), math.Min((outlineRadius-fr)/0.02, (outlineRound-res)/0.01))
		// A stone small for its grid (a cheap set's, or stones on a
		// board ruled wide) shows its rim nearer its centre, down to
		// outlineSmallRim: counted so when the rim points lie on a circle
		// closely (outlineSmallRound), as the ragged edge of glare or a
		// patch of light, whose edge may pass that near, does not.
		if small > 0 {
			share := float64(k+small) / float64(n)
			m = math.Max(m, math.Min(math.Min(math.Min((share-0.8)/0.05, (even-0.85)/0.05), (outlineRadius-fr)/0.02),
				(outlineSmallRound-res)/0.01))
		}
		if m > best {
			best, at = m, o
		}
	}
	return best, at
}

// midTop measures a stone's top centred at board point (u, v) at
// mid-height, appending its samples (Luma, Low) to topL and topW: their
// medians, and how even it is (the dim and the bright end of the top
// near its median, in both planes: a crossing's lines, a highlight's
// edge), ok false where too little of it is in the frame. The top and
// the rim both at mid-height, so that a printed stone (flat, not where
// the stone's height puts its top) is centred by the same offset for
// both.
func (s *sampler) midTop(topL, topW []float64, u, v float64) (_, _ []float64, tl, tw, even float64, ok bool) {
	for _, r := range []float64{0, 0.13, 0.26} {
		k := max(1, int(r/0.13*7))
		for a := 0; a < k; a++ {
			th := 2 * math.Pi * float64(a) / float64(k)
			q := s.cam.project(u+r*math.Cos(th), v+r*math.Sin(th), 0.15)
			if g := s.at(q); g >= 0 {
				topL = append(topL, g)
				topW = append(topW, bilinear(s.low, q))
			}
		}
	}
	if len(topL) < 10 {
		return topL, topW, 0, 0, 0, false
	}
	tl, tw = median(topL), median(topW) // (sorts both)
	even = math.Min(math.Min(topL[len(topL)*15/100]/math.Max(tl, 8), topW[len(topW)*15/100]/math.Max(tw, 8)),
		math.Min(tl/math.Max(topL[len(topL)*85/100], 8), tw/math.Max(topW[len(topW)*85/100], 8)))
	return topL, topW, tl, tw, even, true
}

// outlineRim walks ray a out from board point (u, v) at mid-height, from
// r0 to reach steps, to the first step (outlineStep, in Luma or Low) from
// the top's brightness (tl, tw): the stone's outline (NaN: none). seen
// is false where the ray leaves the frame before that step: the frame
// cut the outline off (a stone on an outer line of a board that fills
// the frame), and the ray tells nothing of it (see rayRim).
func (s *sampler) outlineRim(u, v float64, a int, tl, tw, r0, reach float64) (rim float64, seen bool) {
	for r := r0; r <= reach; r += 0.02 {
		q := s.cam.project(u+r*discCos[a], v+r*discSin[a], 0.15)
		g := s.at(q)
		if g < 0 {
			return math.NaN(), false
		}
		seen = true
		w := bilinear(s.low, q)
		if math.Max(math.Abs(g-tl)/math.Max(tl, 8), math.Abs(w-tw)/math.Max(tw, 8)) > outlineStep {
			return r, seen
		}
	}
	return math.NaN(), seen
}

// whiteCentre is the centre of the white stone whose top lies at board
// point (u, v), nearly: the centre of the circle through its outline
// (see outlineRim, rimCircle), fitted from (u, v) and again from each
// fit's centre (whiteFits times: a centre found a fifth of a step off
// finds the near side's outline inside its top). ok is false where the
// outline is no stone's: not round, or not of a stone's size.
func (s *sampler) whiteCentre(u, v float64) (cu, cv float64, ok bool) {
	topL := make([]float64, 0, 32)
	topW := make([]float64, 0, 32)
	for range whiteFits {
		var tl, tw float64
		if topL, topW, tl, tw, _, ok = s.midTop(topL[:0], topW[:0], u, v); !ok {
			return u, v, false
		}
		var rim [discRays]float64
		for a := range rim {
			rim[a], _ = s.outlineRim(u, v, a, tl, tw, 0.16, 0.8)
		}
		c, r, rms := rimCircle(rim)
		if !(r >= 0.3 && r <= 0.6) || rms > 0.08 {
			return u, v, false
		}
		u, v = u+c[0], v+c[1]
	}
	return u, v, true
}

// whiteFits is how many times whiteCentre fits a white stone's outline.
const whiteFits = 3

// outlineStep is the least step in brightness (a share of the top's, in
// Luma or Low) that counts as a stone's outline.
const outlineStep = 0.07

// rimCircle fits a circle to the rim points found along the rays (NaN:
// none), in the plane through the stones' middle around the disc's
// centre, and returns its centre (offset from the disc's), its radius
// and the points' RMS distance from it.
func rimCircle(rim [discRays]float64) (centre [2]float64, radius, rms float64) {
	// Kasa's fit: x² + y² + D x + E y + F = 0, linear least squares.
	var sxx, sxy, syy, sx, sy, sz, sxz, syz, n float64
	for a, r := range rim {
		if math.IsNaN(r) {
			continue
		}
		x, y := r*discCos[a], r*discSin[a]
		z := x*x + y*y
		sxx += x * x
		sxy += x * y
		syy += y * y
		sx += x
		sy += y
		sz += z
		sxz += x * z
		syz += y * z
		n++
	}
	if n < 5 {
		return centre, math.NaN(), math.Inf(1)
	}
	// Normal equations for (D, E, F): [sxx sxy sx; sxy syy sy; sx sy n] (D E F) = -(sxz syz sz).
	m := [3][4]float64{{sxx, sxy, sx, -sxz}, {sxy, syy, sy, -syz}, {sx, sy, n, -sz}}
	for c := 0; c < 3; c++ {
		p := c
		for r := c + 1; r < 3; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		if math.Abs(m[c][c]) < 1e-12 {
			return centre, math.NaN(), math.Inf(1)
		}
		for r := 0; r < 3; r++ {
			if r != c {
				f := m[r][c] / m[c][c]
				for k := c; k < 4; k++ {
					m[r][k] -= f * m[c][k]
				}
			}
		}
	}
	d, e, f := m[0][3]/m[0][0], m[1][3]/m[1][1], m[2][3]/m[2][2]
	cx, cy := -d/2, -e/2
	radius = math.Sqrt(math.Max(0, cx*cx+cy*cy-f))
	var ss float64
	for a, r := range rim {
		if math.IsNaN(r) {
			continue
		}
		dr := math.Hypot(r*discCos[a]-cx, r*discSin[a]-cy) - radius
		ss += dr * dr
	}
	return [2]float64{cx, cy}, radius, math.Sqrt(ss / n)
}

// A stone's outline: its rim points' circle of radius at most
// outlineRadius steps (a cell centre's square of lines is framed at half a
// step), the points at most outlineRound from it (RMS, steps).
const (
	outlineRadius = 0.47
	outlineRound  = 0.06
)

// A small stone's outline (see outline): its rim from outlineSmallRim
// steps out (the rim is looked for from 0.28, just past the top's
// samples), its points at most outlineSmallRound from their circle.
// (Roboflow temp_stone photos: white stones read empty 285 -> 250. From
// 0.30 out, a black stone's glint on a 9x9 and the glare on pale wood of
// the shared photo few_stones_glare.jpg read white; a roundness of 0.05
// read two empty points of those photos white.)
const (
	outlineSmallRim   = 0.32
	outlineSmallRound = 0.04
)
