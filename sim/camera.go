package sim

import (
	"image"

	"tengen/kinematics"
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
	// Pose is where the camera sees the board, if it knows.
	Pose *BoardPose
	// Centre, if set, says where the stone on a point lies (see
	// game.Sight).
	Centre func(p rules.Point) (dx, dy float64, err error)
	// Unsure are the few points of Board the camera cannot vouch for
	// (game.Expecter): a view with them is steady only for a look that
	// expects what they read.
	Unsure []rules.Point
	// Standing are those of Unsure that are no news: doubts that stood,
	// looking the same, since before the last move the game took
	// (vision.StandingDoubts): the light, not a stone. A view names the
	// others (game.Sight.Unsure).
	Standing []rules.Point
	// Taken, if set, is called when the game takes this view (Eyes
	// return it): the camera's standing doubts learn of the move.
	Taken func()
}

// BoardPose is where the board lies in the arm's frame: its first point
// (a1) and the steps along a row and along a column. The camera is fixed
// to the arm's frame, so a board it finds moved in the image is a board
// moved for the arm.
type BoardPose struct{ A1, StepX, StepY kinematics.Vec3 }

// poseOf returns a layout's board pose.
func poseOf(l kinematics.Layout) *BoardPose { return &BoardPose{l.A1, l.StepX, l.StepY} }

// apart returns how far (mm, horizontally) the board's corner points lie
// between the pose and the layout.
func (p BoardPose) apart(l kinematics.Layout) float64 { return layoutAt(l, p).Apart(l) }

// layoutAt is l with its board at pose p.
func layoutAt(l kinematics.Layout, p BoardPose) kinematics.Layout {
	l.A1, l.StepX, l.StepY = p.A1, p.StepX, p.StepY
	return l
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
	return View{Board: b, Pose: poseOf(w.layout()), Centre: w.Centre}, nil
}
