package vision

import (
	"context"

	"tengen/vision/capture"
)

// Watcher reads frames from a camera, reads the board in each and feeds
// the tracker. When readings stay doubtful for a while (the board was
// bumped, so the grid no longer sits where it was), it localises the
// board again and carries on at the new corners; the tracker then
// reports a shifted board, and no move is invented from it.
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

	doubtful int
}

// Step reads one frame and returns the events it completes.
func (w *Watcher) Step(ctx context.Context) ([]Event, error) {
	fr, err := w.Camera.Next(ctx)
	if err != nil {
		return nil, err
	}
	defer fr.Image.Close()
	pl, err := PlanesFromMat(fr.Image)
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
		if c, _, err := relocate(pl, w.Size); err == nil {
			w.Corners = c
		}
		w.doubtful = 0
	}
	if w.Corners != ([4]Point{}) {
		if r, err := ReadStones(pl, w.Size, w.Corners); err == nil {
			obs.Reading = r
			if c, _, _ := r.MinConf(); c < w.Tracker.MinConf {
				w.doubtful++
			} else {
				w.doubtful = 0
			}
		}
	}
	w.Last = obs
	return w.Tracker.Feed(obs), nil
}
