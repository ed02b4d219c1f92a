package vision_test

import (
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestWhitesOnWhiteBoard reads a block of white stones, and single ones,
// on an untinted white board (vinyl or paper, as many cheap sets are):
// the stones are neither paler nor greyer than the board, and inside
// the block no darker board shows around them; only their hidden lines
// tell them. Every point must read as set, the bare board empty.
func TestWhitesOnWhiteBoard(t *testing.T) {
	s := synth.Scene{Width: 800, Height: 600, Size: 19,
		Corners: [4]vision.Point{{X: 150, Y: 60}, {X: 650, Y: 60}, {X: 740, Y: 560}, {X: 60, Y: 560}},
		Stones:  map[[2]int]vision.Stone{}, StoneHeight: 0.45, Light: 0.2, Noise: 2, Seed: 3,
		Look: synth.Look{Wood: [3]float64{236, 236, 232}, Ink: [3]float64{40, 40, 40}}}
	for r := 6; r <= 9; r++ {
		for c := 5; c <= 9; c++ {
			s.Stones[[2]int{r, c}] = vision.White
		}
	}
	for _, p := range [][2]int{{3, 3}, {3, 15}, {15, 3}, {14, 14}, {18, 0}} {
		s.Stones[p] = vision.White
	}
	for _, p := range [][2]int{{5, 5}, {10, 9}, {12, 12}, {2, 16}} {
		s.Stones[p] = vision.Black
	}
	readRight(t, s, "white board")
}
