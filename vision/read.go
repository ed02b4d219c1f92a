package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"
)

// Stone is what lies on an intersection.
type Stone byte

// The three states of an intersection, spelled as in the CLI's rows.
const (
	Empty Stone = '.'
	Black Stone = 'B'
	White Stone = 'W'
)

// Reading is one frame's view of the board.
type Reading struct {
	Size int
	// Corners are the outer grid corners in image pixels: the image's
	// top-left one first, then clockwise (TL, TR, BR, BL); row 0 of
	// Stones runs from Corners[0] to Corners[1].
	Corners [4]Point
	Stones  [][]Stone   // [row][column]
	Conf    [][]float64 // confidence per point, 0 (a guess) to 1 (sure)
}

// Rows returns the stones as one string per row, '.', 'B' or 'W'.
func (r *Reading) Rows() []string {
	out := make([]string, len(r.Stones))
	for i, row := range r.Stones {
		b := make([]byte, len(row))
		for j, s := range row {
			b[j] = byte(s)
		}
		out[i] = string(b)
	}
	return out
}

// MinConf returns the lowest confidence over the board and where it is.
func (r *Reading) MinConf() (conf float64, row, col int) {
	conf = 2
	for i, rr := range r.Conf {
		for j, c := range rr {
			if c < conf {
				conf, row, col = c, i, j
			}
		}
	}
	return conf, row, col
}

// Physical proportions of a go/gomoku stone relative to the grid step:
// a stone is about 0.95 steps across and 0.4 steps high.
const (
	stoneRadius = 0.46
	stoneTop    = 0.30 // height of the visible top face's centre
)

// OrderCorners returns the four corners in the reader's order: the one
// nearest the image's top-left first, then clockwise on screen.
func OrderCorners(c [4]Point) [4]Point {
	cx, cy := 0.0, 0.0
	for _, p := range c {
		cx += p.X / 4
		cy += p.Y / 4
	}
	s := c
	sort.Slice(s[:], func(i, j int) bool {
		return math.Atan2(s[i].Y-cy, s[i].X-cx) < math.Atan2(s[j].Y-cy, s[j].X-cx)
	})
	// Sorted by angle with y down: clockwise on screen. Start at min x+y.
	best := 0
	for i := range s {
		if s[i].X+s[i].Y < s[best].X+s[best].Y {
			best = i
		}
	}
	var out [4]Point
	for i := range out {
		out[i] = s[(best+i)%4]
	}
	return out
}

// features are the measurements behind one point's verdict.
type features struct {
	lines  float64 // contrast of the grid lines through the point (empty: high)
	dark   float64 // stone-top brightness over the local board brightness
	white  float64 // the same in the Low plane
	local  float64 // Low of the top over Low just around the stone
	base   float64 // Low at the stone's base (at board level) over the board's
	round  float64 // share of rays from the point that cross a stone's rim
	chroma float64 // neutrality of the top (Low/Luma) over the board's
	board  float64 // the bare board's brightness around the point (grey levels)
}

// minBoardLuma is the least brightness (of 255) of the bare board around a
// point that leaves a contrast to read: in a frame darker than that (the
// light off, the exposure far too short) every ratio above is noise, and
// a board read from it would be made up.
const minBoardLuma = 12

// Planes is a frame as the reader samples it: Luma (brightness, for grid
// lines and black stones) and Low, the lowest of the three colour
// channels, which tells a white stone (neutral) from a wooden board
// (yellow: low in blue) even where both are equally bright. For a grey
// image Low is Luma.
type Planes struct {
	Luma, Low *image.Gray
}

// Bounds is the frame's rectangle.
func (p *Planes) Bounds() image.Rectangle { return p.Luma.Rect }

