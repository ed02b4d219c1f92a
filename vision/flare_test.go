package vision_test

import (
	"fmt"
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestGreyBlacksInFlare reads black stones on an untinted white board
// through a hazy lens (veiling glare lifts them to a grey about half the
// board's brightness), photographed by a phone (soft edges, noise), some
// lying off their points over the board's edge. On such a board shade is
// as grey as a stone, and a dim top's noise and blurred rim show as lines
// against its dim brightness: the stones over the edge, whose bare side
// shows, look like shaded board by their lines and colour, and only their
// shape (a disc) tells them (Roboflow temp_stone: black stones on a white
// vinyl board read empty so, 9 of a photo's 40). Every point must read as
// set, the bare board empty.
func TestGreyBlacksInFlare(t *testing.T) {
	for _, seed := range []int64{3, 6} {
		s := synth.Scene{Width: 800, Height: 600, Size: 19,
			Corners: [4]vision.Point{{X: 150, Y: 60}, {X: 650, Y: 60}, {X: 740, Y: 560}, {X: 60, Y: 560}},
			Stones:  map[[2]int]vision.Stone{}, Offsets: map[[2]int][2]float64{}, StoneHeight: 0.45, Light: 0.2, Noise: 8, Seed: seed,
			Look: synth.Look{Wood: [3]float64{236, 236, 232}, Ink: [3]float64{40, 40, 40}, Flare: 0.55, Phone: 2}}
		for r := 4; r <= 8; r++ {
			for c := 4; c <= 8; c++ {
				s.Stones[[2]int{r, c}] = vision.Stone("WB"[(r+c)%2])
			}
		}
		for _, p := range [][2]int{{3, 15}, {15, 3}, {14, 14}, {12, 12}, {12, 13}, {10, 9}} {
			s.Stones[p] = vision.Black
			s.Offsets[p] = [2]float64{0.15, 0.15}
		}
		// Over the edge: (du, dv) along the columns and rows.
		for p, o := range map[[2]int][2]float64{{18, 0}: {0.1, 0.2}, {18, 9}: {0, 0.2}, {0, 6}: {0, -0.2},
			{9, 18}: {0.2, 0}, {13, 0}: {-0.2, 0}, {0, 18}: {0.15, -0.15}} {
			s.Stones[p] = vision.Black
			s.Offsets[p] = o
		}
		for _, p := range [][2]int{{11, 12}, {12, 11}, {13, 13}, {9, 9}, {17, 9}} {
			s.Stones[p] = vision.White
		}
		readRight(t, s, fmt.Sprintf("seed %d", seed))
	}
}
