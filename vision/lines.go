package vision

import (
	"image"
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"
)

// lineQuads returns outlines of an n x n grid read off the frame's long
// straight lines: the grid's lines fall into two families, each meeting
// at its vanishing point, and seen along a line through the other
// family's vanishing point a family's lines are evenly spaced once that
// point is sent to infinity. So each family is a comb of n evenly spaced
// teeth with no line one step beyond either end, which stones breaking
// the lines into pieces do not hide: every piece of a line counts
// towards its tooth. The best combs of each family, crossed, give the
// outlines (at the field's scale); so does each family's best comb
// crossed with the lines where its own lines end (see segmentEnds).
func lineQuads(segs []segment, n int, area float64) [][4]Point {
	if len(segs) < 2*n {
		return nil
	}
	a, b, ok := twoFamilies(segs)
	if !ok {
		return nil
	}
	va, okA := vanishingPoint(a)
	vb, okB := vanishingPoint(b)
	if !okA || !okB {
		return nil
	}
	if a, b = inliers(a, va), inliers(b, vb); len(a) < 2 || len(b) < 2 {
		return nil
	}
	if va, okA = vanishingPoint(a); !okA {
		return nil
	}
	if vb, okB = vanishingPoint(b); !okB {
		return nil
	}
	ca := combLines(a, va, vb, n)
	cb := combLines(b, vb, va, n)
	var pairs [][2][2][3]float64 // each family's outer lines
	for _, x := range ca {
		for _, y := range cb {
			pairs = append(pairs, [2][2][3]float64{x, y})
		}
	}
	// A grid's lines end at the other family's outer lines. Where one
	// family runs along the surround's lines (a row of the board along
	// the planks), the surround's long lines outweigh the grid's broken
	// ones in that family's combs, and every comb of it is the planks';
	// the other family's lines, inside its best comb, still end at the
	// grid's outer lines of the first.
	if len(ca) > 0 {
		if y, ok := segmentEnds(a, ca[0], vb); ok {
			pairs = append(pairs, [2][2][3]float64{ca[0], y})
		}
	}
	if len(cb) > 0 {
		if x, ok := segmentEnds(b, cb[0], va); ok {
			pairs = append(pairs, [2][2][3]float64{x, cb[0]})
		}
	}
	var out [][4]Point
	for _, pr := range pairs {
		x, y := pr[0], pr[1]
		q := [4]Point{}
		ok := true
		for i, l := range [4][2][3]float64{{x[0], y[0]}, {x[1], y[0]}, {x[1], y[1]}, {x[0], y[1]}} {
			p := cross(l[0], l[1])
			if math.Abs(p[2]) < 1e-9 {
				ok = false
				break
			}
			q[i] = Point{p[0] / p[2], p[1] / p[2]}
		}
		if !ok || quadArea(q) < 0.01*area {
			continue
		}
		out = appendDistinct(out, OrderCorners(q))
	}
	return out
}

// segmentEnds returns the two lines through w (the other family's
// vanishing point) that bound the segments of one family lying between
// its comb's outer lines x: where the family's lines end.
func segmentEnds(segs []segment, x [2][3]float64, w [3]float64) ([2][3]float64, bool) {
	side := func(l [3]float64, p Point) float64 { return l[0]*p.X + l[1]*p.Y + l[2] }
	// Positions along the comb's first line, of its crossings with the
	// lines through w and each end.
	dir := Point{-x[0][1], x[0][0]}
	var ls [2][3]float64
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range segs {
		if m := s.mid(); side(x[0], m)*side(x[1], m) > 0 {
			continue // beyond the comb
		}
		for _, p := range []Point{s.a, s.b} {
			l := cross([3]float64{p.X, p.Y, 1}, w)
			c := cross(l, x[0])
			if math.Abs(c[2]) < 1e-12 {
				continue
			}
			t := c[0]/c[2]*dir.X + c[1]/c[2]*dir.Y
			if t < lo {
				lo, ls[0] = t, l
			}
			if t > hi {
				hi, ls[1] = t, l
			}
		}
	}
	return ls, hi-lo >= 1
}

// segment is a straight piece of a line, with its length and direction
// (radians, 0 to pi).
type segment struct {
	a, b   Point
	length float64
	angle  float64
}

func (s segment) mid() Point { return Point{(s.a.X + s.b.X) / 2, (s.a.Y + s.b.Y) / 2} }

// lineSegments returns the straight pieces of the thin dark lines. The
// gap allowed is small: a stone is wider than it, and bridging stones
// would join rows of stones into false lines.
func lineSegments(norm gocv.Mat) []segment {
	return segmentsAbove(norm, 80)
}

// segmentsAbove is lineSegments on the response above th.
func segmentsAbove(norm gocv.Mat, th float32) []segment {
	mask := gocv.NewMat()
	defer mask.Close()
	gocv.Threshold(norm, &mask, th, 255, gocv.ThresholdBinary)
	lines := gocv.NewMat()
	defer lines.Close()
	gocv.HoughLinesPWithParams(mask, &lines, 1, math.Pi/360, 25, 20, 3)
	return houghSegments(lines)
}

// houghSegments converts HoughLinesP's output to segments.
func houghSegments(lines gocv.Mat) []segment {
	var out []segment
	for i := 0; i < lines.Rows(); i++ {
		v := lines.GetVeciAt(i, 0)
		out = append(out, segmentOf(Point{float64(v[0]), float64(v[1])}, Point{float64(v[2]), float64(v[3])}))
	}
	return out
}

// segmentOf is the segment from a to b, its angle in [0, π).
func segmentOf(a, b Point) segment {
	ang := math.Atan2(b.Y-a.Y, b.X-a.X)
	if ang < 0 {
		ang += math.Pi
	}
	if ang >= math.Pi {
		ang -= math.Pi
	}
	return segment{a, b, math.Hypot(b.X-a.X, b.Y-a.Y), ang}
}

