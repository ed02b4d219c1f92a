package vision

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// Observation is one frame as read: the frame itself (the evidence a
// person or a log can look at) and its reading; Reading is nil when the
// board could not be read at all (no grid in view).
type Observation struct {
	Seq     int
	Time    time.Time
	Frame   *Planes
	Reading *Reading
}

// EventKind says what happened on the board.
type EventKind int

// The events a Tracker emits.
const (
	Stable     EventKind = iota // the first board, or the board unchanged after an occlusion
	Placed                      // one new stone
	PlacedMany                  // several new stones at once
	Removed                     // one or more stones gone, nothing added
	Moved                       // a stone slid to a neighbouring point
	Changed                     // any other change (stones swapped, added and removed)
	Occluded                    // something (a hand, the arm) is over the board
	Shifted                     // the board moved in the image; no move is inferred from it
)

func (k EventKind) String() string {
	return [...]string{"stable", "placed", "placed-many", "removed", "moved", "changed", "occluded", "shifted"}[k]
}

// Change is one point that changed: Was and Now are its old and new state.
type Change struct {
	Row, Col int
	Was, Now Stone
}

// Event is a change the tracker accepted, with the frame that confirmed it.
type Event struct {
	Kind    EventKind
	Changes []Change  // for Placed, PlacedMany, Removed, Moved, Changed
	Board   [][]Stone // the board after the event
	Corners [4]Point  // where the board is now (new corners for Shifted)
	// Evidence is the observation that confirmed the event (the last of
	// the frames it had to hold for).
	Evidence Observation
}

func (e Event) String() string {
	s := fmt.Sprintf("%s (frame %d)", e.Kind, e.Evidence.Seq)
	for _, c := range e.Changes {
		s += fmt.Sprintf(" r%dc%d:%c>%c", c.Row, c.Col, c.Was, c.Now)
	}
	return s
}

// Tracker turns a stream of readings into board events. A change is
// accepted only after the same reading holds for Hold frames in a row; a
// frame with more than Unsure doubtful points or an implausible burst of
// changes counts as an occlusion (a hand or the arm over the board), which
// is waited out.
type Tracker struct {
	// Hold is how many consecutive frames must agree (default 3).
	Hold int
	// MinConf is the confidence below which a point makes its frame
	// doubtful (default Sure); MaxBurst is the most points that may change
	// in one move before the frame counts as occluded (default 4).
	MinConf  float64
	MaxBurst int
	// Unsure is how many doubtful points a frame may have and still be
	// read, as the reader's best guess at them (default 0). A patch of
	// sunlight can wash out an empty point's lines for a whole game: the
	// board goes on being tracked, and whoever uses it decides whether
	// those points can be trusted.
	Unsure int

	board       [][]Stone // accepted; nil before the first stable board
	corners     [4]Point
	occluded    bool
	cand        [][]Stone // the reading waiting to be accepted
	candCorners [4]Point
	candN       int
}

// NewTracker returns a tracker with the defaults. It asks for Sure: the
// reader reads surely a stone a visitor sets a third of a step off its
// point (see lookOff), and what it doubts (a stone nearer halfway, a
// patch of sunlight that may be a white stone) is for the player to set
// straight or shade.
func NewTracker() *Tracker { return &Tracker{Hold: 3, MinConf: Sure, MaxBurst: 4} }

// Sure is the least confidence of a point read surely. The reader reads
// what it doubts below it (a stone off its point, offDoubt; one between
// points, strayConf; a sunbeam that may be a white stone), and vision
// bench counts a misread at or above it as confident.
const Sure = 0.5

// Board returns the accepted board (nil before the first event).
func (t *Tracker) Board() [][]Stone { return t.board }

// Feed takes the next observation and returns the events it completes.
func (t *Tracker) Feed(o Observation) []Event {
	r := o.Reading
	var ev []Event
	doubtful := r == nil
	if r != nil {
		if len(r.Doubtful(t.MinConf)) > t.Unsure {
			doubtful = true
		}
		if t.board != nil && len(r.Stones) != len(t.board) {
			doubtful = true
		}
	}
	if !doubtful && t.board != nil {
		if n := len(diff(t.board, r.Stones)); n > t.MaxBurst {
			doubtful = true
		}
	}
	if doubtful {
		t.cand, t.candN = nil, 0
		if !t.occluded && t.board != nil {
			t.occluded = true
			ev = append(ev, Event{Kind: Occluded, Board: t.board, Corners: t.corners, Evidence: o})
		}
		return ev
	}
	if t.cand != nil && equalBoards(t.cand, r.Stones) && cornerShift(t.candCorners, r.Corners, len(r.Stones)) <= 0.3 {
		t.candN++
	} else {
		t.cand, t.candCorners, t.candN = copyBoard(r.Stones), r.Corners, 1
	}
	if t.candN < t.Hold {
		return nil
	}
	// The reading has held: accept it.
	shifted := t.board != nil && cornerShift(t.corners, r.Corners, len(r.Stones)) > 0.3
	if shifted {
		ev = append(ev, Event{Kind: Shifted, Board: t.board, Corners: r.Corners, Evidence: o})
	}
	t.corners = r.Corners
	if t.board == nil {
		t.board = copyBoard(r.Stones)
		t.occluded = false
		return append(ev, Event{Kind: Stable, Board: t.board, Corners: t.corners, Evidence: o})
	}
	ch := diff(t.board, r.Stones)
	wasOccluded := t.occluded
	t.occluded = false
	if len(ch) == 0 {
		if wasOccluded {
			ev = append(ev, Event{Kind: Stable, Board: t.board, Corners: t.corners, Evidence: o})
		}
		return ev
	}
	t.board = copyBoard(r.Stones)
	t.cand, t.candN = nil, 0
	return append(ev, Event{Kind: classifyChange(ch), Changes: ch, Board: t.board, Corners: t.corners, Evidence: o})
}

func classifyChange(ch []Change) EventKind {
	var added, removed []Change
	for _, c := range ch {
		switch {
		case c.Was == Empty:
			added = append(added, c)
		case c.Now == Empty:
			removed = append(removed, c)
		default:
			return Changed // a stone changed colour
		}
	}
	switch {
	case len(removed) == 0 && len(added) == 1:
		return Placed
	case len(removed) == 0:
		return PlacedMany
	case len(added) == 0:
		return Removed
	case len(added) == 1 && len(removed) == 1 && added[0].Now == removed[0].Was &&
		abs(added[0].Row-removed[0].Row) <= 1 && abs(added[0].Col-removed[0].Col) <= 1:
		return Moved
	}
	return Changed
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func diff(a, b [][]Stone) []Change {
	var out []Change
	for r := range a {
		for c := range a[r] {
			if a[r][c] != b[r][c] {
				out = append(out, Change{r, c, a[r][c], b[r][c]})
			}
		}
	}
	return out
}

func equalBoards(a, b [][]Stone) bool {
	return slices.EqualFunc(a, b, func(x, y []Stone) bool { return slices.Equal(x, y) })
}

func copyBoard(b [][]Stone) [][]Stone {
	out := make([][]Stone, len(b))
	for i := range b {
		out[i] = append([]Stone(nil), b[i]...)
	}
	return out
}

// cornerShift is the largest corner movement in grid steps.
func cornerShift(a, b [4]Point, n int) float64 {
	step := math.Hypot(a[1].X-a[0].X, a[1].Y-a[0].Y) / float64(n-1)
	return quadDist(a, b) / math.Max(step, 1)
}
