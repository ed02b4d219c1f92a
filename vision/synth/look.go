package synth

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand"

	"tengen/vision"
)

// Look is how a board and what lies around it look, for boards unlike the
// default one (pale kaya, fine dark-brown lines, no star points, shell and
// slate stones on a grey carpet). The zero Look is that default.
type Look struct {
	// Wood is the board's colour (RGB, 0-255); zero: pale kaya.
	Wood [3]float64
	// Texture is the surface: WoodGrain, Bamboo (strips with seams
	// parallel to the grid lines) or Laminate (a fine printed grain).
	Texture Texture
	// LineWidth is the grid lines' width in grid steps (zero: about
	// 1/22 of a step, at least 0.8 px); thin lines on a large frame end
	// up under a pixel wide.
	LineWidth float64
	// Ink is the lines' colour; zero: dark brown.
	Ink [3]float64
	// StarRadius is the star points' radius in grid steps (zero: none).
	StarRadius float64
	// Glass stones (Yunzi): white ones creamy and a little translucent at
	// the rim, black ones with a bluish highlight. Otherwise shell (white,
	// faint stripes) and slate (black, matte).
	Glass bool
	// Diagram draws the stones as a printed diagram does: flat, a white
	// stone the paper's colour inside an ink ring (its outline), a black
	// one filled with ink; the lines stop at a stone's outline. Give the
	// scene a small StoneHeight (printed stones have none).
	Diagram bool
	// Background is what the board lies on: Carpet, Cloth (a checked
	// tablecloth of strong lines) or Table (wooden planks).
	Background Background
	// Margin is the bare board beyond the outer lines, in grid steps
	// (zero: 0.7); Side is the width of the board's darker side face seen
	// beyond its far edge (in steps, along the bottom row's side).
	Margin, Side float64
	// Phone renders at Phone times the size and scales down by area, as
	// a phone's 12 MP photo is: thin lines become faint, edges soft.
	Phone int
	// Blur is motion blur: the camera's shake over the exposure, in
	// pixels, at angle BlurAngle (radians).
	Blur, BlurAngle float64
	// JPEG is the quality (1-100) the frame is compressed at; zero: none.
	JPEG int
	// Flare is veiling glare (0..1): light scattered inside a hazy or
	// cheap lens, spread evenly over the frame. A share Flare of every
	// pixel is the frame's mean colour: black stones show grey, every
	// contrast falls, the lines' and a stone's rim's as well.
	Flare float64
}

// Texture is a board surface.
type Texture int

// The board surfaces.
const (
	WoodGrain Texture = iota
	Bamboo
	Laminate
)

// Background is what lies around the board.
type Background int

// The backgrounds.
const (
	Carpet Background = iota
	Cloth
	Table
)

// looks holds the per-scene constants of a Look.
type looks struct {
	Look
	wood, ink   [3]float64
	margin      float64
	stars       [][2]float64
	strip       []float64 // bamboo strips' tones
	cloth       [2][3]float64
	clothPeriod float64
	clothAngle  [2]float64 // cos, sin
	clothThin   bool       // thin dark lines (tattersall) instead of gingham squares
}

func newLooks(s Scene, rng *rand.Rand) *looks {
	l := &looks{Look: s.Look, wood: s.Look.Wood, ink: s.Look.Ink, margin: s.Look.Margin}
	if l.wood == ([3]float64{}) {
		l.wood = [3]float64{215, 175, 110}
	}
	if l.ink == ([3]float64{}) {
		l.ink = [3]float64{40, 30, 20}
	}
	if l.margin == 0 {
		l.margin = 0.7
	}
	if l.StarRadius > 0 {
		l.stars = StarPoints(s.Size)
	}
	l.strip = make([]float64, 64)
	for i := range l.strip {
		l.strip[i] = 1 + 0.07*(rng.Float64()-0.5)
	}
	l.cloth = [2][3]float64{{235, 232, 225}, {170 + 60*rng.Float64(), 40 + 60*rng.Float64(), 40 + 80*rng.Float64()}}
	l.clothPeriod = 0.8 + 2*rng.Float64()
	a := rng.Float64() * math.Pi / 2
	l.clothAngle = [2]float64{math.Cos(a), math.Sin(a)}
	l.clothThin = rng.Intn(2) == 0
	return l
}

