package synth

import (
	"math/rand"
	"testing"

	"tengen/vision"
)

// paleBoards are boards about as bright as white stones, each with its
// ground truth: the reader's white-stone rules that rest on a white
// stone being paler or greyer than the board fail on them.
var paleBoards = []struct {
	name  string
	look  Look
	glare float64
	light float64
}{
	// Cream board, tinted, as bright as shell stones' rims.
	{"cream", Look{Wood: [3]float64{236, 224, 196}, Ink: [3]float64{50, 40, 30}, LineWidth: 0.05}, 0, 0.2},
	// Pale blue-grey magnetic board: the stones are warmer than it.
	{"tinted", Look{Wood: [3]float64{214, 226, 236}, Ink: [3]float64{30, 40, 60}, LineWidth: 0.04, Texture: Laminate}, 0, 0.2},
	// White board, dark lines, creamy glass stones (greyer-or-paler fails both ways).
	{"whiteboard", Look{Wood: [3]float64{246, 246, 244}, Ink: [3]float64{20, 20, 20}, LineWidth: 0.06, Glass: true, Texture: Laminate}, 0, 0.15},
	// A printed diagram: paper, outline-only white stones, flat.
	{"diagram", Look{Wood: [3]float64{250, 250, 247}, Ink: [3]float64{15, 15, 15}, LineWidth: 0.04, Diagram: true}, 0, 0.1},
	// Pale wood washed out by strong glare.
	{"glare", Look{Wood: [3]float64{232, 212, 170}, Ink: [3]float64{40, 30, 20}, LineWidth: 0.05}, 0.8, 0.3},
}

// paleScene renders board k of paleBoards with a position of seed: a
// packed block of white stones, whites beside blacks and single ones,
// on a 19x19 board seen a little obliquely.
func paleScene(k int, seed int64) Scene {
	b := paleBoards[k]
	rng := rand.New(rand.NewSource(seed))
	s := Scene{Width: 800, Height: 600, Size: 19,
		Corners: [4]vision.Point{{X: 150, Y: 60}, {X: 650, Y: 60}, {X: 740, Y: 560}, {X: 60, Y: 560}},
		Stones:  map[[2]int]vision.Stone{}, StoneHeight: 0.4, Light: b.light, Glare: b.glare, Noise: 2,
		Seed: rng.Int63(), Look: b.look}
	if b.look.Diagram {
		s.StoneHeight = 0.01
	}
	r0, c0 := 2+rng.Intn(10), 2+rng.Intn(10)
	for r := r0; r < r0+4; r++ {
		for c := c0; c < c0+4; c++ {
			s.Stones[[2]int{r, c}] = vision.White
		}
	}
	for r := 0; r < 19; r++ {
		for c := 0; c < 19; c++ {
			if _, ok := s.Stones[[2]int{r, c}]; ok {
				continue
			}
			switch rng.Intn(7) {
			case 0:
				s.Stones[[2]int{r, c}] = vision.Black
			case 1, 2:
				s.Stones[[2]int{r, c}] = vision.White
			}
		}
	}
	return s
}

// TestReadPaleBoards reads white stones on boards about as bright as
// they are (cream, tinted, white, a printed diagram, washed out by
// glare), at the true corners: every point must read right.
func TestReadPaleBoards(t *testing.T) {
	for k, b := range paleBoards {
		for seed := int64(1); seed <= 2; seed++ {
			s := paleScene(k, seed)
			rd, want := readTruth(t, s)
			wrong := 0
			for r := range want {
				for c := range want[r] {
					if got := rd.Stones[r][c]; got != want[r][c] {
						wrong++
						if testing.Verbose() {
							t.Logf("%s seed %d row %d col %d: read %c (conf %.2f), want %c", b.name, seed, r, c, got, rd.Conf[r][c], want[r][c])
						}
					}
				}
			}
			if wrong > 0 {
				t.Errorf("%s seed %d: %d of %d points wrong", b.name, seed, wrong, s.Size*s.Size)
			}
		}
	}
}
