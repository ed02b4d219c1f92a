package vision

import (
	"errors"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"
)

// Locate finds an n x n board's four outer grid corners in a frame with
// no help: the grid's lines form one large connected net of thin dark
// lines, whose outline is the outer grid square seen in perspective. Each
// large net is a candidate; its outline gives a first quadrilateral,
// which is then fitted to the lattice (all 2n lines at once) and kept if
// the lattice fits better than any other candidate's. Where that fit is
// weak (stones break the net into pieces) or leaves lines uncovered,
// outlines from combs of long straight lines (the whole frame's, and
// those inside each outline of the board) are tried too, each moved
// by whole lines, and the lattice chosen by its fit, how fully lines
// cover it, how many of its lines cross the other family's, how alike
// its margins are and how unlike the surround it is inside, then
// whether one of the board's outlines frames it, and last whether the
// stones read clearly surer on a lattice ranked nearly as high (see
// surestRead). A lattice the stones
// read unsure on is then checked against them (see seatOnStones), and a
// packed board's lattice that hardly fits its lines is vouched for by
// them (see stonesVouch). It
// returns the corners in the reader's order and the fit's score (line
// contrast; the higher the surer, below about 0.1 not a board).
func Locate(pl *Planes, n int) ([4]Point, float64, error) {
	return LocateWithin(pl, n, nil)
}

// LocateWithin is Locate searching only inside the convex polygon region
// (image pixels), e.g. the hull of the ArUco markers printed beside the
// board's corners, which shuts out clutter around the board. A nil
// region searches the whole frame.
//
// Holes are polygons to leave out (the markers themselves, whose crisp
// edges would otherwise pull at the lattice).
func LocateWithin(pl *Planes, n int, region []Point, holes ...[]Point) ([4]Point, float64, error) {
	field, norm, scale, err := lineField(pl, region, holes)
	if err != nil {
		return [4]Point{}, 0, err
	}
	defer norm.Close()

	// Two thresholds on the normalised response: a strict one for crisp
	// photos and a lenient one for faint lines; the lattice fit decides.
	quads, long := netQuads(norm, []float32{80, 110}, 3)
	best, bestScore := searchLattice(field, n, quads)
	var outlines, patches [][4]Point // the board's outlines (edges, patches of one colour), once computed
	var others []lattice             // the weak search's other fits
	outlined := false
	if bestScore < weakGrid {
		// Faint lines broken by many stones (dark wood, thin lines, a
		// downscaled photo) leave no net at those thresholds: try a
		// fainter one, and the board's outline, whose grid lies a margin
		// inside it.
		var inset [][4]Point
		outlines, outlined = outlineQuads(pl, scale, region), true
		if len(region) < 3 {
			patches = regionOutlines(pl, scale)
		}
		for _, o := range slices.Concat(outlines, patches) {
			inset = append(inset, insetGrids(o, n)...)
		}
		faint, _ := netQuads(norm, []float32{60, 80}, 6)
		for _, qs := range [][][4]Point{faint, inset} {
			q, s := searchLattice(field, n, qs)
			if s > bestScore {
				best, bestScore = q, s
			}
			if !math.IsInf(s, -1) {
				others = append(others, lattice{q: q, score: s})
			}
		}
	}
	// Where stones break the net into pieces, its outlines land steps
	// off and the fit settles on a lattice of the wrong pitch or half a
	// step out, whose score the clean wood between lines keeps high: the
	// combs of long straight lines start nearer, and how fully lines
	// cover each lattice tells the right one. A lattice steps off may
	// also fit well on the grid's lines it does hold: its uncovered lines
	// give it away, and so do margins unlike on one side. Not inside a region: the
	// markers' holes cut the lines there, and a weak fit inside markers
	// is checked against the whole frame anyway.
	if len(region) < 3 && (bestScore < weakGrid || lineCover(long, n, best) < fullCover || marginMismatch(pl, n, best, scale) > unlikeMargins) {
		if !outlined {
			outlines, patches, outlined = outlineQuads(pl, scale, nil), regionOutlines(pl, scale), true
		}
		best, bestScore = chooseLattice(pl, field, norm, lineSegments(norm), outlines, patches, n, scale, best, bestScore, others)
	}
	if math.IsInf(bestScore, -1) {
		return [4]Point{}, 0, errors.New("no grid found in the image")
	}
	var frames [][4]Point // nil: not yet found
	if outlined {
		frames = slices.Concat(outlines, patches)
	}
	weak := bestScore < clearGrid
	if weak {
		// A board so crowded that its crevices answer as strongly as
		// its lines may still be one: see stonesVouch.
		if !outlined {
			frames = slices.Concat(outlineQuads(pl, scale, region), regionOutlines(pl, scale))
		}
		weak = !stonesVouch(pl, field, n, best, frames, scale)
	}
	for i := range best {
		best[i] = Point{best[i].X / scale, best[i].Y / scale}
	}
	if weak {
		return OrderCorners(best), bestScore, errors.New("no clear grid found in the image (the best candidate fits poorly)")
	}
	return seatOnStones(pl, n, OrderCorners(best), frames, scale), bestScore, nil
}

// clearGrid is the lattice score below which Locate takes a lattice for
// no board, unless the stones vouch for it (see stonesVouch).
const clearGrid = 0.1

// stonesVouch tells whether a lattice q (field scale) that fits the line
// response poorly is a board all the same. On a board nearly full of
// touching stones the crevices between them are dark lines too, half a
// step off the grid: they count against the grid's few bare lines, and
// the grid's fit drops towards none. Such a board still shows its
// lines' crossings on nearly every line (see liveLines), its outline
// frames the lattice (see framed), and its stones read surely on it;
// clutter without a board shows none of the three.
func stonesVouch(pl *Planes, field *image.Gray, n int, q [4]Point, frames [][4]Point, scale float64) bool {
	if liveLines(field, n, q) < vouchLive || !framed(q, frames, n) {
		return false
	}
	var f [4]Point
	for k, p := range q {
		f[k] = Point{p.X / scale, p.Y / scale}
	}
	c, ok := meanConf(pl, n, OrderCorners(f))
	return ok && c >= vouchConf
}

// vouchLive and vouchConf are the share of live lines and the reading's
// mean confidence per point with which the stones vouch for a lattice
// that fits the lines poorly. Lines that stones cover from end to end
// show no crossings (a packed board rendered from above shows 34 of
// 38); a board's lattice reads at 0.92-1.0 on every real photo, one
// half a step off on the crevices at about 0.75.
const (
	vouchLive = 0.75
	vouchConf = 0.95
)

// weakGrid is a lattice score below which Locate searches harder: clear
// grids fit at 0.5-0.7, and a weak search costs less than a wrong board.
const weakGrid = 0.6

// unlikeMargins is the margin mismatch (see marginMismatch) above which
// Locate tries the line combs even for a lattice that fits well and
// whose lines are covered: a lattice a line over has the surround or
// the board's edge on one side, where a board's margins are alike.
const unlikeMargins = 0.25

// fullCover is the cover by the net's long strokes (see lineCover) below
// which Locate tries the line combs even for a lattice that fits well:
// on a right lattice most lines show long strokes over a third of their
// length (stones cut some into pieces too short to count), while a
// lattice steps off, half on the bare margin or the surround, leaves
// lines uncovered however well its other lines fit.
const fullCover = 0.8

// netQuads returns the outlines of the line net's largest pieces at each
// threshold, without near-duplicates, and the long straight strokes at
// the first threshold.
func netQuads(norm gocv.Mat, ths []float32, keep int) ([][4]Point, []segment) {
	var out [][4]Point
	var long []segment
	for i, th := range ths {
		pieces, segs := netCandidates(norm, th, keep)
		if i == 0 {
			long = segs
		}
		for _, c := range pieces {
			// Two outlines of each piece: the simplified hull, and the
			// largest quadrilateral on it (when stones or glare cut a
			// corner of the net off, the simplification may drop it).
			for _, f := range []func([]image.Point) ([4]Point, bool){hullQuad, maxAreaQuad} {
				q, ok := f(c.pts)
				if !ok {
					continue
				}
				out = appendDistinct(out, q)
			}
		}
	}
	return out, long
}

// appendDistinct appends q to qs unless a quadrilateral within 8 pixels
// of it is there already.
func appendDistinct(qs [][4]Point, q [4]Point) [][4]Point {
	for _, o := range qs {
		if quadDist(o, q) < 8 {
			return qs
		}
	}
	return append(qs, q)
}

// searchLattice fits the lattice to each candidate outline (and its
// extensions by missing lines): a rough fit ranks them, the best two get
// the full fit. It returns the best and its score (-Inf: none).
func searchLattice(field *image.Gray, n int, quads [][4]Point) ([4]Point, float64) {
	type ranked struct {
		q     [4]Point
		score float64
	}
	var rs []ranked
	for _, c := range quads {
		for _, h := range spanHypotheses(field, n, c) {
			q, s := fitLattice(field, n, h, true)
			rs = append(rs, ranked{q, s})
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].score > rs[j].score })
	best, bestScore := [4]Point{}, math.Inf(-1)
	for _, r := range rs[:min(len(rs), 2)] {
		q, s := fitLattice(field, n, r.q, false)
		if s > bestScore {
			best, bestScore = q, s
		}
	}
	return best, bestScore
}

// outlineQuads returns quadrilaterals that may be the board's outline, at
// the field's scale: the outlines of the four largest pieces of the
// frame's edges, with thin lines closed away first (so that the grid
// does not tie the board's edge to everything on it).
func outlineQuads(pl *Planes, scale float64, region []Point) [][4]Point {
	// Edges of brightness and, apart, of colour (Luma less Low): a
	// wooden board on a grey cloth may be no brighter than the cloth,
	// only yellower, and the cloth's own brightness edges would tie the
	// board's colour edge to everything around it.
	// With a region (the markers' hull) the surround is already shut
	// out, and the markers' paper is the colour edge: brightness alone.
	planes := []*image.Gray{pl.Luma}
	if lo := pl.Low; len(region) < 3 && lo != nil && lo != pl.Luma && lo.Rect == pl.Luma.Rect && lo.Stride == pl.Luma.Stride {
		sat := image.NewGray(pl.Luma.Rect)
		for i, v := range pl.Luma.Pix {
			if i < len(lo.Pix) && v > lo.Pix[i] {
				sat.Pix[i] = uint8(min(255, 2*int(v-lo.Pix[i])))
			}
		}
		planes = append(planes, sat)
	}
	var qs [][4]Point
	for i, g := range planes {
		for _, q := range planeOutlines(g, scale, region, i > 0) {
			qs = appendDistinct(qs, q)
		}
	}
	return qs
}

// planeOutlines returns the outlines of the four largest pieces of g's
// edges, at the field's scale.
func planeOutlines(g *image.Gray, scale float64, region []Point, inner bool) [][4]Point {
	edges, ok := outlineEdges(g, scale)
	if !ok {
		return nil
	}
	defer edges.Close()
	qs := edgeOutlines(edges, scale, region, inner)
	// A board's edge as faint as its lines (dark wood on a dark
	// surround) breaks into pieces wider apart than stones leave:
	// closed across them, the pieces make the outline again.
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(outlineGap, outlineGap))
	defer k.Close()
	gocv.MorphologyEx(edges, &edges, gocv.MorphClose, k)
	for _, q := range edgeOutlines(edges, scale, region, inner) {
		qs = appendDistinct(qs, q)
	}
	return qs
}

// outlineGap is the widest gap (field pixels) in a board's edge that
// planeOutlines closes: a fortieth of the frame.
const outlineGap = 25

// edgeOutlines returns the outlines of the four largest pieces of an
// edge map.
func edgeOutlines(edges gocv.Mat, scale float64, region []Point, inner bool) [][4]Point {
	// An outline broken by stones on the edge is still one piece whose
	// hull is the board's outline. Every contour counts, inner ones too:
	// where the surround is textured (planks, a checked cloth), its edges
	// join the board's edge into one piece, and the board is the hole
	// inside it.
	mode := gocv.RetrievalExternal
	if inner {
		mode = gocv.RetrievalList
	}
	contours := gocv.FindContours(edges, mode, gocv.ChainApproxSimple)
	defer contours.Close()
	total := float64(edges.Rows() * edges.Cols())
	type outline struct {
		q    [4]Point
		area float64
	}
	var out []outline
	for i := 0; i < contours.Size(); i++ {
		pts := contours.At(i).ToPoints()
		if len(pts) < 8 {
			continue
		}
		for _, f := range []func([]image.Point) ([4]Point, bool){hullQuad, maxAreaQuad} {
			q, ok := f(pts)
			a := quadArea(q)
			if !ok || a < 0.04*total || a > 0.9*total || !insideRegion(q, region, scale) {
				continue // too small or large, or outside the markers
			}
			dup := false
			for _, o := range out {
				if quadDist(o.q, q) < 8 {
					dup = true
				}
			}
			if !dup {
				out = append(out, outline{q, a})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].area > out[j].area })
	var qs [][4]Point
	for _, o := range out[:min(len(out), 4)] {
		qs = append(qs, o.q)
	}
	return qs
}

// outlineEdges is the edge map of g at the field's scale, thin lines
// closed away first (so that the grid does not tie the board's edge to
// everything on it), dilated a little so an edge broken by stones holds.
func outlineEdges(g *image.Gray, scale float64) (gocv.Mat, bool) {
	src, err := gocv.NewMatFromBytes(g.Rect.Dy(), g.Rect.Dx(), gocv.MatTypeCV8UC1, g.Pix)
	if err != nil {
		return gocv.Mat{}, false
	}
	defer src.Close()
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(src, &small, image.Point{}, scale, scale, gocv.InterpolationArea)
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(7, 7))
	defer k.Close()
	gocv.MorphologyEx(small, &small, gocv.MorphClose, k)
	gocv.GaussianBlur(small, &small, image.Pt(5, 5), 0, 0, gocv.BorderDefault)
	edges := gocv.NewMat()
	gocv.Canny(small, &edges, 20, 60)
	d := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer d.Close()
	gocv.Dilate(edges, &edges, d)
	return edges, true
}

