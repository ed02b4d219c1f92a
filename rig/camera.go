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
	"tengen/vision/capture"
)

// openEyes opens the camera name and the board reader over it, with the
// board's corners from the calibration; with an arm, the arm follows the
// board when the reader finds it moved.
func openEyes(name string, cal *calibration.File, notify func(string), a *arm.Arm) (game.Eyes, io.Closer, error) {
	var corners [4]vision.Point
	for k, c := range cal.Board.Corners {
		corners[k] = vision.Point{X: c[0], Y: c[1]}
	}
	var f *follower
	if a != nil {
		var err error
		if f, err = newFollower(a, corners, notify); err != nil {
			return nil, nil, err
		}
	}
	cam, err := OpenCamera(name, notify)
	if err != nil {
		return nil, nil, err
	}
	e := NewEyes(&vision.Watcher{Camera: cam}, cal.Board.Size, corners)
	if f != nil {
		e.follow = f.follow
	}
	return e, cam, nil
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
