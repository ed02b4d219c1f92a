package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
)

// RefineCorners moves the outer grid corners of an n x n board, known to
// within a fifth of a step (Locate's, or where the board was), onto the
// grid lines as the full-resolution frame shows them: it finds each bare
// stretch of line across a short profile to a fraction of a pixel, and
// fits the lattice to all of them (least squares, the worst fits
// dropped). Stretches that end at a stone of stones (a reading at these
// corners, [row][column]; nil: none known) are left out, since a stone
// and its shadow hide the line there. It returns the corners TL, TR, BR,
// BL. Locate searches a reduced frame and may be a few pixels off; a
// robot that follows a bumped board with its arm needs the board to a
// fraction of a millimetre, or it chases that scatter.
func RefineCorners(pl *Planes, n int, corners [4]Point, stones [][]Stone) ([4]Point, error) {
	q := OrderCorners(corners)
	if n < 5 || n > 25 {
		return q, fmt.Errorf("board size %d out of range 5-25", n)
	}
	start := q
	for pass := 0; pass < 3; pass++ {
		h, err := GridHomography(n, q)
		if err != nil {
			return start, fmt.Errorf("corners: %w", err)
		}
		obs, lines, tried := lineProfiles(pl.Luma, h, n, stones)
		if lines[0] < 3 || lines[1] < 3 {
			return start, fmt.Errorf("only %d columns and %d rows of grid line show clearly (3 of each needed)", lines[0], lines[1])
		}
		// Where the corners are near the board's, nearly every bare
		// stretch shows its line; elsewhere only noise and stone edges
		// do.
		if float64(len(obs)) < minShown*float64(tried) {
			return start, fmt.Errorf("a line shows at only %d of %d places on bare grid lines: the corners given are not near this board's", len(obs), tried)
		}
		nq, ok := fitToLines(obs, n, q)
		if !ok {
			return start, errors.New("the grid lines found do not fit a lattice")
		}
		// Drop the points furthest off the fitted lattice (a stone's
		// edge, a scratch taken for the line) and fit again.
		if h, err := GridHomography(n, nq); err == nil {
			g := h.Inverse()
			off := make([]float64, len(obs))
			for i, o := range obs {
				b := g.Apply(o.p.X, o.p.Y)
				off[i] = math.Abs([2]float64{b.X, b.Y}[o.fam] - o.k)
			}
			limit := max(3*median(slices.Clone(off)), 0.02)
			kept := obs[:0]
			for i, o := range obs {
				if off[i] <= limit {
					kept = append(kept, o)
				}
			}
			if nq, ok = fitToLines(kept, n, q); !ok {
				return start, errors.New("the grid lines found do not fit a lattice")
			}
		}
		q = nq
	}
	step := gridStep(start, n)
	for i := range q {
		if d := math.Hypot(q[i].X-start[i].X, q[i].Y-start[i].Y); d > 0.3*step {
			return start, fmt.Errorf("corner %d moved %.1f px (%.2f steps) onto the lines: the corners given were not near this board's", i, d, d/step)
		}
	}
	return q, nil
}

// minShown is the least share of places on bare grid lines where
// RefineCorners must find a line.
const minShown = 0.6

// lineProfiles finds the grid lines of the lattice h across short
// profiles: at three places along each stretch of line between two
// points with no stone on either, the darkest place within a fifth of a
// step across, to a fraction of a pixel (a parabola through the darkest
// sample and its neighbours), where the line stands out from the wood
// either side. It returns those places and how many columns and rows
// showed at least one, and at how many places it looked.
func lineProfiles(img *image.Gray, h Homography, n int, stones [][]Stone) (obs []lineObs, lines [2]int, tried int) {
	stoneAt := func(row, col int) bool {
		return stones != nil && row < len(stones) && col < len(stones[row]) && stones[row][col] != Empty
	}
	const sampleStep = 0.5 // px between samples across the line
	var prof []float64
	for fam := 0; fam < 2; fam++ {
		for k := 0; k < n; k++ {
			found := false
			for j := 0; j+1 < n; j++ {
				// The stretch's two points, [row, column].
				a, b := [2]int{j, k}, [2]int{j + 1, k}
				if fam == 1 {
					a, b = [2]int{k, j}, [2]int{k, j + 1}
				}
				if stoneAt(a[0], a[1]) || stoneAt(b[0], b[1]) {
					continue
				}
				for _, t := range [3]float64{0.3, 0.5, 0.7} {
					u, v := float64(k), float64(j)+t
					du, dv := 1.0, 0.0 // across the line, in board units
					if fam == 1 {
						u, v, du, dv = float64(j)+t, float64(k), 0, 1
					}
					p := h.Apply(u, v)
					q := h.Apply(u+du, v+dv)
					step := math.Hypot(q.X-p.X, q.Y-p.Y)
					if step < 5 {
						continue // too small to find a line to a pixel
					}
					dx, dy := (q.X-p.X)/step, (q.Y-p.Y)/step
					half := int(0.2 * step / sampleStep)
					prof = prof[:0]
					for s := -half; s <= half; s++ {
						g := bilinear(img, Point{p.X + dx*float64(s)*sampleStep, p.Y + dy*float64(s)*sampleStep})
						if g < 0 {
							break
						}
						prof = append(prof, g)
					}
					if len(prof) != 2*half+1 {
						continue
					}
					tried++
					at, ok := lineIn(prof)
					if !ok {
						continue
					}
					s := (at - float64(half)) * sampleStep
					obs = append(obs, lineObs{Point{p.X + dx*s, p.Y + dy*s}, fam, float64(k), 1})
					found = true
				}
			}
			if found {
				lines[fam]++
			}
		}
	}
	return obs, lines, tried
}

// lineIn returns where in a profile across a grid line the line lies (in
// samples, to a fraction) and whether it stands out: its darkest sample,
// away from the ends, at least 8 grey levels and a tenth below the wood
// at both ends.
func lineIn(prof []float64) (float64, bool) {
	lo := 0
	for i, g := range prof {
		if g < prof[lo] {
			lo = i
		}
	}
	last := len(prof) - 1
	if lo < 2 || lo > last-2 {
		return 0, false
	}
	wood := min(prof[0], prof[last])
	if d := wood - prof[lo]; d < 8 || d < 0.1*wood {
		return 0, false
	}
	a, b, c := prof[lo-1], prof[lo], prof[lo+1]
	at := float64(lo)
	if den := a - 2*b + c; den > 0 {
		at += 0.5 * (a - c) / den
	}
	return at, true
}
