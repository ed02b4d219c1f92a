package vision

import (
	"math"
	"slices"
)

// StandingDoubts remembers the points a reader doubts and how each looked
// (its pixels), so that a doubt can be told from news:
// a patch of sunlight or glare that washes an empty point's lines out
// stays doubtful for a whole game, looking the same frame after frame,
// where a stone set on the point (its body, its rim, its shadow) or a
// hand over it changes how it looks. A doubt is standing when it was
// there, looking the same, before the board last changed (a
// move was made since it arose); the game need not ask about it again.
// Every other doubt is news: it arose since the last move, or the point
// looks otherwise than it did (a doubt's reading may flicker between
// empty and a stone with a frame's noise; its pixels do not). A stone set
// on a point beside, or taken off it, since the last view reaches into
// the point's look with its body and shadow; that part is left out.
//
// The zero value is ready to use. A StandingDoubts follows one camera's
// frames of one board at fixed corners; it is not safe for concurrent use.
type StandingDoubts struct {
	seen  map[[2]int]*pointLook
	board [][]Stone // the board the last view accepted
}

// pointLook is how a doubted point looked: what it read, its look, and
// whether that look was there before the board last changed.
type pointLook struct {
	stone    Stone
	look     look
	standing bool
}

// look is a point's pixels as a few cell means around it, in Luma and
// Low (lookCells² each), over the stone's disc, its rim and the shadow
// it casts.
type look [2][lookCells * lookCells]float64

const (
	lookCells  = 6    // cells across
	lookReach  = 0.6  // steps from the point to the patch's edge
	lookSample = 4    // samples across a cell
	lookShift  = 30.0 // grey levels the whole patch may shift (exposure, glare)
	lookGrain  = 16.0 // grey levels a cell may differ beyond that shift (noise)
	// lookNear (steps) is how near a point a stone set on it may change
	// the board's look: its radius (0.46) and its shadow in the sun,
	// about a third of a step long, with a margin.
	lookNear = 0.85
)

// besideMove returns the cells of point p's look that a stone set on, or
// taken off, a point beside it may have changed since the last view
// accepted: its body, rim and shadow reach into p's patch, which says
// nothing of p. The other cells still tell a stone set on p (its body
// covers the patch's middle) or a hand over it.
func (d *StandingDoubts) besideMove(r *Reading, p [2]int) (skip [lookCells * lookCells]bool) {
	if d.board == nil || len(d.board) != len(r.Stones) {
		return skip
	}
	n := len(r.Stones)
	cell := 2 * lookReach / lookCells
	for di := -1; di <= 1; di++ {
		for dj := -1; dj <= 1; dj++ {
			i, j := p[0]+di, p[1]+dj
			if di == 0 && dj == 0 || i < 0 || j < 0 || i >= n || j >= n || r.Stones[i][j] == d.board[i][j] {
				continue
			}
			for cy := range lookCells {
				for cx := range lookCells {
					// The cell's nearest distance from the point beside.
					u0 := -lookReach + cell*float64(cx)
					v0 := -lookReach + cell*float64(cy)
					du := math.Max(0, math.Max(u0-float64(dj), float64(dj)-u0-cell))
					dv := math.Max(0, math.Max(v0-float64(di), float64(di)-v0-cell))
					if math.Hypot(du, dv) < lookNear {
						skip[cy*lookCells+cx] = true
					}
				}
			}
		}
	}
	return skip
}

