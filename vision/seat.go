package vision

import (
	"cmp"
	"image"
	"math"
	"slices"
)

// seatOnStones checks a located lattice q (frame pixels, the reader's
// order) against the stones, and returns the lattice they sit on if q
// lies between them. On a crowded board seen steeply the crevices
// between tall stones make a lattice of dark lines of their own, half a
// step off the grid and lifted, which outweighs the grid's few bare
// lines: every fit on the line response ends there. Stones, though, sit
// on the points: at the grid's points their tops are even discs, at the
// crevices' points four stones' edges meet. So q is moved over the
// board to where the stone tops are most even (see stoneSpread), a whole
// line either way as the board's outline frames it best, fitted on the
// reading's confidence, and replaces q only where the stones read
// clearly surer on it (seatGain). A lattice that reads surely, or
// already on the stones (the evenest tops within a quarter step of it),
// is kept, and so is one on a board whose points are mostly bare: its
// reading is as sure a half step over. A lattice of half the grid's
// pitch along an axis (see halfPitched) is first doubled over the board
// (see coarserLattice) and fitted to the tops (see evenTops); one that
// reads surely may still be settled (see settleOnTops).
func seatOnStones(pl *Planes, n int, q [4]Point, frames [][4]Point, scale float64) [4]Point {
	c0, share, ok := readSurety(pl, n, q)
	if ok && c0 >= 1-seatGain {
		// No other lattice can read surer by seatGain; a crowded board's
		// may still sit a little off its stones.
		return settleOnTops(pl, n, q, c0, share, frames, scale)
	}
	if frames == nil {
		frames = slices.Concat(outlineQuads(pl, scale, nil), regionOutlines(pl, scale))
	}
	start := q
	if axis, parity := halfPitched(pl, n, q); axis >= 0 {
		q = evenTops(pl, n, coarserLattice(pl, n, q, axis, parity, frames, scale))
	}
	h, err := GridHomography(n, q)
	if err != nil {
		return start
	}
	shifted := func(du, dv float64) [4]Point { return movedLattice(h, n, [4]float64{du, dv}) }
	// The stones' phase: where within a step of q their tops are most
	// even.
	best, bu, bv := stoneSpread(pl, n, q), 0.0, 0.0
	for k := -seatReach; k <= seatReach; k++ {
		for l := -seatReach; l <= seatReach; l++ {
			du, dv := float64(k)*seatStep, float64(l)*seatStep
			if s := stoneSpread(pl, n, shifted(du, dv)); s < best {
				best, bu, bv = s, du, dv
			}
		}
	}
	if math.Max(math.Abs(bu), math.Abs(bv)) < 0.25 {
		if q == start {
			return q // on the stones already
		}
		bu, bv = 0, 0
	}
	// Along an axis where q lies a half step off the stones, the phase
	// cannot tell whether the grid lies that way or a step less the
	// other (the crevices' lattice has a line more than the grid's, and
	// q took n of them); nor can the reading, which is as sure a line
	// over. The board's outline tells: it frames its grid (see framed).
	alts := func(d float64) []float64 {
		if math.Abs(d) < 0.25 {
			return []float64{d}
		}
		return []float64{d, d - math.Copysign(1, d)}
	}
	pick := newFramedPick(pl, n, frames, scale)
	for _, du := range alts(bu) {
		for _, dv := range alts(bv) {
			pick.consider(shifted(du, dv))
		}
	}
	if !pick.found {
		return start
	}
	cand, candConf := pick.best, pick.conf
	cand, candConf = ascendConf(pl, n, cand, candConf)
	if candConf > c0+seatGain {
		return cand
	}
	return start
}

// frameTie is how nearly (steps) two lattices a line apart must be
// framed alike for the reading to choose between them.
const frameTie = 0.1

// framedPick chooses among lattices the one the board's outline frames
// best (see unframed) and, of those framed alike (within frameTie), the
// one the stones read surest on.
type framedPick struct {
	pl     *Planes
	n      int
	frames [][4]Point
	scale  float64 // from the frame's pixels to the outlines'
	best   [4]Point
	miss   float64 // best's unframed
	conf   float64 // best's reading's mean confidence
	found  bool
}

func newFramedPick(pl *Planes, n int, frames [][4]Point, scale float64) *framedPick {
	return &framedPick{pl: pl, n: n, frames: frames, scale: scale, miss: math.Inf(1), conf: math.Inf(-1)}
}

// consider takes t if it is framed better than the best so far, or as
// well and read surer.
func (p *framedPick) consider(t [4]Point) {
	fr := unframed(scaled(t, p.scale), p.frames, p.n)
	c, ok := meanConf(p.pl, p.n, t)
	if ok && (fr < p.miss-frameTie || math.Abs(fr-p.miss) <= frameTie && c > p.conf) {
		p.best, p.miss, p.conf, p.found = t, fr, c, true
	}
}