// StarPoints are the star points (hoshi) of an n x n board, as (u, v).
func StarPoints(n int) [][2]float64 {
	var at []float64
	switch {
	case n >= 19:
		at = []float64{3, float64(n-1) / 2, float64(n - 4)}
	case n >= 13:
		at = []float64{3, float64(n-1) / 2, float64(n - 4)}
	case n >= 9:
		at = []float64{2, float64(n-1) / 2, float64(n - 3)}
	default:
		return nil
	}
	var out [][2]float64
	for i, u := range at {
		for j, v := range at {
			if n < 13 && (i == 1) != (j == 1) { // a 9x9 has the centre and four corners
				continue
			}
			out = append(out, [2]float64{u, v})
		}
	}
	return out
}

// surface is the board's colour at board point (u, v).
func (l *looks) surface(u, v float64) (r, g, b float64) {
	w := l.wood
	if l.Diagram { // paper
		return w[0], w[1], w[2]
	}
	switch l.Texture {
	case Bamboo:
		// Strips about 0.8 steps wide along v, each its own tone, with a
		// thin dark seam between them and fine fibres along them.
		x := u/0.8 + 20
		k := int(math.Floor(x))
		f := x - float64(k)
		t := l.strip[((k%64)+64)%64] * (1 + 0.02*math.Sin(v*40+float64(k)))
		if f < 0.03 || f > 0.97 {
			t *= 0.9
		}
		return w[0] * t, w[1] * t, w[2] * t
	case Laminate:
		gr := 0.03 * math.Sin(v*23+2*math.Sin(u*1.7)+math.Sin(u*9))
		return w[0] * (1 + gr), w[1] * (1 + gr), w[2] * (1 + gr)
	}
	grain := 8 * math.Sin(v*7+3*math.Sin(u*0.9))
	return w[0] + grain, w[1] + grain, w[2] + grain*0.6
}

// background is the colour beyond the board at board-plane point p (t a
// random 0..1 for carpet speckle).
func (l *looks) background(p vision.Point, t float64) (r, g, b float64) {
	switch l.Background {
	case Cloth:
		x := (p.X*l.clothAngle[0] + p.Y*l.clothAngle[1]) / l.clothPeriod
		y := (-p.X*l.clothAngle[1] + p.Y*l.clothAngle[0]) / l.clothPeriod
		fx, fy := x-math.Floor(x), y-math.Floor(y)
		c0, c1 := l.cloth[0], l.cloth[1]
		if l.clothThin { // thin dark lines on a light cloth: a grid of its own
			if fx < 0.06 || fy < 0.06 {
				return c1[0] * 0.5, c1[1] * 0.5, c1[2] * 0.5
			}
			return c0[0] - 10*t, c0[1] - 10*t, c0[2] - 10*t
		}
		k := 0.0
		if fx < 0.5 {
			k += 0.5
		}
		if fy < 0.5 {
			k += 0.5
		}
		return mix(c0[0], c1[0], k) - 8*t, mix(c0[1], c1[1], k) - 8*t, mix(c0[2], c1[2], k) - 8*t
	case Table:
		plank := math.Floor(p.Y / 3.1)
		t2 := 0.8 + 0.1*math.Sin(plank*12.9)
		if p.Y/3.1-plank < 0.02 {
			t2 *= 0.5
		}
		gr := 6 * math.Sin(p.X*2+3*math.Sin(p.Y*1.3+plank))
		return 120*t2 + gr, 80*t2 + gr, 50*t2 + gr*0.6
	}
	v := 90 + 40*t
	return v, v, v * 0.95
}

