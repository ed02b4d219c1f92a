//go:build cgo

package sim

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"

	"tengen/kinematics"
	"tengen/rules"
	"tengen/vision"
	"tengen/vision/capture"
	"tengen/vision/synth"
)

// RenderedCamera renders the world as a camera above the board sees it
// (perspective, uneven light, glare, noise, the person's hand) and reads
// each frame with the real vision code: a vision.Watcher, which reads at
// the calibrated corners and finds the board again when its readings stay
// doubtful (the board was bumped). A frame whose reading is unsure at
// more than a few points counts as occluded: the game waits for a clear
// view, as it does at a real table; a few unsure points are named in the
// view (View.Unsure).
//
// The camera is fixed to the arm's frame: the calibration's corners in
// the image and the calibration's board in the arm's frame give the map
// from the board's plane to the image, with which the camera renders a
// moved board and tells where the board it found lies (View.Pose).
type RenderedCamera struct {
	Width, Height int
	// Corners are the board's outer grid corners in the image: a15, o15,
	// o1, a1 (the calibration's order).
	Corners [4]vision.Point
	// Layout is the board as calibrated, in the arm's frame (zero: the
	// world's board at the first frame).
	Layout kinematics.Layout
	Light  float64
	Glare  float64
	Noise  float64
	// Sun is the strength of patches of sunlight on the board (0..1, see
	// synth.Scene), SunPatches how many [4], SunSeed where they fall: they
	// stay there all game.
	Sun        float64
	SunPatches int
	SunSeed    int64
	// SceneSeed places what stays put before a still camera: the glare
	// spot and the sun's direction (the stones' shadows in the sunlight).
	// A real sun does not flicker; each frame draws only its own noise.
	SceneSeed int64
	// Recheck is how many clear frames pass between two searches for the
	// board while it reads well (0: only when it reads badly): a small
	// bump leaves the board readable where it was, but the arm must know.
	Recheck int
	// Exposure is the camera's exposure and the room's light on top of
	// the scene's (the exposure and light faults set it).
	Exposure Exposure
	frame    int64

	watcher *vision.Watcher
	img     *image.RGBA // the frame the watcher reads next
	toImage vision.Homography
	clear   int        // clear frames since the last search
	moved   *BoardPose // where the last search found the board moved, to confirm
	// standing are the doubts that stood, looking the same, since before
	// the last move the game took (see View.Standing).
	standing vision.StandingDoubts
}

// recheckMM (mm) is how far a search must find the board from where it is
// read before the camera moves to it: above the search's own scatter
// (about 0.01 mm on the lines, 1-2.5 mm with Locate alone).
const recheckMM = 0.5

// NewRenderedCamera returns a 1280x720 camera over the simulator's 15x15
// board (SeedLayout), seen slightly obliquely, with mild uneven light and
// noise.
func NewRenderedCamera() *RenderedCamera {
	return &RenderedCamera{Width: 1280, Height: 720,
		Corners: [4]vision.Point{{X: 372, Y: 58}, {X: 918, Y: 70}, {X: 940, Y: 652}, {X: 350, Y: 640}},
		Layout:  SeedLayout(), Light: 0.3, Glare: 0.2, Noise: 4, Recheck: 10}
}

// outerPoints are the board's outer grid corners in Corners' order.
func outerPoints(n int) [4]rules.Point {
	return [4]rules.Point{{X: 0, Y: n - 1}, {X: n - 1, Y: n - 1}, {X: n - 1, Y: 0}, {X: 0, Y: 0}}
}

// start fixes the camera from the calibration and starts the watcher.
func (c *RenderedCamera) start(w *World) error {
	if c.Layout.Size == 0 {
		c.Layout = w.layout()
	}
	var arm [4]vision.Point
	for i, q := range outerPoints(c.Layout.Size) {
		p := c.Layout.Intersection(q)
		arm[i] = vision.Point{X: p[0], Y: p[1]}
	}
	h, err := vision.QuadHomography(arm, c.Corners)
	if err != nil {
		return fmt.Errorf("rendered camera: the calibrated board: %w", err)
	}
	c.toImage = h
	src := capture.FuncSource(func() (image.Image, error) { return c.img, nil })
	// A frame the camera finds unsure is one the watcher doubts: unsure
	// frames in a row make it look for the board again, or the camera
	// could wait forever at corners a little off.
	c.watcher = &vision.Watcher{Size: c.Layout.Size, Corners: c.Corners, Patience: 8, Tracker: vision.NewTracker(), Relocate: onLines,
		Camera: &capture.Camera{Open: func() (capture.Source, error) { return src, nil }}}
	return nil
}

