//go:build cgo

package rig

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"tengen/i18n/errmsg"

	"tengen/arm"
	"tengen/calibration"
	"tengen/game"
	"tengen/vision"
	"tengen/vision/aruco"
	"tengen/vision/capture"
)

// openEyes opens the camera name and the board reader over it
// (NewWatcher); with an arm, the arm follows the board when the reader
// finds it moved.
func openEyes(name string, cal *calibration.File, notify func(string), a *arm.Arm) (game.Eyes, io.Closer, error) {
	var f *follower
	if a != nil {
		var err error
		if f, err = newFollower(a, cornersOf(cal), notify); err != nil {
			return nil, nil, err
		}
	}
	cam, err := OpenCamera(name, notify)
	if err != nil {
		return nil, nil, err
	}
	w, err := NewWatcher(cal, cam)
	if err != nil {
		cam.Close()
		return nil, nil, err
	}
	e := NewEyes(w, cal.Board.Size, cornersOf(cal))
	if f != nil {
		e.follow = f.follow
	}
	return e, closers{cam, w.Lens}, nil
}

// NewWatcher is the board reader the calibration describes, over cam: its
// size and corners, the lens's distortion undone when the camera was
// calibrated (`tengen calibrate camera`; the board's corners were then
// found in undistorted frames too), and the board found again with the
// help of ArUco markers when they are in view. The caller closes its Lens
// (a nil Lens closes as nothing).
func NewWatcher(cal *calibration.File, cam *capture.Camera) (*vision.Watcher, error) {
	w := &vision.Watcher{Camera: cam, Size: cal.Board.Size, Corners: cornersOf(cal),
		Relocate: func(pl *vision.Planes, n int) ([4]vision.Point, float64, error) {
			c, s, _, err := aruco.LocateBoard(pl, n)
			return c, s, err
		}}
	var err error
	if w.Lens, err = LensOf(cal); err != nil {
		return nil, err
	}
	return w, nil
}

// LensOf is the calibration's lens model, nil when the camera was not
// calibrated.
func LensOf(cal *calibration.File) (*vision.Lens, error) {
	if len(cal.Camera.Distortion) == 0 {
		return nil, nil
	}
	l, err := vision.NewLens(cal.Camera.Matrix, cal.Camera.Distortion)
	if err != nil {
		return nil, fmt.Errorf("the calibration's camera.matrix and camera.distortion: %w", err)
	}
	return l, nil
}

func cornersOf(cal *calibration.File) (c [4]vision.Point) {
	for k, p := range cal.Board.Corners {
		c[k] = vision.Point{X: p[0], Y: p[1]}
	}
	return c
}

// closers closes the camera and the lens model.
type closers struct {
	cam  io.Closer
	lens *vision.Lens
}

func (c closers) Close() error {
	c.lens.Close()
	return c.cam.Close()
}

// OpenCamera opens the camera source name once, so that a wrong name
// fails at once with a clear error, and returns a capture.Camera that
// reopens it whenever it is lost, telling notify.
func OpenCamera(name string, notify func(string)) (*capture.Camera, error) {
	switch {
	case name == "" || name == "sim":
		return nil, errmsg.New("err.no-camera-named", strconv.Quote(name))
	case strings.HasPrefix(name, "/dev/"):
		if _, err := os.Stat(name); err != nil {
			return nil, errmsg.Mark(err, "err.no-camera-at", name)
		}
	}
	src, err := capture.Open(name)
	if err != nil {
		return nil, errmsg.Mark(err, "err.camera-busy", name, err.Error())
	}
	first := src
	cam := &capture.Camera{Open: func() (capture.Source, error) {
		if first != nil {
			s := first
			first = nil
			return s, nil
		}
		return capture.Open(name)
	}}
	if notify != nil {
		cam.OnStatus = func(s capture.Status) {
			if s.Lost {
				notify(fmt.Sprintf("camera %s lost (%v): check its cable; waiting for it", name, s.Err))
			} else {
				notify(fmt.Sprintf("camera %s is back", name))
			}
		}
	}
	return cam, nil
}