// News returns those of doubtful, the points (row, column) r doubts in
// frame pl, that are news (see StandingDoubts), in doubtful's order, and
// remembers how each looks now. A standing doubt's look follows the frames
// (the sun moves slowly; a stone set down changes the point in a frame).
// More than FewDoubtful doubts are all news, and not looked at: a hand or
// the arm over the board, no view a game takes. So is every doubt of a
// frame not given (pl nil).
func (d *StandingDoubts) News(pl *Planes, r *Reading, doubtful [][2]int) [][2]int {
	if pl == nil || len(doubtful) == 0 || len(doubtful) > FewDoubtful {
		return doubtful
	}
	h, err := GridHomography(r.Size, r.Corners)
	if err != nil {
		return doubtful
	}
	if d.seen == nil {
		d.seen = map[[2]int]*pointLook{}
	}
	var news [][2]int
	for _, p := range doubtful {
		lk, ok := lookAt(pl, h, p)
		s := r.Stones[p[0]][p[1]]
		was := d.seen[p]
		switch {
		case !ok:
			delete(d.seen, p)
			news = append(news, p)
		case was != nil && alike(was.look, lk, d.besideMove(r, p)):
			// The same pixels: nothing moved there, though a doubt's
			// reading may flicker (empty, white) with the frame's noise.
			was.look, was.stone = lk, s
			if !was.standing {
				news = append(news, p)
			}
		default:
			d.seen[p] = &pointLook{stone: s, look: lk}
			news = append(news, p)
		}
	}
	return news
}

// Seen tells the view the game took (r, read in pl, with its doubtful
// points): where its board differs from the last view's, a move was made,
// and every doubt it shows, as it looks and reads now, becomes standing;
// so does every point remembered, doubted now or not (a stone set beside
// it, or on it and seen, may have changed how it looks). A view whose
// frame is not given (pl nil) is not seen.
func (d *StandingDoubts) Seen(pl *Planes, r *Reading, doubtful [][2]int) {
	if pl == nil || d.board != nil && equalBoards(d.board, r.Stones) {
		return
	}
	d.board = slices.Clone(r.Stones)
	for i := range d.board {
		d.board[i] = slices.Clone(r.Stones[i])
	}
	h, err := GridHomography(r.Size, r.Corners)
	if err != nil {
		clear(d.seen)
		return
	}
	if d.seen == nil {
		d.seen = map[[2]int]*pointLook{}
	}
	for _, p := range doubtful {
		if _, ok := d.seen[p]; !ok {
			d.seen[p] = &pointLook{}
		}
	}
	for p, was := range d.seen {
		lk, ok := lookAt(pl, h, p)
		if !ok {
			delete(d.seen, p)
			continue
		}
		was.stone, was.look, was.standing = r.Stones[p[0]][p[1]], lk, true
	}
}

// lookAt is point p's look in pl, the grid mapped into the frame by h;
// not ok where the patch leaves the frame.
func lookAt(pl *Planes, h Homography, p [2]int) (lk look, ok bool) {
	u0, v0 := float64(p[1]), float64(p[0])
	cell := 2 * lookReach / lookCells
	for cy := range lookCells {
		for cx := range lookCells {
			var sl, sw float64
			for sy := range lookSample {
				for sx := range lookSample {
					u := u0 - lookReach + cell*(float64(cx)+(float64(sx)+0.5)/lookSample)
					v := v0 - lookReach + cell*(float64(cy)+(float64(sy)+0.5)/lookSample)
					q := h.Apply(u, v)
					l, w := bilinear(pl.Luma, q), bilinear(pl.Low, q)
					if l < 0 || w < 0 {
						return lk, false
					}
					sl += l
					sw += w
				}
			}
			k := cy*lookCells + cx
			lk[0][k], lk[1][k] = sl/lookSample/lookSample, sw/lookSample/lookSample
		}
	}
	return lk, true
}

// alike reports whether two looks of a point are the same within a
// frame's noise: in each plane the cells differ by about one shift, a
// change of light over the whole patch, and by little beyond it. The
// cells skip marks are left out.
func alike(a, b look, skip [lookCells * lookCells]bool) bool {
	for k := range a {
		var shift float64
		cells := 0
		for i := range a[k] {
			if !skip[i] {
				shift += a[k][i] - b[k][i]
				cells++
			}
		}
		if cells == 0 {
			return false
		}
		shift /= float64(cells)
		if math.Abs(shift) > lookShift {
			return false
		}
		for i := range a[k] {
			if !skip[i] && math.Abs(a[k][i]-b[k][i]-shift) > lookGrain {
				return false
			}
		}
	}
	return true
}
