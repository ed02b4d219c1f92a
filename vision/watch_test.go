package vision_test

import (
	"context"
	"image"
	"io"
	"strings"
	"testing"

	"tengen/vision"
	"tengen/vision/capture"
	"tengen/vision/synth"
)

// TestWatcherShiftedBoard plays rendered frames through a camera: the
// board stands still, then is bumped a good way across the image; the
// watcher must find it again and report a shift, never a move.
func TestWatcherShiftedBoard(t *testing.T) {
	scene := synth.Scene{Width: 400, Height: 300, Size: 13,
		Corners: [4]vision.Point{{X: 80, Y: 40}, {X: 310, Y: 45}, {X: 330, Y: 260}, {X: 65, Y: 255}},
		Stones:  map[[2]int]vision.Stone{{4, 4}: vision.Black, {2, 6}: vision.White}, Noise: 2}
	bumped := scene
	for k := range bumped.Corners {
		bumped.Corners[k].X += 22
		bumped.Corners[k].Y += 6
	}
	frames := []synth.Scene{}
	for i := 0; i < 4; i++ {
		frames = append(frames, scene)
	}
	for i := 0; i < 12; i++ {
		frames = append(frames, bumped)
	}
	w := &vision.Watcher{
		Camera:  playFrames(len(frames), func(i int) image.Image { return synth.Render(frames[i]) }),
		Size:    13,
		Corners: scene.Corners, // calibrated
	}
	var got []string
	for {
		ev, err := w.Step(context.Background())
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ev {
			got = append(got, e.Kind.String())
		}
	}
	if g := strings.Join(got, " "); g != "stable occluded shifted stable" && g != "stable shifted" {
		t.Errorf("events %q, want stable, (occluded,) shifted and nothing else", g)
	}
	b := w.Tracker.Board()
	if b[4][4] != vision.Black || b[2][6] != vision.White {
		t.Errorf("board after the shift:\n%v", b)
	}
}

// TestWatcherKeepsCornersInTheDark darkens frames for a while (the light
// off, the camera's exposure gone wrong): the watcher searches for the
// board again, and the search misfires a few pixels off, as Locate does
// in such frames. Where the stones do not read surely the watcher must
// not move there, and when the light is back it reads at its corners.
func TestWatcherKeepsCornersInTheDark(t *testing.T) {
	scene := synth.Scene{Width: 400, Height: 300, Size: 13,
		Corners: [4]vision.Point{{X: 80, Y: 40}, {X: 310, Y: 45}, {X: 330, Y: 260}, {X: 65, Y: 255}},
		Stones:  map[[2]int]vision.Stone{{4, 4}: vision.Black, {2, 6}: vision.White}, Noise: 2}
	const lit, dark = 4, 12
	searched := 0
	w := &vision.Watcher{
		Camera: playFrames(lit+dark+lit, func(i int) image.Image {
			img := synth.Render(scene)
			if i >= lit && i < lit+dark {
				for k := range img.Pix {
					if k%4 != 3 {
						img.Pix[k] /= 25
					}
				}
			}
			return img
		}),
		Size:    13,
		Corners: scene.Corners,
		Relocate: func(*vision.Planes, int) ([4]vision.Point, float64, error) {
			searched++
			c := scene.Corners
			for k := range c {
				c[k].X += 3
				c[k].Y -= 2
			}
			return c, 1, nil
		},
	}
	for {
		if _, err := w.Step(context.Background()); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if searched == 0 {
		t.Fatal("the dark frames never made the watcher search for the board")
	}
	if w.Corners != scene.Corners {
		t.Errorf("after %d searches in the dark the watcher reads at %v, want the calibrated %v", searched, w.Corners, scene.Corners)
	}
	b := w.Tracker.Board()
	if b[4][4] != vision.Black || b[2][6] != vision.White {
		t.Errorf("board after the dark:\n%v", b)
	}
}

// TestWatcherLeavesAFewDoubtsWhereTheyAre: a patch of sunlight washes the
// lines of one empty point out for good, so every frame doubts that point
// (at the tracker's default confidence) and reads the rest surely. The
// board has not moved: the watcher must not search for it again every few
// frames (on a Pi a search costs seconds) while it keeps reading there.
func TestWatcherLeavesAFewDoubtsWhereTheyAre(t *testing.T) {
	scene := synth.Scene{Width: 640, Height: 480, Size: 15,
		Corners: [4]vision.Point{{X: 120, Y: 40}, {X: 520, Y: 48}, {X: 540, Y: 440}, {X: 100, Y: 430}},
		Stones:  map[[2]int]vision.Stone{{7, 7}: vision.Black, {7, 8}: vision.White},
		Light:   0.3, Noise: 3, Seed: 27, Sun: 0.6, SunPatches: 2}
	searched, doubtfulFrames := 0, 0
	w := &vision.Watcher{
		Camera:  playFrames(20, func(int) image.Image { return synth.Render(scene) }),
		Size:    15,
		Corners: scene.Corners,
		Relocate: func(pl *vision.Planes, n int) ([4]vision.Point, float64, error) {
			searched++
			return scene.Corners, 1, nil
		},
	}
	for {
		if _, err := w.Step(context.Background()); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if n := len(w.Last.Reading.Doubtful(w.Tracker.MinConf)); n > 0 && n <= vision.FewDoubtful {
			doubtfulFrames++
		}
	}
	if doubtfulFrames != 20 {
		t.Fatalf("%d of 20 frames doubt a few points; the scene no longer makes the case", doubtfulFrames)
	}
	if searched != 0 {
		t.Errorf("the watcher searched for the board %d times in 20 frames", searched)
	}
}

// TestWatcherBalancesColourCast changes the light's colour under the
// watcher (a cold lamp switched on: red down, blue up, brightness kept):
// the board, with white stones on pale wood, must still read surely and
// right, where without the balance every such frame read unsure.
func TestWatcherBalancesColourCast(t *testing.T) {
	scene := synth.Scene{Width: 480, Height: 360, Size: 13,
		Corners: [4]vision.Point{{X: 90, Y: 50}, {X: 380, Y: 55}, {X: 400, Y: 320}, {X: 75, Y: 315}},
		Stones:  map[[2]int]vision.Stone{}, Light: 0.3, Noise: 3}
	for i := 0; i < 30; i++ {
		scene.Stones[[2]int{(i * 5) % 13, (i * 7) % 13}] = vision.Stone("BW"[i%2])
	}
	const lit, cast = 3, 6
	w := &vision.Watcher{
		Camera: playFrames(lit+cast, func(i int) image.Image {
			s := scene
			s.Seed = int64(i)
			img := synth.Render(s)
			if i >= lit {
				coldLamp(img)
			}
			return img
		}),
		Size:    13,
		Corners: scene.Corners,
	}
	want := synth.Truth(scene)
	for f := 1; ; f++ {
		if _, err := w.Step(context.Background()); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		r := w.Last.Reading
		if r == nil {
			t.Fatalf("frame %d: no reading", f)
		}
		if c, row, col := r.MinConf(); c < w.Tracker.MinConf {
			t.Errorf("frame %d: unsure at row %d column %d (confidence %.2f)", f, row, col, c)
		}
		for y := range want {
			for x := range want[y] {
				if r.Stones[y][x] != want[y][x] {
					t.Errorf("frame %d: row %d column %d read %q, want %q", f, y, x, r.Stones[y][x], want[y][x])
				}
			}
		}
	}
}

// playFrames is a camera that delivers frame(0) to frame(n-1), then
// io.EOF.
func playFrames(n int, frame func(i int) image.Image) *capture.Camera {
	i := 0
	src := capture.FuncSource(func() (image.Image, error) {
		if i == n {
			return nil, io.EOF
		}
		i++
		return frame(i - 1), nil
	})
	return &capture.Camera{Open: func() (capture.Source, error) { return src, nil }}
}

// coldLamp re-lights a frame in place as a cold lamp would: red down,
// blue up, about the same brightness.
func coldLamp(img *image.RGBA) {
	for k := 0; k+3 < len(img.Pix); k += 4 {
		img.Pix[k] = uint8(float64(img.Pix[k]) * 0.72)
		img.Pix[k+2] = uint8(min(255, float64(img.Pix[k+2])*1.35))
	}
}
