package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"math/bits"
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

// Doubtful returns the points (row, column) read below confidence
// minConf, or at no confidence a number can say; nil when there are none.
func (r *Reading) Doubtful(minConf float64) [][2]int {
	var ps [][2]int
	for i, row := range r.Conf {
		for j, c := range row {
			if !(c >= minConf) {
				ps = append(ps, [2]int{i, j})
			}
		}
	}
	return ps
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
	lines float64 // contrast of the grid lines through the point (empty: high)
	least float64 // the same along the one direction that shows its line least
	// leastOwn is least with each direction's line against the board
	// beside it, not the board around the point: along the edge of a
	// patch of light, a line on the lit side shows against its own side
	// though it is paler than the board around.
	leastOwn float64
	dark     float64 // stone-top brightness over the local board brightness
	white    float64 // the same in the Low plane
	local    float64 // Low of the top over Low just around the stone
	base     float64 // Low at the stone's base (at board level) over the board's
	// discBase is the same around the disc's centre (see disc), which
	// may lie off the point; discBaseW its raw Low, discGrey its Low
	// over its Luma (about 1 for a stone, low for wood).
	discBase, discBaseW float64
	discGrey            float64
	discAt              [2]float64 // that disc's centre's offset from the point
	disc                float64    // share of rays from the best disc centre near the point that dip just outside the rim
	faint               float64    // the best such share counting faint dips (half as deep) too
	unif                float64    // evenness of that disc's top: its dim end over its median (Low)
	board               float64    // the bare board's brightness around the point (grey levels)
	wood                float64    // that board's Low over its Luma: its tint (wood: low, not grey)
	// beyond is the grid-line contrast (as lines) just beyond a stone's
	// rim, in the direction that shows it most: a stone hides its lines
	// out to its rim only.
	beyond float64
	// The same darkness against the board just around the point (the
	// cell centres beside it), for a stone in a patch of light brighter
	// than the board further off; neutral is the top's Low over its Luma
	// (about 1 for a grey or black stone), tint the same for the board
	// beside it (low for wood).
	ringDark, neutral, tint float64
	// The raw brightness of the top and base (Luma, Low), kept for
	// measuring them again against another board reference.
	topL, topW, baseL, baseW float64
	// far: the board reference comes from bare cells further off, not
	// from the cells around the point (see rebase).
	far bool
	// chosenWood is wood where the lattice is the board's (see
	// readStones), else 0: on a lattice the locator weighs, off the
	// grid, the cells around a point may be white stones' tops, as grey
	// as a white board.
	chosenWood float64
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
	return readStones(pl, n, corners, true)
}

