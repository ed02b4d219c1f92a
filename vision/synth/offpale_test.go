package synth

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"tengen/vision"
)

// offPaleScene renders pale board k of paleBoards (see paleScene) with
// white stones pushed off their points, as hands leave them: a quarter
// to 0.35 of a step, each its own way, none touching another, among black
// stones on their points and empty points.
func offPaleScene(k int, seed int64) Scene {
	b := paleBoards[k]
	rng := rand.New(rand.NewSource(seed))
	s := Scene{Width: 800, Height: 600, Size: 19,
		Corners: [4]vision.Point{{X: 150, Y: 60}, {X: 650, Y: 60}, {X: 740, Y: 560}, {X: 60, Y: 560}},
		Stones:  map[[2]int]vision.Stone{}, Offsets: map[[2]int][2]float64{}, StoneHeight: 0.4,
		Light: b.light, Glare: b.glare, Noise: 2, Seed: rng.Int63(), Look: b.look}
	if b.look.Diagram {
		s.StoneHeight = 0.01
	}
	// Every other point of every other row at most, so that a stone
	// pushed off never touches a neighbour (1.3 steps apart at least).
	for r := 1; r < 18; r += 2 {
		for c := 1 + rng.Intn(2); c < 18; c += 3 {
			switch rng.Intn(3) {
			case 0:
				s.Stones[[2]int{r, c}] = vision.Black
			case 1:
				a, d := 2*math.Pi*rng.Float64(), 0.25+0.1*rng.Float64()
				s.Stones[[2]int{r, c}] = vision.White
				s.Offsets[[2]int{r, c}] = [2]float64{d * math.Cos(a), d * math.Sin(a)}
			}
		}
	}
	return s
}

// TestReadOffPointPale reads white stones pushed off their points on
// boards as pale as they are, at the true corners: such a stone hides
// the line toward its centre and leaves the far one bare, and is no
// paler or greyer than the board (see offPointOutlines; main before it
// missed 4 to 10 of each scene's white stones). No empty point may be
// taken for a stone, no stone read as the other colour, and at most one
// white stone missed per scene: on the tinted board two stones pushed
// sideways a third of a step show their rim on too few rays (left).
func TestReadOffPointPale(t *testing.T) {
	for k, b := range paleBoards {
		if b.look.Diagram {
			continue // a printed stone stays on its point
		}
		for seed := int64(1); seed <= 2; seed++ {
			missed := whitesMissed(t, offPaleScene(k, seed), fmt.Sprintf("%s seed %d", b.name, seed))
			if missed > 1 {
				t.Errorf("%s seed %d: %d white stones off their points missed, want at most 1", b.name, seed, missed)
			}
		}
	}
}
