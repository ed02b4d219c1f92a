//go:build !cgo

package rig

import (
	"errors"
	"io"

	"tengen/arm"
	"tengen/calibration"
	"tengen/game"
)

// openEyes needs the vision code, which needs cgo (OpenCV): a build
// without it drives the arm but cannot see the board.
func openEyes(name string, cal *calibration.File, notify func(string), a *arm.Arm) (game.Eyes, io.Closer, error) {
	return nil, nil, errors.New("this build has no camera support (it was built without cgo and OpenCV): build natively on the Pi (make build)")
}
