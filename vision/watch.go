package vision

import (
	"context"
	"fmt"

	"gocv.io/x/gocv"

	"tengen/vision/capture"
)

// Lens is a camera's lens model (OpenCV's pinhole matrix and distortion
// coefficients, as in the calibration file).
type Lens struct {
	matrix, dist gocv.Mat
}

// NewLens builds a lens model from a row-major 3x3 matrix and OpenCV's
// distortion coefficients.
func NewLens(matrix, dist []float64) (*Lens, error) {
	if len(matrix) != 9 || len(dist) == 0 {
		return nil, fmt.Errorf("lens: want a 3x3 matrix and distortion coefficients, got %d and %d numbers", len(matrix), len(dist))
	}
	l := &Lens{matrix: gocv.NewMatWithSize(3, 3, gocv.MatTypeCV64F), dist: gocv.NewMatWithSize(1, len(dist), gocv.MatTypeCV64F)}
	for i, v := range matrix {
		l.matrix.SetDoubleAt(i/3, i%3, v)
	}
	for i, v := range dist {
		l.dist.SetDoubleAt(0, i, v)
	}
	return l, nil
}

// Undistort writes src as an ideal pinhole camera with the same matrix
// would have seen it.
func (l *Lens) Undistort(src gocv.Mat, dst *gocv.Mat) {
	gocv.Undistort(src, dst, l.matrix, l.dist, l.matrix)
}

// Close frees the model.
func (l *Lens) Close() {
	if l == nil {
		return
	}
	l.matrix.Close()
	l.dist.Close()
}

// Watcher reads frames from a camera, reads the board in each and feeds
// the tracker. A frame that a change of light has cast in another colour
// is given the colours of the first frame it read surely (balance.go).
// When readings stay doubtful for a while (the board was bumped, so the
// grid no longer sits where it was), it localises the board again and
// carries on at the new corners; the tracker then reports a shifted
// board, and no move is invented from it.
type Watcher struct {
	Camera  *capture.Camera
	Size    int
	Corners [4]Point // known corners (the calibration), or zero: find them
	Tracker *Tracker
	// Relocate finds the board (default Locate); Patience is how many
	// doubtful frames in a row make it try (default 5).
	Relocate func(*Planes, int) ([4]Point, float64, error)
	Patience int
	// Last is the latest frame as read, for a caller that needs to know
	// whether the view agrees with the accepted board right now.
	Last Observation
	// Lens, when set, undoes the lens distortion of each frame first
	// (the calibration's camera matrix and distortion coefficients).
	Lens *Lens

	doubtful int
	// wood is the board's colour in the first frame read surely, which
	// later frames are balanced to (balance.go).
	wood *[3]float64
}

// Step reads one frame and returns the events it completes.
func (w *Watcher) Step(ctx context.Context) ([]Event, error) {
	fr, err := w.Camera.Next(ctx)
	if err != nil {
		return nil, err
	}
	defer fr.Image.Close()
	m, done := w.Lens.undistorted(fr.Image)
	defer done()
	if w.wood != nil && w.Corners != ([4]Point{}) {
		if now, ok := woodColour(m, w.Size, w.Corners); ok {
			if g, ok := castGains(*w.wood, now); ok {
				b := balanced(m, g)
				defer b.Close()
				m = b
			}
		}
	}
	pl, err := PlanesFromMat(m)
	if err != nil {
		return nil, err
	}
	if w.Tracker == nil {
		w.Tracker = NewTracker()
	}
	relocate := w.Relocate
	if relocate == nil {
		relocate = Locate
	}
	patience := w.Patience
	if patience <= 0 {
		patience = 5
	}
	obs := Observation{Seq: fr.Seq, Time: fr.Time, Frame: pl}
	if w.Corners == ([4]Point{}) || w.doubtful >= patience {
		w.doubtful = 0
		// A frame too dark or too bright to read (or a hand over the
		// board) makes the search find a board a little off, or one
		// that is not there: new corners are taken only where the
		// stones read surely, unless there are none yet. They are put
		// on the grid lines first: the search is a few pixels off, and
		// a stone lying between two points would read surely on a grid
		// it pulled that far toward itself.
		if c, _, err := relocate(pl, w.Size); err == nil {
			if rc, err := RefineCorners(pl, w.Size, c, nil); err == nil {
				c = rc
			}
			if r, err := ReadStones(pl, w.Size, c); err == nil && (w.Corners == ([4]Point{}) || w.sure(r)) {
				w.Corners, obs.Reading = c, r
			}
		}
	}
	if obs.Reading == nil && w.Corners != ([4]Point{}) {
		if r, err := ReadStones(pl, w.Size, w.Corners); err == nil {
			obs.Reading = r
		}
	}
	if obs.Reading != nil {
		switch doubts := len(obs.Reading.Doubtful(w.Tracker.MinConf)); {
		case doubts == 0:
			w.doubtful = 0
			if w.wood == nil {
				if c, ok := woodColour(m, w.Size, w.Corners); ok {
					w.wood = &c
				}
			}
		case doubts <= FewDoubtful:
			// The doubt lies in those points, not in where the board is:
			// searching for it would find it where it is, at a cost.
			w.doubtful = 0
		default:
			w.doubtful++
		}
	}
	w.Last = obs
	return w.Tracker.Feed(obs), nil
}

// sure reports whether every point of r reads at the tracker's confidence.
func (w *Watcher) sure(r *Reading) bool { return len(r.Doubtful(w.Tracker.MinConf)) == 0 }

// FewDoubtful is the most points a reading may doubt for the doubt to lie
// in those points, not in the view: a stone between two points, a patch of
// sunlight or glare washing a point's lines out. More is a hand or the arm
// over the board, a change of light, or a board that moved.
const FewDoubtful = 3