// twoFamilies splits segments by direction: the two strongest directions
// at least 30 degrees apart (by total length), each taking the segments
// within 20 degrees of it.
func twoFamilies(segs []segment) (a, b []segment, ok bool) {
	const bins = 180
	var hist [bins]float64
	for _, s := range segs {
		hist[int(s.angle/math.Pi*bins)%bins] += s.length
	}
	smooth := func(i int) float64 {
		t := 0.0
		for d := -3; d <= 3; d++ {
			t += hist[(i+d+bins)%bins]
		}
		return t
	}
	circ := func(i, j int) int { d := (i - j + bins) % bins; return min(d, bins-d) }
	p1, p2 := -1, -1
	for i := 0; i < bins; i++ {
		if p1 < 0 || smooth(i) > smooth(p1) {
			p1 = i
		}
	}
	for i := 0; i < bins; i++ {
		if circ(i, p1) >= 30 && (p2 < 0 || smooth(i) > smooth(p2)) {
			p2 = i
		}
	}
	if p2 < 0 || smooth(p2) == 0 {
		return nil, nil, false
	}
	for _, s := range segs {
		i := int(s.angle/math.Pi*bins) % bins
		switch {
		case circ(i, p1) <= 20:
			a = append(a, s)
		case circ(i, p2) <= 20:
			b = append(b, s)
		}
	}
	return a, b, len(a) >= 2 && len(b) >= 2
}

// faintLines is the normalised line response at which chooseLattice
// reads the lines again where the frame's segments make no comb: the
// local mean (see lineField).
const faintLines = 40

// homLine is the homogeneous line through a and b, scaled so that its
// normal is a unit vector.
func homLine(a, b Point) [3]float64 {
	l := cross([3]float64{a.X, a.Y, 1}, [3]float64{b.X, b.Y, 1})
	if d := math.Hypot(l[0], l[1]); d > 0 {
		l = [3]float64{l[0] / d, l[1] / d, l[2] / d}
	}
	return l
}

// vanishingPoint is the homogeneous point nearest to all the segments'
// lines (length-weighted least squares), in coordinates scaled by 1/1000
// about the origin for conditioning and returned unscaled (w = 0: the
// lines are parallel).
func vanishingPoint(segs []segment) ([3]float64, bool) {
	const k = 1000.0
	var m [9]float64
	for _, s := range segs {
		l := homLine(Point{s.a.X / k, s.a.Y / k}, Point{s.b.X / k, s.b.Y / k})
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				m[3*i+j] += s.length * l[i] * l[j]
			}
		}
	}
	v, ok := smallestEigenvector(3, m[:])
	if !ok {
		return [3]float64{}, false
	}
	return [3]float64{v[0] * k, v[1] * k, v[2]}, true
}

// smallestEigenvector of the symmetric n x n matrix a (row-major): the
// eigenvector of its least eigenvalue.
func smallestEigenvector(n int, a []float64) ([]float64, bool) {
	m := gocv.NewMatWithSize(n, n, gocv.MatTypeCV64F)
	defer m.Close()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			m.SetDoubleAt(i, j, a[n*i+j])
		}
	}
	vals, vecs := gocv.NewMat(), gocv.NewMat()
	defer vals.Close()
	defer vecs.Close()
	if !gocv.Eigen(m, &vals, &vecs) || vecs.Rows() != n {
		return nil, false
	}
	// Eigenvalues come in descending order, eigenvectors as rows.
	out := make([]float64, n)
	for i := range out {
		out[i] = vecs.GetDoubleAt(n-1, i)
		if math.IsNaN(out[i]) {
			return nil, false
		}
	}
	return out, true
}

// towards is the unit direction from p towards the homogeneous point v.
func towards(p Point, v [3]float64) Point {
	dx, dy := v[0], v[1]
	if math.Abs(v[2]) > 1e-12 {
		dx, dy = v[0]/v[2]-p.X, v[1]/v[2]-p.Y
	}
	d := math.Hypot(dx, dy)
	if d == 0 {
		return Point{1, 0}
	}
	return Point{dx / d, dy / d}
}

// inliers keeps the segments pointing at v within two degrees.
func inliers(segs []segment, v [3]float64) []segment {
	var out []segment
	for _, s := range segs {
		d := towards(s.mid(), v)
		dir := Point{(s.b.X - s.a.X) / s.length, (s.b.Y - s.a.Y) / s.length}
		if math.Abs(d.X*dir.Y-d.Y*dir.X) < math.Sin(2*math.Pi/180) {
			out = append(out, s)
		}
	}
	return out
}

