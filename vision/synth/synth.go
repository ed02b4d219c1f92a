// Package synth renders camera frames of a board with stones, with ground
// truth, for the reader's tests and the simulator's camera: a wooden
// board seen through a pinhole camera (perspective from four corners),
// stones with height (parallax), uneven light, a glare spot, noise and an
// optional hand over the board. Pure Go: it returns an *image.RGBA.
package synth

import (
	"image"
	"image/color"
	"math"
	"math/rand"

	"tengen/vision"
)

// Scene is what to render.
type Scene struct {
	Width, Height int
	Size          int                     // lines per side
	Corners       [4]vision.Point         // outer grid corners in the image, TL TR BR BL
	Stones        map[[2]int]vision.Stone // [row, col] -> Black or White
	// Offsets moves a stone off its point, in grid steps ([row, col] -> du, dv).
	Offsets map[[2]int][2]float64
	// Parallax is how far a stone's top appears shifted from its base, in
	// grid steps on the board (oblique views); zero looks straight down.
	Parallax [2]float64
	Light    float64 // 0..1: how uneven the light is (a gradient across the frame)
	Glare    float64 // 0..1: strength of a glare spot
	Noise    float64 // pixel noise, grey levels (standard deviation)
	Hand     bool    // a hand-coloured blob over part of the board
	Seed     int64
}

// Render draws the scene.
func Render(s Scene) *image.RGBA {
	rng := rand.New(rand.NewSource(s.Seed))
	img := image.NewRGBA(image.Rect(0, 0, s.Width, s.Height))
	h, err := vision.GridHomography(s.Size, s.Corners)
	if err != nil {
		return img
	}
	inv := h.Inverse()
	m := float64(s.Size - 1)
	gx, gy := rng.Float64()*float64(s.Width), rng.Float64()*float64(s.Height)
	handC := vision.Point{X: rng.Float64() * float64(s.Width), Y: rng.Float64() * float64(s.Height)}
	step := math.Hypot(s.Corners[1].X-s.Corners[0].X, s.Corners[1].Y-s.Corners[0].Y) / m
	lineW := math.Max(0.8, step/22) // pixels
	// Stones as discs in board units, base and top.
	type disc struct {
		u, v float64
		c    vision.Stone
	}
	var discs []disc
	for k, c := range s.Stones {
		o := s.Offsets[k]
		discs = append(discs, disc{float64(k[1]) + o[0], float64(k[0]) + o[1], c})
	}
	for y := 0; y < s.Height; y++ {
		for x := 0; x < s.Width; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			p := inv.Apply(px, py)
			var r, g, b float64
			// Carpet: grey texture.
			t := 90 + 40*rng.Float64()
			r, g, b = t, t, t*0.95
			if p.X > -0.7 && p.Y > -0.7 && p.X < m+0.7 && p.Y < m+0.7 {
				grain := 8 * math.Sin(p.Y*7+3*math.Sin(p.X*0.9))
				r, g, b = 215+grain, 175+grain, 110+grain*0.6
				// Grid lines: distance to the nearest line, in pixels.
				if p.X > -0.05 && p.Y > -0.05 && p.X < m+0.05 && p.Y < m+0.05 {
					du := math.Abs(p.X-math.Round(p.X)) * step
					dv := math.Abs(p.Y-math.Round(p.Y)) * step
					d := math.Min(du, dv)
					if d < lineW {
						a := 1 - d/lineW
						r, g, b = mix(r, 40, a), mix(g, 30, a), mix(b, 20, a)
					}
				}
			}
			// Stones: the top disc shifted by the parallax hides the base.
			for _, dd := range discs {
				for _, lift := range []float64{0, 0.5, 1} {
					cu, cv := dd.u+s.Parallax[0]*lift, dd.v+s.Parallax[1]*lift
					rr := math.Hypot(p.X-cu, p.Y-cv)
					if rr < 0.46 {
						edge := rr / 0.46
						if dd.c == vision.Black {
							v := 25 + 25*(1-edge)
							r, g, b = v, v, v
						} else {
							v := 235 - 35*edge*edge
							r, g, b = v, v, v*0.98
						}
					}
				}
			}
			// Light: a gradient and a glare spot.
			l := 1 - s.Light*0.5*(px/float64(s.Width)+py/float64(s.Height))
			r, g, b = r*l, g*l, b*l
			if s.Glare > 0 {
				d := math.Hypot(px-gx, py-gy) / (0.15 * float64(s.Width))
				gl := s.Glare * 120 * math.Exp(-d*d)
				r, g, b = r+gl, g+gl, b+gl
			}
			if s.Hand && math.Hypot(px-handC.X, (py-handC.Y)*0.6) < 0.12*float64(s.Width) {
				r, g, b = 200, 150, 120
			}
			n := rng.NormFloat64() * s.Noise
			img.SetRGBA(x, y, color.RGBA{clamp(r + n), clamp(g + n), clamp(b + n), 255})
		}
	}
	return img
}

func mix(a, b, t float64) float64 { return a + (b-a)*t }

func clamp(v float64) uint8 { return uint8(math.Max(0, math.Min(255, math.Round(v)))) }

// Planes splits a rendered frame into the reader's planes.
func Planes(img *image.RGBA) *vision.Planes {
	r := img.Rect
	luma, low := image.NewGray(r), image.NewGray(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			luma.Pix[luma.PixOffset(x, y)] = uint8((299*int(c.R) + 587*int(c.G) + 114*int(c.B)) / 1000)
			low.Pix[low.PixOffset(x, y)] = min(c.R, c.G, c.B)
		}
	}
	return &vision.Planes{Luma: luma, Low: low}
}
