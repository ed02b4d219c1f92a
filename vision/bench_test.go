package vision_test

import (
	"context"
	"image"
	"math"
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// benchFrame is a 1280x720 frame of the robot's 15x15 board mid-game.
func benchFrame() (*vision.Planes, [4]vision.Point) {
	s := synth.Scene{Width: 1280, Height: 720, Size: 15,
		Corners: [4]vision.Point{{X: 360, Y: 80}, {X: 920, Y: 80}, {X: 980, Y: 660}, {X: 300, Y: 660}},
		Stones:  map[[2]int]vision.Stone{}, Light: 0.3, Noise: 3, Seed: 1}
	for i := 0; i < 40; i++ {
		st := vision.Black
		if i%2 == 1 {
			st = vision.White
		}
		s.Stones[[2]int{(i * 7) % 15, (i * 11) % 15}] = st
	}
	return synth.Planes(synth.Render(s)), s.Corners
}

// BenchmarkReadStones is the steady state: every frame read at known corners.
func BenchmarkReadStones(b *testing.B) {
	pl, c := benchFrame()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := vision.ReadStones(pl, 15, c); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLocate is automatic localisation with no markers.
func BenchmarkLocate(b *testing.B) {
	pl, _ := benchFrame()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := vision.Locate(pl, 15); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWatcherStep is one frame through the watcher at known corners
// (the frame into OpenCV, its planes, the reading, the tracker), in the
// calibrated light and under a lamp of another colour, which the watcher
// balances first.
func BenchmarkWatcherStep(b *testing.B) {
	s := synth.Scene{Width: 1280, Height: 720, Size: 15,
		Corners: [4]vision.Point{{X: 360, Y: 80}, {X: 920, Y: 80}, {X: 980, Y: 660}, {X: 300, Y: 660}},
		Stones:  map[[2]int]vision.Stone{{7, 7}: vision.Black, {7, 8}: vision.White}, Light: 0.3, Noise: 3, Seed: 1}
	lit := synth.Render(s)
	cast := synth.Render(s)
	coldLamp(cast)
	for _, c := range []struct {
		name  string
		frame image.Image
	}{{"calibrated", lit}, {"cast", cast}} {
		b.Run(c.name, func(b *testing.B) {
			frame := image.Image(lit) // the first frame sets the wood's colour
			w := &vision.Watcher{Size: 15, Corners: s.Corners,
				Camera: playFrames(math.MaxInt, func(int) image.Image { return frame })}
			if _, err := w.Step(context.Background()); err != nil {
				b.Fatal(err)
			}
			frame = c.frame
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := w.Step(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
