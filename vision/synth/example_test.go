package synth_test

import (
	"fmt"
	"math/rand"

	"tengen/vision"
	"tengen/vision/synth"
)

// Render a frame for the simulator's camera: the board's corners where
// the camera sees them, stones by point, light and noise.
func Example() {
	img := synth.Render(synth.Scene{
		Width: 640, Height: 480, Size: 15,
		Corners: [4]vision.Point{{X: 150, Y: 60}, {X: 490, Y: 60}, {X: 530, Y: 420}, {X: 110, Y: 420}},
		Stones:  map[[2]int]vision.Stone{{7, 7}: vision.Black},
		Light:   0.3, Noise: 2, Seed: 1,
	})
	fmt.Println(img.Bounds().Dx(), img.Bounds().Dy())
	// Output: 640 480
}

// A random scene with its ground truth, as the accuracy sweep reads them.
func ExampleRandom() {
	s := synth.Random(rand.New(rand.NewSource(1)), 15)
	fmt.Println(s.Width, s.Height, len(synth.Truth(s)))
	// Output: 640 400 15
}