// combLines returns the outer lines (homogeneous) of the best few combs
// of n evenly spaced lines in one family (vanishing point v; the other
// family's is w).
func combLines(segs []segment, v, w [3]float64, n int) [][2][3]float64 {
	// The transversal runs through the family's centre towards w; a
	// position s along it maps to u = s/(1 - s/sw), sw being w's
	// position, under which the family's grid lines are evenly spaced.
	c, tot := Point{}, 0.0
	for _, s := range segs {
		m := s.mid()
		c.X += s.length * m.X
		c.Y += s.length * m.Y
		tot += s.length
	}
	c = Point{c.X / tot, c.Y / tot}
	d := towards(c, w)
	sw := math.Inf(1)
	if math.Abs(w[2]) > 1e-12 {
		sw = (w[0]/w[2]-c.X)*d.X + (w[1]/w[2]-c.Y)*d.Y
	}
	trans := homLine(c, Point{c.X + d.X, c.Y + d.Y})
	type tooth struct{ s, u, weight float64 }
	var ts []tooth
	for _, s := range segs {
		m := s.mid()
		l := cross([3]float64{m.X, m.Y, 1}, v)
		p := cross(l, trans)
		if math.Abs(p[2]) < 1e-12 {
			continue
		}
		pos := (p[0]/p[2]-c.X)*d.X + (p[1]/p[2]-c.Y)*d.Y
		u := pos / (1 - pos/sw)
		if 1-pos/sw <= 0 { // beyond the vanishing point: not in view
			continue
		}
		ts = append(ts, tooth{pos, u, s.length})
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].s < ts[j].s })
	// One line's pieces lie within a couple of pixels along the
	// transversal: merge them.
	var lines []tooth
	for _, t := range ts {
		if k := len(lines) - 1; k >= 0 && t.s-lines[k].s < 2.5 {
			l := &lines[k]
			w := l.weight + t.weight
			l.s = (l.s*l.weight + t.s*t.weight) / w
			l.u = (l.u*l.weight + t.u*t.weight) / w
			l.weight = w
			continue
		}
		lines = append(lines, t)
	}
	if len(lines) < 2 {
		return nil
	}
	// A grid line's reference weight: the median of the n strongest.
	ws := make([]float64, len(lines))
	for i, l := range lines {
		ws[i] = l.weight
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(ws)))
	ref := ws[min(len(ws), n)/2]
	sort.Slice(lines, func(i, j int) bool { return lines[i].u < lines[j].u })
	// at is the weight (over ref, at most 1) of the strongest line within
	// tol of u.
	at := func(u, tol float64) float64 {
		i := sort.Search(len(lines), func(i int) bool { return lines[i].u >= u-tol })
		best := 0.0
		for ; i < len(lines) && lines[i].u <= u+tol; i++ {
			best = math.Max(best, lines[i].weight)
		}
		return math.Min(best/ref, 1)
	}
	type comb struct {
		i, j  int
		score float64
	}
	var combs []comb
	for i := range lines {
		if lines[i].weight < 0.2*ref {
			continue
		}
		for j := i + 1; j < len(lines); j++ {
			if lines[j].weight < 0.2*ref {
				continue
			}
			p := (lines[j].u - lines[i].u) / float64(n-1)
			if p < 4 {
				continue
			}
			var parity [2]float64 // teeth at even and odd places
			for k := 1; k < n-1; k++ {
				parity[k%2] += at(lines[i].u+float64(k)*p, 0.15*p)
			}
			parity[0] += math.Min(lines[i].weight/ref, 1)
			parity[(n-1)%2] += math.Min(lines[j].weight/ref, 1)
			if n >= 13 && min(parity[0], parity[1]) < halfPitch*max(parity[0], parity[1]) {
				continue
			}
			sc := parity[0] + parity[1]
			sc -= at(lines[i].u-p, 0.15*p) + at(lines[j].u+p, 0.15*p)
			combs = append(combs, comb{i, j, sc})
		}
	}
	sort.Slice(combs, func(a, b int) bool { return combs[a].score > combs[b].score })
	line := func(t tooth) [3]float64 {
		p := Point{c.X + t.s*d.X, c.Y + t.s*d.Y}
		return cross([3]float64{p.X, p.Y, 1}, v)
	}
	var out [][2][3]float64
	for _, cb := range combs[:min(len(combs), 3)] {
		out = append(out, [2][3]float64{line(lines[cb.i]), line(lines[cb.j])})
	}
	return out
}

// halfPitch is the share of a comb's teeth at every other place below
// which the comb is taken for one of half the grid's pitch over half the
// board (the grid's lines at every other tooth, nothing between), not
// the grid: stones hide lines here and there, never every other one.
// Only from 13 lines up: 9 teeth are too few (4 against 5) to tell.
const halfPitch = 0.25

// lineCover is how fully the long straight lines cover the lattice
// through q: per lattice line, the share of its length that segments
// lying along it (within 0.15 step) cover, a third counting as whole
// (stones hide the rest), less the same for the lines one step beyond
// the outer ones (a board's grid ends there; a checked cloth's or a
// plank table's lattice does not), over 2n. Unlike the lattice score, which averages the line response over all lines, it
// drops by a whole line for every lattice line on bare wood.
func lineCover(segs []segment, n int, q [4]Point) float64 {
	m := float64(n - 1)
	h, err := QuadHomography(q, [4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}})
	if err != nil {
		return 0
	}
	cover := make([][2]float64, n+2) // lines -1..n of each family
	for _, s := range segs {
		a, b := h.Apply(s.a.X, s.a.Y), h.Apply(s.b.X, s.b.Y)
		for fam := 0; fam < 2; fam++ {
			across := [2]float64{a.X, b.X}
			along := [2]float64{a.Y, b.Y}
			if fam == 1 {
				across, along = [2]float64{a.Y, b.Y}, [2]float64{a.X, b.X}
			}
			k := math.Round((across[0] + across[1]) / 2)
			if k < -1 || k > m+1 || math.Abs(across[0]-k) > 0.15 || math.Abs(across[1]-k) > 0.15 {
				continue
			}
			lo := math.Max(math.Min(along[0], along[1]), 0)
			hi := math.Min(math.Max(along[0], along[1]), m)
			if hi > lo {
				cover[int(k)+1][fam] += (hi - lo) / m
			}
		}
	}
	sc := 0.0
	for k := range cover {
		for fam := 0; fam < 2; fam++ {
			c := math.Min(cover[k][fam]/0.3, 1)
			if k == 0 || k == n+1 {
				c = -c
			}
			sc += c
		}
	}
	return sc / float64(2*n)
}

// marginMismatch is how far the strip half a step outside the lattice
// through q (field scale; scale is the field's over the frame's) differs
// on its most different side from the others, in brightness and tint
// (0-1): a board's margin is its wood on all four sides, while a lattice
// a line out on one side has the surround there.
func marginMismatch(pl *Planes, n int, q [4]Point, scale float64) float64 {
	m := float64(n - 1)
	h, err := QuadHomography([4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}}, q)
	if err != nil {
		return 0
	}
	var luma, tint [4]float64
	for side := 0; side < 4; side++ {
		ls, ts := sideStrip(pl, h, m, side, 0.5, 0, 0.25, m, scale)
		if len(ls) == 0 {
			return 1 // off the frame: no margin seen
		}
		luma[side], tint[side] = median(ls), median(ts)
	}
	worst := 0.0
	for s := 0; s < 4; s++ {
		var ol, ot []float64
		for o := 0; o < 4; o++ {
			if o != s {
				ol, ot = append(ol, luma[o]), append(ot, tint[o])
			}
		}
		worst = math.Max(worst, (math.Abs(luma[s]-median(ol))+math.Abs(tint[s]-median(ot)))/255)
	}
	return worst
}

