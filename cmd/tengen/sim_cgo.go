//go:build cgo

package main

import (
	"tengen/sim"
)

// renderedCamera renders the world and reads it with the vision code.
// Until the renderer lands, the simulation falls back to the exact camera.
func renderedCamera() (sim.Camera, error) {
	return sim.TruthCamera{}, nil
}