// ReadStones reads every intersection of an n x n board whose outer grid
// corners are given (any order; they are put in the reader's order).
func ReadStones(pl *Planes, n int, corners [4]Point) (*Reading, error) {
	img := pl.Luma
	if n < 5 || n > 25 {
		return nil, fmt.Errorf("board size %d out of range 5-25", n)
	}
	corners = OrderCorners(corners)
	for i, p := range corners {
		if p.X < -0.5*float64(img.Rect.Dx()) || p.X > 1.5*float64(img.Rect.Dx()) ||
			p.Y < -0.5*float64(img.Rect.Dy()) || p.Y > 1.5*float64(img.Rect.Dy()) {
			return nil, fmt.Errorf("corner %d (%.0f,%.0f) lies far outside the %dx%d image", i, p.X, p.Y, img.Rect.Dx(), img.Rect.Dy())
		}
	}
	h, err := GridHomography(n, corners)
	if err != nil {
		return nil, fmt.Errorf("corners: %w", err)
	}
	if pixelsPerStep(h, n) < 4 {
		return nil, errors.New("the board is too small in the image (under 4 pixels per grid step)")
	}
	cam := newCamera(h, img.Rect.Dx(), img.Rect.Dy())
	s := sampler{img: img, low: pl.Low, h: h, cam: cam, n: n}
	f := s.measure()
	st, conf := classify(f, n)
	return &Reading{Size: n, Corners: corners, Stones: st, Conf: conf}, nil
}

// pixelsPerStep is the smallest grid step on screen.
func pixelsPerStep(h Homography, n int) float64 {
	m := float64(n - 1)
	min := math.Inf(1)
	for _, c := range [][2]float64{{0, 0}, {m - 1, 0}, {0, m - 1}, {m - 1, m - 1}} {
		p := h.Apply(c[0], c[1])
		for _, d := range [][2]float64{{1, 0}, {0, 1}} {
			q := h.Apply(c[0]+d[0], c[1]+d[1])
			min = math.Min(min, math.Hypot(q.X-p.X, q.Y-p.Y))
		}
	}
	return min
}

type sampler struct {
	img *image.Gray
	low *image.Gray
	h   Homography
	cam camera
	n   int
}

// at returns the bilinear luma at pixel p, or -1 outside.
func (s *sampler) at(p Point) float64 { return bilinear(s.img, p) }