// marginWeight weighs marginMismatch against the lattice score and line
// cover when choosing among lattices: a lattice a line over ties with
// the right one on lines when the board's edge makes a line.
const marginWeight = 0.3

// chooseLattice picks, among the net's lattice (q, score s; -Inf: none)
// and those from combs of long straight lines, the lattice with the best
// choice: its lattice score, how fully lines cover it and how alike its
// margins are. Each comb's lattice counts both as read off the lines and
// as descended on the lattice score: the descent follows the line
// response alone and may trade whole lines of cover for it (a lens's
// bow, glare). Besides the combs of all the frame's lines, the best comb
// of the lines inside each of the board's outlines counts: the
// surround's straight lines (a checked cloth, planks, a table's edge)
// join the grid's families and may pull every comb of the whole frame
// off the grid. The best few are then moved by whole lines, as combs
// and outlines may end a line short or long on a side. A comb read off
// faint lines may sit a fifth of a step off, where the lattice score's
// descent sticks: each comb's lattice fitted to the segments (see
// segmentFit) is ranked apart, and replaces the choice only where it
// ranks clearly higher within half a step of it. Others are the weak
// search's fits besides q (the faint net's, the outlines' insets),
// candidates too: the lattice score alone may prefer a lattice of the
// surround to the board's inset fit. The choice is then slid by whole
// lines and stretched to twice its span (see slideLattice), and last
// weighed against the candidates that the board's outlines or patches
// of one colour frame (see framed). The patches give no combs: a patch
// of a checked cloth holds the cloth's own lines.
func chooseLattice(pl *Planes, field *image.Gray, norm gocv.Mat, segs []segment, outlines, patches [][4]Point, n int, scale float64, q [4]Point, s float64, others []lattice) ([4]Point, float64) {
	choice := choiceOf(pl, field, segs, n, scale)
	var cs []lattice
	if !math.IsInf(s, -1) {
		cs = append(cs, lattice{q, s, choice(q, s)})
	}
	for _, o := range others {
		if quadDist(o.q, q) > 1 {
			cs = append(cs, lattice{o.q, o.score, choice(o.q, o.score)})
		}
	}
	area := float64(norm.Rows() * norm.Cols())
	raws := lineQuads(segs, n, area)
	noComb := len(raws) == 0
	for _, o := range outlines {
		if qs := lineQuads(segmentsInside(segs, o), n, area); len(qs) > 0 {
			raws = appendDistinct(raws, qs[0])
		}
	}
	// One family of lines blurred along its length (a camera's motion
	// across them) answers at about the local mean, which the other
	// family's and the surround's crisp lines set: at lineSegments'
	// threshold it leaves no segments, and the frame's segments no
	// comb. Read at the local mean (faintLines), its pieces make combs
	// again (varied 37/19: 1.6 steps off and more, which the moves by
	// whole lines bring onto the grid, 0.06 off). Only where the frame
	// gives no comb: where it does, the faint pieces of the surround
	// (a checked cloth) make combs that may outrank the grid's (varied
	// 58/19 went 28 steps off).
	if noComb {
		for _, q := range lineQuads(segmentsAbove(norm, faintLines), n, area) {
			raws = appendDistinct(raws, q)
		}
	}
	var fitted []lattice
	for _, raw := range raws {
		fit, fs := descendLattice(field, n, raw, gridStep(raw, n)/8, 0.4)
		cs = appendInFrame(cs, field.Rect, choice, lattice{raw, latticeScore(field, n, raw), 0}, lattice{fit, fs, 0})
		if sf, ok := segmentFit(segs, n, raw); ok && quadDist(sf, raw) > refitMove*gridStep(raw, n) {
			sff, sfs := descendLattice(field, n, sf, gridStep(sf, n)/16, 0.4)
			fitted = append(fitted, lattice{sf, latticeScore(field, n, sf), 0}, lattice{sff, sfs, 0})
		}
	}
	if len(cs) == 0 {
		return q, s
	}
	// On a crowded board seen steeply the crevices between stones make
	// lines of their own, off the grid and lifted to the stones' height:
	// the lattice score may prefer them, and fits that start away from
	// the grid slide onto them. The board's outline still holds its grid
	// a margin inside: each outline's inset grids, fitted briefly from
	// there, are candidates as they are. Not moved by whole lines: an
	// inset moved a line has lost its frame (and the moves cost most).
	frames := slices.Concat(outlines, patches)
	insets := insetLattices(field, n, frames, choice)
	shifted := bestShifted(field, n, cs, choice)
	slid := slideLattice(field, n, shifted, choice)
	best := climbChoice(field, n, slid, choice)
	// An inset is another lattice, not a finer fit of the choice: within
	// half a step (at each corner its own, see stepsApart) the choice's
	// own fit stands. Further off it replaces the choice only
	// if it ranks higher by refitGain: on a tie the lattices are equally
	// likely, and the choice has been fitted more. Nor does it count as
	// framed below: its own outline frames it by construction.
	choice0 := best.q
	for _, c := range insets {
		if c.choice > best.choice+refitGain && stepsApart(choice0, c.q, n) >= insetApart {
			best = c
		}
	}
	// The fits to the segments refine the choice, never replace it: on
	// a board whose lattice no comb finds, a fit pulled by the
	// surround's lines may rank above the choice steps away.
	// Moved by whole lines, a near fit may end up far: both count.
	isNear := func(f [4]Point) bool { return quadDist(f, best.q) < refitReach*gridStep(best.q, n) }
	var near []lattice
	for _, f := range fitted {
		if isNear(f.q) {
			near = appendInFrame(near, field.Rect, choice, f)
		}
	}
	if len(near) > 0 {
		if f := bestShifted(field, n, near, choice); f.choice > best.choice+refitGain && isNear(f.q) {
			best = f
		}
	}
	// A board frames its grid: a candidate that one of the outlines
	// frames (see framed) wins over an unframed choice it trails by
	// less than framedGain. Counted in the choice itself, the gain would
	// hold the moves by whole lines on any lattice an outline frames.
	if !framed(best.q, frames, n) {
		for _, c := range cs {
			if c.choice+framedGain > best.choice && framed(c.q, frames, n) {
				best = c
				break // cs is sorted by choice
			}
		}
	}
	best = surestRead(pl, n, scale, best, slices.Concat(cs, insets, fitted, []lattice{shifted, slid}))
	best = realEdges(pl, field, n, scale, best, choice)
	return best.q, best.score
}

