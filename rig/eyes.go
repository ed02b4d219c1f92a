//go:build cgo

package rig

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"tengen/i18n/errmsg"

	"tengen/game"
	"tengen/rules"
	"tengen/vision"
)

// Eyes are the game's eyes on a real board: a vision.Watcher over a
// camera. Corners are the calibration's outer grid corners in the image,
// in its order a15, o15, o1, a1; they say which way the board lies in the
// picture, so the reader's rows (row 0 at the image's top) become the
// rules' points whichever way the camera is turned.
type Eyes struct {
	Watcher *vision.Watcher
	Corners [4]vision.Point
	// OnEvent, when set, is told every event the tracker accepts (a hand
	// over the board, a bumped board), for the log and the page.
	OnEvent func(vision.Event)

	// DoubtFrames is how many frames in a row must read the same stones
	// with the same few doubtful points before the doubt is told
	// (NotifyDoubt) [30, about 2 s]; standing doubts count only where they
	// hold the view up.
	DoubtFrames int
	onDoubt     func(stones, empty []rules.Point)
	// standing are the doubts that were there, looking the same, before
	// the last move: the light (a patch of sunlight), not news. They are
	// neither told nor named in a view.
	standing vision.StandingDoubts

	// follow, when set, is told the reading and its frame whenever the
	// corners the board is read at change (the reader found it moved):
	// the arm follows it.
	follow   func(*vision.Reading, *vision.Planes) error
	followed [4]vision.Point
}

// NewEyes watches an n x n board whose calibrated corners (a15, o15, o1,
// a1) are given, through w (whose Size, Corners and Tracker it sets).
func NewEyes(w *vision.Watcher, n int, corners [4]vision.Point) *Eyes {
	w.Size, w.Corners = n, corners
	if w.Tracker == nil {
		w.Tracker = vision.NewTracker()
	}
	// The tracker follows a board with a few points in doubt; LookFor
	// decides whether they can be trusted.
	w.Tracker.Unsure = vision.FewDoubtful
	return &Eyes{Watcher: w, Corners: corners}
}

// ErrCameraEnded is a finite camera source (a video file, a folder of
// images) that has no more frames.
var ErrCameraEnded error = errmsg.New("err.camera-ended")

// Look implements game.Eyes: it reads frames until the tracker has a
// board and the latest Hold frames all read that same board with no
// doubtful point (nothing over the board), then returns it. A lost
// camera is waited out (the capture.Camera reopens it) until ctx ends.
func (e *Eyes) Look(ctx context.Context) (game.Sight, error) { return e.LookFor(ctx, nil) }