// View implements Camera.
func (c *RenderedCamera) View(w *World) (View, error) {
	if c.watcher == nil {
		if err := c.start(w); err != nil {
			return View{}, err
		}
	}
	img := c.render(w)
	c.img = img
	if _, err := c.watcher.Step(context.Background()); err != nil {
		return View{}, fmt.Errorf("reading the rendered frame: %w", err)
	}
	r := c.watcher.Last.Reading
	if r == nil {
		return View{Occluded: true, Frame: img}, nil
	}
	if !c.readable(r) {
		return View{Occluded: true, Frame: img}, nil
	}
	if c.clear++; c.Recheck > 0 && c.clear >= c.Recheck {
		c.clear = 0
		r = c.recheck(img, r)
	}
	n, pl := c.Layout.Size, c.watcher.Last.Frame
	centre := func(p rules.Point) (dx, dy float64, err error) {
		du, dv, err := vision.StoneCentre(pl, r, n-1-p.Y, p.X)
		return du, -dv, err // image rows run down from row n
	}
	v := View{Board: boardOf(r, n), Frame: img, Pose: c.pose(r.Corners), Centre: centre}
	// As rig.Eyes: the doubts that stood, looking the same, since before
	// the last move are the light, which the view does not name.
	doubtful := r.Doubtful(c.watcher.Tracker.MinConf)
	news := c.standing.News(pl, r, doubtful)
	for _, q := range doubtful {
		p := rules.Point{X: q[1], Y: n - 1 - q[0]}
		v.Unsure = append(v.Unsure, p)
		if !slices.Contains(news, q) {
			v.Standing = append(v.Standing, p)
		}
	}
	v.Taken = func() { c.standing.Seen(pl, r, doubtful) }
	return v, nil
}

// render draws the world as the camera sees it now.
func (c *RenderedCamera) render(w *World) *image.RGBA {
	l := w.layout()
	n := l.Size
	c.frame++
	scene := synth.Scene{Width: c.Width, Height: c.Height, Size: n,
		Stones: map[[2]int]vision.Stone{}, Offsets: map[[2]int][2]float64{},
		Light: c.Light, Glare: c.Glare, Noise: c.Noise, Seed: c.SceneSeed, NoiseSeed: c.frame,
		Sun: c.Sun, SunPatches: c.SunPatches, SunSeed: c.SunSeed}
	for i, q := range outerPoints(n) { // where the board really is
		p := l.Intersection(q)
		scene.Corners[i] = c.toImage.Apply(p[0], p[1])
	}
	if h := w.HandOver(); h != nil {
		// The hand is where it reaches, not where the scene's seed would
		// put it, which stays put.
		p := l.Intersection(h.Over)
		scene.Hand, scene.HandAt = true, c.toImage.Apply(p[0], p[1])
	}
	for _, s := range w.Board() {
		p, _ := w.nearest(s.At)
		d := s.At.Sub(l.Intersection(p))
		k := [2]int{n - 1 - p.Y, p.X} // image row 0 is row n, the far side
		if _, taken := scene.Stones[k]; taken {
			continue // two stones on one point: the camera sees one
		}
		scene.Stones[k] = map[rules.Color]vision.Stone{rules.Black: vision.Black, rules.White: vision.White}[s.Colour]
		scene.Offsets[k] = [2]float64{d.Dot(l.StepX) / l.StepX.Dot(l.StepX), -d.Dot(l.StepY) / l.StepY.Dot(l.StepY)}
	}
	img := synth.Render(scene)
	c.Exposure.apply(img)
	return img
}

// CheckPose looks for the board in two fresh frames, as the robot does
// before it moves: where both read there the same stones as where it is
// read now, and on average find it moved, the camera moves to it. It
// returns where the camera has the board now, nil without a clear view.
func (c *RenderedCamera) CheckPose(w *World) *BoardPose {
	if c.watcher == nil && c.start(w) != nil {
		return nil
	}
	n := c.Layout.Size
	cur := c.watcher.Corners
	var now *rules.Board
	var found [2]*vision.Reading
	for i := range found {
		pl := synth.Planes(c.render(w))
		if i == 0 {
			r, err := vision.ReadStones(pl, n, cur)
			if err != nil || !c.readable(r) {
				return nil
			}
			now = boardOf(r, n)
		}
		r, err := c.locate(pl)
		if err != nil || !equal(boardOf(r, n), now) {
			return c.pose(cur)
		}
		found[i] = r
	}
	p := mean(c.pose(found[0].Corners), c.pose(found[1].Corners))
	if p.apart(layoutAt(c.Layout, *c.pose(cur))) <= recheckMM {
		return c.pose(cur)
	}
	c.moveTo(p)
	return p
}

