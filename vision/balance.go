package vision

import (
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// The reader tells a white stone from the wood by the wood's tint (Low
// under Luma), so a colour cast the calibration did not see (a lamp
// switched on, evening sun through a window, a camera without white
// balance) turns pale wood grey and white stones tinted, and the board
// reads unsure until the light changes back. The watcher therefore keeps
// the wood's colour from the first frame it read surely and gives later
// frames that colour again, keeping their brightness: von Kries gains on
// the three channels, measured at the cell centres, where stones seldom
// reach.

// woodColour is the median colour (B, G, R) of the board's cell centres
// (the middles of its squares) in a BGR frame, with the board's outer
// grid corners at corners; ok is false when the frame is not 8-bit BGR or
// too few centres lie inside it.
func woodColour(m gocv.Mat, n int, corners [4]Point) (c [3]float64, ok bool) {
	if m.Channels() != 3 || m.Type() != gocv.MatTypeCV8UC3 || n < 2 {
		return c, false
	}
	h, err := GridHomography(n, OrderCorners(corners))
	if err != nil {
		return c, false
	}
	px, err := m.DataPtrUint8()
	if err != nil || !m.IsContinuous() {
		px = m.ToBytes()
	}
	w, ht := m.Cols(), m.Rows()
	var ch [3][]float64
	for i := 0; i < n-1; i++ {
		for j := 0; j < n-1; j++ {
			p := h.Apply(float64(j)+0.5, float64(i)+0.5)
			x, y := int(math.Round(p.X)), int(math.Round(p.Y))
			if x < 0 || y < 0 || x >= w || y >= ht {
				continue
			}
			k := 3 * (y*w + x)
			for c := range ch {
				ch[c] = append(ch[c], float64(px[k+c]))
			}
		}
	}
	if len(ch[0]) < (n-1)*(n-1)/2 {
		return c, false
	}
	for i := range ch {
		slices.Sort(ch[i])
		c[i] = ch[i][len(ch[i])/2]
	}
	return c, true
}

// lumaOf is the brightness of a BGR colour (the weights of OpenCV's
// BGR-to-grey conversion).
func lumaOf(c [3]float64) float64 { return 0.114*c[0] + 0.587*c[1] + 0.299*c[2] }

// castGains are the channel gains that give colour now the chroma of ref
// at now's brightness; ok is false when no correction is due (within
// castTolerance) or none is sane (a gain beyond 1/maxCastGain..maxCastGain:
// a frame too dark or saturated, left for the reader to find unsure).
func castGains(ref, now [3]float64) (g [3]float64, ok bool) {
	lr, ln := lumaOf(ref), lumaOf(now)
	if lr < 1 || ln < 1 {
		return g, false
	}
	due := false
	for c := range g {
		if now[c] < 1 {
			return g, false
		}
		g[c] = ref[c] / now[c] * ln / lr
		if g[c] > maxCastGain || g[c] < 1/maxCastGain {
			return g, false
		}
		due = due || math.Abs(g[c]-1) > castTolerance
	}
	return g, due
}

const (
	// castTolerance is the gain below which a frame is left as it is:
	// the reader takes small casts in its stride, and balancing costs a
	// pass over the frame.
	castTolerance = 0.04
	// maxCastGain bounds the correction: a lamp's colour, not a frame
	// whose channel is clipped or black.
	maxCastGain = 2.0
)

// balanced is m (8-bit BGR) with each channel scaled by g; the caller
// closes it.
func balanced(m gocv.Mat, g [3]float64) gocv.Mat {
	ch := gocv.Split(m)
	for i := range ch {
		ch[i].ConvertToWithParams(&ch[i], gocv.MatTypeCV8U, float32(g[i]), 0)
	}
	out := gocv.NewMat()
	gocv.Merge(ch, &out)
	for _, c := range ch {
		c.Close()
	}
	return out
}