// LookFor implements game.Expecter: as Look, but the frames may keep a
// few doubtful points (vision.FewDoubtful) that read as want says;
// the view names those that are news (Sight.Unsure): not those that stood,
// looking the same, since before the last move (the light).
func (e *Eyes) LookFor(ctx context.Context, want game.Expect) (game.Sight, error) {
	w := e.Watcher
	hold := w.Tracker.Hold
	if hold <= 0 {
		hold = 3
	}
	// agree counts the latest frames that read the same board with no
	// doubtful point but those want vouches for; the tracker accepts a
	// board after Hold of them.
	agree := 0
	var prev [][]vision.Stone
	var unsure [][2]int
	doubt := doubtSpell{frames: e.DoubtFrames}
	for {
		if err := ctx.Err(); err != nil {
			return game.Sight{}, err
		}
		evs, err := w.Step(ctx)
		if errors.Is(err, io.EOF) {
			return game.Sight{}, ErrCameraEnded
		}
		if err != nil {
			return game.Sight{}, errmsg.Wrap(err, "err.camera-lost")
		}
		if e.OnEvent != nil {
			for _, ev := range evs {
				e.OnEvent(ev)
			}
		}
		b, r := w.Tracker.Board(), w.Last.Reading
		// doubtful are the points the reader doubts; news those of them
		// that are not standing doubts (see vision.StandingDoubts): a view
		// names only those, and a doubt is told only of those unless it
		// holds the view up (a point want does not vouch for: the watched
		// hand's Look for a fallen stone waits for it to be cleared).
		var doubtful, news [][2]int
		if r != nil {
			doubtful = r.Doubtful(w.Tracker.MinConf)
			news = e.standing.News(w.Last.Frame, r, doubtful)
		}
		vouched := len(doubtful) > 0 && e.vouches(want, r, doubtful)
		spell := doubtful
		if vouched {
			spell = news
		}
		if ps := doubt.step(r, spell); ps != nil && e.onDoubt != nil {
			var stones, empty [][2]int
			for _, p := range ps {
				if r.Stones[p[0]][p[1]] == vision.Empty {
					empty = append(empty, p)
				} else {
					stones = append(stones, p)
				}
			}
			sp, err1 := e.points(stones, r)
			ep, err2 := e.points(empty, r)
			if err1 == nil && err2 == nil {
				e.onDoubt(sp, ep)
			}
		}
		switch {
		case r == nil || len(doubtful) > 0 && !vouched:
			agree, prev = 0, nil
		case prev != nil && same(prev, r.Stones):
			agree++
			unsure = append(unsure, news...)
		default:
			agree, prev, unsure = 1, r.Stones, slices.Clone(news)
		}
		if agree >= hold && b != nil && same(b, r.Stones) {
			g, err := e.grid(len(b), r.Corners)
			if err != nil {
				return game.Sight{}, err
			}
			board, err := g.board(b)
			if err != nil {
				return game.Sight{}, err
			}
			if e.follow != nil && r.Corners != e.followed {
				if err := e.follow(r, w.Last.Frame); err != nil {
					return game.Sight{}, err
				}
				e.followed = r.Corners
			}
			pl := w.Last.Frame
			e.standing.Seen(pl, r, doubtful)
			centre := func(p rules.Point) (dx, dy float64, err error) {
				i, j := g.at(p)
				du, dv, err := vision.StoneCentre(pl, r, i, j)
				if err != nil {
					return 0, 0, err
				}
				dx, dy = g.off(du, dv)
				return dx, dy, nil
			}
			sight := game.Sight{Board: board, Evidence: pl.Luma, Centre: centre}
			if len(unsure) > 0 {
				slices.SortFunc(unsure, func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) })
				if sight.Unsure, err = e.points(slices.Compact(unsure), r); err != nil {
					return game.Sight{}, err
				}
			}
			return sight, nil
		}
	}
}

// vouches reports whether want vouches for the reading's few doubtful
// points: each reads as want says.
func (e *Eyes) vouches(want game.Expect, r *vision.Reading, doubtful [][2]int) bool {
	if want == nil || len(doubtful) > vision.FewDoubtful {
		return false
	}
	g, err := e.grid(len(r.Stones), r.Corners)
	if err != nil {
		return false
	}
	for _, p := range doubtful {
		if colour(r.Stones[p[0]][p[1]]) != want(g.point(p[0], p[1])) {
			return false
		}
	}
	return true
}

// NotifyDoubt implements game.Doubter.
func (e *Eyes) NotifyDoubt(f func(stones, empty []rules.Point)) { e.onDoubt = f }

// doubtSpell follows readings that stay doubtful while nothing moves.
type doubtSpell struct {
	frames int // frames the spell must last [30]
	run    int
	stones [][]vision.Stone
	points [][2]int
}

// step takes the next reading and its doubtful points (row, column) and
// returns those once they have held for the spell's frames, once a spell.
func (d *doubtSpell) step(r *vision.Reading, ps [][2]int) [][2]int {
	frames := d.frames
	if frames <= 0 {
		frames = 30
	}
	if len(ps) == 0 || len(ps) > vision.FewDoubtful {
		d.run = 0
		return nil
	}
	if d.run > 0 && same(d.stones, r.Stones) && slices.Equal(d.points, ps) {
		d.run++
	} else {
		d.run, d.stones, d.points = 1, r.Stones, ps
	}
	if d.run == frames {
		return ps
	}
	return nil
}

