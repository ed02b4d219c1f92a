package sim

import (
	"errors"
	"math"
	"tengen/i18n/errmsg"
)

// Errors of a faulty camera, as a capture device gives them.
var (
	errFrameDropped = errors.New("camera: frame dropped (timeout waiting for the next frame)")
	errUnplugged    = errors.New("camera: no such device (unplugged)")
)

// Exposure is how a frame's light differs from the calibrated one: the
// sensor's gain (1: as calibrated; over 1 over-exposed, clipping the
// white stones and the wood together), a gamma on the result, and the
// light's colour temperature as the sensor's white balance misses it.
// The zero value changes nothing.
type Exposure struct {
	Gain  float64 // multiplies the light [1]
	Gamma float64 // output = input^Gamma on 0..1 [1]
	// Warmth tints the light: +1 a tungsten lamp's (red up, blue down),
	// −1 a cold daylight's, 0 neutral.
	Warmth float64
}

// poseChecker is a camera that can look for the board on demand (before
// the robot moves), which a rendered camera does by searching the frame.
type poseChecker interface{ CheckPose(w *World) *BoardPose }

// CheckPose implements poseChecker when the camera inside does, and no
// fault is under way.
func (c *faultyCamera) CheckPose(w *World) *BoardPose {
	if pc, ok := c.Camera.(poseChecker); ok && c.idle() {
		return pc.CheckPose(w)
	}
	return nil
}

// relighter is a camera that renders the light: the exposure and light
// faults re-light its frames, which the reader then reads right or finds
// unreadable, instead of blanking them.
type relighter interface{ SetExposure(Exposure) }

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
	lit    bool   // the camera is re-lit by the fault in progress
}

// View implements Camera.
func (c *faultyCamera) View(w *World) (View, error) {
	if c.left == 0 {
		if c.lit {
			c.Camera.(relighter).SetExposure(Exposure{}) // the light is back to the calibrated one
			c.lit = false
		}
		c.active = ""
		for _, n := range cameraFaults {
			if n == FaultFrozen && c.seq == 0 {
				continue // nothing to repeat yet
			}
			if c.in.roll(n) {
				c.in.inject(n, errmsg.M("sim.for-frames", cameraFrames[n]))
				c.active, c.left = n, cameraFrames[n]
				if r, ok := c.Camera.(relighter); ok && (n == FaultExposure || n == FaultLight) {
					r.SetExposure(c.exposure(n))
					c.lit = true
				}
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
			if !c.lit {
				return View{}, nil // a frame the reader finds no board in
			}
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

// exposure draws the light of an exposure fault (far over- or
// under-exposed, any gamma) or of a light fault (a milder change of
// brightness and colour: a lamp switched, the sun through a window).
func (c *faultyCamera) exposure(fault string) Exposure {
	span := func(lo, hi float64) float64 { return lo * math.Pow(hi/lo, c.in.rand()) } // log-uniform
	if fault == FaultLight {
		return Exposure{Gain: span(0.5, 1.6), Gamma: span(0.7, 1.4), Warmth: 2*c.in.rand() - 1}
	}
	e := Exposure{Gain: span(2, 5), Gamma: span(0.5, 2), Warmth: c.in.rand() - 0.5}
	if c.in.rand() < 0.5 {
		e.Gain = span(0.03, 0.3)
	}
	return e
}

// idle reports whether no camera fault is in progress.
func (c *faultyCamera) idle() bool { return c.left == 0 }
