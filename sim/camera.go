package sim

import (
	"image"

	"tengen/rules"
)

// View is what the camera makes of one frame.
type View struct {
	Board    *rules.Board
	Occluded bool // a hand (or the arm) covers part of the board
	Frame    image.Image
	// Seq numbers the frames a camera delivers (0: not numbered); a
	// repeated number is a stale frame.
	Seq uint64
}

// Camera turns the world into views, one frame at a time.
type Camera interface {
	View(w *World) (View, error)
}

// TruthCamera sees the world exactly: every stone on its nearest point,
// the hand as an occlusion. It is for tests of everything but vision.
type TruthCamera struct{}

// View implements Camera.
func (TruthCamera) View(w *World) (View, error) {
	if w.HandOver() != nil {
		return View{Occluded: true}, nil
	}
	b, _ := w.Truth()
	return View{Board: b}, nil
}