// readStones reads the board as ReadStones does. chosen tells whether
// the corners are the board's, as ReadStones takes them, or a lattice
// the locator weighs by how surely the stones read on it (see
// readSurety). Two of the reader's steps read only a chosen lattice: a
// stone's foot leaves out what a stone on a nearer point would hide
// (see baseRing), which presumes the neighbours stand where the lattice
// puts them (on a lattice on the crevices, its feet filtered by
// neighbours that are not there, packed seed 6 read surer than on the
// grid and was located 0.9 steps off); and a point whose board
// reference is made of black stones is measured against the bare board
// (see rebase). The locator weighs lattices by the plain reading its
// margins were set on.
func readStones(pl *Planes, n int, corners [4]Point, chosen bool) (*Reading, error) {
	corners = OrderCorners(corners)
	s, err := newSampler(pl, n, corners)
	if err != nil {
		return nil, err
	}
	if chosen {
		s.chosen, s.eye = true, s.cam.position()
	}
	f, bg := s.measure()
	ref, global := lineRefs(f, n)
	st, conf := classify(f, ref)
	if r, g, ok := emptyLineRefs(f, st, global); ok {
		ref, global = r, g
		st, conf = classify(f, ref)
	}
	// Points measured again against the bare board are read again (their
	// lines, and so the line references, are as before).
	bare := bareCells(f, bg, st, 0.5*global)
	for _, q := range s.rebase(f, bg, st, bare, 0.5*global) {
		i, j := q[0], q[1]
		st[j][i], conf[j][i] = verdict(f[j][i], ref[j][i])
	}
	likeBlacks(f, ref, st, conf)
	s.greyBlacks(f, bg, bare, st, conf)
	byTop := readBefore(st)
	s.likeWhites(f, ref, st, conf)
	s.offPoint(f, bg, bare, st, conf)
	s.offPointWhite(f, ref, st, conf)
	s.outlineWhites(f, ref, st, conf)
	s.offPointOutlines(f, ref, st, conf)
	s.shapeBlacks(f, bg, bare, byTop, st, conf)
	s.castShadows(f, bg, bare, st, conf)
	litWood(f, st, conf)
	s.twins(ref, st, conf)
	s.strays(f, bg, bare, st, conf)
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

// newSampler samples frame pl of an n x n board whose outer grid corners
// are given in the reader's order.
func newSampler(pl *Planes, n int, corners [4]Point) (*sampler, error) {
	img := pl.Luma
	if n < 5 || n > 25 {
		return nil, fmt.Errorf("board size %d out of range 5-25", n)
	}
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
	cam := newCamera(h, img.Rect.Dx(), img.Rect.Dy(), n)
	mid, err := Lifted(h, img.Rect.Dx(), img.Rect.Dy(), n, 0.15)
	if err != nil {
		return nil, fmt.Errorf("corners: %w", err)
	}
	return &sampler{img: img, low: pl.Low, h: h, cam: cam, n: n, midInv: mid.Inverse()}, nil
}

type sampler struct {
	img *image.Gray
	low *image.Gray
	h   Homography
	cam camera
	n   int
	// midInv maps pixels back onto the plane through the stones' middle,
	// 0.15 steps up, where the rim is looked for.
	midInv Homography
	// chosen: the lattice is the board's, not one the locator weighs
	// (see readStones); eye is then the camera's position (see
	// camera.position).
	chosen bool
	eye    [3]float64
}

// at returns the bilinear luma at pixel p, or -1 outside.
func (s *sampler) at(p Point) float64 { return bilinear(s.img, p) }

// bilinear returns img's interpolated value at p, or -1 outside.
func bilinear(img *image.Gray, p Point) float64 {
	x, y := p.X-0.5, p.Y-0.5
	// Left of or above any image here (their rectangles start at 0 or
	// further in), or NaN; past that, int() floors, faster than
	// math.Floor: the lattice score's samples are most of Locate's time.
	if !(x >= 0 && y >= 0) {
		return -1
	}
	r := img.Rect
	x0, y0 := int(x), int(y)
	if x0 < r.Min.X || y0 < r.Min.Y || x0+1 >= r.Max.X || y0+1 >= r.Max.Y {
		return -1
	}
	fx, fy := x-float64(x0), y-float64(y0)
	i := (y0-r.Min.Y)*img.Stride + x0 - r.Min.X
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

// measure computes every point's features, and returns with them the
// board's brightness at each cell centre (Luma, Low).
func (s *sampler) measure() ([][]features, [][][2]float64) {
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
	return out, bg
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
	// off), against samples between the lines. least is the same along
	// the direction that shows its line least: a stone off its point
	// leaves the line on its far side bare.
	var on, off []float64
	var dirOn, dirOff [4]float64 // per direction: the median of its line samples, of its board samples
	dirs := 0
	for _, d := range gridDirs {
		don, doff := len(on), len(off)
		var ok bool
		if on, off, ok = s.lineSamples(on, off, u, v, d, lineNear); ok {
			dirOn[dirs] = median(on[don:]) // sorts in place: the pooled median does not mind
			dirOff[dirs] = median(off[doff:])
			dirs++
		}
	}
	mOff := median(off)
	lines := (mOff - median(on)) / math.Max(mOff, 8)
	least, leastOwn := math.Inf(1), math.Inf(1)
	for k, m := range dirOn[:dirs] {
		least = math.Min(least, (mOff-m)/math.Max(mOff, 8))
		if !math.IsNaN(dirOff[k]) {
			leastOwn = math.Min(leastOwn, (dirOff[k]-m)/math.Max(dirOff[k], 8))
		}
	}
	base, baseLow := s.baseRing(u, v)
	ringL, ringW := s.ring(u, v)
	f := features{
		lines:    lines,
		least:    least,
		leastOwn: leastOwn,
		tint:     ringW / math.Max(ringL, 8),
		baseL:    median(base),
		baseW:    median(baseLow),
	}
	tl, tw := s.top(u, v)
	f.setTop(tl, tw, ringL, ringW)
	s.setBoard(&f, i, j, board, boardLow)
	return f
}

// top is the brightness (Luma, Low) of a stone's top face centred at
// board point (u, v): the median over a disk of a quarter step around it,
// lifted to stone height.
func (s *sampler) top(u, v float64) (luma, low float64) {
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
	return median(top), median(topLow)
}

// ring is the brightness (Luma, Low) of the board right beside point
// (u, v): around the four cell centres, which neither this stone nor a
// neighbour covers at board level.
func (s *sampler) ring(u, v float64) (luma, low float64) {
	n := s.n
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
	return quantile(ring, 0.5), quantile(ringLow, 0.5)
}

// setTop sets the clues of a stone's top measured as tl, tw (Luma, Low)
// against the board right beside (ringL, ringW) and itself.
func (f *features) setTop(tl, tw, ringL, ringW float64) {
	f.topL, f.topW = tl, tw
	f.local = tw / math.Max(ringW, 8)
	f.ringDark = math.Max(tl, f.baseL) / math.Max(ringL, 8)
	f.neutral = tw / math.Max(tl, 8)
}

// against measures a point's top and base against the board brightness
// (Luma, Low) around it.
func (f *features) against(board, boardLow float64) {
	f.board = board
	f.wood = boardLow / math.Max(board, 8)
	f.dark = math.Max(f.topL, f.baseL) / math.Max(board, 8)
	f.white = f.topW / math.Max(boardLow, 8)
	f.base = f.baseW / math.Max(boardLow, 8)
}

// setBoard measures a point's top and base against the board brightness
// (Luma, Low) around it, and looks for a white stone's disc (the costly
// part) where the top is paler than that board. Measured again against
// the board further off, only where the top could be a white stone's:
// grey and not dark (see classify).
func (s *sampler) setBoard(f *features, i, j int, board, boardLow float64) {
	f.against(board, boardLow)
	f.chosenWood = 0
	if s.chosen {
		f.chosenWood = f.wood
	}
	looks := !f.far || (f.neutral > 0.5 && f.dark > 0.9)
	// A white stone on pale wood may be no paler than the wood, but it
	// is grey where the board beside it has a tint (see verdict).
	paler := math.Max(f.white, f.topL/math.Max(board, 8)) > 1.08
	greyer := f.neutral > 0.9 && f.neutral-f.tint > 0.05 && f.dark > 0.9
	if looks && f.disc == 0 && f.unif == 0 && (paler || greyer) {
		var at [2]float64
		// The board right beside as pale as the top (no faint dip):
		// no rim can show in brightness, texture may tell it.
		f.disc, f.unif, f.faint, at = s.disc(float64(i), float64(j), f.local < 1/0.94, nil)
		f.discAt = at
		f.beyond = s.linesBeyond(float64(i), float64(j))
		// The base around the disc's centre: off its point, a stone
		// leaves part of the base around the point bare.
		bl, b := s.baseRing(float64(i)+at[0], float64(j)+at[1])
		f.discBaseW = median(b)
		f.discGrey = f.discBaseW / math.Max(median(bl), 8)
	}
	f.discBase = f.discBaseW / math.Max(boardLow, 8)
}

// The grid directions from a point, and the distances along one (in
// steps) at which its line is sampled: near the point (hidden under a
// stone) and just beyond a stone's rim.
var (
	gridDirs   = [][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	lineNear   = []float64{0.12, 0.18, 0.24, 0.30}
	lineBeyond = []float64{0.62, 0.7, 0.78}
)

// lineSamples appends to on, at each distance ts along grid direction d
// from board point (u, v), the darkest of a few samples across the line
// (tolerating a corner a pixel or two off), and to off samples between
// the lines there. ok is false where the line leaves the grid or no
// line sample lies in the image.
func (s *sampler) lineSamples(on, off []float64, u, v float64, d [2]float64, ts []float64) (_, _ []float64, ok bool) {
	if u+d[0] < 0 || u+d[0] > float64(s.n-1) || v+d[1] < 0 || v+d[1] > float64(s.n-1) {
		return on, off, false
	}
	n := len(on)
	px, py := -d[1], d[0] // across the line
	for _, t := range ts {
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
	return on, off, len(on) > n
}

// linesBeyond is the grid-line contrast (as lines) just beyond a stone's
// rim around board point (u, v), in the grid direction that shows it
// most, or 0 where none can be measured.
func (s *sampler) linesBeyond(u, v float64) float64 {
	best := math.Inf(-1)
	var on, off []float64
	for _, d := range gridDirs {
		var ok bool
		if on, off, ok = s.lineSamples(on[:0], off[:0], u, v, d, lineBeyond); ok && len(off) > 0 {
			mOff := median(off)
			best = math.Max(best, (mOff-median(on))/math.Max(mOff, 8))
		}
	}
	if math.IsInf(best, -1) {
		return 0
	}
	return best
}

// baseRing samples (Luma, Low) a stone's base around board point (u, v)
// at board level: covered by any stone from any view, and on the board
// even where the lifted top disk of an edge point falls off it.
//
// Seen steeply, a stone on a point nearer the camera may hide part of
// the ring: there the ring shows that stone, not this one's base (a black
// stone's base behind a white one reads white). Such samples are left
// out while some remain.
func (s *sampler) baseRing(u, v float64) (luma, low []float64) {
	var hl, hw []float64 // samples a nearer point's stone may hide
	for a := 0; a < 8; a++ {
		th := 2*math.Pi*float64(a)/8 + math.Pi/8
		bu, bv := u+0.2*math.Cos(th), v+0.2*math.Sin(th)
		p := s.h.Apply(bu, bv)
		if g := s.at(p); g >= 0 {
			if s.chosen && hiddenByNeighbour(s.eye, bu, bv, u, v) {
				hl, hw = append(hl, g), append(hw, bilinear(s.low, p))
				continue
			}
			luma = append(luma, g)
			low = append(low, bilinear(s.low, p))
		}
	}
	if len(luma) == 0 {
		return hl, hw
	}
	return luma, low
}

// blackDisc looks for a black stone near board point (u, v): a disc of
// a stone's top (radius 0.36 steps at its height) and of its base (0.2
// at board level, which the stone hides from any view) nearly all of
// whose samples (all but blackBright of 26) are darker than limit
// (Luma). The base tells a stone from dark seen at a stone's height
// between stones nearby. The centres tried are offsets from the point
// (blackOffsets: out to 0.45 steps each way, nearer this point than any
// other). It returns the darkest centre's offset and its disc's
// brightness (its brightest sample but blackBright), or ok false where
// no centre is that dark.
func (s *sampler) blackDisc(u, v, limit float64, offsets [][2]float64) (du, dv, level float64, ok bool) {
	level = limit
	var disc [26]float64
	for _, o := range offsets {
		cu, cv := u+o[0], v+o[1]
		// A stone's top is dark beside its centre on one side or the
		// other (a highlight may cover one): most centres fail at
		// once. Diagonally, so that a grid line through the centre
		// does not pass.
		if g := s.at(s.cam.project(cu+0.12, cv+0.12, stoneTop)); g < 0 || g >= limit {
			if g := s.at(s.cam.project(cu-0.12, cv-0.12, stoneTop)); g < 0 || g >= limit {
				continue
			}
		}
		k, bright := 0, 0
		for _, d := range blackSamples {
			var g float64
			if d[2] > 0 {
				g = s.at(s.cam.project(cu+d[0], cv+d[1], d[2]))
			} else {
				g = s.at(s.h.Apply(cu+d[0], cv+d[1]))
			}
			if g < 0 || g >= level {
				if bright++; bright > blackBright {
					break
				}
				if g < 0 {
					g = 255
				}
			}
			disc[k] = g
			k++
		}
		if bright > blackBright {
			continue
		}
		sort.Float64s(disc[:k])
		if l := disc[k-1-blackBright]; l < level {
			du, dv, level, ok = o[0], o[1], l, true
		}
	}
	return du, dv, level, ok
}

// blackBright is how many of blackDisc's samples may be brighter: the
// highlights of a glossy stone.
const blackBright = 6

// blackSamples are blackDisc's samples around a stone's centre (u, v,
// height); the outer ring of the top, most likely bright off a stone,
// first.
var blackSamples = func() [][3]float64 {
	var o [][3]float64
	for _, r := range []float64{0.36, 0.2, 0.18, 0} {
		z, k := stoneTop, max(1, int(r/0.18*6))
		if r == 0.2 {
			z, k = 0, 6
		}
		for a := 0; a < k; a++ {
			th := 2 * math.Pi * float64(a) / float64(k)
			o = append(o, [3]float64{r * math.Cos(th), r * math.Sin(th), z})
		}
	}
	return append(o, [3]float64{0, 0, 0})
}()

// blackOffsets are the centres tried around a point: a 7 x 7 grid out
// to 0.45 steps.
var blackOffsets = offsetGrid(3, 0.15)

// offsetGrid is a (2k+1) x (2k+1) grid of offsets, step apart.
func offsetGrid(k int, step float64) [][2]float64 {
	var o [][2]float64
	for a := -k; a <= k; a++ {
		for b := -k; b <= k; b++ {
			o = append(o, [2]float64{step * float64(a), step * float64(b)})
		}
	}
	return o
}

// offBlackDark is how much darker than the bare board a black stone's
// top is, nearly all over (see blackDisc).
const offBlackDark = 0.5

// offNearest is how far off its point (in either direction) a stone's
// centre may lie to count there: short of half a step, since a stone
// about halfway between two points may be either's.
const offNearest = 0.47

// sureNearest is how far off its point a stone read unsurely may lie
// for the searches for stones off their points to read it surely (see
// lookOff): one nearer halfway to the next point stays in doubt (which
// point it means is the player's to say).
const sureNearest = 0.4

// offPoint reads the black stones that lie off their points: a point
// read empty near which a stone-sized dark disc lies (see blackDisc),
// whose centre is nearer this point than any other, with something
// brighter (the board, or a white stone) just outside its rim in most
// directions and a stone's shape (on the board's lattice, see
// blackShape), and not where a black stone already read lies within a
// stone's width (the same stone): the search looks past those, since a
// darker stone already read may lie nearer the point than this one's
// centre. A stone counts on the point nearest
// its centre. The board it must be darker than is the bare board
// (see bareCells): in a crowded region the board reference around is
// made of stones. A black stone read unsurely is looked for again (see
// lookOff): one off its point toward the camera's far side hides less of
// its lines.
func (s *sampler) offPoint(f [][]features, bg [][][2]float64, bare [][]bool, st [][]Stone, conf [][]float64) {
	n := s.n
	// Where no bare cells lie near, those of the whole board.
	allBare, brightest := math.NaN(), 0.0
	if b, _ := nearBare(bare, bg, 0, 0, n); len(b) >= 4 {
		allBare, brightest = median(b), b[len(b)-1] // median sorts
	}
	free := make([][2]float64, 0, len(blackOffsets))
	var found [][2]float64 // the centres of the stones read here
	// search looks for a stone off point (i, j): its centre and
	// confidence.
	search := func(i, j int, _ bool) (cu, cv, c float64, ok bool) {
		if !s.mayBeBlack(float64(i), float64(j), offBlackDark*math.Max(f[j][i].board, brightest)) {
			return 0, 0, 0, false
		}
		ref := f[j][i].board
		if b, _, ok := bareBoard(bare, bg, i, j, 6); ok {
			ref = b
		} else if !math.IsNaN(allBare) {
			ref = allBare
		}
		if !(ref >= minBoardLuma) {
			return 0, 0, 0, false
		}
		limit := offBlackDark * ref
		u, v := float64(i), float64(j)
		// A centre within a read black stone's width is that
		// stone's: the search looks past it for another.
		free = free[:0]
		for _, o := range blackOffsets {
			if !within(st, u+o[0], v+o[1], 0.6, isBlack) {
				free = append(free, o)
			}
		}
		du, dv, _, ok := s.blackDisc(u, v, limit, free)
		if !ok {
			return 0, 0, 0, false
		}
		cu, cv, level := s.blackCentre(u+du, v+dv, limit)
		if math.Abs(cu-u) > offNearest || math.Abs(cv-v) > offNearest || !s.rimmed(cu, cv, limit) ||
			within(st, cu, cv, 0.6, isBlack) || overlaps(found, cu, cv) ||
			s.chosen && s.blackShape(cu, cv, i, j, level, ref, blackRimShare, st) < 0 {
			return 0, 0, 0, false
		}
		return cu, cv, clamp01((limit - level) / (0.2 * limit)), true
	}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			if cu, cv, ok := lookOff(st, conf, i, j, Black, search); ok {
				found = append(found, [2]float64{cu, cv})
			}
		}
	}
}

// lookOff reads a stone of colour off point (i, j) where search finds
// one (its centre, board coordinates, and confidence): at a point read
// empty, or one read a stone of that colour unsurely (below Sure). A
// stone set off its point reads unsurely on it (a black one toward the
// camera's far side hides less of its lines, a white one's disc lies
// beyond where classify looks); found within sureNearest of the point it
// is read as surely as the search found it, and no less surely than
// before. One found further off, or none found, leaves an unsure stone
// as it was read: which point a stone nearer halfway means is the
// player's to say, and what the search refuses (a patch of glare
// without a stone's rim) is no surer a stone for the search's having
// looked. The unsure stone is taken off the board while search looks
// (it is not one the search must look past). It tells whether it read
// a stone, and its centre.
func lookOff(st [][]Stone, conf [][]float64, i, j int, colour Stone, search func(i, j int, unsure bool) (cu, cv, c float64, ok bool)) (cu, cv float64, ok bool) {
	unsure := st[j][i] == colour && conf[j][i] < Sure
	if st[j][i] != Empty && !unsure {
		return 0, 0, false
	}
	st[j][i] = Empty
	cu, cv, c, ok := search(i, j, unsure)
	if unsure {
		ok = ok && math.Abs(cu-float64(i)) <= sureNearest && math.Abs(cv-float64(j)) <= sureNearest &&
			!within(st, cu, cv, stoneApart, isStone)
		c = math.Max(c, conf[j][i])
	}
	switch {
	case ok:
		st[j][i], conf[j][i] = colour, c
	case unsure:
		st[j][i] = colour // as it was read
	}
	return cu, cv, ok
}

// likeBlacks reads black the points still empty that hide their lines,
// are grey on top, and are nearer in brightness (top or base, as dark
// measures it) to the black stones read around them than to the bare
// board: stones of one set in one light look alike, and a glossy or
// sparkly black stone on pale wood may be brighter than the board's
// fixed share (see verdict) where its neighbours are as bright. The
// black stones around are those within two steps, as classify read
// them (at least three).
func likeBlacks(f [][]features, ref [][]float64, st [][]Stone, conf [][]float64) {
	level := func(p features) float64 { return math.Max(p.topL, p.baseL) }
	n, was := len(f), readBefore(st)
	var near []float64
	for j := range f {
		for i := range f[j] {
			p := f[j][i]
			if st[j][i] != Empty || p.lines/ref[j][i] > 0.3 || p.neutral < 0.85 || !(p.board >= minBoardLuma) {
				continue
			}
			near = near[:0]
			for jj := max(0, j-2); jj <= min(n-1, j+2); jj++ {
				for ii := max(0, i-2); ii <= min(n-1, i+2); ii++ {
					if was[jj][ii] == Black {
						near = append(near, level(f[jj][ii]))
					}
				}
			}
			if len(near) < 3 {
				continue
			}
			black := median(near)
			if black >= p.board {
				continue
			}
			// Where between the blacks (0) and the board (1) it lies.
			if x := (level(p) - black) / (p.board - black); x < 0.5 {
				st[j][i], conf[j][i] = Black, clamp01((0.5-x)/0.15)
			}
		}
	}
}

// likeWhites reads white the points still empty that hide their lines
// (in one direction fully) and look like the white stones read around
// them: in brightness nearer those than the black ones, in colour (the
// top's Low over its Luma) nearer those than the wood, as the empty
// points around show it. A white stone in the shade at the board's edge
// may be darker than pale wood and barely greyer, no disc tried; its
// neighbours, of one set in one light, tell it. The stones and empty
// points around are those within two steps, as read before this pass.
// A top clipped in every channel (glare) has no colour to compare.
func (s *sampler) likeWhites(f [][]features, ref [][]float64, st [][]Stone, conf [][]float64) {
	n, was := len(f), readBefore(st)
	var whites, blacks, wood []float64
	for j := range f {
		for i := range f[j] {
			p := f[j][i]
			if st[j][i] != Empty || p.lines/ref[j][i] > 0.3 || p.least/ref[j][i] > offHidden || !(p.board >= minBoardLuma) || p.topW >= clipped {
				continue
			}
			whites, blacks, wood = whites[:0], blacks[:0], wood[:0]
			var whiteL []float64
			for jj := max(0, j-2); jj <= min(n-1, j+2); jj++ {
				for ii := max(0, i-2); ii <= min(n-1, i+2); ii++ {
					q := f[jj][ii]
					switch {
					case was[jj][ii] == White:
						whites = append(whites, q.neutral)
						whiteL = append(whiteL, q.topL)
					case was[jj][ii] == Black:
						blacks = append(blacks, q.topL)
					case q.lines/ref[jj][ii] > 0.7:
						wood = append(wood, q.neutral)
					}
				}
			}
			if len(whites) < 2 || len(wood) < 3 {
				continue
			}
			if len(blacks) > 0 && math.Abs(p.topL-median(blacks)) < math.Abs(p.topL-median(whiteL)) {
				continue // nearer the black stones' brightness
			}
			grey, tinted := median(whites), median(wood)
			if grey-tinted < 0.05 {
				continue // the stones' colour does not tell them from the wood here
			}
			x := (p.neutral - tinted) / (grey - tinted)
			if x <= 0.5 {
				continue
			}
			// A stone's edge in most directions: glare that washes the
			// lines out, as grey, has none.
			share, even, _, _ := s.disc(float64(i), float64(j), false, was)
			if m := discMargin(share+0.2, even); m > 0 {
				st[j][i], conf[j][i] = White, clamp01(math.Min((x-0.5)/0.15, m))
			}
		}
	}
}

// offPointWhite reads the white stones that lie off their points, further
// than disc looks (a quarter step): a point still read empty that hides
// its line in one direction at least, where a stone's disc lies around
// a centre nearer this point than any other (within offNearest), clear
// of the stones already read (not within 0.6 of their points: their own
// discs), and the verdict reads white with the disc, the base around it
// and the top measured there (a stone 0.4 steps off covers only half the
// point's top). The rim counts where it shows clearly: a faint one, off
// the point, is as often the edge of a patch of glare. Everything else
// the verdict asks (the lines hidden, the board around) stays as
// measured at the point, so glare and pale wood are refused as on the
// point itself.
//
// A stone read here may be the one another touches (see disc), hiding
// the crease between them: the points near the stones read in one pass
// are looked at again, up to offPasses passes.
//
// A white stone read unsurely is looked for again (see lookOff): a third
// of a step off its point, toward the camera's far side most often, its
// disc lies beyond where disc looks from the point, and it read at
// 0.00-0.48 one time in three (TestSloppyStonesSure). Its centre is then
// the one its outline is fitted on (see whiteCentre): the disc's centre
// is only where a stone's top would be, a stone's rim within reach all
// round, and a stone halfway between two points was taken for one 0.32
// steps off.
func (s *sampler) offPointWhite(f [][]features, ref [][]float64, st [][]Stone, conf [][]float64) {
	before := readBefore(st) // the stones read before this search (whiteDrift)
	var found [][2]float64   // the centres of the stones read here
	var fresh [][]Stone      // the stones the last pass read
	var q features           // the features search last measured a stone with
	search := func(i, j int, unsure bool) (cu, cv, c float64, ok bool) {
		var at [2]float64
		if q, at, c = s.whiteOff(f, ref, st, before, i, j); c == 0 || overlaps(found, at[0], at[1]) {
			return 0, 0, 0, false
		}
		if unsure {
			var ok bool
			if at[0], at[1], ok = s.whiteCentre(at[0], at[1]); !ok {
				return 0, 0, 0, false
			}
		}
		return at[0], at[1], c, true
	}
	for pass := 0; pass < offPasses; pass++ {
		if pass > 0 && fresh == nil {
			return
		}
		last := fresh
		fresh = nil
		for j := range f {
			for i := range f[j] {
				if pass > 0 && !within(last, float64(i), float64(j), 1.5, isWhite) {
					continue
				}
				was := st[j][i]
				cu, cv, ok := lookOff(st, conf, i, j, White, search)
				if !ok {
					continue
				}
				f[j][i] = q
				found = append(found, [2]float64{cu, cv})
				if was == Empty {
					if fresh == nil {
						fresh = make([][]Stone, len(st))
						for k := range fresh {
							fresh[k] = make([]Stone, len(st))
						}
					}
					fresh[j][i] = White
				}
			}
		}
	}
}

// whiteDrift is how far off their points the white stones around point
// (i, j) lie, all the same way: the median offset of the disc centres of
// the white stones read within two steps that show a clear disc (at least
// driftStones of them), or none. Where the corners are a
// little off, or the camera's parallax larger than the reader allows
// for, every stone in a region lies off its point by about as much, and
// a stone pushed a little further belongs to its point still.
func whiteDrift(f [][]features, st [][]Stone, i, j int) [2]float64 {
	n := len(f)
	var du, dv []float64
	for jj := max(0, j-2); jj <= min(n-1, j+2); jj++ {
		for ii := max(0, i-2); ii <= min(n-1, i+2); ii++ {
			if q := f[jj][ii]; st[jj][ii] == White && discMargin(q.disc+0.2, q.unif) > 0 {
				du = append(du, q.discAt[0])
				dv = append(dv, q.discAt[1])
			}
		}
	}
	if len(du) < driftStones {
		return [2]float64{}
	}
	return [2]float64{median(du), median(dv)}
}

// offDoubt is the most confidence of a stone that lies nearer another
// point than its own, counted on its own for the drift of the stones
// around (see whiteDrift): doubtful (below Sure), so that the
// game may ask for it to be set straight.
const offDoubt = 0.4

// driftStones is how many white stones around tell whiteDrift the way
// they lie.
const driftStones = 3

// offPasses is how many passes offPointWhite makes at most.
const offPasses = 3

// whiteOff is offPointWhite's search at point (i, j), taken as empty: the
// features of the white stone it finds off the point, its centre (board
// coordinates) and its confidence, 0 where it finds none. The drift is
// taken from before, the stones read before the search began.
func (s *sampler) whiteOff(f [][]features, ref [][]float64, st, before [][]Stone, i, j int) (_ features, at [2]float64, c float64) {
	p := f[j][i]
	if !(p.board >= minBoardLuma) {
		return p, at, 0
	}
	// Only where the point hides its line in one direction at
	// least (a stone off its point still covers the line toward
	// its centre).
	if p.least/ref[j][i] > offHidden {
		return p, at, 0
	}
	drift := whiteDrift(f, before, i, j)
	u, v := float64(i), float64(j)
	boardLow := p.wood * math.Max(p.board, 8)
	ringL, ringW := s.ring(u, v)
	// p with the top measured at (u+du, v+dv): a stone half a
	// step off covers only half the point's top. Not beyond the
	// outer lines: there the board's edge, and what lies beyond
	// it, gives any bright patch (glare on the margin) a rim.
	last := float64(s.n - 1)
	// The base is measured there too: a stone half a step off leaves
	// most of the base around the point bare.
	topAt := func(du, dv float64) features {
		q := p
		tl, tw := s.top(math.Max(0, math.Min(last, u+du)), math.Max(0, math.Min(last, v+dv)))
		q.setTop(tl, tw, ringL, ringW)
		q.against(p.board, boardLow)
		bl, b := s.baseRing(u+du, v+dv)
		q.discBaseW = median(b)
		q.discGrey = q.discBaseW / math.Max(median(bl), 8)
		q.discBase = q.discBaseW / math.Max(boardLow, 8)
		return q
	}
	best, bestConf := p, 0.0
	var bestAt [2]float64
	for _, d := range whiteShifts {
		d = [2]float64{d[0] + drift[0], d[1] + drift[1]}
		// Only where the top there is grey (a spot of coloured
		// light may be as bright and disc-like, never as grey)
		// and a stone's disc would make it white.
		if q := topAt(d[0], d[1]); q.neutral < offGrey {
			continue
		} else if w, _ := verdict(withDisc(q, 1, 1), ref[j][i]); w != White {
			continue
		}
		share, even, _, at := s.disc(u+d[0], v+d[1], false, st)
		cu, cv := d[0]+at[0], d[1]+at[1]
		// Nearest this point, and clear of the stones read, where
		// the stones around lie: a stone drifted as its neighbours
		// belongs to the point they show it on.
		du, dv := cu-drift[0], cv-drift[1]
		if math.Abs(du) > offNearest || math.Abs(dv) > offNearest || within(st, u+du, v+dv, 0.6, isStone) {
			continue
		}
		// A round patch of light as bright washes out the lines
		// under its middle only partly.
		if under, ok := s.linesUnder(i, j, cu, cv); ok && under/ref[j][i] > offHidden {
			continue
		}
		q := topAt(cu, cv)
		if q.neutral < offGrey || q.topL >= clipped && crowds(f, st, u+cu, v+cv) {
			continue
		}
		share = math.Min(share, s.rimsHold(u+cu, v+cv, st))
		q = withDisc(q, share, even)
		w, c := verdict(q, ref[j][i])
		if math.Abs(cu) > offNearest || math.Abs(cv) > offNearest {
			c = math.Min(c, offDoubt) // nearer another point but for the drift
		}
		if w == White && c > bestConf {
			best, bestConf, bestAt = q, c, [2]float64{u + cu, v + cv}
		}
	}
	return best, bestAt, bestConf
}

// topSamples appends to top the Low samples of a stone's top centred at
// board point (u, v): a disc of radius 0.3 at the stone's height (its
// middle and rings at 0.15 and 0.3, 7 and 14 samples), where they fall in
// the frame.
func (s *sampler) topSamples(top []float64, u, v float64) []float64 {
	for _, r := range []float64{0, 0.15, 0.3} {
		k := max(1, int(r/0.15*7))
		for a := 0; a < k; a++ {
			th := 2 * math.Pi * float64(a) / float64(k)
			if g := bilinear(s.low, s.cam.project(u+r*math.Cos(th), v+r*math.Sin(th), stoneTop)); g >= 0 {
				top = append(top, g)
			}
		}
	}
	return top
}

// sunlitTop tells whether a patch of sunlight saturates part of a stone's
// top (its samples top, sorted): at least half of them below clipped and
// three above, the part below (k samples, median shade) clearly darker
// (see litShade): glare fading into saturation is not a patch's edge.
func sunlitTop(top []float64) (shade float64, k int, lit bool) {
	k = sort.SearchFloat64s(top, clipped)
	if k < len(top)/2 || len(top)-k < 3 {
		return 0, k, false
	}
	shade = median(top[:k])
	return shade, k, shade < litShade*clipped
}

// rayRim walks ray a out from a stone's top centred at board point (u, v),
// at mid-height (the rim of the stone's body), from 0.34 to 0.8 steps: rim
// is where Low first dips more than 0.12 below the top's t, faint where
// it first dips more than 0.06 (+Inf where it does not); seen is false
// where the ray leaves the frame before it dips: a stone on an outer
// line of a board that fills the frame has its rim cut off by the
// frame's edge, and the ray tells nothing of it.
func (s *sampler) rayRim(u, v float64, a int, t float64) (rim, faint float64, seen bool) {
	rim, faint = math.Inf(1), math.Inf(1)
	for r := 0.34; r <= 0.8; r += 0.04 {
		g := bilinear(s.low, s.cam.project(u+r*discCos[a], v+r*discSin[a], 0.15))
		if g < 0 {
			return rim, faint, false
		}
		seen = true
		d := (t - g) / math.Max(t, 8)
		if d > 0.06 && math.IsInf(faint, 1) {
			faint = r
		}
		if d > 0.12 {
			rim = r
			break
		}
	}
	return rim, faint, seen
}

// rimsHold is the share of the rays from a disc centred at board point
// (u, v) whose rim, found as disc finds it, holds: the board just beyond
// the dip stays darker than the top (faintly will do), or is clearly
// brighter (then it is no patch of the top's light), or the dip is not
// on a grid line. A stone's rim is its edge, with the board, a shadow or
// a black stone beyond (on pale wood a dim photo's stone may be no paler
// than the board beyond its shaded rim: a2d58d00ea32 row 8 col 1 of the
// outside photos); a grid line crossing a patch of light is a thin dip,
// the patch as bright again beyond it, and from a centre in a lit cell
// (0.4 steps off both lines) the lines on two sides and the patch's edge
// on the others made a disc (robot game 483 after move 19, read white at
// 0.75). A ray whose dip does not hold that ends in a white stone read
// beside (beside: the stones read so far) tells nothing: the crease
// between two touching stones is as thin.
func (s *sampler) rimsHold(u, v float64, beside [][]Stone) float64 {
	maxRim := s.rimReach(u, v)
	top := s.topSamples(nil, u, v)
	if len(top) < 10 {
		return 0
	}
	t0 := median(top)
	shade, _, lit := sunlitTop(top)
	if lit {
		t0 = shade
	}
	low := func(a int, r float64) float64 {
		return bilinear(s.low, s.cam.project(u+r*discCos[a], v+r*discSin[a], 0.15))
	}
	// onLine: the dip along ray a at radius r lies on a grid line.
	inv, last := s.h.Inverse(), float64(s.n-1)
	onLine := func(a int, r float64) bool {
		p := s.cam.project(u+r*discCos[a], v+r*discSin[a], 0.15)
		b := inv.Apply(p.X, p.Y)
		if b.X < -0.1 || b.Y < -0.1 || b.X > last+0.1 || b.Y > last+0.1 {
			return false
		}
		return math.Min(math.Abs(b.X-math.Round(b.X)), math.Abs(b.Y-math.Round(b.Y))) < 0.08
	}
	n, held := 0, 0
	for a := 0; a < discRays; a++ {
		t := t0
		if lit && s.litRay(u, v, a) {
			t = clipped
		}
		dip := func(g float64) float64 { return (t - g) / math.Max(t, 8) }
		rim, _, seen := s.rayRim(u, v, a, t)
		if !seen {
			continue
		}
		end, reach := maxRim[a], touchReach
		if rim <= maxRim[a] {
			g1, g2 := low(a, rim+0.08), low(a, rim+0.12)
			if g1 < 0 || g2 < 0 || (dip(g1) > 0.06 && dip(g2) > 0.06) || math.Max(g1, g2) > 1.1*t || !onLine(a, rim) {
				n++
				held++
				continue
			}
			// A thin dip: beyond it, on a white stone read?
			end, reach = rim+0.12, crease
		}
		if within(beside, u+end*discCos[a], v+end*discSin[a], reach, isWhite) {
			continue // no rim, or a crease, into a white stone beside
		}
		n++
	}
	if n < discRays/2 {
		return 0
	}
	return float64(held) / float64(n)
}

// crease is how near a white stone's point read the board just beyond a
// thin dip must lie for the dip to be the crease between that stone and
// one touching it (see rimsHold): a stone's radius, and a little for
// its lying off its point.
const crease = 0.56

// linesUnder is the contrast (as lines) of the grid lines through board
// point (i, j) where they cross the middle of a stone centred at (i+cu,
// j+cv), within 0.3 of its centre: a stone hides them there, a patch of
// light as bright and round washes them out only partly. Each line
// sample is the darkest of three across the line (a corner a pixel off),
// against samples a tenth of a step to either side, all well inside the
// stone's rim (0.47) however its centre was missed. A stone off
// diagonally, more than 0.26 off both lines, crosses them only further
// out: within middleDiag of its centre (still inside its rim; a patch of
// light 0.4 steps off both lines was read a stone, varied 98/9). ok is
// false where no line crosses that middle.
func (s *sampler) linesUnder(i, j int, cu, cv float64) (contrast float64, ok bool) {
	var on, off []float64
	mid := 0.3
	if math.Min(math.Abs(cu), math.Abs(cv)) > 0.26 {
		mid = middleDiag
	}
	for _, d := range [][2]float64{{1, 0}, {0, 1}} { // the row line, the column line
		along, across := cu, cv
		if d[1] == 1 {
			along, across = cv, cu
		}
		if math.Abs(across) > mid-0.04 {
			continue
		}
		half := math.Sqrt(mid*mid - across*across)
		for t := along - half; t <= along+half; t += 0.06 {
			m := math.Inf(1)
			for _, w := range []float64{-0.04, 0, 0.04} {
				if g := s.at(s.h.Apply(float64(i)+t*d[0]+w*d[1], float64(j)+t*d[1]+w*d[0])); g >= 0 {
					m = math.Min(m, g)
				}
			}
			if math.IsInf(m, 1) {
				continue
			}
			on = append(on, m)
			for _, w := range []float64{-0.1, 0.1} {
				if g := s.at(s.h.Apply(float64(i)+t*d[0]+w*d[1], float64(j)+t*d[1]+w*d[0])); g >= 0 {
					off = append(off, g)
				}
			}
		}
	}
	if len(on) == 0 || len(off) == 0 {
		return 0, false
	}
	mOff := median(off)
	return (mOff - median(on)) / math.Max(mOff, 8), true
}

// middleDiag is how far from the centre of a stone off its point
// diagonally linesUnder looks for its lines.
const middleDiag = 0.38

// readBefore copies st for a pass that reads more points: it judges each
// by the stones read before it, so that it does not feed on itself.
func readBefore(st [][]Stone) [][]Stone {
	was := make([][]Stone, len(st))
	for j := range st {
		was[j] = append([]Stone(nil), st[j]...)
	}
	return was
}

// withDisc is p with the disc measured as given (see disc).
func withDisc(p features, share, even float64) features {
	p.disc, p.unif = share, even
	return p
}

// offHidden is the most line contrast (of an empty point's) left where a
// stone off its point covers the line toward its centre.
const offHidden = 0.1

// offGrey is the least a white stone's top's Low over its Luma may be
// off its point: grey (a spot of coloured light, a laser's, may be as
// bright and disc-like, never as grey).
const offGrey = 0.85

// whiteShifts are the points around which disc looks again for a white
// stone off its point: with disc's own reach, out to half a step.
var whiteShifts = func() [][2]float64 {
	var o [][2]float64
	for _, d := range offsetGrid(1, 0.24) {
		if d != [2]float64{} {
			o = append(o, d)
		}
	}
	return o
}()

// overlaps tells whether a stone centred at board point (u, v) would
// overlap one centred at any of centres: two stones' centres lie a
// stone's width apart at least (the measured centres a little less).
func overlaps(centres [][2]float64, u, v float64) bool {
	for _, c := range centres {
		if math.Hypot(c[0]-u, c[1]-v) < stoneApart {
			return true
		}
	}
	return false
}

// stoneApart is how close two measured stone centres may lie, in grid
// steps: a stone is about a step wide, its measured centre within 0.1.
const stoneApart = 0.8

// mayBeBlack tells cheaply whether a black stone may lie near board
// point (u, v), one whose top blackDisc would find darker than limit or
// less: the top of any stone it accepts covers at least two of a 4 x 4
// grid of samples around the point (0.24 steps apart, off the grid
// lines), and two of them are darker than that.
func (s *sampler) mayBeBlack(u, v, limit float64) bool {
	dark := 0
	for _, du := range []float64{-0.36, -0.12, 0.12, 0.36} {
		for _, dv := range []float64{-0.36, -0.12, 0.12, 0.36} {
			if g := s.at(s.cam.project(u+du, v+dv, stoneTop)); g >= 0 && g < limit {
				if dark++; dark >= 2 {
					return true
				}
			}
		}
	}
	return false
}

// within tells whether a point read as a stone that counts lies within
// r of board point (u, v).
func within(st [][]Stone, u, v, r float64, counts func(Stone) bool) bool {
	n := len(st)
	for j := max(0, int(math.Floor(v-r))); j <= min(n-1, int(math.Ceil(v+r))); j++ {
		for i := max(0, int(math.Floor(u-r))); i <= min(n-1, int(math.Ceil(u+r))); i++ {
			if counts(st[j][i]) && math.Hypot(u-float64(i), v-float64(j)) < r {
				return true
			}
		}
	}
	return false
}

// crowds tells whether a stone centred at board point (u, v) would lie on
// a stone already read: their centres nearer than offClear, a white
// stone's centre taken where its disc lies. Stones a step apart on the
// robot's board (22 mm on 24-25 mm) leave a tenth of a step between them;
// a patch of sunlight beside a white stone, its edge and the stone's
// shadow for a rim, made a disc 0.74 steps from that stone's centre
// (robot game 970 after move 16, read white at 0.55). Asked only of a
// top clipped white: stones pressed together on other boards (outside
// photos) lie nearer.
func crowds(f [][]features, st [][]Stone, u, v float64) bool {
	n := len(st)
	for j := max(0, int(math.Floor(v-1.2))); j <= min(n-1, int(math.Ceil(v+1.2))); j++ {
		for i := max(0, int(math.Floor(u-1.2))); i <= min(n-1, int(math.Ceil(u+1.2))); i++ {
			if st[j][i] == Empty {
				continue
			}
			cu, cv := float64(i), float64(j)
			if q := f[j][i]; st[j][i] == White && discMargin(q.disc+0.2, q.unif) > 0 {
				cu, cv = cu+q.discAt[0], cv+q.discAt[1]
			}
			if math.Hypot(u-cu, v-cv) < offClear {
				return true
			}
		}
	}
	return false
}

// offClear is how near the centre of a stone already read an off-point
// white stone's centre may lie.
const offClear = 0.8

func isBlack(s Stone) bool { return s == Black }
func isStone(s Stone) bool { return s != Empty }
func isWhite(s Stone) bool { return s == White }

// rimmed tells whether a dark disc centred at board point (u, v) has
// something brighter than limit just outside a stone's rim (at its
// middle's height) in at least 12 of 16 directions.
func (s *sampler) rimmed(u, v, limit float64) bool {
	bright := 0
	for a := 0; a < discRays; a++ {
		for r := 0.5; r <= 0.8; r += 0.06 {
			if g := s.at(s.cam.project(u+r*discCos[a], v+r*discSin[a], 0.15)); g > limit {
				bright++
				break
			}
		}
	}
	return bright >= 12
}

// bareCells marks the bare cells: those whose four corners read empty
// and show their lines (above clear).
func bareCells(f [][]features, bg [][][2]float64, st [][]Stone, clear float64) [][]bool {
	n := len(f)
	shows := func(i, j int) bool { return st[j][i] == Empty && f[j][i].lines > clear }
	bare := make([][]bool, n-1)
	count := 0
	for j := range bare {
		bare[j] = make([]bool, n-1)
		for i := range bare[j] {
			bare[j][i] = !math.IsNaN(bg[j][i][0]) && shows(i, j) && shows(i+1, j) && shows(i, j+1) && shows(i+1, j+1)
			if bare[j][i] {
				count++
			}
		}
	}
	if count < 8 {
		// On a crowded board (an endgame) hardly a cell is bare all
		// round: its bare board is that of the cells with three bare
		// corners (seen obliquely, the stone on the fourth may still
		// cover the cell's centre, but the median over many is wood).
		for j := range bare {
			for i := range bare[j] {
				k := 0
				for _, c := range [][2]int{{i, j}, {i + 1, j}, {i, j + 1}, {i + 1, j + 1}} {
					if shows(c[0], c[1]) {
						k++
					}
				}
				bare[j][i] = !math.IsNaN(bg[j][i][0]) && k >= 3
			}
		}
	}
	return bare
}

// nearBare returns the board brightness (Luma, Low) of the bare cells
// within r cells of point (i, j).
func nearBare(bare [][]bool, bg [][][2]float64, i, j, r int) (b, bl []float64) {
	n := len(bare) + 1
	for jj := max(0, j-r); jj < min(n-1, j+r); jj++ {
		for ii := max(0, i-r); ii < min(n-1, i+r); ii++ {
			if bare[jj][ii] {
				b = append(b, bg[jj][ii][0])
				bl = append(bl, bg[jj][ii][1])
			}
		}
	}
	return b, bl
}

// bareBoard is the bare board's brightness (Luma, Low) around point
// (i, j): the median of the bare cells ever farther off, from the first
// radius with at least four up to reach (at least 6); ok is false where
// there are not that many.
func bareBoard(bare [][]bool, bg [][][2]float64, i, j, reach int) (luma, low float64, ok bool) {
	for _, r := range []int{2, 3, 4, 6, reach} {
		if b, bl := nearBare(bare, bg, i, j, r); len(b) >= 4 {
			return median(b), median(bl), true
		}
	}
	return 0, 0, false
}

// blackCentre is a black stone's centre near board point (u, v), where
// blackDisc found one: the mean of the centres, on a fine grid around
// it, whose discs are darker than limit too (a disc smaller than the
// stone fits anywhere near its centre), and the darkest disc's level.
func (s *sampler) blackCentre(u, v, limit float64) (cu, cv, level float64) {
	level = limit
	k := 0.0
	for _, o := range blackRefine {
		if _, _, l, ok := s.blackDisc(u+o[0], v+o[1], limit, blackHere); ok {
			cu, cv, k = cu+o[0], cv+o[1], k+1
			level = math.Min(level, l)
		}
	}
	return u + cu/k, v + cv/k, level
}

var blackHere = [][2]float64{{0, 0}}

// blackRefine are the centres tried around the best of blackOffsets.
var blackRefine = offsetGrid(4, 0.06)

// rebase measures again, against the bare board, the points whose board
// reference came mostly from covered cells. In a crowded region the cell
// centres within two steps are mostly covered (seen obliquely, by the
// stones' bodies), so that "board" is made of stones: white among white
// stones, black with highlights among black ones. The board there is
// that of the bare cells (see bareCells, bareBoard). It returns the
// points measured again, as (column, row).
func (s *sampler) rebase(f [][]features, bg [][][2]float64, st [][]Stone, bare [][]bool, clear float64) [][2]int {
	n := s.n
	// The bare board is looked for within six steps; on a crowded board
	// (fewer bare cells than two rows' worth) a crowded corner may have
	// none that near, and the board's light is better taken from further
	// off than from the stones. Elsewhere a point with no bare cell near
	// lies in a region unlike the board further off (a patch of glare).
	reach := 6
	if b, _ := nearBare(bare, bg, 0, 0, n); len(b) < 2*n {
		reach = n
	}
	brightest := 0.0
	for j := range bare {
		for i, b := range bare[j] {
			if b {
				brightest = math.Max(brightest, bg[j][i][0])
			}
		}
	}
	var again [][2]int
	for j := range f {
		for i := range f[j] {
			// A point showing its line in every direction is bare
			// wood (maybe in shade, against a brighter board further
			// off). One showing line contrast only in some may be a
			// black stone beside bright wood: dark samples along its
			// lines against pale ones between them read as lines.
			if st[j][i] != Empty {
				continue // a stone already
			}
			// A point showing its lines, or whose cells around are
			// mostly bare (the reference is the board's), keeps its
			// reference unless that is made of black stones (see
			// stonesBoard), which is first tested against the
			// brightest bare cell: the bare board is no brighter.
			mostlyBare := func() bool {
				cells := (min(n-1, j+2) - max(0, j-2)) * (min(n-1, i+2) - max(0, i-2))
				nb, _ := nearBare(bare, bg, i, j, 2)
				return 2*len(nb) >= cells
			}
			keeps := f[j][i].least > clear || mostlyBare()
			if keeps && !(s.chosen && f[j][i].board < 0.5*brightest) {
				continue
			}
			b, bl, ok := bareBoard(bare, bg, i, j, reach)
			if !ok || keeps && !stonesBoard(f[j][i], b, bl) {
				continue
			}
			f[j][i].far = true
			s.setBoard(&f[j][i], i, j, b, bl)
			again = append(again, [2]int{i, j})
		}
	}
	return again
}

// stonesBoard tells whether point p's board reference is made of black
// stones, not wood: far darker than the bare board (luma, low) further
// off, and grey where that is tinted. Amid a cluster of black stones
// (crowded seeds 1, 2 and 13, seen steeply) the cell centres around a
// point are all stone, and the crevices between touching stones show
// as lines, so a black stone there read as bare wood at confidence 1.
// It is read against the bare board (only on the chosen lattice, see
// readStones).
func stonesBoard(p features, luma, low float64) bool {
	return p.board < 0.5*luma && p.wood > low/math.Max(luma, 8)+0.2
}

// rimReach is, along each of the disc rays from board point (u, v), how
// far out (in steps) a stone's rim may show: seen obliquely, the stone's
// top (0.4 steps up) shows beyond its middle on the side away from the
// camera, and its base on the side toward it.
func (s *sampler) rimReach(u, v float64) [discRays]float64 {
	var reach [discRays]float64
	tp, bp := s.cam.project(u, v, 0.4), s.cam.project(u, v, 0)
	up, down := s.midInv.Apply(tp.X, tp.Y), s.midInv.Apply(bp.X, bp.Y)
	for a := range reach {
		// The top face and the base are a little smaller than the middle.
		t := 0.36 + (up.X-u)*discCos[a] + (up.Y-v)*discSin[a]
		b := 0.36 + (down.X-u)*discCos[a] + (down.Y-v)*discSin[a]
		reach[a] = math.Max(0.46, math.Max(t, b)) + 0.1
	}
	return reach
}

// disc fits a white stone's shape near board point (u, v): a disc of a
// stone's radius, evenly bright on top, with something darker just
// outside its rim in (nearly) every direction: the board, the seam
// between two touching stones, or a shadow. A patch of sunlight or glare
// as bright as a stone fails it: from inside a large patch many
// directions stay bright, and a narrow streak is not evenly bright over a
// stone's top. The centre is searched within a quarter step, since
// stones lie off their points and corners or lenses are a little off. It
// returns the best share of dipping rays, that disc's evenness and its
// centre's offset from the point, and the best share of rays that dip
// at least faintly (by half as much): against pale wood or a touching
// white stone a rim may show no more. Where that share falls short and
// the board beside is as pale as the top (paleBeside), a ray also counts
// that crosses a textured board (see texRim). A ray with no rim that runs
// into a white stone read beside (beside, where given: the stones read
// so far) is not counted either way: touching, two white stones may show
// no crease between them.
//
// How far out the rim may show depends on the view (rimReach).
func (s *sampler) disc(u, v float64, paleBeside bool, beside [][]Stone) (share, even, faint float64, at [2]float64) {
	maxRim := s.rimReach(u, v)
	top := make([]float64, 0, 32)
	// The centre with the most faint rims, and which rays have one
	// (bit a) or were seen at all.
	var faintAt [2]float64
	var faintTop float64
	var faintRays, seenRays uint32
	for _, o := range discOffsets {
		cu, cv := u+o[0], v+o[1]
		top = s.topSamples(top[:0], cu, cv)
		if len(top) < 10 {
			continue
		}
		t := median(top)
		ev := top[len(top)*15/100] / math.Max(t, 8) // median sorted top: its dim end
		// A patch of sunlight across part of the top saturates it there:
		// the top is then as even as its part in shade, and a ray from
		// its saturated part finds its rim against the lit board beside
		// it (see litRay). Only where that part in shade is clearly
		// darker (see litShade): glare fading into saturation is not a
		// patch's edge.
		shade, k, lit := sunlitTop(top)
		if lit {
			t = shade
			ev = top[k*15/100] / math.Max(t, 8)
		}
		if ev < 0.75 {
			continue
		}
		n, dips, faints := 0, 0, 0
		var faintMask, seenMask uint32
		for a := 0; a < discRays; a++ {
			// The first dip outside the top must come at the rim, not
			// beyond it.
			t := t
			if lit && s.litRay(cu, cv, a) {
				t = clipped
			}
			rim, faintRim, seen := s.rayRim(cu, cv, a, t)
			if !seen {
				continue
			}
			// A white stone read beside, touching this one, may hide
			// the crease between them: a ray that runs into it with no
			// dip at all tells nothing (the board between a stone and
			// a ring of stones around it dips at their rims).
			if math.IsInf(faintRim, 1) && beside != nil &&
				within(beside, cu+maxRim[a]*discCos[a], cv+maxRim[a]*discSin[a], touchReach, isWhite) {
				continue
			}
			n++
			seenMask |= 1 << a
			if rim <= maxRim[a] {
				dips++
			}
			// A faint dip nearer the centre than a stone's rim
			// (the best centre lies within 0.06 of the stone's) is
			// the edge of something smaller than a stone.
			if faintRim > 0.36 && faintRim <= maxRim[a] {
				faints++
				faintMask |= 1 << a
			}
		}
		if n < discRays/2 {
			continue
		}
		// The centre that looks most like a stone on both counts.
		if sh := float64(dips) / float64(n); discMargin(sh, ev) > discMargin(share, even) {
			share, even, at = sh, ev, o
		}
		if sh := float64(faints) / float64(n); ev > 0.85 && (sh > faint || seenRays == 0) { // as even as discMargin wants
			faint, faintAt, faintTop, faintRays, seenRays = sh, o, t, faintMask, seenMask
		}
	}
	if paleBeside && seenRays != 0 && faint < 0.65 {
		faint = s.texRim(u+faintAt[0], v+faintAt[1], faintTop, faintRays, seenRays, &maxRim)
	}
	return share, even, faint, at
}

// clipped is the brightness (of 255) at which a camera's pixels
// saturate: bright sunlight on a white stone or pale wood.
const clipped = 250

// litShade is the most brightness, as a share of clipped, of the part of
// a disc's top in shade beside a saturated part for the two to count as
// shade and sunlight (see disc). Synthetic white stones half in sun
// (varied 29/9, 44/19, 66/9) are 170-215 in shade; the glare on the
// labelled photo empty_overhead, saturated in spots, is 227-245 around
// them, and was read as a white stone at 0.9 (225).
const litShade = 0.88

// litRay tells whether the top of a disc centred at board point (u, v)
// is saturated just inside its rim along ray a.
func (s *sampler) litRay(u, v float64, a int) bool {
	return bilinear(s.low, s.cam.project(u+0.3*discCos[a], v+0.3*discSin[a], stoneTop)) >= clipped
}

// texRim is the share of the seen rays (bits of seen) from a disc centre
// at board point (u, v), whose top's Low is t, that have a faint rim
// (bits of faint) or, where the disc's top is smooth, cross a textured
// board just beyond the rim that is at least as pale as the top. On
// speckled or grained wood as pale as a white stone, the board just
// outside may be as bright as the stone or brighter: no rim can show in
// brightness, but the stone's glazed top is smooth where the board is
// not, and the texture starts at the stone's edge. Where the board
// beyond is darker, a rim shows in brightness or there is none. Glare, smooth too,
// spreads over more than a stone's width; a smooth top bordered by
// texture all round is stone-sized.
func (s *sampler) texRim(u, v, t float64, faint, seen uint32, maxRim *[discRays]float64) float64 {
	var top []float64
	for _, r := range []float64{0, 0.1, 0.2, 0.3} {
		k := max(1, int(r/0.1*6))
		for a := 0; a < k; a++ {
			th := 2 * math.Pi * float64(a) / float64(k)
			if g := roughness(s.img, s.cam.project(u+r*math.Cos(th), v+r*math.Sin(th), stoneTop)); g >= 0 {
				top = append(top, g)
			}
		}
	}
	if len(top) < 10 {
		return float64(bits.OnesCount32(faint)) / float64(bits.OnesCount32(seen))
	}
	textured := math.Max(texFactor*median(top), minTexture)
	n, k := 0, 0
	band := make([]float64, 0, 18)
	for a := 0; a < discRays; a++ {
		if seen&(1<<a) == 0 {
			continue
		}
		n++
		if faint&(1<<a) != 0 {
			k++
			continue
		}
		// Smooth just inside the rim (not something smaller than a
		// stone), textured in a band beyond it.
		if in := s.bandRoughness(band, u, v, a, 0.36, 0.4); len(in) >= 4 && median(in) < textured {
			if out := s.bandRoughness(band, u, v, a, maxRim[a]-0.06, maxRim[a]+0.15); len(out) >= 8 && median(out) >= textured &&
				s.bandLow(band, u, v, a, maxRim[a]-0.06, maxRim[a]+0.15) >= 0.94*t {
				k++
			}
		}
	}
	return float64(k) / float64(n)
}

// bandLow is the median Low along ray a from board point (u, v)
// between radii r0 and r1, at mid-height (buf is scratch).
func (s *sampler) bandLow(buf []float64, u, v float64, a int, r0, r1 float64) float64 {
	buf = buf[:0]
	for r := r0; r <= r1+1e-9; r += 0.04 {
		if g := bilinear(s.low, s.cam.project(u+r*discCos[a], v+r*discSin[a], 0.15)); g >= 0 {
			buf = append(buf, g)
		}
	}
	return median(buf)
}

// bandRoughness appends to buf[:0] the roughness along ray a from board
// point (u, v) between radii r0 and r1, at mid-height, a little wide
// across the ray: texture is a property of an area.
func (s *sampler) bandRoughness(buf []float64, u, v float64, a int, r0, r1 float64) []float64 {
	buf = buf[:0]
	for r := r0; r <= r1+1e-9; r += 0.04 {
		for _, w := range []float64{-0.04, 0, 0.04} {
			p := s.cam.project(u+r*discCos[a]-w*discSin[a], v+r*discSin[a]+w*discCos[a], 0.15)
			if g := roughness(s.img, p); g >= 0 {
				buf = append(buf, g)
			}
		}
	}
	return buf
}

// A board is textured beyond a stone's rim where its pixels differ from
// their neighbours texFactor times as much as on the stone's top, and
// by minTexture grey levels at least (above a camera's noise).
const (
	texFactor  = 2
	minTexture = 4
)

// roughness is how much the pixel at p differs from its right and lower
// neighbours (grey levels), or -1 outside the image.
func roughness(img *image.Gray, p Point) float64 {
	if !(p.X >= 0 && p.Y >= 0) {
		return -1
	}
	r := img.Rect
	x, y := int(p.X), int(p.Y)
	if x < r.Min.X || y < r.Min.Y || x+1 >= r.Max.X || y+1 >= r.Max.Y {
		return -1
	}
	i := (y-r.Min.Y)*img.Stride + x - r.Min.X
	g := int(img.Pix[i])
	return float64(abs(g-int(img.Pix[i+1]))+abs(g-int(img.Pix[i+img.Stride]))) / 2
}

// touchReach is how near a point read white the board just beyond a
// disc's rim must lie for that white stone to be the one it touches
// (see disc): a stone's radius, and a little for its lying off its point.
const touchReach = 0.6

// The rays a disc is probed along.
const discRays = 16

var discCos, discSin = func() (c, s [discRays]float64) {
	for a := range c {
		th := 2 * math.Pi * (float64(a) + 0.5) / discRays
		c[a], s[a] = math.Cos(th), math.Sin(th)
	}
	return c, s
}()

// discMargin is how clearly a disc with the given share of rim dips and
// evenness of top looks like a stone: above 0 it does.
func discMargin(share, even float64) float64 {
	return math.Min((share-0.9)/0.05, (even-0.85)/0.05)
}

// discOffsets are the disc centres tried around a point, nearest first.
var discOffsets = func() [][2]float64 {
	var o [][2]float64
	for du := -0.24; du < 0.25; du += 0.08 {
		for dv := -0.24; dv < 0.25; dv += 0.08 {
			if math.Hypot(du, dv) < 0.26 {
				o = append(o, [2]float64{du, dv})
			}
		}
	}
	sort.Slice(o, func(i, j int) bool { return math.Hypot(o[i][0], o[i][1]) < math.Hypot(o[j][0], o[j][1]) })
	return o
}()

// classify turns features into stones with a confidence each. Thresholds
// are relative to this frame and neighbourhood: the grid-line contrast of
// empty points, ref, is learned around each point (see lineRefs).
func classify(f [][]features, ref [][]float64) ([][]Stone, [][]float64) {
	st := make([][]Stone, len(f))
	conf := make([][]float64, len(f))
	for j := range f {
		st[j] = make([]Stone, len(f[j]))
		conf[j] = make([]float64, len(f[j]))
		for i, p := range f[j] {
			st[j][i], conf[j][i] = verdict(p, ref[j][i])
		}
	}
	return st, conf
}

// lineRefs is, at every point, the grid-line contrast an empty point
// shows there: the upper quartile within three steps (most points are
// empty), but not below half the board's, global.
func lineRefs(f [][]features, n int) (ref [][]float64, global float64) {
	var all []float64
	for _, row := range f {
		for _, p := range row {
			all = append(all, p.lines)
		}
	}
	global = quantile(all, 0.75)
	ref = make([][]float64, n)
	near := make([]float64, 0, 49)
	for j := range f {
		ref[j] = make([]float64, n)
		for i := range f[j] {
			near = near[:0]
			for jj := max(0, j-3); jj <= min(n-1, j+3); jj++ {
				for ii := max(0, i-3); ii <= min(n-1, i+3); ii++ {
					near = append(near, f[jj][ii].lines)
				}
			}
			ref[j][i] = math.Max(math.Max(quantile(near, 0.75), 0.5*global), 0.03)
		}
	}
	return ref, global
}

// emptyLineRefs learns the line references again from the points the
// first reading left empty, where those show clearly less line contrast
// than all points do: on a crowded board (an endgame), most points hold
// stones, and stones may show "lines" of their own (the seams between
// them, their dark rims seen obliquely, glints), so the upper quartile
// over all points is a stone's and every empty point looks as if it hid
// half its lines. ok is false where the empty points agree with the
// first references (their upper quartile not under 0.7 of global), as
// on any board that is mostly bare.
func emptyLineRefs(f [][]features, st [][]Stone, global float64) (ref [][]float64, g float64, ok bool) {
	n := len(f)
	var empty []float64
	for j := range f {
		for i, p := range f[j] {
			if st[j][i] == Empty {
				empty = append(empty, p.lines)
			}
		}
	}
	if len(empty) < 2*n {
		return nil, 0, false // too few to tell the board's lines by
	}
	g = quantile(empty, 0.75)
	if !(g < 0.7*global) {
		return nil, 0, false
	}
	ref = make([][]float64, n)
	near := make([]float64, 0, 169)
	for j := range f {
		ref[j] = make([]float64, n)
		for i := range f[j] {
			// The empty points within three steps, or further where
			// fewer than eight are that near.
			for _, r := range []int{3, 4, 6, n} {
				near = near[:0]
				for jj := max(0, j-r); jj <= min(n-1, j+r); jj++ {
					for ii := max(0, i-r); ii <= min(n-1, i+r); ii++ {
						if st[jj][ii] == Empty {
							near = append(near, f[jj][ii].lines)
						}
					}
				}
				if len(near) >= 8 {
					break
				}
			}
			ref[j][i] = math.Max(math.Max(quantile(near, 0.75), 0.5*g), 0.03)
		}
	}
	return ref, g, true
}

// plainBlack is the margin of the plain black rule: a top clearly darker
// than the board around; against the board further off, whose light may
// differ, darker still.
func plainBlack(p features) float64 {
	if p.far {
		return (0.55 - p.dark) / 0.15
	}
	return (0.62 - p.dark) / 0.15
}

// verdict reads one point from its features and the line contrast an
// empty point shows around it.
func verdict(p features, ref float64) (Stone, float64) {
	// First the clues but the shape: l, how much of its lines a point
	// shows (about 1 for an empty point, about 0 under a stone), and pale,
	// how clearly it is a pale top hiding its lines.
	l := p.lines / ref
	// The lines are hidden, the top is brighter than the board
	// (in Luma, and in Low around and beside it). A very bright
	// top may show a little line (corners a pixel or two off) as
	// long as the other clues are clear.
	bright := math.Min(math.Max(p.local, p.white), p.base)
	lt := 0.5
	switch {
	case bright > 1.8 && p.dark > 1.3:
		lt = 0.9
	case bright > 1.4 && p.dark > 1.2:
		lt = 0.7
	}
	pale := math.Min(math.Min((lt-l)/0.3, (bright-1.12)/0.1), (p.dark-1)/0.1)
	// A stone off its point leaves a line bare on its far side:
	// hiding the line in one direction is enough when the top is
	// clearly paler and, where the lines show in most directions,
	// greyer than the bare wood around (sunlit wood that hides one line
	// keeps the wood's colour; the board right beside will not do:
	// among white stones it is their grey).
	offBright := math.Min(math.Max(p.local, p.white), math.Max(p.base, p.discBase))
	offGrey := math.Max((0.5-l)/0.1, (p.neutral-p.wood-0.1)/0.05)
	pale = math.Max(pale, math.Min(math.Min((lt-p.least/ref)/0.3, (offBright-1.3)/0.1), math.Min((p.dark-1)/0.1, offGrey)))
	// Among white stones on a pale board the cell centres around
	// are covered by stones as bright: a top that hides the lines
	// and is greyer than the board beside it is pale enough.
	pale = math.Max(pale, math.Min(math.Min((0.3-l)/0.3, (p.neutral-p.tint-0.05)/0.03), (p.dark-0.9)/0.1))
	// The same off its point: a grey top that hides the line in one
	// direction, over a grey base (seen obliquely, a stone on the next
	// point may cover this point's top, never its base).
	pale = math.Max(pale, math.Min(math.Min(math.Min((0.3-p.least/ref)/0.3, (p.neutral-p.tint-0.05)/0.03),
		(p.dark-0.9)/0.1), math.Min((p.neutral-0.9)/0.05, (p.discGrey-p.tint-0.05)/0.03)))
	// A top clearly darker than the wood right beside it is not pale
	// unless it is clearly paler than the board further off: a white
	// stone in a stone's shadow beside sunlit wood (sunlit 52/15 row 14
	// col 0: 0.83 of the wood beside, 1.23 of the shaded board), not a
	// glassy black stone lifted by glare (varied 53/9 row 2 col 6: 0.82,
	// and 0.95 of the board around, 1.09 of the shaded bare wood). Where
	// the board around is grey (stones, not wood) this says nothing.
	pale = math.Min(pale, math.Max(math.Max((p.ringDark-0.84)/0.02, (p.dark-1.15)/0.05), (p.wood-0.9)/0.03))
	var s Stone
	var conf float64
	black := plainBlack(p)
	// A black stone in a patch of sunlight on a dark board is no
	// darker than the shaded board further off, but it is against
	// the lit board just beside it, and it is grey where wood,
	// lit or shaded, has a colour.
	black = math.Max(black, math.Min(math.Min((0.6-p.ringDark)/0.15, (p.neutral-0.85)/0.05), (0.75-p.tint)/0.05))
	// Glare on a glassy black stone lifts its top towards the board's
	// brightness, but it stays grey and hides its lines: a grey top
	// clearly darker than the tinted wood right beside it (by a quarter),
	// with its lines hidden, is a black stone. A white stone is as bright
	// as wood in the same light; in a shadow beside sunlit wood it may
	// be darker, but less (rendered: 0.83).
	black = math.Max(black, math.Min(math.Min(math.Min((0.25-l)/0.1, (0.75-p.ringDark)/0.05), (1-p.dark)/0.05),
		math.Min((p.neutral-0.95)/0.02, (p.neutral-p.tint-0.15)/0.05)))
	// Shade darkens wood by a factor, leaving its lines and its colour:
	// a point only about as dark as shaded wood whose lines show in
	// every direction (each against its own side, and a quarter as
	// clearly will do: the edge of a patch of light may run across the
	// point) and whose top keeps the wood's tint is wood in shade, not
	// a black stone (black hides its lines; it is greyer than the wood,
	// or far darker than shade makes wood).
	shade := math.Min(math.Min((p.dark-0.45)/0.05, (l-0.6)/0.1), math.Min((p.leastOwn/ref-0.25)/0.1, (p.wood-p.neutral)/0.03))
	black = math.Min(black, -shade)
	// White: a pale top that is a stone-sized disc, even on top,
	// with something darker just outside its rim all round (the
	// board, the crease where it touches another stone, or a
	// shadow); or nearly all round, with the cell centres around
	// it clearly darker. A sunlit patch or glare larger than a
	// stone, or a streak, is neither.
	disc := math.Max(discMargin(p.disc, p.unif),
		math.Min(discMargin(p.disc+0.1, p.unif), (p.local-1.8)/0.2))
	// The edge of a patch of light or shade across its top makes
	// a stone uneven: one far brighter than the board beside it
	// may be.
	disc = math.Max(disc, math.Min(discMargin(p.disc+0.1, p.unif+0.08), (p.local-2.2)/0.2))
	// Among white stones the cell centres beside a stone are
	// covered by its neighbours (grey, where bare wood has a
	// colour): the board further off must be clearly darker.
	disc = math.Max(disc, math.Min(math.Min(discMargin(p.disc+0.1, p.unif), (p.white-1.8)/0.2), (p.tint-0.9)/0.05))
	// A matte stone lit from one side shades across its top: it
	// may be less even when it is grey and far paler than the
	// board, at its base as well, with a rim all round.
	disc = math.Max(disc, math.Min(math.Min(discMargin(p.disc, p.unif+0.08), (p.neutral-0.9)/0.05),
		math.Min((p.white-1.8)/0.2, (p.base-1.8)/0.2)))
	// Or grey where the board beside it has a tint (pale wood, as
	// bright as the stone).
	disc = math.Max(disc, math.Min(math.Min(discMargin(p.disc, p.unif+0.08), (p.neutral-0.9)/0.05),
		(p.neutral-p.tint-0.1)/0.03))
	// A white stone is grey: its lowest colour channel is not far
	// below its brightness, where wood's, however bright, is.
	white := math.Min(math.Min(pale, disc), (p.neutral-0.5)/0.1)
	// Among white stones on pale wood in glare, neither the cells
	// around (its neighbours) nor a clear rim (the wood beside it is
	// nearly as pale) set a stone apart; its colour does: a top that
	// hides its lines and is clearly paler than the board, at its base
	// too, is a stone when it is grey where that board has a tint, with
	// at least a faint rim at a stone's radius in two directions of
	// three. Glare is grey too, but not stone-sized: from inside a
	// larger patch many directions stay even.
	white = math.Max(white, math.Min(math.Min(math.Min((0.3-l)/0.3, (p.dark-1)/0.1),
		math.Min((p.white-1.35)/0.1, (p.base-1.35)/0.1)),
		math.Min(math.Min((p.neutral-0.94)/0.02, (p.neutral-p.wood-0.12)/0.03), (p.faint-0.65)/0.05)))
	// The next two rules rest on colour (grey where the wood is tinted)
	// and on hidden lines: where the top or the base is clipped in every
	// channel (its Low at clipped) glare has taken both, and wood is as
	// grey as a stone (varied 10/9 row 3 col 7: empty wood in a stone's
	// shadow inside clipped glare, rimmed by the glare, read white at
	// 0.64).
	unclipped := (clipped - math.Max(p.topW, p.baseW)) / 0.5
	// On pale wood a white stone may be barely paler, its rim smeared
	// (JPEG's coarse colour blurs the Low plane across it): a top that
	// hides its lines, paler than the board at its base too, grey where
	// the wood is tinted, even, with a rim in three directions of four,
	// is a stone when the lines show again just beyond its rim. A patch
	// of glare that washes the lines out is larger than a stone.
	white = math.Max(white, math.Min(math.Min(math.Min((0.15-l)/0.1, (p.dark-1)/0.05),
		math.Min((p.white-1.15)/0.05, (p.base-1.15)/0.05)),
		math.Min(math.Min((p.neutral-p.wood-0.08)/0.03, (p.neutral-0.85)/0.03),
			math.Min(math.Min(discMargin(p.disc+0.15, p.unif), (p.beyond/ref-0.6)/0.1), unclipped))))
	// The same stone with its rim in exactly three directions of four
	// (12 of its 16 rays; a stone beside it or the board's edge hides
	// the rest) when every other clue is clear: grey well past the
	// wood's tint, paler than the board at top and base, and the lines
	// back at full contrast beyond its rim. Glare that hides the lines
	// is larger than a stone, so beyond it they stay washed out.
	white = math.Max(white, math.Min(math.Min(math.Min((0.15-l)/0.1, (p.dark-1)/0.05),
		math.Min((p.white-1.25)/0.05, (p.base-1.25)/0.05)),
		math.Min(math.Min((p.neutral-p.wood-0.12)/0.03, (p.neutral-0.85)/0.03),
			math.Min(math.Min(discMargin(p.disc+0.2, p.unif), (p.beyond/ref-0.9)/0.1), unclipped))))
	// On an untinted pale board (white or cream vinyl, paper) a white
	// stone is neither paler nor greyer than the board, and among white
	// stones it has no darker rim: only its lines tell it. Ink shows
	// darker than the board beside it, however bright the light, unless
	// glare clips it (light that only scales the board leaves the
	// lines' contrast, a ratio, as it is): where the darkest sample
	// across the line in every direction near the point is brighter than
	// the board beside it (the top's dome, lit from above, fading to its
	// rim), and the lines show under a third of an empty point's contrast
	// overall, a top as bright as the board is a white stone. (Roboflow
	// photos of such boards: white stones' least median -0.26, at most
	// -0.08 in nine of ten; empty points' at least 0.46 in nine of ten.
	// Glare near clipping on an edge row left least just above 0.) Only
	// on the board's lattice: off it, the tint around may be stones'
	// (a packed board seen steeply, located 0.4 steps off with it).
	// A dome is only a little brighter than its rim (l above -0.6 for
	// every such stone in those photos): samples beside the line far
	// darker than the top are not the board but the frame or the table
	// beyond an edge row (three empty edge points of those photos).
	white = math.Max(white, math.Min(math.Min(math.Min((p.chosenWood-0.92)/0.02, math.Min((0.3-l)/0.1, (l+0.8)/0.1)),
		math.Min((0-p.least/ref)/0.05, (p.dark-0.85)/0.05)),
		math.Min(math.Min((p.ringDark-0.85)/0.05, (p.neutral-0.88)/0.03), unclipped)))
	// Sunlight on wood washes its lines out, but only partly: they
	// still show in every direction. A stone hides its line in one
	// direction at least, or is clearly grey, as lit wood is not.
	white = math.Min(white, math.Max((0.1-p.least/ref)/0.05, (p.neutral-0.85)/0.05))
	switch {
	case black > 0:
		s, conf = Black, clamp01(black)
	case white > 0:
		s, conf = White, clamp01(math.Min(white, -black))
	default:
		// An empty point shows its lines: one that hides them is
		// covered by something that is not a stone (a hand, the arm).
		s, conf = Empty, clamp01(math.Min(math.Min(-white, -black), (l-0.1)/0.3))
	}
	if !(p.board >= minBoardLuma) {
		conf = 0 // too dark to tell
	}
	return s, conf
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }
