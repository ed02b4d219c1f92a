package vision

import (
	"errors"
	"image"
	"image/color"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// Locate finds an n x n board's four outer grid corners in a frame with
// no help: the grid's lines form one large connected net of thin dark
// lines, whose outline is the outer grid square seen in perspective. Each
// large net is a candidate; its outline gives a first quadrilateral,
// which is then fitted to the lattice (all 2n lines at once) and kept if
// the lattice fits better than any other candidate's. It returns the
// corners in the reader's order and the fit's score (line contrast; the
// higher the surer, below about 0.1 not a board).
func Locate(pl *Planes, n int) ([4]Point, float64, error) {
	luma := pl.Luma
	w, h := luma.Rect.Dx(), luma.Rect.Dy()
	src, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, luma.Pix)
	if err != nil {
		return [4]Point{}, 0, err
	}
	defer src.Close()
	// Work at about 1000 pixels across: enough for a 19x19 grid's lines,
	// and the same kernel sizes serve every camera.
	scale := math.Min(1, 1000/float64(max(w, h)))
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
	mask := gocv.NewMat()
	defer mask.Close()
	gocv.Threshold(resp, &mask, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
	blurred := gocv.NewMat()
	defer blurred.Close()
	gocv.GaussianBlur(resp, &blurred, image.Pt(3, 3), 0, 0, gocv.BorderDefault)
	field, err := GrayImage(blurred)
	if err != nil {
		return [4]Point{}, 0, err
	}

	// Keep only long straight strokes (grid lines; not carpet or wood
	// texture), redrawn a little thick so the grid's net stays connected
	// where stones interrupt it.
	segs := gocv.NewMat()
	defer segs.Close()
	gocv.HoughLinesPWithParams(mask, &segs, 1, math.Pi/360, 40, 35, 3)
	net := gocv.NewMatWithSize(mask.Rows(), mask.Cols(), gocv.MatTypeCV8UC1)
	defer net.Close()
	for i := 0; i < segs.Rows(); i++ {
		v := segs.GetVeciAt(i, 0)
		gocv.Line(&net, image.Pt(int(v[0]), int(v[1])), image.Pt(int(v[2]), int(v[3])), color.RGBA{255, 255, 255, 255}, 3)
	}
	contours := gocv.FindContours(net, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	type cand struct {
		area float64
		pts  []image.Point
	}
	var cands []cand
	for i := 0; i < contours.Size(); i++ {
		c := contours.At(i)
		a := gocv.ContourArea(c)
		if a < 0.01*float64(small.Cols()*small.Rows()) {
			continue
		}
		cands = append(cands, cand{a, c.ToPoints()})
	}
	sort.Slice(cands, func(i, j int) bool { return cands[i].area > cands[j].area })
	if len(cands) > 4 {
		cands = cands[:4]
	}
	best, bestScore := [4]Point{}, math.Inf(-1)
	for _, c := range cands {
		q, ok := hullQuad(c.pts)
		if !ok {
			continue
		}
		q, s := fitLattice(field, n, q)
		if s > bestScore {
			best, bestScore = q, s
		}
	}
	if math.IsInf(bestScore, -1) {
		return [4]Point{}, 0, errors.New("no grid found in the image")
	}
	for i := range best {
		best[i] = Point{best[i].X / scale, best[i].Y / scale}
	}
	if bestScore < 0.1 {
		return OrderCorners(best), bestScore, errors.New("no clear grid found in the image (the best candidate fits poorly)")
	}
	return OrderCorners(best), bestScore, nil
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
// along the lines halfway between them, over the sum of both.
func latticeScore(field *image.Gray, n int, q [4]Point) float64 {
	h, err := GridHomography(n, q)
	if err != nil {
		return math.Inf(-1)
	}
	const per = 5 // samples per grid step
	var on, off float64
	var non, noff int
	for k := 0; k < n; k++ {
		for s := 0; s <= (n-1)*per; s++ {
			t := float64(s) / per
			for _, p := range []Point{h.Apply(float64(k), t), h.Apply(t, float64(k))} {
				if g := bilinear(field, p); g >= 0 {
					on += g
				}
				non++ // a line off the image counts as no line
			}
			if k < n-1 {
				for _, p := range []Point{h.Apply(float64(k)+0.5, t), h.Apply(t, float64(k)+0.5)} {
					if g := bilinear(field, p); g >= 0 {
						off += g
						noff++
					}
				}
			}
		}
	}
	if noff == 0 {
		return math.Inf(-1)
	}
	a, b := on/float64(non), off/float64(noff)
	return (a - b) / math.Max(a+b, 1)
}

// fitLattice moves the corners to maximise the lattice score: coordinate
// descent in ever finer steps, then whole grid steps on each side (an
// outline that took the board's edge for the outer line, or missed a
// line), each refitted.
func fitLattice(field *image.Gray, n int, q [4]Point) ([4]Point, float64) {
	step := func(q [4]Point) float64 { // mean grid step in pixels
		d := 0.0
		for i := 0; i < 4; i++ {
			a, b := q[i], q[(i+1)%4]
			d += math.Hypot(a.X-b.X, a.Y-b.Y)
		}
		return d / 4 / float64(n-1)
	}
	descend := func(q [4]Point, s float64) ([4]Point, float64) {
		sc := latticeScore(field, n, q)
		for d := s; d >= 0.4; d /= 2 {
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
						if v := latticeScore(field, n, t); v > sc {
							q, sc, improved = t, v, true
						}
					}
				}
			}
		}
		return q, sc
	}
	q, best := descend(q, step(q)/2)
	for round := 0; round < 3; round++ {
		changed := false
		h, err := GridHomography(n, q)
		if err != nil {
			break
		}
		m := float64(n - 1)
		for side := 0; side < 4; side++ {
			for _, d := range []float64{-1, 1} {
				u0, v0, u1, v1 := 0.0, 0.0, m, m
				switch side {
				case 0:
					v0 += d
				case 1:
					u1 += d
				case 2:
					v1 += d
				case 3:
					u0 += d
				}
				t := [4]Point{h.Apply(u0, v0), h.Apply(u1, v0), h.Apply(u1, v1), h.Apply(u0, v1)}
				t, v := descend(t, step(t)/4)
				if v > best+0.01 {
					q, best, changed = t, v, true
				}
			}
		}
		if !changed {
			break
		}
	}
	return q, best
}
