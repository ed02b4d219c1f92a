//go:build !cgo

package main

import (
	"errors"

	"tengen/sim"
)

// renderedCamera needs the vision code, which needs cgo (OpenCV).
func renderedCamera() (sim.Camera, error) {
	return nil, errors.New("the rendered camera needs a build with cgo and OpenCV; use --camera truth")
}
