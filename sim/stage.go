package sim

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"time"

	"tengen/ai"
	"tengen/game"
	"tengen/rules"
)

// Actor is anyone at the table: stepped once per camera frame.
type Actor interface {
	Step(ctx context.Context, w *World) error
}

// Stage is the table seen by the camera with any number of actors around
// it: people who play, and scripts that push, lift or knock stones. Like
// Eyes, a view counts once it has held for Settle frames with nothing
// over the board. Its frames are also its clock (Now), so clocks and
// move times in a staged game are exact and need no sleeping.
type Stage struct {
	World  *World
	Actors []Actor
	Camera Camera
	Settle int // frames a view must hold [3]
	// Start and Frame set the clock: frame n is at Start + n·Frame.
	Start time.Time
	Frame time.Duration
	// Frames counts every frame taken.
	Frames int
}

// Now is the time of the current frame (clock.Source).
func (s *Stage) Now() time.Time { return s.Start.Add(time.Duration(s.Frames) * s.Frame) }

// Look implements game.Eyes. Unlike Eyes, a failed frame is an error at
// once: a staged camera does not drop frames.
func (s *Stage) Look(ctx context.Context) (game.Sight, error) {
	v, _, err := lookSteady(ctx, s.Settle, 1, nil, func() (View, error) {
		for _, a := range s.Actors {
			if err := a.Step(ctx, s.World); err != nil {
				return View{}, errFrame{err}
			}
		}
		s.Frames++
		v, err := s.Camera.View(s.World)
		if err != nil {
			return View{}, errFrame{err}
		}
		return v, nil
	})
	if err != nil {
		return game.Sight{}, err
	}
	return game.Sight{Board: v.Board, Evidence: v.Frame}, nil
}

// Paced is a person who thinks before moving: they start their move only
// after the board has been still, with no hand over it, for Quiet frames.
// Two unpaced people would answer each other in the same frame, and a
// watcher would never see the position between their moves.
type Paced struct {
	*Person
	Quiet int
	// Wait, if set, holds the person back while it says so: the referee
	// has stopped play, or the board is being rebuilt.
	Wait func() bool

	last  *rules.Board
	still int
}

// Step implements Actor.
func (p *Paced) Step(ctx context.Context, w *World) error {
	if p.reach > 0 {
		return p.Person.Step(ctx, w)
	}
	if w.HandOver() != nil || (p.Wait != nil && p.Wait()) {
		p.last, p.still = nil, 0
		return nil
	}
	truth, _ := w.Truth()
	if p.last == nil || !equal(truth, p.last) {
		p.last, p.still = truth, 0
	}
	p.still++
	if p.still <= p.Quiet {
		return nil
	}
	return p.Person.Step(ctx, w)
}

// ListPlayer plays its moves from a list: asked for a move, it returns the
// first listed point still empty, so a game replays a planned line.
type ListPlayer struct {
	Moves []rules.Point
}

// Name implements ai.Player.
func (l *ListPlayer) Name() string { return "scripted" }

// Think implements ai.Player.
func (l *ListPlayer) Think(_ context.Context, pos ai.Position, _ ai.Limits, _ func(ai.Info)) (ai.Result, error) {
	taken := make(map[rules.Point]bool, len(pos.Stones))
	for _, s := range pos.Stones {
		taken[s.P] = true
	}
	for _, p := range l.Moves {
		if !taken[p] {
			return ai.Result{Move: p}, nil
		}
	}
	return ai.Result{}, fmt.Errorf("scripted player: no move left in its list")
}

// Script is a person at the table doing planned things, one step after
// another: each step waits for its condition, reaches over the board for
// Reach frames (the hand hides the board), then acts.
type Script struct {
	Steps []ScriptStep

	i     int
	reach int
}

// ScriptStep is one thing a Script does.
type ScriptStep struct {
	When  func(w *World) bool // nil: at once
	Reach int                 // frames the hand covers the board first
	Do    func(w *World)
}

// Done reports whether every step has been done.
func (s *Script) Done() bool { return s.i >= len(s.Steps) }

// Step implements Actor.
func (s *Script) Step(_ context.Context, w *World) error {
	if s.Done() {
		return nil
	}
	st := s.Steps[s.i]
	if s.reach > 0 {
		s.reach--
		if s.reach == 0 {
			w.SetHand(nil)
			st.Do(w)
			s.i++
		}
		return nil
	}
	if w.HandOver() != nil || (st.When != nil && !st.When(w)) {
		return nil
	}
	if st.Reach > 0 {
		s.reach = st.Reach
		w.SetHand(&Hand{Radius: 60})
		return nil
	}
	st.Do(w)
	s.i++
	return nil
}

// PutStone lays a stone of colour c on p.
func PutStone(c rules.Color, p rules.Point) func(*World) {
	return func(w *World) { w.Put(c, p, 0.5, -0.5) }
}

