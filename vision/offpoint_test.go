package vision_test

import (
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestBlackStonesOffTheirPoints reads black stones lying a third of a
// step or more off their points, as people leave them: each counts on
// the point nearest its centre, whether alone, beside other stones or
// at the board's edge, and no point beside one reads a stone. A darker
// stone beside, already read, does not hide one.
func TestBlackStonesOffTheirPoints(t *testing.T) {
	sc := newOffPointScene()
	sc.put(3, 3, vision.Black, 0.4, 0)     // alone, toward the next point
	sc.put(3, 8, vision.Black, -0.3, -0.3) // diagonally
	sc.put(0, 6, vision.Black, 0, -0.35)   // at the edge, outward
	sc.put(7, 4, vision.Black, 0, 0.38)    // beside a black stone on its point...
	sc.put(7, 5, vision.Black, 0, 0)
	sc.put(8, 9, vision.Black, -0.35, 0) // ...and beside white ones
	sc.put(8, 10, vision.White, 0, 0)
	sc.put(9, 9, vision.White, 0, 0)
	sc.put(11, 2, vision.Black, 0.1, -0.4)
	sc.put(0, 10, vision.Black, 0, -0.48) // at the edge, outward, over a black stone on its point
	sc.put(1, 10, vision.Black, 0, 0)
	sc.check(t)
}

// TestWhiteStonesOffTheirPoints reads white stones lying a third of a
// step off their points or more, further than the disc search around a
// point reaches: alone, and pushed into a crowd of white and black
// stones (as on g09_11.11.32 r1c9); each counts on the point nearest its
// centre, and no point beside one reads a stone. A stone 0.4 steps off
// or more covers only half the point's top: its top is measured where
// the stone lies.
func TestWhiteStonesOffTheirPoints(t *testing.T) {
	sc := newOffPointScene()
	sc.put(3, 3, vision.White, 0.35, 0)    // alone, toward the next point
	sc.put(3, 8, vision.White, -0.3, -0.3) // diagonally
	// In a crowd, pushed up between its neighbours.
	sc.put(6, 6, vision.White, 0.05, -0.38)
	sc.put(5, 6, vision.Black, 0, -0.1)
	sc.put(5, 7, vision.White, 0, 0)
	sc.put(6, 5, vision.White, 0, 0)
	sc.put(6, 7, vision.White, 0, 0)
	sc.put(7, 6, vision.White, 0, 0)
	sc.put(7, 7, vision.Black, 0, 0)
	sc.put(10, 9, vision.White, -0.1, 0.34)
	// Alone, 0.42 steps off along a row, a column and a diagonal.
	sc.put(10, 3, vision.White, 0.42, 0)
	sc.put(1, 11, vision.White, 0, 0.42)
	sc.put(11, 6, vision.White, -0.3, -0.3)
	sc.check(t)
}

// offPointScene is a 13x13 board of stones, each lying some way off its
// point.
type offPointScene struct {
	stones  map[[2]int]vision.Stone
	offsets map[[2]int][2]float64 // [row, col] -> (du, dv) in steps
	// doubtful are the points whose stone must be read with a
	// confidence below 0.5 (a tracker's doubt), [row, col].
	doubtful [][2]int
}

func newOffPointScene() *offPointScene {
	return &offPointScene{stones: map[[2]int]vision.Stone{}, offsets: map[[2]int][2]float64{}}
}

func (sc *offPointScene) put(r, c int, s vision.Stone, du, dv float64) {
	sc.stones[[2]int{r, c}] = s
	sc.offsets[[2]int{r, c}] = [2]float64{du, dv}
}

// offPointViews are the views an offPointScene is rendered in: the
// corners of a 13x13 board in a 960x720 frame.
var offPointViews = []struct {
	name    string
	corners [4]vision.Point
}{
	{"overhead", [4]vision.Point{{X: 200, Y: 80}, {X: 760, Y: 80}, {X: 760, Y: 640}, {X: 200, Y: 640}}},
	{"oblique", [4]vision.Point{{X: 280, Y: 90}, {X: 700, Y: 95}, {X: 820, Y: 640}, {X: 150, Y: 630}}},
}

// check renders the scene overhead and oblique and wants every stone read
// on its point and every other point empty.
func (sc *offPointScene) check(t *testing.T) {
	const n = 13
	for _, tc := range offPointViews {
		t.Run(tc.name, func(t *testing.T) {
			img := synth.Render(synth.Scene{Width: 960, Height: 720, Size: n, Corners: tc.corners,
				Stones: sc.stones, Offsets: sc.offsets, Light: 0.2, Noise: 2, Seed: 3})
			rd, err := vision.ReadStones(synth.Planes(img), n, tc.corners)
			if err != nil {
				t.Fatal(err)
			}
			for r := range n {
				for c := range n {
					want, ok := sc.stones[[2]int{r, c}]
					if !ok {
						want = vision.Empty
					}
					if got := rd.Stones[r][c]; got != want {
						t.Errorf("row %d col %d: read %c, want %c (confidence %.2f)", r, c, got, want, rd.Conf[r][c])
					}
				}
			}
			for _, p := range sc.doubtful {
				if c := rd.Conf[p[0]][p[1]]; c >= 0.5 {
					t.Errorf("row %d col %d: confidence %.2f, want it doubtful (under 0.5)", p[0], p[1], c)
				}
			}
		})
	}
}

// TestWhiteStonesDriftedTogether reads a group of white stones that all
// lie 0.3 steps off their points the same way (as where the corners are
// a little off, or the camera's parallax larger than the reader allows
// for), one of them pushed on to half a step off, just past the middle
// toward a free point: it counts on its own point, as its neighbours
// show the group lying, with a confidence low enough for the game to ask
// for it to be set straight, and the free point stays empty.
func TestWhiteStonesDriftedTogether(t *testing.T) {
	sc := newOffPointScene()
	for _, p := range [][2]int{{3, 3}, {3, 4}, {3, 5}, {5, 3}, {5, 4}, {5, 5}} {
		sc.put(p[0], p[1], vision.White, 0.3, 0)
	}
	sc.put(4, 5, vision.White, 0.5, 0) // (4, 6) is free
	sc.doubtful = [][2]int{{4, 5}}
	sc.check(t)
}