// stone is a stone's colour at distance edge (0 centre, 1 rim) from its
// centre, (du, dv) the offset in board units, on layer li of nl (the top
// last), over board colour under.
func (l *looks) stone(c vision.Stone, edge, du, dv float64, li, nl int, under [3]float64) (r, g, b float64) {
	if l.Diagram {
		// Ink, or the paper inside a ring a fifteenth of a step wide
		// (only the widest layers reach it, the top one paints paper).
		if c == vision.Black || edge > 0.86 {
			return l.ink[0], l.ink[1], l.ink[2]
		}
		return l.wood[0], l.wood[1], l.wood[2]
	}
	if c == vision.Black {
		if !l.Glass { // slate
			v := 25 + 25*(1-edge)
			return v, v, v
		}
		v := 22 + 30*(1-edge)
		r, g, b = v, v, v*1.1
		if li == nl-1 { // a bluish specular highlight, up and left of the top's centre
			if d := math.Hypot(du+0.13, dv+0.15); d < 0.11 {
				a := 0.8 * (1 - d/0.11)
				r, g, b = mix(r, 150, a), mix(g, 170, a), mix(b, 215, a)
			}
		}
		return r, g, b
	}
	if !l.Glass { // shell: faint stripes
		v := 235 - 35*edge*edge + 4*math.Sin(dv*60)
		return v, v, v * 0.98
	}
	// Yunzi: creamy, shading to the board's colour through the rim.
	v := 1 - 0.14*edge*edge
	r, g, b = 246*v, 238*v, 212*v
	if edge > 0.75 {
		a := 0.35 * (edge - 0.75) / 0.25
		r, g, b = mix(r, under[0], a), mix(g, under[1], a), mix(b, under[2], a)
	}
	return r, g, b
}

// finish applies the Look's camera effects to a rendered frame: veiling
// glare, motion blur, then JPEG compression.
func (l *looks) finish(img *image.RGBA) *image.RGBA {
	if l.Flare > 0 {
		flare(img, l.Flare)
	}
	if l.Blur > 0.5 {
		img = motionBlur(img, l.Blur, l.BlurAngle)
	}
	if l.JPEG > 0 {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: l.JPEG}); err == nil {
			if d, err := jpeg.Decode(&buf); err == nil {
				out := image.NewRGBA(img.Rect)
				for y := out.Rect.Min.Y; y < out.Rect.Max.Y; y++ {
					for x := out.Rect.Min.X; x < out.Rect.Max.X; x++ {
						out.Set(x, y, d.At(x, y))
					}
				}
				img = out
			}
		}
	}
	return img
}

// motionBlur averages each pixel along a segment of length px at angle a.
func motionBlur(img *image.RGBA, px, a float64) *image.RGBA {
	n := int(math.Ceil(px)) + 1
	dx, dy := math.Cos(a)*px/float64(n-1), math.Sin(a)*px/float64(n-1)
	out := image.NewRGBA(img.Rect)
	r := img.Rect
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			var s [3]float64
			k := 0
			for i := 0; i < n; i++ {
				t := float64(i) - float64(n-1)/2
				xx, yy := x+int(math.Round(t*dx)), y+int(math.Round(t*dy))
				if !(image.Point{xx, yy}.In(r)) {
					continue
				}
				c := img.RGBAAt(xx, yy)
				s[0] += float64(c.R)
				s[1] += float64(c.G)
				s[2] += float64(c.B)
				k++
			}
			out.SetRGBA(x, y, color.RGBA{clamp(s[0] / float64(k)), clamp(s[1] / float64(k)), clamp(s[2] / float64(k)), 255})
		}
	}
	return out
}