// scaled is q with every corner's coordinates times s.
func scaled(q [4]Point, s float64) [4]Point {
	for k, p := range q {
		q[k] = Point{p.X * s, p.Y * s}
	}
	return q
}

// ascendConf moves the lattice q, whose reading's mean confidence is c,
// while the reading grows surer: over along each axis, or its sides out
// or in along each axis alike (the crevices' lattice, lifted, is a
// little larger than the grid's), by a tenth of a step and then a
// twentieth, up to ascendReach steps each way. A lattice a whole line
// over reads about as surely: a long climb may end there.
func ascendConf(pl *Planes, n int, q [4]Point, c float64) ([4]Point, float64) {
	h, err := GridHomography(n, q)
	if err != nil {
		return q, c
	}
	var p [4]float64
	for _, d := range []float64{0.1, 0.05} {
		for moved := true; moved; {
			moved = false
			np, nc, nq := p, c, q
			for k := 0; k < 8; k++ {
				t := p
				t[k/2] += d * float64(2*(k%2)-1)
				if math.Abs(t[k/2]) > ascendReach+1e-9 {
					continue
				}
				tq := movedLattice(h, n, t)
				if tc, ok := meanConf(pl, n, tq); ok && tc > nc {
					np, nc, nq = t, tc, tq
				}
			}
			if nc > c {
				p, c, q, moved = np, nc, nq, true
			}
		}
	}
	return q, c
}

// movedLattice is the corners of the n-line lattice of homography h moved
// over by p[0], p[1] and wider by p[2], p[3] on each side (grid steps).
func movedLattice(h Homography, n int, p [4]float64) [4]Point {
	m := float64(n - 1)
	u0, u1, v0, v1 := p[0]-p[2], m+p[0]+p[2], p[1]-p[3], m+p[1]+p[3]
	return [4]Point{h.Apply(u0, v0), h.Apply(u1, v0), h.Apply(u1, v1), h.Apply(u0, v1)}
}

// ascendReach is how far (steps) ascendConf may move a lattice.
const ascendReach = 0.3

// seatStep and seatReach span the search for the stones' lattice: moves
// of the lattice by seatStep grid steps, up to seatReach of them each
// way along each axis (the crevices' lattice lies half a step off the
// grid and further by the stones' parallax).
const (
	seatStep  = 0.1
	seatReach = 7
)

// seatGain is how much surer (mean confidence per point, 0-1) the
// stones must read on the stones' lattice than on the located one for it
// to replace it: a lattice on the crevices reads about 0.75, the grid
// 0.95 or more.
const seatGain = 0.1

// meanConf is the reader's mean confidence per point on the lattice q.
func meanConf(pl *Planes, n int, q [4]Point) (float64, bool) {
	c, _, ok := readSurety(pl, n, q)
	return c, ok
}

// readSurety is the reader's mean confidence per point on the lattice q,
// and the share of the points it reads a stone on (the plain reading,
// not the chosen lattice's, see readStones).
func readSurety(pl *Planes, n int, q [4]Point) (conf, stones float64, ok bool) {
	rd, err := readStones(pl, n, q, false)
	if err != nil {
		return 0, 0, false
	}
	for i, row := range rd.Conf {
		for j, c := range row {
			if !math.IsNaN(c) { // a point out of view: unsure
				conf += c
			}
			if rd.Stones[i][j] != Empty {
				stones++
			}
		}
	}
	return conf / float64(n*n), stones / float64(n*n), true
}

// settleOnTops settles a lattice q that reads surely (mean confidence
// c) on a crowded board (a share of its points holding stones). There
// the stones hide the lines that tell a lattice a line over from the
// grid, and both read about as surely: where the board's outline does
// not frame q (see framed) but frames q moved a line over along an axis
// or a diagonal, and the stones read surer on that, it is taken; where
// no such move frames it, the outline's own grids fitted on the tops
// are tried (see insetOnTops). The crevices between tall stones,
// lifted, may also pull the line fit a third of a step off along a side,
// where the stones still read at 0.92-0.95 but those on the edge lines
// stray: the tops' evenest lattice (see evenTops) near q replaces it
// where the stones read surer on it.
// A board with bare points left is not moved: there the tops' spread
// follows the lines and the bare wood, not the stones, and its lines
// hold the lattice.
func settleOnTops(pl *Planes, n int, q [4]Point, c, share float64, frames [][4]Point, scale float64) [4]Point {
	if share < settleShare {
		return q
	}
	if frames == nil {
		frames = slices.Concat(outlineQuads(pl, scale, nil), regionOutlines(pl, scale))
	}
	if h, err := GridHomography(n, q); err == nil && unframed(scaled(q, scale), frames, n) > frameTie {
		best, miss := q, frameTie
		for kind := 4; kind < 8; kind++ {
			for _, d := range []float64{-1, 1} {
				t := moveLines(h, n, kind, d)
				if u := unframed(scaled(t, scale), frames, n); u <= miss {
					best, miss = t, u
				}
			}
		}
		if best != q {
			// Moved by whole lines, q carries its own small errors
			// along: the moved lattice gets the tops' fit first.
			if t := evenTops(pl, n, best); stepsApart(best, t, n) <= settleReach {
				best = t
			}
			ct, ok := meanConf(pl, n, best)
			if ok && ct > c {
				q, c = best, ct
			}
		} else if t, ct, ok := insetOnTops(pl, n, q, frames, scale); ok && ct > c+settleGain {
			q, c = t, ct
		}
	}
	if c >= settleSure {
		return q
	}
	t := evenTops(pl, n, q)
	if stepsApart(q, t, n) > settleReach {
		return q // a line over: another lattice, not q settled
	}
	if ct, ok := meanConf(pl, n, t); ok && ct > c+settleGain {
		return t
	}
	return q
}

