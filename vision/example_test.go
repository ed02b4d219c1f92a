package vision_test

import (
	"fmt"

	"tengen/vision"
	"tengen/vision/synth"
)

// Read a rendered 9x9 board at known corners and track two frames.
func Example() {
	scene := synth.Scene{Width: 320, Height: 240, Size: 9,
		Corners: [4]vision.Point{{X: 60, Y: 30}, {X: 260, Y: 30}, {X: 280, Y: 215}, {X: 40, Y: 215}},
		Stones:  map[[2]int]vision.Stone{{4, 4}: vision.Black, {2, 6}: vision.White}}
	frame := synth.Planes(synth.Render(scene))
	r, err := vision.ReadStones(frame, 9, scene.Corners)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range r.Rows() {
		fmt.Println(row)
	}
	tr := vision.NewTracker()
	for i := 0; i < 3; i++ {
		for _, e := range tr.Feed(vision.Observation{Seq: i, Frame: frame, Reading: r}) {
			fmt.Println(e.Kind)
		}
	}
	// Output:
	// .........
	// .........
	// ......W..
	// .........
	// ....B....
	// .........
	// .........
	// .........
	// .........
	// stable
}