// locate finds the board in a frame (onLines) and reads it there, sure
// but at a few points.
func (c *RenderedCamera) locate(pl *vision.Planes) (*vision.Reading, error) {
	n := c.Layout.Size
	corners, _, err := onLines(pl, n)
	if err != nil {
		return nil, err
	}
	r, err := vision.ReadStones(pl, n, corners)
	if err != nil {
		return nil, err
	}
	if !c.readable(r) {
		return nil, errors.New("rendered camera: the located board does not read surely")
	}
	return r, nil
}

// onLines finds the board (Locate) and moves its corners onto the grid
// lines the frame shows (RefineCorners), where they are found: Locate
// works on a reduced frame and scatters by a few pixels, a millimetre or
// two, which the arm would chase. (On real phone photos, with their lens
// distortion, the refined corners read no better than Locate's, so the
// watcher's default stays Locate; this camera has an ideal lens.)
func onLines(pl *vision.Planes, n int) ([4]vision.Point, float64, error) {
	corners, score, err := vision.Locate(pl, n)
	if err != nil {
		return corners, score, err
	}
	r, err := vision.ReadStones(pl, n, corners)
	if err != nil {
		return corners, score, nil
	}
	if on, err := vision.RefineCorners(pl, n, r.Corners, r.Stones); err == nil {
		return on, score, nil
	}
	return corners, score, nil
}

// mean is the pose halfway between a and b (a search's scatter halved).
func mean(a, b *BoardPose) *BoardPose {
	return &BoardPose{A1: a.A1.Add(b.A1).Scale(0.5), StepX: a.StepX.Add(b.StepX).Scale(0.5), StepY: a.StepY.Add(b.StepY).Scale(0.5)}
}

// moveTo has the watcher read the board at pose p from now on.
func (c *RenderedCamera) moveTo(p *BoardPose) {
	l := layoutAt(c.Layout, *p)
	for i, q := range outerPoints(l.Size) {
		at := l.Intersection(q)
		c.watcher.Corners[i] = c.toImage.Apply(at[0], at[1])
	}
	c.moved = nil
}

// readable reports whether a reading is sure but at a few points (a patch
// of sunlight), which the view names.
func (c *RenderedCamera) readable(r *vision.Reading) bool {
	return len(r.Doubtful(c.watcher.Tracker.MinConf)) <= vision.FewDoubtful
}

// recheck searches the frame for the board while it reads well where it
// is: found clearly elsewhere by two searches in a row, reading the same
// stones there, the camera moves to where they found it on average and
// returns that reading.
func (c *RenderedCamera) recheck(img *image.RGBA, r *vision.Reading) *vision.Reading {
	n := c.Layout.Size
	pl := synth.Planes(img)
	found, err := c.locate(pl)
	if err != nil {
		return r
	}
	l := layoutAt(c.Layout, *c.pose(r.Corners))
	p := c.pose(found.Corners)
	if p.apart(l) <= recheckMM {
		c.moved = nil
		return r
	}
	// One search may be off (glare on a corner): the mean of two in a
	// row must be off too.
	last := c.moved
	c.moved = p
	if last == nil {
		return r
	}
	if p = mean(last, p); p.apart(l) <= recheckMM {
		return r
	}
	old := c.watcher.Corners
	c.moveTo(p)
	r2, err := vision.ReadStones(pl, n, c.watcher.Corners)
	if err != nil || !c.readable(r2) || !equal(boardOf(r2, n), boardOf(r, n)) {
		c.watcher.Corners = old // the stones do not read the same there
		return r
	}
	return r2
}

// pose turns the corners the board was read at into its pose in the
// arm's frame: the calibrated board carried rigidly onto them
// (kinematics.Layout.Moved).
func (c *RenderedCamera) pose(corners [4]vision.Point) *BoardPose {
	inv := c.toImage.Inverse()
	var from, to [4][2]float64 // calibrated corners → found corners, arm frame
	for i, q := range outerPoints(c.Layout.Size) {
		p := c.Layout.Intersection(q)
		f := inv.Apply(corners[i].X, corners[i].Y)
		from[i], to[i] = [2]float64{p[0], p[1]}, [2]float64{f.X, f.Y}
	}
	return poseOf(c.Layout.Moved(from, to))
}

// SetSun puts patches of sunlight of the strength given (0..1) on the
// board for good, placed by seed, which also places the glare and the
// sun's direction (SceneSeed).
func (c *RenderedCamera) SetSun(strength float64, seed int64) {
	c.Sun, c.SunSeed, c.SceneSeed = strength, seed|1<<40, seed // never 0: that places the sun by the scene's seed
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
