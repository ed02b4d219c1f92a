package vision_test

import (
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestDarkFrameIsUnreadable: a frame too dark to show any contrast (the
// light off, the exposure far too short) must read as unsure everywhere,
// not as a board of black stones.
func TestDarkFrameIsUnreadable(t *testing.T) {
	corners := [4]vision.Point{{X: 100, Y: 40}, {X: 380, Y: 45}, {X: 390, Y: 320}, {X: 95, Y: 315}}
	img := synth.Render(synth.Scene{Width: 480, Height: 360, Size: 15, Corners: corners,
		Stones: map[[2]int]vision.Stone{{7, 7}: vision.Black, {3, 4}: vision.White}, Noise: 2, Seed: 1})
	for _, scale := range []int{1, 40} { // as rendered; then 40 times darker
		dark := *img
		dark.Pix = append([]byte(nil), img.Pix...)
		for i := range dark.Pix {
			if i%4 != 3 {
				dark.Pix[i] /= byte(scale)
			}
		}
		r, err := vision.ReadStones(synth.Planes(&dark), 15, corners)
		if err != nil {
			t.Fatal(err)
		}
		conf, _, _ := r.MinConf()
		switch {
		case scale == 1 && (conf < 0.5 || r.Stones[7][7] != vision.Black || r.Stones[3][4] != vision.White):
			t.Errorf("the lit frame reads %v (least confidence %.2f)", r.Rows(), conf)
		case scale > 1 && conf > 0:
			t.Errorf("a frame %d times too dark reads with confidence %.2f: %v", scale, conf, r.Rows())
		}
	}
}