// realEdges returns best, or where best's weakest outer line is no line
// at all (below edgeFaint of its inner lines' median, see edgeRatio)
// the lattice best moved a whole line over (along an axis or a
// diagonal, see moveLines) whose outer lines all are (edgeReal or more)
// and whose choice ranks within sureSlack of best's (of several, the
// one whose weakest outer line is strongest). A lattice a line over
// reads as surely as the grid, every stone on one of its points, and
// ranks about as high; but one of its outer lines runs along the
// board's margin, a step past the grid's edge (varied 61/9: 0.11 of
// the inner lines, where the grid's weakest outer line is 0.59). At
// the grid's own corners the weakest outer line is 0.46 of the inner
// lines' median or more on all 960 bench boards. The board's edge, a
// step in brightness rather than a line, answers up to about 0.4
// (roboflow's GO board photo train-18: 0.40 a column over, the grid's
// weakest 0.63), so a lattice whose weakest outer line is below
// edgeReal is checked too (edgeFaint was 0.35).
//
// A crowded board (settleShare of best's points or more reading a
// stone) is left to seatOnStones: there the stones hide the grid's
// lines, its "inner lines" are the crevices between stones, and the
// moved lattice's fit on the line response slides onto them. Packed
// seed 5 (TestLocateHalfPitch): best 1.8 steps off, outer line 0.28;
// moved and fitted it lay 0.54 off, skewed, and the outline framing it
// kept settleOnTops from moving it by whole lines (0.4 off at the end,
// where from best it settled on the grid).
func realEdges(pl *Planes, field *image.Gray, n int, scale float64, best lattice, choice func([4]Point, float64) float64) lattice {
	r0 := edgeRatio(field, n, best.q)
	if r0 >= edgeFaint {
		return best
	}
	if _, share, ok := readSurety(pl, n, OrderCorners(scaled(best.q, 1/scale))); ok && share >= settleShare {
		return best
	}
	h, err := GridHomography(n, best.q)
	if err != nil {
		return best
	}
	pick, pr := best, r0
	for mv := 8; mv < 16; mv++ { // kinds 4-7: the whole lattice over
		t := moveLines(h, n, mv/2, float64(mv%2*2-1))
		st := gridStep(t, n) / 16
		t, ts := descendLattice(field, n, t, st, st)
		if !inFrame(t, field.Rect) {
			continue
		}
		r := edgeRatio(field, n, t)
		ch := choice(t, ts)
		if r < edgeReal || r <= pr || ch < best.choice-sureSlack {
			continue
		}
		pick, pr = lattice{t, ts, ch}, r
	}
	return pick
}

// edgeFaint and edgeReal bound the weakest outer line of a lattice
// (over its inner lines' median, see edgeRatio): below edgeFaint it may
// not be a line of the grid, from edgeReal on it is.
const (
	edgeFaint = 0.45
	edgeReal  = 0.45
)

// edgeRatio is the mean field response along the weakest of the
// lattice q's four outer lines over the median of its inner lines'.
func edgeRatio(field *image.Gray, n int, q [4]Point) float64 {
	h, err := GridHomography(n, q)
	if err != nil {
		return 0
	}
	m := float64(n - 1)
	line := func(fam int, k float64) float64 {
		s, c := 0.0, 0
		for t := 0.0; t <= m; t += 0.2 {
			p := h.Apply(k, t)
			if fam == 1 {
				p = h.Apply(t, k)
			}
			s += max(bilinear(field, p), 0)
			c++
		}
		return s / float64(c)
	}
	var inner []float64
	for fam := 0; fam < 2; fam++ {
		for k := 1; k < n-1; k++ {
			inner = append(inner, line(fam, float64(k)))
		}
	}
	med := median(inner)
	if med <= 0 {
		return 0
	}
	worst := math.Inf(1)
	for fam := 0; fam < 2; fam++ {
		for _, k := range []float64{0, m} {
			worst = min(worst, line(fam, k)/med)
		}
	}
	return worst
}

// surestRead returns, of the lattices cs ranked nearly as high as the
// choice best (within sureSlack) and lying another lattice away from it
// (sureApart steps or more, see stepsApart), the one the stones read
// clearly surer on (see sureMin, sureRatio), or best. Where one family
// of lines is faint (blurred along its length, a dozen grey levels of
// contrast) the choice's parts follow the other family and noise, and
// may settle on a lattice of the wrong pitch along the faint axis: its
// points fall between the stones and the reading grows unsure, where on
// the grid's points it reads surely (varied 71/13: 0.84 per point
// against 0.98). A lattice a whole line over mostly reads as surely,
// every stone on one of its points: the reading tells it only where its
// outer points fall on the board's edge (varied 61/19: 0.975 against
// 0.995), and the choice stands where it cannot.
func surestRead(pl *Planes, n int, scale float64, best lattice, cs []lattice) lattice {
	conf := func(q [4]Point) float64 {
		c, ok := meanConf(pl, n, OrderCorners(scaled(q, 1/scale)))
		if !ok {
			return math.Inf(-1)
		}
		return c
	}
	c0 := conf(best.q)
	pick, pc := best, c0
	for _, c := range cs {
		if c.choice < best.choice-sureSlack || stepsApart(best.q, c.q, n) < sureApart {
			continue
		}
		if cc := conf(c.q); cc > pc {
			pick, pc = c, cc
		}
	}
	if pc > c0+sureMin && 1-pc < sureRatio*(1-c0) {
		return pick
	}
	return best
}