// quadArea is the area of the quadrilateral q.
func quadArea(q [4]Point) float64 {
	s := 0.0
	for i := range q {
		j := (i + 1) % 4
		s += q[i].X*q[j].Y - q[j].X*q[i].Y
	}
	return math.Abs(s) / 2
}

// insideRegion tells whether q's centre lies in the convex region (image
// pixels; none: anywhere); q is at the field's scale.
func insideRegion(q [4]Point, region []Point, scale float64) bool {
	if len(region) < 3 {
		return true
	}
	cx, cy := 0.0, 0.0
	for _, p := range q {
		cx, cy = cx+p.X/4/scale, cy+p.Y/4/scale
	}
	pts := make([]image.Point, len(region))
	for i, p := range region {
		pts[i] = image.Pt(int(math.Round(p.X)), int(math.Round(p.Y)))
	}
	h := convexHull(pts)
	sign := 0
	for i := range h {
		a, b := h[i], h[(i+1)%len(h)]
		c := float64(b.X-a.X)*(cy-float64(a.Y)) - float64(b.Y-a.Y)*(cx-float64(a.X))
		if c != 0 {
			if sign == 0 {
				sign = int(math.Copysign(1, c))
			} else if int(math.Copysign(1, c)) != sign {
				return false
			}
		}
	}
	return true
}

// insetGrids returns the n x n grids that a board outline o holds with
// margins of half a step to a step and a quarter beyond the outer lines.
func insetGrids(o [4]Point, n int) [][4]Point {
	h, err := QuadHomography([4]Point{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, OrderCorners(o))
	if err != nil {
		return nil
	}
	var out [][4]Point
	for _, mg := range []float64{0.4, 0.6, 0.8, 1, 1.2} {
		t := mg / (float64(n-1) + 2*mg)
		out = append(out, [4]Point{h.Apply(t, t), h.Apply(1-t, t), h.Apply(1-t, 1-t), h.Apply(t, 1-t)})
	}
	return out
}

// lineField is the frame's thin-dark-line response, normalised by its
// local mean, at about 1000 pixels across (scale is that size over the
// frame's), masked to region less holes when region is given: as a Mat
// (the caller closes it) and as the image the lattice fit samples.
func lineField(pl *Planes, region []Point, holes [][]Point) (*image.Gray, gocv.Mat, float64, error) {
	luma := pl.Luma
	w, h := luma.Rect.Dx(), luma.Rect.Dy()
	src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, luma.Pix)
	if err != nil {
		return nil, gocv.Mat{}, 0, err
	}
	defer src.Close()
	// Work at 1000 pixels across: enough for a 19x19 grid's lines,
	// and the same kernel sizes serve every camera.
	scale := 1000 / float64(max(w, h))
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(src, &small, image.Point{}, scale, scale, gocv.InterpolationArea)

	// Thin dark lines: black-hat (closing minus image) keeps what is darker
	// than its surroundings and narrower than the kernel.
	resp := gocv.NewMat()
	defer resp.Close()
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(7, 7))
	defer k.Close()
	gocv.MorphologyEx(small, &resp, gocv.MorphBlackhat, k)
	// Normalise by the local mean response, so that faint lines in glare
	// count as much as crisp ones in shade, and busy texture (carpet,
	// wood grain) evens out to no preference at all.
	bh := gocv.NewMat()
	defer bh.Close()
	resp.ConvertTo(&bh, gocv.MatTypeCV32F)
	mean := gocv.NewMat()
	defer mean.Close()
	gocv.Blur(bh, &mean, image.Pt(41, 41))
	mean.AddFloat(2)
	gocv.Divide(bh, mean, &bh)
	norm := gocv.NewMat()
	bh.ConvertToWithParams(&norm, gocv.MatTypeCV8U, 40, 0) // 1x the local mean -> 40
	if len(region) >= 3 {
		keep := gocv.NewMatWithSize(norm.Rows(), norm.Cols(), gocv.MatTypeCV8UC1)
		defer keep.Close()
		pts := make([]image.Point, len(region))
		for i, p := range region {
			pts[i] = image.Pt(int(math.Round(p.X*scale)), int(math.Round(p.Y*scale)))
		}
		poly := gocv.NewPointsVectorFromPoints([][]image.Point{convexHull(pts)})
		gocv.FillPoly(&keep, poly, color.RGBA{255, 255, 255, 255})
		poly.Close()
		for _, h := range holes {
			hp := make([]image.Point, len(h))
			for i, p := range h {
				hp[i] = image.Pt(int(math.Round(p.X*scale)), int(math.Round(p.Y*scale)))
			}
			poly := gocv.NewPointsVectorFromPoints([][]image.Point{convexHull(hp)})
			gocv.FillPoly(&keep, poly, color.RGBA{0, 0, 0, 255})
			poly.Close()
		}
		masked := gocv.NewMatWithSize(norm.Rows(), norm.Cols(), gocv.MatTypeCV8UC1)
		norm.CopyToWithMask(&masked, keep)
		norm.Close()
		norm = masked
	}
	blurred := gocv.NewMat()
	defer blurred.Close()
	gocv.GaussianBlur(norm, &blurred, image.Pt(3, 3), 0, 0, gocv.BorderDefault)
	field, err := GrayImage(blurred)
	if err != nil {
		norm.Close()
		return nil, gocv.Mat{}, 0, err
	}
	return field, norm, scale, nil
}

// GridFit is how well the lattice of an n x n grid through corners (any
// order) sits on the frame's grid lines, on the scale Locate's score
// uses: clear grids fit at 0.5-0.7, a lattice a line off or askew far
// lower. It checks corners from a calibration or a label against the
// frame.
func GridFit(pl *Planes, n int, corners [4]Point) (float64, error) {
	field, norm, scale, err := lineField(pl, nil, nil)
	if err != nil {
		return 0, err
	}
	norm.Close()
	for i, p := range corners {
		corners[i] = Point{p.X * scale, p.Y * scale}
	}
	return latticeScore(field, n, OrderCorners(corners)), nil
}

// spanHypotheses returns n x n lattices for a candidate outline q: the
// net may miss outer lines (stones or glare along an edge, a line too
// faint) or take in the board's edge, so q may span from four steps
// fewer to one step more than the grid. The best spans (by the lattice
// through q itself) are extended to n lines every way they can be, and
// the two best of those returned after q itself if they fit better.
func spanHypotheses(field *image.Gray, n int, q [4]Point) [][4]Point {
	type hyp struct {
		q     [4]Point
		score float64
	}
	var spans []hyp // q[0] holds the span (su, sv)
	for su := max(2, n-5); su <= n; su++ {
		for sv := max(2, n-5); sv <= n; sv++ {
			spans = append(spans, hyp{[4]Point{{float64(su), float64(sv)}}, rectScore(field, su+1, sv+1, q, false)})
		}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].score > spans[j].score })
	var out []hyp
	for _, sp := range spans[:2] {
		su, sv := sp.q[0].X, sp.q[0].Y
		h, err := QuadHomography([4]Point{{0, 0}, {su, 0}, {su, sv}, {0, sv}}, q)
		if err != nil {
			continue
		}
		m := float64(n - 1)
		for ou := math.Min(0, su-m); ou <= math.Max(0, su-m); ou++ {
			for ov := math.Min(0, sv-m); ov <= math.Max(0, sv-m); ov++ {
				c := [4]Point{h.Apply(ou, ov), h.Apply(ou+m, ov), h.Apply(ou+m, ov+m), h.Apply(ou, ov+m)}
				out = append(out, hyp{c, latticeScore(field, n, c)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].score > out[j].score })
	qs := [][4]Point{q} // and the outline as the whole grid, as it most often is
	s0 := latticeScore(field, n, q)
	for _, o := range out[:min(2, len(out))] {
		if quadDist(o.q, q) > 1 && o.score > s0 {
			qs = append(qs, o.q)
		}
	}
	return qs
}

type piece struct {
	area float64
	pts  []image.Point
}

// netCandidates thresholds the normalised line response at th, keeps
// only long straight strokes (grid lines; not carpet or wood texture),
// redrawn a little thick so the grid's net stays connected where stones
// interrupt it, and returns the net's largest pieces as drawn and closed
// (gaps between nearby lines filled, so a net broken by stones, glare or
// foreshortened lines is one piece), and the strokes.
func netCandidates(norm gocv.Mat, th float32, keep int) ([]piece, []segment) {
	mask := gocv.NewMat()
	defer mask.Close()
	gocv.Threshold(norm, &mask, th, 255, gocv.ThresholdBinary)
	segs := gocv.NewMat()
	defer segs.Close()
	gocv.HoughLinesPWithParams(mask, &segs, 1, math.Pi/360, 40, 35, 3)
	net := gocv.NewMatWithSize(mask.Rows(), mask.Cols(), gocv.MatTypeCV8UC1)
	defer net.Close()
	for i := 0; i < segs.Rows(); i++ {
		v := segs.GetVeciAt(i, 0)
		gocv.Line(&net, image.Pt(int(v[0]), int(v[1])), image.Pt(int(v[2]), int(v[3])), color.RGBA{255, 255, 255, 255}, 3)
	}
	// Closed twice: across small gaps, and across the larger ones that
	// stones leave in a coarse grid (a 9x9 board's lines are far apart).
	closed, wide := gocv.NewMat(), gocv.NewMat()
	defer closed.Close()
	defer wide.Close()
	ck := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(25, 25))
	defer ck.Close()
	gocv.MorphologyEx(net, &closed, gocv.MorphClose, ck)
	wk := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(61, 61))
	defer wk.Close()
	gocv.MorphologyEx(net, &wide, gocv.MorphClose, wk)
	var out []piece
	for _, m := range []gocv.Mat{net, closed, wide} {
		contours := gocv.FindContours(m, gocv.RetrievalExternal, gocv.ChainApproxSimple)
		var cs []piece
		for i := 0; i < contours.Size(); i++ {
			c := contours.At(i)
			a := gocv.ContourArea(c)
			if a < 0.01*float64(m.Cols()*m.Rows()) {
				continue
			}
			cs = append(cs, piece{a, c.ToPoints()})
		}
		contours.Close()
		sort.Slice(cs, func(i, j int) bool { return cs[i].area > cs[j].area })
		out = append(out, cs[:min(len(cs), keep)]...)
	}
	return out, houghSegments(segs)
}

// quadDist is the largest distance between corresponding corners.
func quadDist(a, b [4]Point) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Hypot(a[i].X-b[i].X, a[i].Y-b[i].Y))
	}
	return d
}

// hullQuad returns the quadrilateral that best approximates the convex
// hull of pts.
func hullQuad(pts []image.Point) ([4]Point, bool) {
	hull := convexHull(pts)
	if len(hull) < 4 {
		return [4]Point{}, false
	}
	pv := gocv.NewPointVectorFromPoints(hull)
	defer pv.Close()
	peri := gocv.ArcLength(pv, true)
	for eps := 0.01; eps < 0.3; eps *= 1.3 {
		ap := gocv.ApproxPolyDP(pv, eps*peri, true)
		p := ap.ToPoints()
		ap.Close()
		if len(p) == 4 {
			var q [4]Point
			for i := range q {
				q[i] = Point{float64(p[i].X), float64(p[i].Y)}
			}
			return OrderCorners(q), true
		}
		if len(p) < 4 {
			break
		}
	}
	return [4]Point{}, false
}

// maxAreaQuad returns the largest quadrilateral with its corners on the
// convex hull of pts: for the net of a grid, whose hull may have extra
// vertices where stones or glare cut a corner off, that is the outer
// grid square.
func maxAreaQuad(pts []image.Point) ([4]Point, bool) {
	hull := convexHull(pts)
	if len(hull) < 4 {
		return [4]Point{}, false
	}
	pv := gocv.NewPointVectorFromPoints(hull)
	defer pv.Close()
	ap := gocv.ApproxPolyDP(pv, 0.004*gocv.ArcLength(pv, true), true)
	h := ap.ToPoints()
	ap.Close()
	for len(h) > 24 { // keep the search small: drop every other vertex
		var k []image.Point
		for i := 0; i < len(h); i += 2 {
			k = append(k, h[i])
		}
		h = k
	}
	if len(h) < 4 {
		return [4]Point{}, false
	}
	area := func(a, b, c, d image.Point) int {
		s := 0
		q := [4]image.Point{a, b, c, d}
		for i := 0; i < 4; i++ {
			j := (i + 1) % 4
			s += q[i].X*q[j].Y - q[j].X*q[i].Y
		}
		if s < 0 {
			s = -s
		}
		return s
	}
	best, bi := -1, [4]int{}
	n := len(h)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				for l := k + 1; l < n; l++ {
					if a := area(h[i], h[j], h[k], h[l]); a > best {
						best, bi = a, [4]int{i, j, k, l}
					}
				}
			}
		}
	}
	var q [4]Point
	for i, k := range bi {
		q[i] = Point{float64(h[k].X), float64(h[k].Y)}
	}
	return OrderCorners(q), true
}

// convexHull is Andrew's monotone chain.
func convexHull(p []image.Point) []image.Point {
	pts := append([]image.Point(nil), p...)
	sort.Slice(pts, func(i, j int) bool {
		return pts[i].X < pts[j].X || (pts[i].X == pts[j].X && pts[i].Y < pts[j].Y)
	})
	cr := func(o, a, b image.Point) int { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var h []image.Point
	for _, q := range pts {
		for len(h) >= 2 && cr(h[len(h)-2], h[len(h)-1], q) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, q)
	}
	lower := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- {
		for len(h) >= lower && cr(h[len(h)-2], h[len(h)-1], pts[i]) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, pts[i])
	}
	if len(h) > 1 {
		h = h[:len(h)-1]
	}
	return h
}

// latticeScore is how well the lattice through corners q sits on the
// line response: the mean response along the 2n grid lines minus that
// along the lines halfway between them and just outside the outer ones,
// over the sum of both, less a penalty for a line one step beyond the
// outer lines on any side. A board's grid ends in a bare margin, while a
// checked cloth's or a plank table's lattice, or the board's own grid
// under a lattice a line off, continues there.
func latticeScore(field *image.Gray, n int, q [4]Point) float64 {
	return rectScore(field, n, n, q, true)
}

// rectScore is latticeScore for a lattice of nu x nv lines through q;
// beyond adds the penalty for lines one step outside (a partial span of
// the grid, as spanHypotheses tries, has them by rights).
func rectScore(field *image.Gray, nu, nv int, q [4]Point, beyond bool) float64 {
	mu, mv := float64(nu-1), float64(nv-1)
	h, err := QuadHomography([4]Point{{0, 0}, {mu, 0}, {mu, mv}, {0, mv}}, q)
	if err != nil {
		return math.Inf(-1)
	}
	const per = 5 // samples per grid step
	var on, off float64
	var non, noff int
	var out [4]float64 // response along the line one step beyond each side
	var nout [4]int
	// at(k, t) samples the k-th line of one family at t along it; side
	// is the first of that family's two sides in out.
	sample := func(lines, along, side int, at func(k, t float64) float64) {
		for k := 0; k < lines; k++ {
			fk := float64(k)
			// Halfway between lines, and the bare margin just outside
			// the outer lines: a lattice one line too far out has its
			// outer line on the board's edge and the margin's samples
			// on the clutter beyond it.
			ks, nks := [2]float64{fk + 0.5, -0.4}, 1
			switch {
			case k == lines-1:
				ks[0] = fk + 0.4
			case k == 0:
				nks = 2
			}
			for s := 0; s <= (along-1)*per; s++ {
				t := float64(s) / per
				if g := at(fk, t); g >= 0 {
					on += g
				}
				non++ // a line off the image counts as no line
				for _, kk := range ks[:nks] {
					if g := at(kk, t); g >= 0 {
						off += g
						noff++
					}
				}
				if beyond && (k == 0 || k == lines-1) {
					// One and two steps out: a lattice that continues
					// has lines at both, the board's edge lies at most
					// at one of them.
					k1, k2, sd := -1.0, -2.0, side
					if k == lines-1 {
						k1, k2, sd = float64(lines), float64(lines+1), side+1
					}
					g1, g2 := at(k1, t), at(k2, t)
					if g1 >= 0 && g2 >= 0 {
						out[sd] += math.Min(g1, g2)
						nout[sd]++
					}
				}
			}
		}
	}
	sample(nu, nv, 0, func(k, t float64) float64 { return bilinear(field, h.Apply(k, t)) })
	sample(nv, nu, 2, func(k, t float64) float64 { return bilinear(field, h.Apply(t, k)) })
	if noff == 0 {
		return math.Inf(-1)
	}
	a, b := on/float64(non), off/float64(noff)
	score := (a - b) / math.Max(a+b, 1)
	// A line beyond a side as strong as half the grid's lines or more
	// costs its excess over that: margins hold the board's edge and
	// specks, never a full line.
	worst := 0.0
	for i := range out {
		if nout[i] > 0 {
			worst = math.Max(worst, out[i]/float64(nout[i]))
		}
	}
	if pen := worst - beyondFree*a; pen > 0 {
		score -= beyondWeight * pen / math.Max(a+b, 1)
	}
	return score
}

// refitMoves is how many of a fit's whole-line moves, ranked by a rough
// fit, are fitted on: all 24 cost half of a weak photo's localisation,
// and the right one ranks among the first few.
const refitMoves = 4

// beyondFree is the share of the grid lines' response a line beyond the
// outer ones may have free; beyondWeight weighs the excess.
const (
	beyondFree   = 0.5
	beyondWeight = 1.0
)