// points turns the reader's points (row, column from the image's
// top-left grid corner) into the rules' points.
func (e *Eyes) points(ps [][2]int, r *vision.Reading) ([]rules.Point, error) {
	g, err := e.grid(len(r.Stones), r.Corners)
	if err != nil {
		return nil, err
	}
	out := make([]rules.Point, len(ps))
	for k, p := range ps {
		out[k] = g.point(p[0], p[1])
	}
	// In the board's order, row by row from a1.
	slices.SortFunc(out, func(a, b rules.Point) int { return cmp.Or(a.Y-b.Y, a.X-b.X) })
	return out, nil
}

func same(a, b [][]vision.Stone) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if len(a[i]) != len(b[i]) {
			return false
		}
		for j := range a[i] {
			if a[i][j] != b[i][j] {
				return false
			}
		}
	}
	return true
}

// grid is how the reader's points (row 0 from the image's top-left grid
// corner seen) lie on the rules' board: the point at that corner, and the
// unit steps along an image row and down an image column.
type grid struct {
	n            int
	tl, col, row rules.Point
}

// grid finds how the reader's points lie for corners seen (TL, TR, BR, BL):
// each image corner is the nearest calibrated corner, whose point is
// known.
func (e *Eyes) grid(n int, seen [4]vision.Point) (grid, error) {
	k, err := calibratedCorner(e.Corners, seen)
	if err != nil {
		return grid{}, err
	}
	m := n - 1
	at := cornerPoints(n)
	tl, tr, bl := at[k[0]], at[k[1]], at[k[3]]
	return grid{n: n, tl: tl,
		col: rules.Point{X: (tr.X - tl.X) / m, Y: (tr.Y - tl.Y) / m},
		row: rules.Point{X: (bl.X - tl.X) / m, Y: (bl.Y - tl.Y) / m}}, nil
}

// point is the rules' point at the reader's row i, column j.
func (g grid) point(i, j int) rules.Point {
	return rules.Point{X: g.tl.X + j*g.col.X + i*g.row.X, Y: g.tl.Y + j*g.col.Y + i*g.row.Y}
}

// at is the reader's row and column of the rules' point p.
func (g grid) at(p rules.Point) (i, j int) {
	d := rules.Point{X: p.X - g.tl.X, Y: p.Y - g.tl.Y}
	return d.X*g.row.X + d.Y*g.row.Y, d.X*g.col.X + d.Y*g.col.Y
}

// off turns an offset along the reader's columns and rows (du, dv) into
// one along the rules' board (dx toward column o, dy toward row 15).
func (g grid) off(du, dv float64) (dx, dy float64) {
	return du*float64(g.col.X) + dv*float64(g.row.X), du*float64(g.col.Y) + dv*float64(g.row.Y)
}

// board turns the reader's stones into a rules.Board.
func (g grid) board(stones [][]vision.Stone) (*rules.Board, error) {
	b, err := rules.NewBoard(g.n)
	if err != nil {
		return nil, err
	}
	for i, line := range stones {
		for j, s := range line {
			if c := colour(s); c != rules.Empty {
				b.Set(g.point(i, j), c)
			}
		}
	}
	return b, nil
}

// colour is the rules' colour of the reader's stone.
func colour(s vision.Stone) rules.Color {
	switch s {
	case vision.Black:
		return rules.Black
	case vision.White:
		return rules.White
	}
	return rules.Empty
}

// calibratedCorner tells, for each corner seen (the reader's, in its
// order), which of the calibrated corners (a15, o15, o1, a1) it is: the
// nearest. Two seen near one calibrated corner is a board turned or moved
// too far to tell.
func calibratedCorner(calibrated, seen [4]vision.Point) (k [4]int, err error) {
	used := [4]bool{}
	for i, c := range seen {
		best := math.Inf(1)
		for j, p := range calibrated {
			if d := math.Hypot(c.X-p.X, c.Y-p.Y); d < best {
				k[i], best = j, d
			}
		}
		if used[k[i]] {
			return k, errmsg.New("err.board-moved", fmt.Sprint(seen), fmt.Sprint(calibrated))
		}
		used[k[i]] = true
	}
	return k, nil
}
