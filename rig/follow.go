//go:build cgo

package rig

import (
	"fmt"

	"tengen/arm"
	"tengen/i18n/errmsg"
	"tengen/kinematics"
	"tengen/rules"
	"tengen/vision"
)

// Limits of following a moved board with the arm.
const (
	// followMinMM: a board found nearer than this to where the arm has it
	// is where it was (the camera's scatter).
	followMinMM = 0.5
	// followMaxSteps: a board found further than this share of a grid step
	// from where it was set up is not followed: a lattice a line off looks
	// like a move of a whole step, and past half a step the two cannot be
	// told apart.
	followMaxSteps = 0.5
)

// follower has the arm place on the board where the camera sees it, after
// a bump: the fixed camera sees the board plane through a homography, so
// the corners the reader found move the calibrated board (the arm's
// layout at start) rigidly to where it lies now.
type follower struct {
	arm    *arm.Arm
	home   kinematics.Layout // the calibrated board
	image  [4]vision.Point   // its corners in the image as calibrated: a15, o15, o1, a1
	toArm  vision.Homography // image to the arm's x, y on the board plane
	notify func(string)
	// started: the first reading was seen. Read at the calibrated
	// corners, the board is where it was calibrated, and its corners on
	// the lines (nearer the truth than corners clicked by hand) map onto
	// the arm's board from then on.
	started bool
}

// cornerPoints are the board points of the calibration's corner order.
func cornerPoints(n int) [4]rules.Point {
	m := n - 1
	return [4]rules.Point{{X: 0, Y: m}, {X: m, Y: m}, {X: m, Y: 0}, {X: 0, Y: 0}}
}

func newFollower(a *arm.Arm, image [4]vision.Point, notify func(string)) (*follower, error) {
	f := &follower{arm: a, home: a.Layout(), image: image, notify: notify}
	h, err := vision.QuadHomography(image, f.onArm())
	if err != nil {
		return nil, fmt.Errorf("the calibrated board corners: %w", err)
	}
	f.toArm = h
	return f, nil
}

// onArm are the calibrated board's corners a15, o15, o1, a1 in the arm's
// frame (x, y).
func (f *follower) onArm() (c [4]vision.Point) {
	for i, p := range cornerPoints(f.home.Size) {
		q := f.home.Intersection(p)
		c[i] = vision.Point{X: q[0], Y: q[1]}
	}
	return c
}

// label puts corners (the reader's, in its order) in the calibration's
// order a15, o15, o1, a1.
func (f *follower) label(corners [4]vision.Point) (out [4]vision.Point, err error) {
	k, err := calibratedCorner(f.image, corners)
	for i, c := range corners {
		out[k[i]] = c
	}
	return out, err
}

// follow moves the arm's board to where the reading's corners, moved onto
// the grid lines of its frame (vision.RefineCorners; the reader's own
// where the lines do not show), put it, or reports a board moved too far
// to follow.
func (f *follower) follow(r *vision.Reading, pl *vision.Planes) error {
	corners := r.Corners
	if pl != nil {
		if on, err := vision.RefineCorners(pl, r.Size, r.Corners, r.Stones); err == nil {
			corners = on
		}
	}
	seen, err := f.label(corners)
	if err != nil {
		return err
	}
	if !f.started {
		f.started = true
		if read, err := f.label(r.Corners); err == nil && read == f.image {
			h, err := vision.QuadHomography(seen, f.onArm())
			if err == nil {
				f.toArm = h
			}
			return err
		}
	}
	var from, to [4][2]float64
	onArm := f.onArm()
	for k, c := range seen {
		a := f.toArm.Apply(c.X, c.Y)
		from[k], to[k] = [2]float64{onArm[k].X, onArm[k].Y}, [2]float64{a.X, a.Y}
	}
	now := f.home.Moved(from, to)
	if d := now.Apart(f.home); d > followMaxSteps*f.home.StepX.Norm() {
		return errmsg.New("err.board-moved-far", fmt.Sprintf("%.1f", d))
	}
	d := now.Apart(f.arm.Layout())
	if d <= followMinMM {
		return nil
	}
	if err := f.arm.MoveBoard(now.A1, now.StepX, now.StepY); err != nil {
		return fmt.Errorf("following the board moved %.1f mm: %w", d, err)
	}
	if f.notify != nil {
		f.notify(fmt.Sprintf("the board moved %.1f mm: the arm now places on it where the camera sees it", d))
	}
	return nil
}