// fitLattice moves the corners to maximise the lattice score: coordinate
// descent in ever finer steps, then whole grid steps on each side (an
// outline that took the board's edge for the outer line, or missed a
// line), each refitted. A quick fit stops at a quarter step and tries no
// whole steps.
func fitLattice(field *image.Gray, n int, q [4]Point, quick bool) ([4]Point, float64) {
	step := func(q [4]Point) float64 { return gridStep(q, n) }
	stop := 0.4
	if quick {
		stop = step(q) / 4
	}
	descend := func(q [4]Point, s float64) ([4]Point, float64) {
		return descendLattice(field, n, q, s, stop)
	}
	q, best := descend(q, step(q)/2)
	for round := 0; round < 3 && !quick; round++ {
		changed := false
		h, err := GridHomography(n, q)
		if err != nil {
			break
		}
		// Moves 0-3 slide one side a line in or out; 4 and 5 slide the
		// whole lattice a line along each axis (a lattice one line over
		// fits all lines but one, and no single-side move gets it back).
		// Each moved lattice gets a rough fit, to a quarter step; the best
		// few are fitted on to a pixel and a half.
		type move struct {
			q     [4]Point
			score float64
		}
		var moves []move
		for side := 0; side < 6; side++ {
			ds := []float64{-1, 1}
			if side >= 4 { // a net missing several lines along one side
				ds = []float64{-4, -3, -2, -1, 1, 2, 3, 4}
			}
			for _, d := range ds {
				t := moveLines(h, n, side, d)
				stop = step(t) / 4
				t, v := descend(t, step(t)/4)
				moves = append(moves, move{t, v})
			}
		}
		sort.Slice(moves, func(i, j int) bool { return moves[i].score > moves[j].score })
		for _, mv := range moves[:min(len(moves), refitMoves)] {
			stop = 1.5
			t, v := descend(mv.q, step(mv.q)/4)
			stop = 0.4
			if v > best+0.01 {
				q, best, changed = t, v, true
			}
		}
		if !changed {
			break
		}
		q, best = descend(q, 1)
	}
	if !quick { // sub-pixel: the field is smooth and sampled bilinearly
		stop = 0.1
		q, best = descend(q, 0.4)
	}
	return q, best
}

// descendLattice moves q's corners one coordinate at a time while the
// lattice score rises, in steps from s halving down to stop, but not
// below 0.4 pixel.
func descendLattice(field *image.Gray, n int, q [4]Point, s, stop float64) ([4]Point, float64) {
	return climbCorners(q, s, math.Max(stop, 0.4), func(t [4]Point) float64 { return latticeScore(field, n, t) })
}

// climbCorners moves q's corners one coordinate at a time, by d and then
// by half as much down to stop, while score rises; it returns the corners
// and their score.
func climbCorners(q [4]Point, d, stop float64, score func([4]Point) float64) ([4]Point, float64) {
	sc := score(q)
	for ; d >= stop; d /= 2 {
		for improved := true; improved; {
			improved = false
			for i := 0; i < 8; i++ {
				for _, sg := range []float64{1, -1} {
					t := q
					if i%2 == 0 {
						t[i/2].X += sg * d
					} else {
						t[i/2].Y += sg * d
					}
					if v := score(t); v > sc {
						q, sc, improved = t, v, true
					}
				}
			}
		}
	}
	return q, sc
}

// gridStep is the mean grid step of the n x n lattice through q, in
// pixels.
func gridStep(q [4]Point, n int) float64 {
	d := 0.0
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		d += math.Hypot(a.X-b.X, a.Y-b.Y)
	}
	return d / 4 / float64(n-1)
}

// inFrame tells whether all of q's corners lie inside r.
func inFrame(q [4]Point, r image.Rectangle) bool {
	for _, p := range q {
		if p.X < float64(r.Min.X) || p.Y < float64(r.Min.Y) || p.X > float64(r.Max.X) || p.Y > float64(r.Max.Y) {
			return false
		}
	}
	return true
}

// moveLines is the lattice of homography h (n lines a side) moved by d
// whole lines: kind 0-3 moves one side (top, right, bottom, left), 4 and
// 5 move the whole lattice along u or v, 6 and 7 along both diagonals.
func moveLines(h Homography, n, kind int, d float64) [4]Point {
	m := float64(n - 1)
	u0, v0, u1, v1 := 0.0, 0.0, m, m
	switch kind {
	case 0:
		v0 += d
	case 1:
		u1 += d
	case 2:
		v1 += d
	case 3:
		u0 += d
	case 4:
		u0, u1 = u0+d, u1+d
	case 5:
		v0, v1 = v0+d, v1+d
	case 6:
		u0, u1, v0, v1 = u0+d, u1+d, v0+d, v1+d
	case 7:
		u0, u1, v0, v1 = u0+d, u1+d, v0-d, v1-d
	}
	return [4]Point{h.Apply(u0, v0), h.Apply(u1, v0), h.Apply(u1, v1), h.Apply(u0, v1)}
}
