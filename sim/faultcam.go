package sim

import (
	"errors"
	"strconv"
)

// Errors of a faulty camera, as a capture device gives them.
var (
	errFrameDropped = errors.New("camera: frame dropped (timeout waiting for the next frame)")
	errUnplugged    = errors.New("camera: no such device (unplugged)")
)

// cameraFaults are the faults faultyCamera injects, in the order rolled.
var cameraFaults = []string{FaultUnplug, FaultCover, FaultLight, FaultFrozen, FaultExposure, FaultFrameDrop}

// faultyCamera wraps a camera with the faults of a real one. It numbers
// the frames it delivers (View.Seq), as a capture driver does, so that a
// frozen camera shows as a repeated number.
type faultyCamera struct {
	Camera
	in     *injector
	seq    uint64
	last   View
	active string // the fault in progress, "" for none
	left   int    // its frames still to come
}

// View implements Camera.
func (c *faultyCamera) View(w *World) (View, error) {
	if c.left == 0 {
		c.active = ""
		for _, n := range cameraFaults {
			if n == FaultFrozen && c.seq == 0 {
				continue // nothing to repeat yet
			}
			if c.in.roll(n) {
				c.in.inject(n, "for "+plural(cameraFrames[n], "frame"))
				c.active, c.left = n, cameraFrames[n]
				break
			}
		}
	}
	if c.active != "" {
		c.left--
		switch c.active {
		case FaultFrameDrop:
			return View{}, errFrameDropped
		case FaultUnplug:
			return View{}, errUnplugged
		case FaultFrozen:
			return c.last, nil // the same frame, number and all
		case FaultExposure, FaultLight:
			return View{}, nil // a frame the reader finds no board in
		case FaultCover:
			return View{Occluded: true}, nil
		}
	}
	v, err := c.Camera.View(w)
	if err != nil {
		return v, err
	}
	c.seq++
	v.Seq = c.seq
	c.last = v
	return v, nil
}

// idle reports whether no camera fault is in progress.
func (c *faultyCamera) idle() bool { return c.left == 0 }

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func cameraFault(name string) bool {
	for _, n := range cameraFaults {
		if n == name {
			return true
		}
	}
	return false
}