// bilinear returns img's interpolated value at p, or -1 outside.
func bilinear(img *image.Gray, p Point) float64 {
	x, y := p.X-0.5, p.Y-0.5
	r := img.Rect
	x0, y0 := int(math.Floor(x)), int(math.Floor(y))
	if x0 < r.Min.X || y0 < r.Min.Y || x0+1 >= r.Max.X || y0+1 >= r.Max.Y {
		return -1
	}
	fx, fy := x-float64(x0), y-float64(y0)
	i := img.PixOffset(x0, y0)
	st := img.Stride
	p00, p01 := float64(img.Pix[i]), float64(img.Pix[i+1])
	p10, p11 := float64(img.Pix[i+st]), float64(img.Pix[i+st+1])
	return (p00*(1-fx)+p01*fx)*(1-fy) + (p10*(1-fx)+p11*fx)*fy
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	sort.Float64s(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

func quantile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	w := append([]float64(nil), v...)
	sort.Float64s(w)
	return w[int(math.Round(q*float64(len(w)-1)))]
}

// measure computes every point's features.
func (s *sampler) measure() [][]features {
	n := s.n
	// The bare board's brightness at every cell centre (no stone covers a
	// cell centre at board level), in both planes.
	bg := make([][][2]float64, n-1)
	for j := range bg {
		bg[j] = make([][2]float64, n-1)
		for i := range bg[j] {
			var v, w []float64
			for _, d := range [][2]float64{{0, 0}, {0.12, 0}, {-0.12, 0}, {0, 0.12}, {0, -0.12}} {
				p := s.h.Apply(float64(i)+0.5+d[0], float64(j)+0.5+d[1])
				if g := s.at(p); g >= 0 {
					v = append(v, g)
					w = append(w, bilinear(s.low, p))
				}
			}
			bg[j][i] = [2]float64{median(v), median(w)}
		}
	}
	out := make([][]features, n)
	for j := 0; j < n; j++ {
		out[j] = make([]features, n)
		for i := 0; i < n; i++ {
			out[j][i] = s.point(i, j, bg)
		}
	}
	return out
}

func (s *sampler) point(i, j int, bg [][][2]float64) features {
	n := s.n
	u, v := float64(i), float64(j)
	// Local board brightness: median of the cell centres within two steps.
	var b, bl []float64
	for jj := j - 2; jj < j+2; jj++ {
		for ii := i - 2; ii < i+2; ii++ {
			if jj >= 0 && ii >= 0 && jj < n-1 && ii < n-1 && !math.IsNaN(bg[jj][ii][0]) {
				b = append(b, bg[jj][ii][0])
				bl = append(bl, bg[jj][ii][1])
			}
		}
	}
	board, boardLow := median(b), median(bl)
	// Lines: along each grid direction that exists here, the darkest of a
	// few samples across the line (tolerating a corner a pixel or two
	// off), against samples between the lines.
	var on, off []float64
	for _, d := range [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		if u+d[0] < 0 || u+d[0] > float64(n-1) || v+d[1] < 0 || v+d[1] > float64(n-1) {
			continue
		}
		px, py := -d[1], d[0] // across the line
		for _, t := range []float64{0.12, 0.18, 0.24, 0.30} {
			m := math.Inf(1)
			for _, w := range []float64{-0.12, -0.08, -0.04, 0, 0.04, 0.08, 0.12} {
				if g := s.at(s.h.Apply(u+t*d[0]+w*px, v+t*d[1]+w*py)); g >= 0 {
					m = math.Min(m, g)
				}
			}
			if !math.IsInf(m, 1) {
				on = append(on, m)
			}
			for _, w := range []float64{-0.3, 0.3} {
				if g := s.at(s.h.Apply(u+t*d[0]+w*px, v+t*d[1]+w*py)); g >= 0 {
					off = append(off, g)
				}
			}
		}
	}
	mOff := median(off)
	lines := (mOff - median(on)) / math.Max(mOff, 8)
	// The stone's top face: a disk around the point lifted to stone height.
	var top, topLow []float64
	for _, r := range []float64{0, 0.12, 0.24} {
		k := 1
		if r > 0 {
			k = int(r / 0.12 * 6)
		}
		for a := 0; a < k; a++ {
			th := 2 * math.Pi * float64(a) / float64(k)
			p := s.cam.project(u+r*math.Cos(th), v+r*math.Sin(th), stoneTop)
			if g := s.at(p); g >= 0 {
				top = append(top, g)
				topLow = append(topLow, bilinear(s.low, p))
			}
		}
	}
	tl, tw := median(top), median(topLow)
	// The base: covered by any stone from any view, and on the board even
	// where the lifted top disk of an edge point falls off it.
	var base, baseLow []float64
	for a := 0; a < 8; a++ {
		th := 2*math.Pi*float64(a)/8 + math.Pi/8
		p := s.h.Apply(u+0.2*math.Cos(th), v+0.2*math.Sin(th))
		if g := s.at(p); g >= 0 {
			base = append(base, g)
			baseLow = append(baseLow, bilinear(s.low, p))
		}
	}
	// The board right beside the point: around the four cell centres,
	// which neither this stone nor a neighbour covers at board level.
	var ring, ringLow []float64
	for a := 0; a < 8; a++ {
		th := math.Pi/4 + math.Pi/2*float64(a/2) + 0.14*float64(2*(a%2)-1)
		ru, rv := u+0.7*math.Cos(th), v+0.7*math.Sin(th)
		if ru < -0.1 || rv < -0.1 || ru > float64(n)-0.9 || rv > float64(n)-0.9 {
			continue // off the grid: the board's edge or beyond
		}
		p := s.h.Apply(ru, rv)
		if g := s.at(p); g >= 0 {
			ring = append(ring, g)
			ringLow = append(ringLow, bilinear(s.low, p))
		}
	}
	// A stone is round: along most rays from its centre (at half its
	// height) the brightness steps at its rim. A patch of sunlight or
	// glare that hides the lines has no such rim all round.
	rays, rims := 0, 0
	for a := 0; a < 16; a++ {
		th := 2 * math.Pi * (float64(a) + 0.5) / 16
		c, sn := math.Cos(th), math.Sin(th)
		if eu, ev := u+0.8*c, v+0.8*sn; eu < -0.25 || ev < -0.25 || eu > float64(n)-0.75 || ev > float64(n)-0.75 {
			continue // it would cross the board's own edge
		}
		var prof, profLow []float64
		for k := 0; k <= 12; k++ {
			r := 0.2 + 0.05*float64(k)
			p := s.cam.project(u+r*c, v+r*sn, 0.15)
			g := s.at(p)
			if g < 0 {
				break
			}
			prof = append(prof, g)
			profLow = append(profLow, bilinear(s.low, p))
		}
		if len(prof) < 13 {
			continue
		}
		rays++
		step := 0.0
		for k := 3; k+2 < len(prof); k++ { // rim between r=0.35 and 0.65
			step = math.Max(step, (prof[k-1]-prof[k+2])/math.Max(prof[k-1], 8))
			step = math.Max(step, (profLow[k-1]-profLow[k+2])/math.Max(profLow[k-1], 8))
		}
		if step > 0.08 {
			rims++
		}
	}
	round := 0.0
	if rays > 0 {
		round = float64(rims) / float64(rays)
	}
	return features{
		lines:  lines,
		dark:   math.Max(tl, median(base)) / math.Max(board, 8),
		local:  tw / math.Max(quantile(ringLow, 0.5), 8),
		round:  round,
		white:  tw / math.Max(boardLow, 8),
		base:   median(baseLow) / math.Max(boardLow, 8),
		chroma: (tw / math.Max(tl, 8)) / (math.Max(boardLow, 1) / math.Max(board, 8)),
		board:  board,
	}
}

// classify turns features into stones with a confidence each. Thresholds
// are relative to this frame and neighbourhood: the grid-line contrast of
// empty points is learned around each point (most points are empty).
func classify(f [][]features, n int) ([][]Stone, [][]float64) {
	var all []float64
	for _, row := range f {
		for _, p := range row {
			all = append(all, p.lines)
		}
	}
	global := quantile(all, 0.75)
	st := make([][]Stone, n)
	conf := make([][]float64, n)
	for j := range f {
		st[j] = make([]Stone, n)
		conf[j] = make([]float64, n)
		for i, p := range f[j] {
			var near []float64
			for jj := max(0, j-3); jj <= min(n-1, j+3); jj++ {
				for ii := max(0, i-3); ii <= min(n-1, i+3); ii++ {
					near = append(near, f[jj][ii].lines)
				}
			}
			ref := math.Max(math.Max(quantile(near, 0.75), 0.5*global), 0.03)
			l := p.lines / ref // about 1 for an empty point, about 0 under a stone
			black := (0.62 - p.dark) / 0.15
			// White: the lines are hidden, the top is brighter than the
			// board (in Luma, and in Low around and beside it), and a rim
			// runs all round. A very bright top may show a little line (corners a
			// pixel or two off) or a broken rim (neighbouring stones), as
			// long as the other clue is clear.
			bright := math.Min(math.Max(p.local, p.white), p.base)
			lt, rt := 0.5, 0.8
			switch {
			case bright > 1.8 && p.dark > 1.3:
				lt, rt = 0.9, 0.5
			case bright > 1.4 && p.dark > 1.2:
				lt = 0.7
				if l < 0.2 {
					rt = 0.6
				}
			}
			white := math.Min(math.Min((lt-l)/0.3, (bright-1.12)/0.1), math.Min((p.round-rt)/0.1, (p.dark-1)/0.1))
			switch {
			case black > 0:
				st[j][i], conf[j][i] = Black, clamp01(black)
			case white > 0:
				st[j][i], conf[j][i] = White, clamp01(math.Min(white, -black))
			default:
				// An empty point shows its lines: one that hides them is
				// covered by something that is not a stone (a hand, the arm).
				st[j][i], conf[j][i] = Empty, clamp01(math.Min(math.Min(-white, -black), (l-0.1)/0.3))
			}
			if !(p.board >= minBoardLuma) {
				conf[j][i] = 0 // too dark to tell
			}
		}
	}
	return st, conf
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }
