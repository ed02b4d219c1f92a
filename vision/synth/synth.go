// Package synth renders camera frames of a board with stones, with ground
// truth, for the reader's tests and the simulator's camera: a wooden
// board seen through a pinhole camera (perspective from four corners),
// stones with height (parallax) and a crease where they touch, uneven
// light, a glare spot, patches of sunlight with the stones' shadows,
// noise and an optional hand over the board. Random gives the scenes of
// the accuracy sweep, Sunlit those under sunlight, and Varied boards
// unlike ours (Look: other woods, lines, stones and backgrounds, tilted
// views, a phone's downscaled photo, motion blur, JPEG). Pure Go: it
// returns an *image.RGBA.
package synth

import (
	"cmp"
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
	// StoneRadius is a stone's radius at its widest in grid steps
	// (default 0.46): smaller stones on a wider grid leave more board
	// between them.
	StoneRadius float64
	Light       float64 // 0..1: how uneven the light is (a gradient across the frame)
	Glare       float64 // 0..1: strength of a glare spot
	Noise       float64 // pixel noise, grey levels (standard deviation)
	// Distortion is radial lens distortion k1 (barrel when negative): a
	// pixel at distance r from the image centre shows what an ideal lens
	// shows at r(1 + k1 (r/R)²), R the half-diagonal. Corners are given
	// for the ideal lens.
	Distortion float64
	// Sun is the strength (0..1) of patches of direct sunlight on the
	// board, through a window or leaves: blobs larger than a stone and
	// thin streaks, bright enough to wash the grid lines out, with each
	// stone casting a shadow in them; a stone in them is lit in proportion
	// to its own colour (a black one stays dark, a glass one glints).
	// SunPatches is how many (default 4).
	Sun        float64
	SunPatches int
	// SunSeed, when set, places the sunlight by itself, so that it stays
	// where it is from frame to frame while Seed changes (the noise);
	// zero places it from Seed.
	SunSeed int64
	// Cast is light from one side, low: every stone casts a shadow on
	// the board, its base's disc swept along Cast (in steps), as dark as
	// CastDark of the light (0: 0.4). A long one falls on the points
	// beside the stone.
	Cast     [2]float64
	CastDark float64
	// Strips are dark bands lying across the board and what lies around
	// it: a ruler along an edge, the shadow of a bowl's rim.
	Strips []Strip
	Hand   bool         // a hand-coloured blob over part of the board
	HandAt vision.Point // where the hand is (pixels); zero: anywhere
	Seed   int64
	// NoiseSeed, when set, draws the pixel noise (and the speckle of what
	// lies around the board) from itself, the rest as Seed has it: frames
	// that differ only in NoiseSeed are one scene before a still camera,
	// its glare, sunlight and the sun's direction where they were.
	NoiseSeed int64
	// Look is the board's and its surroundings' appearance and the
	// camera's effects (see Varied); zero: the default board.
	Look Look
}

// Strip is a dark band along one side of the board, over its outer line
// and beyond: the points From to To steps in from that outer line
// (negative: beyond it), as far as the frame goes along it. Level is its
// brightness (grey, 0-255): it hides the lines it covers.
type Strip struct {
	Side     int // 0 left, 1 top, 2 right, 3 bottom
	From, To float64
	Level    float64
}

// in tells whether board point p lies in the strip of a board with
// lines m steps apart corner to corner.
func (st Strip) in(p vision.Point, m float64) bool {
	var d float64
	switch st.Side {
	case 0:
		d = p.X
	case 1:
		d = p.Y
	case 2:
		d = m - p.X
	default:
		d = m - p.Y
	}
	return d >= st.From && d <= st.To
}

// Render draws the scene.
func Render(s Scene) *image.RGBA {
	if f := s.Look.Phone; f > 1 { // render large, then scale down as a phone does
		big := s
		big.Width, big.Height = s.Width*f, s.Height*f
		for i := range big.Corners {
			big.Corners[i] = vision.Point{X: s.Corners[i].X * float64(f), Y: s.Corners[i].Y * float64(f)}
		}
		big.HandAt = vision.Point{X: s.HandAt.X * float64(f), Y: s.HandAt.Y * float64(f)}
		big.Look.Phone, big.Look.Blur, big.Look.JPEG, big.Look.Flare = 0, 0, 0, 0
		return newLooks(s, rand.New(rand.NewSource(s.Seed))).finish(downscale(Render(big), f))
	}
	type Homography = vision.Homography
	rng := rand.New(rand.NewSource(s.Seed))
	// The Look's own randomness comes from its own source, so that the
	// default board renders as it always has.
	lk := newLooks(s, rand.New(rand.NewSource(s.Seed^0x5eed)))
	custom := s.Look != (Look{})
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
	// A stone's radius in each layer: a lens shape, widest at mid-height.
	radius := cmp.Or(s.StoneRadius, 0.46)
	radii := make([]float64, len(layers))
	for li := range radii {
		radii[li] = radius * math.Sqrt(1-math.Pow(2*float64(li)/float64(len(layers))-0.7, 2)/1.7)
	}
	m := float64(s.Size - 1)
	// The first drawsBeforeSun numbers: the glare's and the hand's centres.
	gx, gy := rng.Float64()*float64(s.Width), rng.Float64()*float64(s.Height)
	handC := vision.Point{X: rng.Float64() * float64(s.Width), Y: rng.Float64() * float64(s.Height)}
	if s.HandAt != (vision.Point{}) {
		handC = s.HandAt
	}
	sunAt := sunlight(s, sunSource(s, rng))
	shadow := [2]float64{}
	if s.Sun > 0 { // the sun's direction: shadows a third of a step long
		a := rng.Float64() * 2 * math.Pi
		shadow = [2]float64{0.35 * math.Cos(a), 0.35 * math.Sin(a)}
	}
	if s.NoiseSeed != 0 {
		rng = rand.New(rand.NewSource(s.NoiseSeed))
	}
	step := math.Hypot(s.Corners[1].X-s.Corners[0].X, s.Corners[1].Y-s.Corners[0].Y) / m
	lineW := math.Max(0.8, step/22) // pixels
	// Stones as discs in board units, base and top.
	type disc struct {
		u, v float64
		c    vision.Stone
	}
	// Stones by the point they stand on, so a pixel looks only nearby: a
	// grid of cells (a map's lookups were a third of a frame's time), with
	// a border of pad cells as far as near looks off the board.
	const pad = 3
	side := s.Size + 2*pad
	at := make([]*disc, side*side)
	for k, c := range s.Stones {
		r, col := k[0]+pad, k[1]+pad
		if r < 0 || col < 0 || r >= side || col >= side {
			continue // beyond near's reach
		}
		o := s.Offsets[k]
		at[r*side+col] = &disc{float64(k[1]) + o[0], float64(k[0]) + o[1], c}
	}
	buf := make([]disc, 0, 16)
	near := func(p vision.Point) []disc {
		out := buf[:0]
		if p.X < -2 || p.Y < -2 || p.X > m+2 || p.Y > m+2 {
			return out
		}
		r0, c0 := int(math.Round(p.Y))+pad, int(math.Round(p.X))+pad
		for r := r0 - 1; r <= r0+1; r++ {
			for c := c0 - 1; c <= c0+1; c++ {
				if d := at[r*side+c]; d != nil {
					out = append(out, *d)
				}
			}
		}
		return out
	}
	// shadowed tells whether board point p lies in the shadow of a stone
	// near from: its base's disc swept along d.
	shadowed := func(p, from vision.Point, d [2]float64) bool {
		for _, dd := range near(from) {
			if segDist(p.X, p.Y, dd.u, dd.v, dd.u+d[0], dd.v+d[1]) < radius {
				return true
			}
		}
		return false
	}
	castDark := cmp.Or(s.CastDark, 0.4)
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
			sun := sunAt(p)
			r, g, b := lk.background(p, rng.Float64())
			mg := lk.margin
			if p.X > -mg && p.Y > -mg && p.X < m+mg && p.Y < m+mg {
				r, g, b = lk.surface(p.X, p.Y)
				// Grid lines: distance to the nearest line, in pixels.
				if p.X > -0.05 && p.Y > -0.05 && p.X < m+0.05 && p.Y < m+0.05 {
					a := 0.0
					if custom && s.Look.LineWidth > 0 {
						// Coverage of this pixel by a line of the width
						// the local scale gives (under a pixel: faint).
						q := inv.Apply(px+1, py)
						ps := 1 / math.Max(math.Hypot(q.X-p.X, q.Y-p.Y), 1e-9) // pixels per step here
						w := s.Look.LineWidth * ps
						d := math.Min(math.Abs(p.X-math.Round(p.X)), math.Abs(p.Y-math.Round(p.Y))) * ps
						a = math.Max(0, math.Min(d+0.5, w/2)-math.Max(d-0.5, -w/2))
						for _, st := range lk.stars {
							if dd := math.Hypot(p.X-st[0], p.Y-st[1]) * ps; dd < lk.StarRadius*ps+0.5 {
								a = math.Max(a, math.Min(1, lk.StarRadius*ps+0.5-dd))
							}
						}
					} else {
						du := math.Abs(p.X-math.Round(p.X)) * step
						dv := math.Abs(p.Y-math.Round(p.Y)) * step
						if d := math.Min(du, dv); d < lineW {
							a = 1 - d/lineW
						}
					}
					if a > 0 {
						// Bright sunlight blooms over the thin lines.
						a *= 1 - 0.8*sun
						r, g, b = mix(r, lk.ink[0], a), mix(g, lk.ink[1], a), mix(b, lk.ink[2], a)
					}
				}
			} else if s.Look.Side > 0 && p.Y >= m+mg && p.Y < m+mg+s.Look.Side && p.X > -mg && p.X < m+mg {
				r, g, b = lk.surface(p.X, p.Y)
				r, g, b = 0.55*r, 0.55*g, 0.55*b // the board's side face
			}
			for _, st := range s.Strips {
				if st.in(p, m) {
					t := 1 + 0.04*math.Sin(p.X*5+p.Y*3)
					r, g, b = st.Level*t, st.Level*t, st.Level*t
				}
			}
			if s.Cast != ([2]float64{}) && shadowed(p, vision.Point{X: p.X - s.Cast[0], Y: p.Y - s.Cast[1]}, s.Cast) {
				r, g, b = r*castDark, g*castDark, b*castDark
			}
			under := [3]float64{r, g, b}
			// Stones: a lens shape, widest at mid-height; the higher layers
			// are drawn last, as they hide the lower ones.
			onStone := false
			var glossy bool        // the pixel is on a glass black stone's top
			var topU, topV float64 // its offset from that stone's centre
			for li, inv := range layers {
				q := inv.Apply(px, py)
				rad := radii[li]
				covers := 0
				for _, dd := range near(q) {
					rr := math.Hypot(q.X-dd.u, q.Y-dd.v)
					if rr < rad+0.1 {
						covers++
					}
					if rr < rad {
						onStone = true
						edge := rr / radius
						glossy = li == len(layers)-1 && custom && lk.Glass && dd.c == vision.Black
						topU, topV = q.X-dd.u, q.Y-dd.v
						switch {
						case custom:
							r, g, b = lk.stone(dd.c, edge, q.X-dd.u, q.Y-dd.v, li, len(layers), under)
						case dd.c == vision.Black:
							v := 25 + 25*(1-edge)
							r, g, b = v, v, v
						default:
							v := 235 - 35*edge*edge
							r, g, b = v, v, v*0.98
						}
					}
				}
				if covers > 1 && onStone {
					// The crease where two stones touch, in shade.
					r, g, b = r*0.7, g*0.7, b*0.7
				}
			}
			if sun > 0 && !onStone && shadowed(p, p, shadow) { // the board in a stone's shadow gets no sun
				sun = 0
			}
			if onStone {
				// A stone reflects the sun in proportion to its own colour,
				// as the wood does (its gain, 1+0.9 sun plus 60 sun on wood
				// near 200, is about 1+1.2 sun): a black stone's body stays
				// dark. A glass one also mirrors the sun: a small glint on
				// its top, on the side towards the sun.
				f := 1 + 1.2*sun
				r, g, b = r*f, g*f, b*f
				if glossy && sun > 0 {
					if d := math.Hypot(topU+0.4*shadow[0], topV+0.4*shadow[1]); d < 0.07 {
						a := math.Min(1, 2*sun) * (1 - d/0.07)
						r, g, b = mix(r, 255, a), mix(g, 255, a), mix(b, 255, a)
					}
				}
			} else {
				r, g, b = r*(1+0.9*sun)+60*sun, g*(1+0.9*sun)+60*sun, b*(1+0.9*sun)+60*sun
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
	return lk.finish(img)
}

// sunlight returns the scene's sunlight strength at a board point: the
// patches are ellipses with soft edges, either blobs over one and a half
// stones across (1.5 to 4 steps) or streaks under a quarter step wide,
// which no stone-sized disc matches.
func sunlight(s Scene, rng *rand.Rand) func(p vision.Point) float64 {
	if s.Sun <= 0 {
		return func(vision.Point) float64 { return 0 }
	}
	type patch struct{ u, v, a, b, cos, sin float64 }
	m := float64(s.Size - 1)
	k := s.SunPatches
	if k == 0 {
		k = 4
	}
	ps := make([]patch, k)
	for i := range ps {
		p := patch{u: rng.Float64() * m, v: rng.Float64() * m}
		if rng.Intn(2) == 0 {
			p.a = 1.5 + rng.Float64()*2.5
			p.b = 1.5 + rng.Float64()*(p.a-1.5)
		} else {
			p.a = 1.5 + rng.Float64()*3.5
			p.b = 0.12 + rng.Float64()*0.13
		}
		p.a, p.b = p.a/2, p.b/2 // semi-axes
		th := rng.Float64() * math.Pi
		p.cos, p.sin = math.Cos(th), math.Sin(th)
		ps[i] = p
	}
	return func(q vision.Point) float64 {
		best := 0.0
		for _, p := range ps {
			du, dv := q.X-p.u, q.Y-p.v
			x, y := du*p.cos+dv*p.sin, -du*p.sin+dv*p.cos
			d := math.Hypot(x/p.a, y/p.b) // 1 on the rim
			// A soft edge about a tenth of a step wide.
			w := 0.1 / math.Min(p.a, p.b)
			best = math.Max(best, math.Max(0, math.Min(1, (1-d)/w+0.5)))
		}
		return s.Sun * best
	}
}

// drawsBeforeSun is how many numbers Render draws from the scene's
// source before the sunlight's (the glare's and the hand's centres).
const drawsBeforeSun = 4

// sunSource is where the sunlight's patches are drawn from: their own
// source where SunSeed places them, else rng, the scene's, as Render has
// drawn from it so far.
func sunSource(s Scene, rng *rand.Rand) *rand.Rand {
	if s.SunSeed != 0 {
		return rand.New(rand.NewSource(s.SunSeed))
	}
	return rng
}

// Sunlight returns the strength (0..1 of full sun, as Sun) of the
// sunlight Render draws at board point (row, col) of s; zero everywhere
// without Sun.
func Sunlight(s Scene) func(row, col int) float64 {
	rng := rand.New(rand.NewSource(s.Seed))
	for range drawsBeforeSun {
		rng.Float64()
	}
	at := sunlight(s, sunSource(s, rng))
	return func(row, col int) float64 { return at(vision.Point{X: float64(col), Y: float64(row)}) }
}

// segDist is the distance from (x, y) to the segment (ax, ay)-(bx, by).
func segDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := math.Max(0, math.Min(1, ((x-ax)*dx+(y-ay)*dy)/(dx*dx+dy*dy)))
	return math.Hypot(x-ax-t*dx, y-ay-t*dy)
}

// Random is a random scene of an n x n board in a 640x400 frame, the
// whole board in view with room around it: random perspective, stones
// (about a quarter of the points, some off their points), uneven light,
// glare, noise and a mild uncalibrated lens (stronger ones are undone by
// the calibration, vision.Lens). The same rng gives the same scene.
func Random(rng *rand.Rand, n int) Scene {
	s := randomScene(rng, n, rng.Float64()*0.6, rng.Float64()*0.6, 2+rng.Float64()*8)
	s.Distortion = -0.005 * rng.Float64()
	s.Width, s.Height = 640, 400
	for k := range s.Corners {
		s.Corners[k].X = 320 + (s.Corners[k].X-240)*640/480*0.85
		s.Corners[k].Y = 200 + (s.Corners[k].Y-150)*400/300*0.85
	}
	return s
}

// randomScene places the board with a random perspective and random
// stones (about a quarter of the points, some off their points) in a
// 480x300 frame, with the given disturbances.
func randomScene(rng *rand.Rand, size int, light, glare, noise float64) Scene {
	w, h := 480, 300
	j := func(v float64) float64 { return v + (rng.Float64()-0.5)*36 }
	s := Scene{
		Width: w, Height: h, Size: size,
		Corners: [4]vision.Point{
			{X: j(140), Y: j(50)}, {X: j(350), Y: j(50)}, {X: j(390), Y: j(255)}, {X: j(105), Y: j(255)},
		},
		Stones:  map[[2]int]vision.Stone{},
		Offsets: map[[2]int][2]float64{},
		Light:   light, Glare: glare, Noise: noise, Seed: rng.Int63(),
	}
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			switch rng.Intn(8) {
			case 0:
				s.Stones[[2]int{r, c}] = vision.Black
			case 1:
				s.Stones[[2]int{r, c}] = vision.White
			}
			if _, ok := s.Stones[[2]int{r, c}]; ok && rng.Intn(4) == 0 {
				s.Offsets[[2]int{r, c}] = [2]float64{(rng.Float64() - 0.5) * 0.2, (rng.Float64() - 0.5) * 0.2}
			}
		}
	}
	return s
}

// Truth is the scene's board as the reader should see it, [row][column].
func Truth(s Scene) [][]vision.Stone {
	out := make([][]vision.Stone, s.Size)
	for r := range out {
		out[r] = make([]vision.Stone, s.Size)
		for c := range out[r] {
			out[r][c] = vision.Empty
			if st, ok := s.Stones[[2]int{r, c}]; ok {
				out[r][c] = st
			}
		}
	}
	return out
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