// sureSlack is how far below the choice's rank a lattice may rank and
// still replace it for a surer reading; sureApart how far (steps) it
// must lie from it. sureMin and sureRatio are how much surer the
// reading must be: higher by sureMin per point, and unsure on at most
// sureRatio as much.
const (
	sureSlack = 0.15
	sureApart = 0.25
	sureMin   = 0.01
	sureRatio = 0.5
)

// refitGain is how much higher a segment fit's or an inset's choice
// must be than the choice's for it to replace it (equal choices: the
// lattices are both on the grid, a tenth of a pixel apart, or one on
// it and one half a step off, which the choice does not tell apart:
// varied 96/19 by 0.001), and refitReach how near (in steps) a segment
// fit must lie.
const (
	refitGain  = 0.02
	refitReach = 0.5
)

// insetApart is how far (steps, see stepsApart) an inset must lie from
// the choice to replace it: nearer, it is the choice's own lattice, whose
// own fit stands. Between a third and half a step the choice does not
// tell the right lattice: insets 0.40-0.43 steps from the choice that
// rank 0.1-0.2 higher lie 0.15 off on varied 75/13 but 0.41-0.46 off on
// 46/15 and 81/13, whose choices were right.
const insetApart = 0.5

// appendInFrame appends the lattices lying inside r to cs, with their
// choice.
func appendInFrame(cs []lattice, r image.Rectangle, choice func([4]Point, float64) float64, ls ...lattice) []lattice {
	for _, c := range ls {
		if !inFrame(c.q, r) {
			continue // a lattice of the surround (cloth, planks) running out of view
		}
		c.choice = choice(c.q, c.score)
		cs = append(cs, c)
	}
	return cs
}

// bestShifted is the best choice among cs and the best few of them
// moved by whole lines.
func bestShifted(field *image.Gray, n int, cs []lattice, choice func([4]Point, float64) float64) lattice {
	sort.Slice(cs, func(i, j int) bool { return cs[i].choice > cs[j].choice })
	best := cs[0]
	for _, c := range cs[:min(len(cs), shiftCandidates)] {
		if m := shiftLattice(field, n, c, choice); m.choice > best.choice {
			best = m
		}
	}
	return best
}

// refitMove is how far (in steps) segmentFit must move a comb's lattice
// for the fit to be offered too: less is the comb's own noise.
const refitMove = 0.2

// choiceOf returns how Locate's line path ranks a lattice q with lattice
// score s: the score, plus how fully lines cover it, how many of its
// lines cross the other family's and how unlike the surround it is
// inside (see surroundContrast), less how unlike its margins are.
func choiceOf(pl *Planes, field *image.Gray, segs []segment, n int, scale float64) func(q [4]Point, s float64) float64 {
	return func(q [4]Point, s float64) float64 {
		return s + lineCover(segs, n, q) + liveLines(field, n, q) - marginWeight*marginMismatch(pl, n, q, scale) +
			contrastWeight*math.Min(surroundContrast(pl, n, q, scale), contrastCap)
	}
}

// framedGain is by how much a candidate that one of the board's outlines
// frames (see framed) may trail an unframed choice and still replace it.
const framedGain = 0.2

// framed tells whether one of the outlines (field scale) frames the
// lattice through q as a board frames its grid: every side of the
// outline lies beyond the lattice's outer line by a margin of frameMin
// to frameMax steps, the margins alike within frameSpread. A lattice a
// line off has its outer line on the board's edge on one side and two
// margins' width of wood on the other; a lattice of the surround (a
// checked cloth) has no outline around it.
func framed(q [4]Point, outlines [][4]Point, n int) bool {
	return unframed(q, outlines, n) == 0
}

// unframed is by how much (steps) the outline that best frames the
// lattice through q misses framing it (see framed): 0 when one frames
// it, +Inf when there is no outline.
func unframed(q [4]Point, outlines [][4]Point, n int) float64 {
	least := math.Inf(1)
	m := float64(n - 1)
	h, err := QuadHomography(OrderCorners(q), [4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}})
	if err != nil {
		return least
	}
	for _, o := range outlines {
		o = OrderCorners(o)
		lo, hi := math.Inf(1), math.Inf(-1)
		for k, p := range o {
			g := h.Apply(p.X, p.Y)
			// Beyond the lattice's corner k along each axis.
			du, dv := -g.X, -g.Y
			if k == 1 || k == 2 {
				du = g.X - m
			}
			if k >= 2 {
				dv = g.Y - m
			}
			lo, hi = math.Min(lo, math.Min(du, dv)), math.Max(hi, math.Max(du, dv))
		}
		miss := math.Max(0, frameMin-lo) + math.Max(0, hi-frameMax) + math.Max(0, hi-lo-frameSpread)
		least = math.Min(least, miss)
	}
	return least
}

// frameMin and frameMax bound a board's margin beyond its outer lines
// (steps), frameSpread how unlike its sides' margins may be (an outline
// is a few pixels rough, more where stones lie on the board's edge). A
// lattice a line off has a margin below frameMin on one side.
const (
	frameMin    = 0.25
	frameMax    = 1.6
	frameSpread = 1.0
)

// lattice is a candidate lattice with its score and choice.
type lattice struct {
	q             [4]Point
	score, choice float64
}

// shiftCandidates is how many of the best candidates chooseLattice moves
// by whole lines.
const shiftCandidates = 30

