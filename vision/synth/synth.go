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
	// StoneHeight is a stone's height in grid steps (default 0.4); the
	// camera that sees the board through Corners sees it with parallax.
	StoneHeight float64
	Light       float64 // 0..1: how uneven the light is (a gradient across the frame)
	Glare       float64 // 0..1: strength of a glare spot
	Noise       float64 // pixel noise, grey levels (standard deviation)
	// Distortion is radial lens distortion k1 (barrel when negative): a
	// pixel at distance r from the image centre shows what an ideal lens
	// shows at r(1 + k1 (r/R)²), R the half-diagonal. Corners are given
	// for the ideal lens.
	Distortion float64
	Hand       bool         // a hand-coloured blob over part of the board
	HandAt     vision.Point // where the hand is (pixels); zero: anywhere
	Seed       int64
}

// Render draws the scene.
func Render(s Scene) *image.RGBA {
	type Homography = vision.Homography
	rng := rand.New(rand.NewSource(s.Seed))
	img := image.NewRGBA(image.Rect(0, 0, s.Width, s.Height))
	h, err := vision.GridHomography(s.Size, s.Corners)
	if err != nil {
		return img
	}
	inv := h.Inverse()
	// The planes through a stone's body, from its base to its top, as the
	// camera sees them: a stone hides whatever lies behind it in any.
	height := s.StoneHeight
	if height == 0 {
		height = 0.4
	}
	var layers []Homography
	for _, f := range []float64{0, 0.25, 0.5, 0.75} {
		hz, err := vision.Lifted(h, s.Width, s.Height, s.Size, f*height)
		if err != nil {
			return img
		}
		layers = append(layers, hz.Inverse())
	}
	m := float64(s.Size - 1)
	gx, gy := rng.Float64()*float64(s.Width), rng.Float64()*float64(s.Height)
	handC := vision.Point{X: rng.Float64() * float64(s.Width), Y: rng.Float64() * float64(s.Height)}
	if s.HandAt != (vision.Point{}) {
		handC = s.HandAt
	}
	step := math.Hypot(s.Corners[1].X-s.Corners[0].X, s.Corners[1].Y-s.Corners[0].Y) / m
	lineW := math.Max(0.8, step/22) // pixels
	// Stones as discs in board units, base and top.
	type disc struct {
		u, v float64
		c    vision.Stone
	}
	// Stones by the point they stand on, so a pixel looks only nearby.
	at := make(map[[2]int][]disc)
	for k, c := range s.Stones {
		o := s.Offsets[k]
		at[[2]int{k[0], k[1]}] = append(at[[2]int{k[0], k[1]}], disc{float64(k[1]) + o[0], float64(k[0]) + o[1], c})
	}
	buf := make([]disc, 0, 16)
	near := func(p vision.Point) []disc {
		out := buf[:0]
		if p.X < -2 || p.Y < -2 || p.X > m+2 || p.Y > m+2 {
			return out
		}
		r0, c0 := int(math.Round(p.Y)), int(math.Round(p.X))
		for r := r0 - 1; r <= r0+1; r++ {
			for c := c0 - 1; c <= c0+1; c++ {
				out = append(out, at[[2]int{r, c}]...)
			}
		}
		return out
	}
	for y := 0; y < s.Height; y++ {
		for x := 0; x < s.Width; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			if s.Distortion != 0 {
				cx, cy := float64(s.Width)/2, float64(s.Height)/2
				r2 := ((px-cx)*(px-cx) + (py-cy)*(py-cy)) / (cx*cx + cy*cy)
				f := 1 + s.Distortion*r2
				px, py = cx+(px-cx)*f, cy+(py-cy)*f
			}
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
			// Stones: a lens shape, widest at mid-height; the higher layers
			// are drawn last, as they hide the lower ones.
			for li, inv := range layers {
				q := inv.Apply(px, py)
				rad := 0.46 * math.Sqrt(1-math.Pow(2*float64(li)/float64(len(layers))-0.7, 2)/1.7)
				for _, dd := range near(q) {
					rr := math.Hypot(q.X-dd.u, q.Y-dd.v)
					if rr < rad {
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
