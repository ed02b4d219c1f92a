//go:build cgo

package main

import "tengen/sim"

// renderedCamera renders the world and reads it with the vision code.
func renderedCamera() (sim.Camera, error) { return sim.NewRenderedCamera(), nil }
