package vision

import (
	"cmp"
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// regionOutlines returns quadrilaterals that may be the board's outline
// (field scale, scale being the field's over the frame's), found as
// regions of one colour rather than as edges: the frame's brightness and
// tint (Luma less Low), smoothed past the grid's lines, are clustered into
// a few colours, and every large, convex, four-sided piece of one colour
// is a candidate. Where the surround is busy (a checked cloth, a tiled
// floor), its edges join the board's edge into one piece and the edge
// outlines miss the board, but the board is still one patch of wood.
// A patch may as well be one of the surround (a cloth's stripe, a
// tile): Locate fits the lattice inset in each, and weighs its choice by
// them, but takes no combs of the lines inside them.
func regionOutlines(pl *Planes, scale float64) [][4]Point {
	if pl.Low == nil || pl.Low.Rect != pl.Luma.Rect || pl.Low.Stride != pl.Luma.Stride {
		return nil
	}
	small := scale / regionShrink
	planes := make([]gocv.Mat, 2)
	for i, g := range []*image.Gray{pl.Luma, pl.Low} {
		src, err := gocv.NewMatFromBytes(g.Rect.Dy(), g.Rect.Dx(), gocv.MatTypeCV8UC1, g.Pix)
		if err != nil {
			for _, p := range planes[:i] {
				p.Close()
			}
			return nil
		}
		planes[i] = gocv.NewMat()
		gocv.Resize(src, &planes[i], image.Point{}, small, small, gocv.InterpolationArea)
		src.Close()
		// A grid line is a pixel wide here: the median wipes it out.
		gocv.MedianBlur(planes[i], &planes[i], 5)
	}
	defer planes[0].Close()
	defer planes[1].Close()
	w, h := planes[0].Cols(), planes[0].Rows()
	luma, low := planes[0].ToBytes(), planes[1].ToBytes()
	feat := make([][2]float64, w*h)
	for i := range feat {
		feat[i] = [2]float64{float64(luma[i]), tintWeight * float64(int(luma[i])-int(low[i]))}
	}
	labels := colourClusters(feat, regionColours)
	total := float64(w * h)
	var qs [][4]Point
	kern := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))
	defer kern.Close()
	pix := make([]byte, w*h)
	for k := 0; k < regionColours; k++ {
		for i, l := range labels {
			pix[i] = 0
			if l == k {
				pix[i] = 255
			}
		}
		colour, err := gocv.NewMatFromBytes(h, w, gocv.MatTypeCV8UC1, pix)
		if err != nil {
			return qs
		}
		// Thin joins (the board's edge touching a stripe of the same
		// colour) are cut before the pieces are told apart.
		mask := gocv.NewMat()
		gocv.MorphologyEx(colour, &mask, gocv.MorphOpen, kern)
		colour.Close()
		contours := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
		for i := 0; i < contours.Size(); i++ {
			c := contours.At(i)
			a := gocv.ContourArea(c)
			if a < 0.03*total || a > 0.8*total {
				continue
			}
			pts := c.ToPoints()
			hull := convexHull(pts)
			hv := gocv.NewPointVectorFromPoints(hull)
			ha := gocv.ContourArea(hv)
			hv.Close()
			if ha == 0 || a/ha < regionSolidity {
				continue // not one convex patch: the surround's
			}
			for _, f := range []func([]image.Point) ([4]Point, bool){hullQuad, maxAreaQuad} {
				q, ok := f(pts)
				if !ok || quadArea(q) < regionSquare*ha {
					continue
				}
				for j := range q {
					q[j] = Point{(q[j].X + 0.5) * regionShrink, (q[j].Y + 0.5) * regionShrink}
				}
				qs = appendDistinct(qs, q)
			}
		}
		contours.Close()
		mask.Close()
	}
	return qs
}

// regionShrink is how much smaller than the field regionOutlines works,
// regionColours how many colours it tells apart, and tintWeight how much
// a step of tint counts against one of brightness (wood and cloth of
// one brightness differ in tint).
const (
	regionShrink  = 4
	regionColours = 5
	tintWeight    = 2
)

// regionSolidity is the least share of its convex hull a piece must fill
// (stones along the board's edge notch it), and regionSquare the least
// share of the hull its quadrilateral must cover.
const (
	regionSolidity = 0.6
	regionSquare   = 0.85
)

// colourClusters labels each feature with the nearest of k centres
// found by k-means, started from features spread along brightness (the
// same frame gives the same clusters).
func colourClusters(feat [][2]float64, k int) []int {
	labels := make([]int, len(feat))
	if len(feat) == 0 {
		return labels
	}
	// Start at the brightness quantiles: sort a sample.
	sample := make([][2]float64, 0, 1024)
	for i := 0; i < len(feat); i += max(1, len(feat)/1024) {
		sample = append(sample, feat[i])
	}
	slices.SortStableFunc(sample, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	cs := make([][2]float64, k)
	for j := range cs {
		cs[j] = sample[(2*j+1)*len(sample)/(2*k)]
	}
	for iter := 0; iter < 10; iter++ {
		sum := make([][3]float64, k)
		moved := false
		for i, f := range feat {
			best, bd := 0, math.Inf(1)
			for j, c := range cs {
				if d := (f[0]-c[0])*(f[0]-c[0]) + (f[1]-c[1])*(f[1]-c[1]); d < bd {
					best, bd = j, d
				}
			}
			if labels[i] != best {
				labels[i], moved = best, true
			}
			sum[best][0] += f[0]
			sum[best][1] += f[1]
			sum[best][2]++
		}
		for j := range cs {
			if sum[j][2] > 0 {
				cs[j] = [2]float64{sum[j][0] / sum[j][2], sum[j][1] / sum[j][2]}
			}
		}
		if !moved && iter > 0 {
			break
		}
	}
	return labels
}