// shiftLattice moves c by whole lines while its choice rises: a side in
// or out, or the whole lattice over along an axis or a diagonal (a
// lattice a corner off), each move (see moveLines) fitted briefly on the
// lattice score.
func shiftLattice(field *image.Gray, n int, c lattice, choice func([4]Point, float64) float64) lattice {
	start := c
	for round := 0; round < 3; round++ {
		h, err := GridHomography(n, c.q)
		if err != nil {
			break
		}
		next := c
		for mv := 0; mv < 16; mv++ {
			t := moveLines(h, n, mv/2, float64(mv%2*2-1))
			st := gridStep(t, n) / 8
			t, ts := descendLattice(field, n, t, st, st)
			if !inFrame(t, field.Rect) {
				continue
			}
			if ch := choice(t, ts); ch > next.choice+0.01 {
				next = lattice{t, ts, ch}
			}
		}
		if next == c {
			break
		}
		c = next
	}
	if c == start {
		return c
	}
	// The moves were fitted to an eighth of a step: finish the fit.
	q, s := descendLattice(field, n, c.q, gridStep(c.q, n)/16, 0.4)
	if ch := choice(q, s); ch >= c.choice {
		c = lattice{q, s, ch}
	}
	return c
}

// slideLattice tries c slid two or more whole lines along each axis,
// each slide fitted briefly and then moved line by line (shiftLattice),
// and returns the best choice. Where stones or sun hide some of a
// coarse grid's lines, the lattice may settle over part of the board
// and part of its margin or surround, several lines over; moving a line
// at a time, the choice may fall before it rises again.
func slideLattice(field *image.Gray, n int, c lattice, choice func([4]Point, float64) float64) lattice {
	h, err := GridHomography(n, c.q)
	if err != nil {
		return c
	}
	best := c
	try := func(t [4]Point) {
		if !inFrame(t, field.Rect) {
			return
		}
		st := gridStep(t, n) / 8
		t, ts := descendLattice(field, n, t, st, st)
		if ch := choice(t, ts); ch > best.choice+slideGain {
			best = lattice{t, ts, ch}
		}
	}
	m := float64(n - 1)
	for kind := 4; kind <= 5; kind++ {
		for d := 2; d < n; d++ {
			for _, sg := range []float64{-1, 1} {
				try(moveLines(h, n, kind, sg*float64(d)))
			}
		}
		// A lattice of half the pitch along one axis over half the
		// board (the grid's lines at every other line, bare wood
		// between, where the lattice score's ratio hardly drops): the
		// lattice of twice the span, reaching k lines before it.
		for k := 0; k < n; k++ {
			u0, u1, v0, v1 := -float64(k), 2*m-float64(k), 0.0, m
			if kind == 5 {
				u0, u1, v0, v1 = 0, m, u0, u1
			}
			try([4]Point{h.Apply(u0, v0), h.Apply(u1, v0), h.Apply(u1, v1), h.Apply(u0, v1)})
		}
	}
	if best == c {
		return c
	}
	if m := shiftLattice(field, n, best, choice); m != best {
		return m
	}
	// Not moved on: finish the slide's fit.
	q, s := descendLattice(field, n, best.q, gridStep(best.q, n)/16, 0.4)
	if ch := choice(q, s); ch >= best.choice {
		best = lattice{q, s, ch}
	}
	return best
}

// slideGain is how much a slid lattice's choice must exceed the one it
// slid from.
const slideGain = 0.05

// climbChoice moves c's corners while its choice rises, from a quarter
// step down to a sixteenth, fits the result on the lattice score, and
// returns it if its choice exceeds c's by refitGain within a step of c.
// Every fit follows the line response alone, and may stop a fraction of
// a step off where the choice's other parts, crossings and cover, tell
// the grid (varied 23/9: 0.46 steps off, crossings on 72% of its lines
// against all of the grid's).
func climbChoice(field *image.Gray, n int, c lattice, choice func([4]Point, float64) float64) lattice {
	st := gridStep(c.q, n)
	q, _ := climbCorners(c.q, st/4, st/16, func(q [4]Point) float64 { return choice(q, latticeScore(field, n, q)) })
	q, s := descendLattice(field, n, q, st/16, 0.4)
	if ch := choice(q, s); ch > c.choice+refitGain && inFrame(q, field.Rect) && stepsApart(c.q, q, n) < 1 {
		return lattice{q, s, ch}
	}
	return c
}

// segmentsInside returns the segments lying wholly inside the convex
// quadrilateral q (corners in order around it).
func segmentsInside(segs []segment, q [4]Point) []segment {
	inside := func(p Point) bool {
		sign := 0.0
		for i := range q {
			a, b := q[i], q[(i+1)%4]
			c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
			if c*sign < 0 {
				return false
			}
			if c != 0 {
				sign = c
			}
		}
		return true
	}
	var out []segment
	for _, s := range segs {
		if inside(s.a) && inside(s.b) {
			out = append(out, s)
		}
	}
	return out
}

// contrastWeight weighs surroundContrast in the choice, counted up to
// contrastCap: a lattice of the surround measures 0.002-0.024 (a checked
// cloth beside the board), a board 0.1-0.5 on the bench's cloths and
// planks and on goban-watcher's photos. Capped, the contrast only tells
// a lattice of the surround from the board's: between lattices on the
// board a line apart it varies by up to 0.1 either way (stones in the
// inner strip, the board's side face in the outer), and uncapped at
// 0.25 it moved three goban-watcher photos a line off.
const (
	contrastWeight = 1.5
	contrastCap    = 0.1
)