// downscale averages f x f blocks.
func downscale(img *image.RGBA, f int) *image.RGBA {
	w, h := img.Rect.Dx()/f, img.Rect.Dy()/f
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var s [3]int
			for yy := y * f; yy < (y+1)*f; yy++ {
				for xx := x * f; xx < (x+1)*f; xx++ {
					c := img.RGBAAt(xx, yy)
					s[0] += int(c.R)
					s[1] += int(c.G)
					s[2] += int(c.B)
				}
			}
			k := f * f
			out.SetRGBA(x, y, color.RGBA{uint8((s[0] + k/2) / k), uint8((s[1] + k/2) / k), uint8((s[2] + k/2) / k), 255})
		}
	}
	return out
}

// Varied is a random scene of an n x n board unlike the default one, as
// photos of other boards are: light or dark wood, bamboo or laminate,
// thin or thick black or brown lines, star points of any size, shell and
// slate or glass stones, a checked tablecloth or a table around it, a
// camera tilted up to 45° from any side, the board near the frame's edge
// (its margin may be cut off), a phone's downscaled photo, JPEG
// artefacts, motion blur, uneven light, glare and now and then sunlight.
// The same rng gives the same scene.
func Varied(rng *rand.Rand, n int) Scene {
	s := Scene{Width: 640, Height: 480, Size: n, Seed: rng.Int63(),
		Stones: map[[2]int]vision.Stone{}, Offsets: map[[2]int][2]float64{}}
	lk := &s.Look
	woods := [][3]float64{{215, 175, 110}, {228, 196, 140}, {190, 140, 80}, {150, 100, 60}, {235, 210, 160}, {120, 80, 50}}
	lk.Wood = woods[rng.Intn(len(woods))]
	lk.Texture = Texture(rng.Intn(3))
	lk.LineWidth = 0.02 + 0.07*rng.Float64()
	if rng.Intn(2) == 0 {
		lk.Ink = [3]float64{15, 15, 15}
	} else {
		lk.Ink = [3]float64{60, 40, 25}
	}
	if rng.Intn(4) > 0 {
		lk.StarRadius = 0.05 + 0.1*rng.Float64()
	}
	lk.Glass = rng.Intn(2) == 0
	lk.Background = Background(rng.Intn(3))
	lk.Margin = 0.45 + 0.5*rng.Float64()
	lk.Side = 0.3 * rng.Float64()
	if rng.Intn(4) == 0 {
		lk.Phone = 2
	}
	if rng.Intn(4) == 0 {
		lk.Blur, lk.BlurAngle = 1+3*rng.Float64(), rng.Float64()*math.Pi
	}
	if rng.Intn(2) == 0 {
		lk.JPEG = 35 + rng.Intn(55)
	}
	s.Light, s.Glare, s.Noise = 0.5*rng.Float64(), 0.5*rng.Float64()*float64(rng.Intn(2)), 1+5*rng.Float64()
	s.Distortion = -0.005 * rng.Float64()
	if rng.Intn(5) == 0 {
		s.Sun, s.SunPatches = 0.3+0.3*rng.Float64(), 2+rng.Intn(3)
	}
	s.Corners = tilted(rng, n, s.Width, s.Height, lk.Margin)
	density := rng.Float64() * 0.45
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if rng.Float64() >= density {
				continue
			}
			s.Stones[[2]int{r, c}] = vision.Stone("BW"[rng.Intn(2)])
			if rng.Intn(4) == 0 {
				s.Offsets[[2]int{r, c}] = [2]float64{(rng.Float64() - 0.5) * 0.2, (rng.Float64() - 0.5) * 0.2}
			}
		}
	}
	return s
}