// insetOnTops fits on the stone tops (see evenTops) the grids inset in
// the outlines nearest framing the lattice q (insetOutlines of them, each
// within insetNear steps), and returns the one framed best and, of those
// framed alike, read surest (see framedPick), with its reading's mean
// confidence; ok only if an outline frames it. Where q is skewed off the grid, a third of a step
// or more along one side, no move by whole lines frames it, and the tops'
// fit from q climbs off to other lattices: the outline's own grids start
// near the grid and their tops' fits stay there.
func insetOnTops(pl *Planes, n int, q [4]Point, frames [][4]Point, scale float64) ([4]Point, float64, bool) {
	qs := scaled(q, scale)
	type outline struct {
		o    [4]Point
		miss float64
	}
	var near []outline
	for _, o := range frames {
		o = OrderCorners(o)
		miss := unframed(qs, [][4]Point{o}, n)
		if miss <= insetNear && !slices.ContainsFunc(near, func(p outline) bool { return quadDist(p.o, o) < 1 }) {
			near = append(near, outline{o, miss})
		}
	}
	slices.SortStableFunc(near, func(a, b outline) int { return cmp.Compare(a.miss, b.miss) })
	pick := newFramedPick(pl, n, frames, scale)
	for _, o := range near[:min(len(near), insetOutlines)] {
		for _, g := range insetGrids(scaled(o.o, 1/scale), n) {
			pick.consider(evenTops(pl, n, g))
		}
	}
	if !pick.found || pick.miss > frameTie {
		return q, 0, false
	}
	return pick.best, pick.conf, true
}

// insetNear is how nearly (steps) an outline must frame a lattice for
// insetOnTops to try its inset grids, and insetOutlines of how many
// outlines, the nearest, at most.
const (
	insetNear     = 1
	insetOutlines = 2
)

// settleShare is the share of points holding stones from which
// settleOnTops moves a sure lattice, settleSure the mean confidence from
// which it leaves it, settleReach how far (steps, at the corners) it may
// move it (a third of a step off, the tops' fit overshoots to half a
// step at a corner) and settleGain how much surer the settled lattice
// must read.
const (
	settleReach = 0.75
	settleShare = 0.6
	settleSure  = 0.98
	settleGain  = 0.01
)

// stoneSpread is how uneven the stone tops on the lattice through q
// (frame pixels) are: per point, the spread of brightness (upper less
// lower quintile) over the disc a quarter step around the point lifted
// to a stone's top, averaged over the points in view. A stone's top is
// an even disc; a disc where four stones meet is not, nor is one on a
// grid line and the wood beside it, though far less.
func stoneSpread(pl *Planes, n int, q [4]Point) float64 {
	return spreadOver(pl, n, q, image.Rect(0, 0, n, n))
}

// spreadOver is stoneSpread over the lattice's points (i, j) in pts
// alone (i the column, j the row).
func spreadOver(pl *Planes, n int, q [4]Point, pts image.Rectangle) float64 {
	h, err := GridHomography(n, q)
	if err != nil {
		return math.Inf(1)
	}
	pts = pts.Intersect(image.Rect(0, 0, n, n))
	cam := newCamera(h, pl.Luma.Rect.Dx(), pl.Luma.Rect.Dy(), n)
	tot, cnt := 0.0, 0
	buf := make([]float64, 0, 17)
	for j := pts.Min.Y; j < pts.Max.Y; j++ {
		for i := pts.Min.X; i < pts.Max.X; i++ {
			buf = buf[:0]
			for _, r := range []float64{0, 0.12, 0.24} {
				k := 1
				if r > 0 {
					k = 8
				}
				for a := 0; a < k; a++ {
					th := 2 * math.Pi * float64(a) / float64(k)
					p := cam.project(float64(i)+r*math.Cos(th), float64(j)+r*math.Sin(th), stoneTop)
					if g := bilinear(pl.Luma, p); g >= 0 {
						buf = append(buf, g)
					}
				}
			}
			if len(buf) < 9 {
				continue // mostly out of view
			}
			slices.Sort(buf)
			tot += buf[len(buf)*4/5] - buf[len(buf)/5]
			cnt++
		}
	}
	if cnt == 0 || cnt < pts.Dx()*pts.Dy()/2 {
		return math.Inf(1)
	}
	return tot / float64(cnt)
}

// halfPitched tells along which axis (0: u, 1: v; -1: neither) the lattice
// q lies at half the grid's pitch, and on which parity of its lines (0
// or 1) the stones sit. On a crowded board the crevices between rows of
// touching stones are dark lines as straight as the grid's, half a step
// between them: a lattice of half the pitch along one axis, over half
// the board, takes both, and its fit on the line response and its
// crossings are as good as the grid's. Its every other line, though,
// runs between the stones. So along each axis the lattice of twice q's
// pitch is laid over the board on each parity of q's lines: on the
// grid's pitch one parity sits on the stone tops and the other on the
// crevices, and their spreads (see stoneSpread) differ by far more than
// halfPitchRatio; on a lattice of the grid's own pitch both parities
// sit on the grid's points and spread alike.
func halfPitched(pl *Planes, n int, q [4]Point) (axis, parity int) {
	h, err := GridHomography(n, q)
	if err != nil {
		return -1, 0
	}
	axis, parity = -1, 0
	bestRatio := halfPitchRatio
	r0 := -float64((n - 1) / 2) // the coarser lattice centred on q
	for a := 0; a < 2; a++ {
		var sp [2]float64
		for p := 0; p < 2; p++ {
			// Only the coarser lattice's lines that are q's, n/2 of
			// them from the first on q: beyond q a lattice of q's pitch
			// leaves the board, and the surround's spread says nothing.
			first := (1 - int(r0) - p) / 2
			span := image.Rect(0, first, n, first+n/2)
			if a == 0 {
				span = image.Rect(first, 0, first+n/2, n)
			}
			sp[p] = spreadOver(pl, n, coarser(h, n, a, r0+float64(p)), span)
		}
		if math.IsInf(sp[0], 1) || math.IsInf(sp[1], 1) {
			continue
		}
		lo := 0
		if sp[1] < sp[0] {
			lo = 1
		}
		if r := sp[1-lo] / sp[lo]; r > bestRatio {
			// The parity of q's lines that the even tops lie on.
			axis, parity, bestRatio = a, int(math.Abs(r0+float64(lo)))%2, r
		}
	}
	return axis, parity
}

// halfPitchRatio is how much more uneven the tops on one parity of q's
// lines must be than on the other for q to be taken for half the grid's
// pitch (see halfPitched).
const halfPitchRatio = 1.5

// coarser is the n-line lattice of twice the pitch of h's along axis a
// (0: u, 1: v), its first line on h's line r0.
func coarser(h Homography, n, a int, r0 float64) [4]Point {
	m := float64(n - 1)
	if a == 0 {
		return [4]Point{h.Apply(r0, 0), h.Apply(r0+2*m, 0), h.Apply(r0+2*m, m), h.Apply(r0, m)}
	}
	return [4]Point{h.Apply(0, r0), h.Apply(m, r0), h.Apply(m, r0+2*m), h.Apply(0, r0+2*m)}
}

// coarserLattice is the lattice of twice q's pitch along axis a on
// q's lines of the given parity, spanning the board: q covers about half
// of it, so the board starts up to a whole q's span before q's first
// line, and of those starts the one the board's outline frames best (see
// unframed) and the stones read surest on is taken.
func coarserLattice(pl *Planes, n int, q [4]Point, a, parity int, frames [][4]Point, scale float64) [4]Point {
	h, err := GridHomography(n, q)
	if err != nil {
		return q
	}
	pick := newFramedPick(pl, n, frames, scale)
	for r0 := -n; r0 <= 1; r0++ {
		if (r0%2+2)%2 == parity {
			pick.consider(coarser(h, n, a, float64(r0)))
		}
	}
	if !pick.found {
		return q
	}
	return pick.best
}

// evenTops moves q's corners one coordinate at a time while the stone
// tops on the lattice grow more even (see stoneSpread), in steps from a
// quarter of a grid step down to a twentieth. A lattice built from one
// of half the pitch doubles that lattice's errors of perspective along
// the doubled axis: its corners, not only its phase, need the stones.
func evenTops(pl *Planes, n int, q [4]Point) [4]Point {
	st := gridStep(q, n)
	q, _ = climbCorners(q, st/4, st/20, func(t [4]Point) float64 { return -stoneSpread(pl, n, t) })
	return q
}
