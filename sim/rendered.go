//go:build cgo

package sim

import (
	"fmt"
	"image"
	"math"

	"tengen/rules"
	"tengen/vision"
	"tengen/vision/synth"
)

// RenderedCamera renders the world as a camera above the board sees it
// (perspective, uneven light, glare, noise, the person's hand) and reads
// each frame with the real vision code, from the calibrated corners. A
// frame whose reading is unsure anywhere counts as occluded: the game
// waits for a clear view, as it does at a real table.
type RenderedCamera struct {
	Width, Height int
	// Corners are the board's outer grid corners in the image: a15, o15,
	// o1, a1 (the calibration's order).
	Corners [4]vision.Point
	Light   float64
	Glare   float64
	Noise   float64
	// MinConf is the least confidence of a clear view [0.5].
	MinConf float64
	// Exposure is the camera's exposure and the room's light on top of
	// the scene's (the exposure and light faults set it).
	Exposure Exposure
	frame    int64
}

// SetExposure implements relighter.
func (c *RenderedCamera) SetExposure(e Exposure) { c.Exposure = e }

// apply re-lights a rendered frame in place.
func (e Exposure) apply(img *image.RGBA) {
	if e == (Exposure{}) {
		return
	}
	gain, gamma := e.Gain, e.Gamma
	if gain <= 0 {
		gain = 1
	}
	if gamma <= 0 {
		gamma = 1
	}
	var lut [3][256]uint8
	for c, tint := range [3]float64{1 + 0.3*e.Warmth, 1, 1 - 0.3*e.Warmth} {
		for v := range 256 {
			x := math.Pow(math.Min(1, float64(v)/255*gain*math.Max(0, tint)), gamma)
			lut[c][v] = uint8(math.Round(255 * x))
		}
	}
	px := img.Pix
	for i := 0; i+3 < len(px); i += 4 {
		px[i], px[i+1], px[i+2] = lut[0][px[i]], lut[1][px[i+1]], lut[2][px[i+2]]
	}
}

// NewRenderedCamera returns a 1280x720 camera over a 15x15 board, seen
// slightly obliquely, with mild uneven light and noise.
func NewRenderedCamera() *RenderedCamera {
	return &RenderedCamera{Width: 1280, Height: 720,
		Corners: [4]vision.Point{{X: 372, Y: 58}, {X: 918, Y: 70}, {X: 940, Y: 652}, {X: 350, Y: 640}},
		Light:   0.3, Glare: 0.2, Noise: 4, MinConf: 0.5}
}

// View implements Camera.
func (c *RenderedCamera) View(w *World) (View, error) {
	n := w.Layout.Size
	scene := synth.Scene{Width: c.Width, Height: c.Height, Size: n, Corners: c.Corners,
		Stones: map[[2]int]vision.Stone{}, Offsets: map[[2]int][2]float64{},
		Light: c.Light, Glare: c.Glare, Noise: c.Noise, Hand: w.HandOver() != nil, Seed: c.frame}
	c.frame++
	pitch := w.pitch()
	for _, s := range w.Board() {
		p, _ := w.nearest(s.At)
		q := w.Layout.Intersection(p)
		k := [2]int{n - 1 - p.Y, p.X} // image row 0 is row n, the far side
		if _, taken := scene.Stones[k]; taken {
			continue // two stones on one point: the camera sees one
		}
		scene.Stones[k] = map[rules.Color]vision.Stone{rules.Black: vision.Black, rules.White: vision.White}[s.Colour]
		scene.Offsets[k] = [2]float64{(s.At[0] - q[0]) / pitch, -(s.At[1] - q[1]) / pitch}
	}
	img := synth.Render(scene)
	c.Exposure.apply(img)
	r, err := vision.ReadStones(synth.Planes(img), n, c.Corners)
	if err != nil {
		return View{}, fmt.Errorf("reading the rendered frame: %w", err)
	}
	if conf, _, _ := r.MinConf(); conf < c.minConf() || math.IsNaN(conf) {
		return View{Occluded: true, Frame: img}, nil
	}
	return View{Board: boardOf(r, n), Frame: img}, nil
}

func (c *RenderedCamera) minConf() float64 {
	if c.MinConf > 0 {
		return c.MinConf
	}
	return 0.5
}

// boardOf turns a reading (row 0 at the image's top, the far side) into a
// board in the rules' coordinates.
func boardOf(r *vision.Reading, n int) *rules.Board {
	b := rules.MustBoard(n)
	for i, row := range r.Stones {
		for j, s := range row {
			switch s {
			case vision.Black:
				b.Set(rules.Point{X: j, Y: n - 1 - i}, rules.Black)
			case vision.White:
				b.Set(rules.Point{X: j, Y: n - 1 - i}, rules.White)
			}
		}
	}
	return b
}