// tilted returns the grid corners of an n x n board seen by a camera
// tilted up to 45° from straight above, from any side, aimed a little off
// the board's centre, with its optical axis through the frame's centre
// (as the reader's camera model has it): mostly well inside the frame,
// sometimes near an edge with the board's margin cut off (the grid itself
// stays half a step inside). The corners are in the reader's order.
func tilted(rng *rand.Rand, n, w, h int, margin float64) [4]vision.Point {
	tilt := rng.Float64() * 45 * math.Pi / 180
	az := rng.Float64() * 2 * math.Pi
	dist := 3 + 3*rng.Float64() // camera distance in board half-widths
	aim := [3]float64{(rng.Float64() - 0.5) * 0.8, (rng.Float64() - 0.5) * 0.8, 0}
	// Board corners at (±1, ±1, 0); the camera on the sphere at (tilt,
	// az) around the aim point, looking at it.
	cam := [3]float64{aim[0] + dist*math.Sin(tilt)*math.Cos(az), aim[1] + dist*math.Sin(tilt)*math.Sin(az), dist * math.Cos(tilt)}
	fwd := unit([3]float64{aim[0] - cam[0], aim[1] - cam[1], -cam[2]})
	up := [3]float64{math.Cos(az), math.Sin(az), 0} // the board's far side up in the image
	right := unit(crossV(fwd, up))
	down := crossV(fwd, right)
	roll := (rng.Float64() - 0.5) * 0.6
	var q [4]vision.Point
	ext := 0.0 // the corners' largest distance from the axis, per axis
	for i, c := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		d := [3]float64{c[0] - cam[0], c[1] - cam[1], -cam[2]}
		z := dotV(d, fwd)
		px, py := dotV(d, right)/z, dotV(d, down)/z
		q[i] = vision.Point{X: px*math.Cos(roll) - py*math.Sin(roll), Y: px*math.Sin(roll) + py*math.Cos(roll)}
		ext = math.Max(ext, math.Max(math.Abs(q[i].X)/float64(w), math.Abs(q[i].Y)/float64(h)))
	}
	// The focal length: the grid reaches 55-98 % of the way from the
	// frame's centre to its nearest edge, less half a step (and, mostly,
	// room for the margin).
	f := (0.55 + 0.43*rng.Float64()) / (2 * ext)
	room := 0.5
	if rng.Intn(3) > 0 {
		room += margin + 0.3
	}
	for ; f > 1; f *= 0.97 {
		ok := true
		for _, p := range q {
			x, y := float64(w)/2+f*p.X, float64(h)/2+f*p.Y
			pad := room * 2 * f * ext * math.Min(float64(w), float64(h)) / float64(n-1) / 2
			if x < pad || y < pad || x > float64(w)-pad || y > float64(h)-pad {
				ok = false
			}
		}
		if ok {
			break
		}
	}
	for i := range q {
		q[i] = vision.Point{X: float64(w)/2 + f*q[i].X, Y: float64(h)/2 + f*q[i].Y}
	}
	return vision.OrderCorners(q)
}

func dotV(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func crossV(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func unit(a [3]float64) [3]float64 {
	l := math.Sqrt(dotV(a, a))
	return [3]float64{a[0] / l, a[1] / l, a[2] / l}
}

// Sunlit is a random scene of the sunlight set: the sweep's scenes with
// patches and streaks of direct sunlight (strength 0.3-0.6) over the
// board, every third one empty.
func Sunlit(rng *rand.Rand, n, i int) Scene {
	s := randomScene(rng, n, 0.2, 0, 3)
	s.Sun, s.SunPatches = 0.3+0.3*rng.Float64(), 3+rng.Intn(4)
	if i%3 == 0 {
		s.Stones, s.Offsets = nil, nil
	}
	return s
}

// flare replaces a share f of every pixel of img with the frame's mean
// colour (veiling glare).
func flare(img *image.RGBA, f float64) {
	var sum [3]float64
	for i := 0; i+3 < len(img.Pix); i += 4 {
		for c := range 3 {
			sum[c] += float64(img.Pix[i+c])
		}
	}
	n := float64(len(img.Pix) / 4)
	for i := 0; i+3 < len(img.Pix); i += 4 {
		for c := range 3 {
			img.Pix[i+c] = clamp(mix(float64(img.Pix[i+c]), sum[c]/n, f))
		}
	}
}
