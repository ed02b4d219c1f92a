//go:build cgo

package customs

import (
	"testing"

	"tengen/rules"
	"tengen/vision"
	"tengen/vision/synth"
)

// TestNigiriWithTheRenderedCamera plays 猜先 as the simulator does: a
// person puts a handful down near the centre, slightly off the points,
// the simulator's renderer draws the frame (perspective, uneven light,
// glare, noise), the real board reader reads it, and Handful counts the
// stones; the robot's guess then decides who plays Black.
func TestNigiriWithTheRenderedCamera(t *testing.T) {
	const n = 15
	corners := [4]vision.Point{{X: 372, Y: 58}, {X: 918, Y: 70}, {X: 940, Y: 652}, {X: 350, Y: 640}}
	rng := NewRand(3)
	for round := 0; round < 6; round++ {
		before := rules.MustBoard(n)
		if round%2 == 1 { // a game's stones already on the board
			before.Set(rules.Point{X: 0, Y: 0}, rules.Black)
			before.Set(rules.Point{X: 14, Y: 14}, rules.White)
		}
		count := 1 + rng.IntN(12)
		seen := before.Clone()
		scene := synth.Scene{Width: 1280, Height: 720, Size: n, Corners: corners,
			Stones: map[[2]int]vision.Stone{}, Offsets: map[[2]int][2]float64{},
			Light: 0.3, Glare: 0.2, Noise: 4, Seed: int64(round)}
		for p := range stonesOf(before) {
			scene.Stones[[2]int{n - 1 - p.Y, p.X}] = map[rules.Color]vision.Stone{rules.Black: vision.Black, rules.White: vision.White}[before.At(p)]
		}
		for placed := 0; placed < count; {
			p := rules.Point{X: 4 + rng.IntN(7), Y: 4 + rng.IntN(7)} // a handful lands near the centre
			if seen.At(p) != rules.Empty {
				continue
			}
			seen.Set(p, rules.White)
			k := [2]int{n - 1 - p.Y, p.X}
			scene.Stones[k] = vision.White
			// Off the point by up to 0.05 of a step, as the simulator places them: real stones cannot overlap their neighbours.
			scene.Offsets[k] = [2]float64{(rng.Float64() - 0.5) * 0.1, (rng.Float64() - 0.5) * 0.1}
			placed++
		}
		r, err := vision.ReadStones(synth.Planes(synth.Render(scene)), n, corners)
		if err != nil {
			t.Fatal(err)
		}
		read := rules.MustBoard(n)
		for i, row := range r.Stones {
			for j, s := range row {
				switch s {
				case vision.Black:
					read.Set(rules.Point{X: j, Y: n - 1 - i}, rules.Black)
				case vision.White:
					read.Set(rules.Point{X: j, Y: n - 1 - i}, rules.White)
				}
			}
		}
		pts, err := Handful(before, read)
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if len(pts) != count {
			t.Errorf("round %d: the camera counted %d stones, %d were put down\nput:\n%v\nread:\n%v", round, len(pts), count, seen, read)
		}
		g := Nigiri{Hider: Person, Guess: RobotGuess(rng), Count: len(pts)}
		if want := map[bool]Side{true: Robot, false: Person}[ParityOf(count) == g.Guess]; g.Black() != want {
			t.Errorf("round %d: %v plays Black after guessing %v of %d", round, g.Black(), g.Guess, count)
		}
	}
}

// stonesOf yields the points that hold a stone.
func stonesOf(b *rules.Board) func(func(rules.Point) bool) {
	return func(yield func(rules.Point) bool) {
		for y := 0; y < b.Size(); y++ {
			for x := 0; x < b.Size(); x++ {
				if p := (rules.Point{X: x, Y: y}); b.At(p) != rules.Empty && !yield(p) {
					return
				}
			}
		}
	}
}