// LiftStone takes the stone on p off the board (into the person's hand),
// reporting whether there was one.
func (w *World) LiftStone(p rules.Point) (rules.Color, bool) {
	return w.Take(w.Layout.Intersection(p), w.pitch()/2)
}

// MoveStone slides the stone on from to the point to, off by (dx, dy) mm
// (a push by a sleeve, or a stone put back by hand).
func (w *World) MoveStone(from, to rules.Point, dx, dy float64) bool {
	c, ok := w.LiftStone(from)
	if ok {
		w.Put(c, to, dx, dy)
	}
	return ok
}

// Knock is a bumped table: each of the n stones nearest to centre (all if
// n ≤ 0) slides to a random point within reach points of where it lay,
// or falls off the board with chance fall. It reports how many stones
// moved and how many fell; the fallen are gone from the world, as stones
// on the floor are.
func (w *World) Knock(seed uint64, centre rules.Point, n, reach int, fall float64) (moved, fell int) {
	rng := rand.New(rand.NewPCG(seed, 0x6b6e6f636b))
	truth, _ := w.Truth()
	size := truth.Size()
	type st struct {
		p rules.Point
		d float64
	}
	var stones []st
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := rules.Point{X: x, Y: y}
			if truth.At(p) != rules.Empty {
				stones = append(stones, st{p, math.Hypot(float64(x-centre.X), float64(y-centre.Y))})
			}
		}
	}
	// Nearest first, ties in board order: deterministic.
	for i := 1; i < len(stones); i++ {
		for j := i; j > 0 && stones[j].d < stones[j-1].d; j-- {
			stones[j], stones[j-1] = stones[j-1], stones[j]
		}
	}
	if n <= 0 || n > len(stones) {
		n = len(stones)
	}
	occupied := func(p rules.Point) bool { t, _ := w.Truth(); return t.At(p) != rules.Empty }
	for _, s := range stones[:n] {
		if rng.Float64() < fall {
			if _, ok := w.LiftStone(s.p); ok {
				fell++
			}
			continue
		}
		for try := 0; try < 20; try++ {
			to := rules.Point{X: s.p.X + rng.IntN(2*reach+1) - reach, Y: s.p.Y + rng.IntN(2*reach+1) - reach}
			if to == s.p || !to.In(size) || occupied(to) {
				continue
			}
			if w.MoveStone(s.p, to, rng.NormFloat64(), rng.NormFloat64()) {
				moved++
			}
			break
		}
	}
	return moved, fell
}

// TopCamera sees the world exactly, as TruthCamera does, except that a
// stone laid on top of another hides it, as a real camera sees a stone put
// on an occupied point. Each frame comes with a plain top-down picture of
// the board (SketchFrame) for the referee's evidence log.
type TopCamera struct{}

// View implements Camera.
func (TopCamera) View(w *World) (View, error) {
	if w.HandOver() != nil {
		return View{Occluded: true}, nil
	}
	b := rules.MustBoard(w.Layout.Size)
	for _, s := range w.Board() { // in the order laid: later stones lie on top
		p, d := w.nearest(s.At)
		if d <= w.pitch()/2 {
			b.Set(p, s.Colour)
		}
	}
	return View{Board: b, Frame: SketchFrame(b), Centre: w.Centre}, nil
}

// SketchFrame draws a board top-down, 16 pixels a point: wood, grid lines,
// black and white discs.
func SketchFrame(b *rules.Board) image.Image {
	const cell = 16
	n := b.Size()
	img := image.NewRGBA(image.Rect(0, 0, n*cell, n*cell))
	wood := color.RGBA{220, 180, 110, 255}
	line := color.RGBA{60, 40, 20, 255}
	for y := 0; y < n*cell; y++ {
		for x := 0; x < n*cell; x++ {
			img.SetRGBA(x, y, wood)
		}
	}
	for i := 0; i < n; i++ {
		c := i*cell + cell/2
		for t := cell / 2; t <= (n-1)*cell+cell/2; t++ {
			img.SetRGBA(c, t, line)
			img.SetRGBA(t, c, line)
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			st := b.At(rules.Point{X: x, Y: y})
			if st == rules.Empty {
				continue
			}
			fill := color.RGBA{20, 20, 20, 255}
			if st == rules.White {
				fill = color.RGBA{245, 245, 240, 255}
			}
			// Row 1 (Black's side) at the bottom of the picture.
			cx, cy := x*cell+cell/2, (n-1-y)*cell+cell/2
			for dy := -cell / 2; dy < cell/2; dy++ {
				for dx := -cell / 2; dx < cell/2; dx++ {
					if dx*dx+dy*dy <= (cell/2-1)*(cell/2-1) {
						img.SetRGBA(cx+dx, cy+dy, fill)
					}
				}
			}
		}
	}
	return img
}