// surroundContrast is how unlike the board's surround the lattice
// through q (field scale) is inside, on its least unlike side: per side,
// the median brightness and tint (0-1) on the strip between the outer
// line and the next against the strip two and a half steps beyond the
// outer line, past any margin. A board is wood on a surround that its
// outline shows; a lattice of the surround itself (a checked cloth, a
// tiled floor) looks the same inside and out. Sides whose strip beyond
// lies out of view do not count; none in view gives contrastCap, as
// for a board: nothing seen beyond is no sign of a lattice of the
// surround. A photo cropped close round the board shows nothing that
// far beyond its grid, while a lattice a line in has its strip beyond
// one side just in view; counted as 0 there, the grid ranked below that
// lattice and the board's edge was taken for its last line (roboflow's
// GO board photos train-17 and -19, a line over; see
// TestShiftLinesCroppedClose).
func surroundContrast(pl *Planes, n int, q [4]Point, scale float64) float64 {
	m := float64(n - 1)
	h, err := QuadHomography([4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}}, q)
	if err != nil {
		return 0
	}
	strip := func(side int, d float64) (float64, float64, bool) {
		ls, ts := sideStrip(pl, h, m, side, d, 0.5, 0.5, m-0.5, scale)
		if len(ls) < int(m) {
			return 0, 0, false // mostly out of view
		}
		return median(ls), median(ts), true
	}
	least, seen := math.Inf(1), false
	for side := 0; side < 4; side++ {
		il, it, ok1 := strip(side, -0.5)
		ol, ot, ok2 := strip(side, 2.5)
		if !ok1 || !ok2 {
			continue
		}
		seen = true
		least = math.Min(least, (math.Abs(il-ol)+math.Abs(it-ot))/255)
	}
	if !seen {
		return contrastCap
	}
	return least
}

// sideStrip samples brightness and tint (Luma less Low) along side s of a
// lattice (0 top, 1 right, 2 bottom, 3 left) d steps beyond its outer line
// (negative: inside), at t0, t0+dt, ... up to t1 along it. h maps grid
// units (0..m) to the field, whose scale over the frame's is scale; points
// out of view are skipped.
func sideStrip(pl *Planes, h Homography, m float64, s int, d, t0, dt, t1, scale float64) (ls, ts []float64) {
	for t := t0; t <= t1; t += dt {
		var p Point
		switch s {
		case 0:
			p = h.Apply(t, -d)
		case 1:
			p = h.Apply(m+d, t)
		case 2:
			p = h.Apply(t, m+d)
		case 3:
			p = h.Apply(-d, t)
		}
		p = Point{p.X / scale, p.Y / scale}
		l := bilinear(pl.Luma, p)
		if l < 0 {
			continue
		}
		lo := l
		if pl.Low != nil {
			lo = bilinear(pl.Low, p)
		}
		ls, ts = append(ls, l), append(ts, l-lo)
	}
	return ls, ts
}

// insetLattices fits each frame's inset grids (see insetGrids) to the
// lattice score and returns the best few with their choice. All get a
// rough fit, a descent from an eighth of a step to a sixteenth; the
// fits within a quarter step of a better one are dropped (an outline's
// neighbouring insets and an outline and a patch of the same board
// settle on one lattice); the insetKeep best by choice are fitted on to
// 0.4 pixel. A full fit of every inset took an eighth of Locate's time on
// the varied bench.
func insetLattices(field *image.Gray, n int, frames [][4]Point, choice func([4]Point, float64) float64) []lattice {
	type fit struct {
		lattice
		st float64 // the descent's first step
	}
	var rough []fit
	for _, o := range frames {
		for _, g := range insetGrids(o, n) {
			st := gridStep(g, n) / 8
			q, s := descendLattice(field, n, g, st, st/2)
			if inFrame(q, field.Rect) {
				rough = append(rough, fit{lattice{q, s, choice(q, s)}, st})
			}
		}
	}
	sort.SliceStable(rough, func(i, j int) bool { return rough[i].choice > rough[j].choice })
	var out []lattice
	for _, r := range rough {
		if len(out) == insetKeep {
			break
		}
		if slices.ContainsFunc(out, func(o lattice) bool { return quadDist(o.q, r.q) < gridStep(r.q, n)/4 }) {
			continue
		}
		// On from where the rough fit stopped: the same descent as
		// one from the inset to 0.4 pixel.
		if q, s := descendLattice(field, n, r.q, r.st/4, 0.4); inFrame(q, field.Rect) {
			out = append(out, lattice{q, s, choice(q, s)})
		}
	}
	return out
}

// insetKeep is how many of the rough inset fits insetLattices fits on.
const insetKeep = 5

// stepsApart is how far the lattice through b lies from a's: the
// largest of its corners' distances from a's, each in a's grid step at
// that corner, b's corners taken in the order that lies nearest a's
// (see matchCorners). Seen steeply, the far side's step may be half the
// near side's: there a lattice half a step over lies a quarter of the
// mean step away.
func stepsApart(a, b [4]Point, n int) float64 {
	b = matchCorners(a, b)
	h, err := GridHomography(n, a)
	if err != nil {
		return quadDist(a, b) / gridStep(a, n)
	}
	m := float64(n - 1)
	worst := 0.0
	for k, uv := range [4][2]float64{{0, 0}, {m, 0}, {m, m}, {0, m}} {
		// The step towards the grid's inside along each axis.
		du, dv := 1-2*uv[0]/m, 1-2*uv[1]/m
		p := h.Apply(uv[0], uv[1])
		pu, pv := h.Apply(uv[0]+du, uv[1]), h.Apply(uv[0], uv[1]+dv)
		step := math.Min(math.Hypot(pu.X-p.X, pu.Y-p.Y), math.Hypot(pv.X-p.X, pv.Y-p.Y))
		worst = math.Max(worst, math.Hypot(b[k].X-a[k].X, b[k].Y-a[k].Y)/step)
	}
	return worst
}

// matchCorners is b's corners relabelled, turned or mirrored, to lie
// nearest a's (the least largest distance): four corners give one
// lattice whichever corner a list starts at and whichever way round it
// goes, and OrderCorners starts a board turned by about 45 degrees at
// either of two corners.
func matchCorners(a, b [4]Point) [4]Point {
	best, bestD := b, math.Inf(1)
	for turn := 0; turn < 4; turn++ {
		for _, dir := range []int{1, 3} {
			var t [4]Point
			for k := range t {
				t[k] = b[(turn+dir*k)%4]
			}
			if d := quadDist(a, t); d < bestD {
				best, bestD = t, d
			}
		}
	}
	return best
}
