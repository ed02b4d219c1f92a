package vision

import (
	"image"
	"math"
	"testing"
)

// TestOutlineBrokenEdge finds a board's outline whose edge shows only in
// pieces: the surround's brightness waves across the board's, so the
// edge vanishes wherever the two match (a dark board on a dark floor),
// leaving gaps wider than stones leave. The pieces must still make the
// outline.
func TestOutlineBrokenEdge(t *testing.T) {
	const w, h = 1000, 750
	board := [4]Point{{250, 150}, {750, 170}, {730, 600}, {270, 580}}
	g := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := 130.0 // the board
			if !insideQuad(board, Point{float64(x), float64(y)}) {
				v += 40 * math.Sin(2*math.Pi*float64(x+y)/250)
			}
			g.Pix[y*g.Stride+x] = uint8(v)
		}
	}
	qs := planeOutlines(g, 1, nil, false)
	for _, q := range qs {
		if quadDist(OrderCorners(q), board) < 10 {
			return
		}
	}
	t.Errorf("no outline within 10 px of the board %.0f; got %.0f", board, qs)
}

// insideQuad tells whether p lies inside the convex quadrilateral q.
func insideQuad(q [4]Point, p Point) bool {
	return len(segmentsInside([]segment{{a: p, b: p}}, q)) == 1
}
