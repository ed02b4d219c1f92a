package synth

import (
	"math/rand"
	"testing"

	"tengen/vision"
)

// shadowScene is a 19x19 board seen a little obliquely, on a grey
// laminate (a board as in the outside photos whose false black stones
// these tests stand for) or the default wood.
func shadowScene(seed int64, lk Look) Scene {
	return Scene{Width: 800, Height: 600, Size: 19,
		Corners:     [4]vision.Point{{X: 150, Y: 60}, {X: 650, Y: 60}, {X: 740, Y: 560}, {X: 60, Y: 560}},
		Stones:      map[[2]int]vision.Stone{},
		StoneHeight: 0.4, Light: 0.2, Noise: 2, Seed: seed, Look: lk}
}

var greyBoard = Look{Wood: [3]float64{200, 200, 192}, Ink: [3]float64{40, 40, 40}, LineWidth: 0.05, Texture: Laminate, StarRadius: 0.08}

// readWrong reads scene s at its true corners and returns the points
// read wrong, reporting each.
func readWrong(t *testing.T, name string, s Scene) (wrong int, stones int) {
	t.Helper()
	rd, want := readTruth(t, s)
	for r := range want {
		for c := range want[r] {
			if rd.Stones[r][c] != want[r][c] {
				wrong++
				if want[r][c] != vision.Empty {
					stones++
				}
				t.Logf("%s: row %d col %d read %c (conf %.2f), want %c", name, r, c, rd.Stones[r][c], rd.Conf[r][c], want[r][c])
			}
		}
	}
	return wrong, stones
}

// TestReadDarkStrips reads boards with dark bands lying over an edge's
// outer line and beyond: a dark ruler along a whole side, and a bowl's
// or a hand's shadow along part of another. Each hides the lines of the
// points it covers and is as dark as a black stone there, but is no
// stone's shape: no rim a stone's radius out along the band or across
// the outer line. No point may read wrong (without the shape test, 37
// and 19 points per board read black).
func TestReadDarkStrips(t *testing.T) {
	for k, strips := range [][]Strip{
		{{Side: 0, From: -2, To: 0.3, Level: 45}, {Side: 3, From: -1.5, To: 0.25, Level: 70}},
		{{Side: 2, From: -1, To: 0.35, Level: 60}},
	} {
		for _, lk := range []Look{greyBoard, {}} {
			s := shadowScene(int64(k+1), lk)
			s.Strips = strips
			for _, p := range [][2]int{{3, 3}, {3, 4}, {9, 9}, {15, 15}, {10, 12}, {0, 9}, {1, 9}} {
				s.Stones[p] = vision.Black
			}
			for _, p := range [][2]int{{3, 15}, {4, 4}, {12, 6}, {0, 10}} {
				s.Stones[p] = vision.White
			}
			if wrong, _ := readWrong(t, "strips", s); wrong > 0 {
				t.Errorf("strips %d, look %v: %d points wrong", k, lk.Wood, wrong)
			}
		}
	}
}

// TestReadBlackCrowds reads black stones where the shape test could
// lose them: groups packed solid in a corner and along edges, lines of
// stones along an edge, mixed crowds with white stones (dark crevices
// between them), stones a little off their points, on matte and glassy
// stones in glare. Every point must read right.
func TestReadBlackCrowds(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for k, lk := range []Look{greyBoard, {}, {Glass: true, Wood: [3]float64{220, 180, 120}}} {
		s := shadowScene(int64(10+k), lk)
		s.Offsets = map[[2]int][2]float64{}
		put := func(r, c int, st vision.Stone) {
			s.Stones[[2]int{r, c}] = st
			s.Offsets[[2]int{r, c}] = [2]float64{(rng.Float64() - 0.5) * 0.16, (rng.Float64() - 0.5) * 0.16}
		}
		for r := 0; r < 3; r++ { // a corner packed solid
			for c := 0; c < 3; c++ {
				put(r, c, vision.Black)
			}
		}
		for r := 5; r < 14; r++ { // a line along the right edge, and one inside it
			put(r, 18, vision.Black)
			if r%3 != 0 {
				put(r, 17, vision.Black)
			}
		}
		for c := 4; c < 15; c++ { // the bottom edge: a line with gaps
			if c%4 != 3 {
				put(18, c, vision.Black)
			}
		}
		for r := 7; r < 12; r++ { // a mixed crowd
			for c := 5; c < 11; c++ {
				put(r, c, vision.Stone("BBW"[rng.Intn(3)]))
			}
		}
		put(14, 0, vision.Black) // on the left edge, alone
		put(4, 12, vision.Black) // alone in the open
		if k == 2 {
			s.Glare = 0.6
		}
		if wrong, _ := readWrong(t, "crowds", s); wrong > 0 {
			t.Errorf("look %d: %d points wrong", k, wrong)
		}
	}
}

// TestReadSideLit reads boards lit low from one side: every stone
// casts a shadow most of a step long onto the board, over the points
// beside it. No stone may be lost beside a shadow (black stones pushed
// against white ones among them), and no shadow read
// black: a crescent against a stone's rim, as dark as a black stone's
// top on a pale board and disc-shaped from its middle, it lies nearer
// its stone than another stone could, every one alike off its stone, and
// paler than the black stones (see castShadows; 10 and 8 read black
// without).
func TestReadSideLit(t *testing.T) {
	for k, lk := range []Look{greyBoard, {}} {
		s := shadowScene(int64(2+k), lk)
		s.Cast = [2]float64{-0.5, 0.5}
		s.CastDark = 0.35
		for _, p := range [][2]int{{2, 3}, {4, 8}, {5, 9}, {6, 9}, {8, 14}, {11, 4}, {12, 5}, {14, 11}, {16, 16}, {9, 17}} {
			s.Stones[p] = vision.White
		}
		for _, p := range [][2]int{{12, 12}, {3, 12}, {7, 2}, {6, 10}, {13, 4}} {
			s.Stones[p] = vision.Black
		}
		// Black stones pushed against white ones, where the white
		// stone's shadow falls and beside it.
		s.Offsets = map[[2]int][2]float64{{16, 2}: {0.2, -0.2}, {5, 5}: {0, -0.05}, {9, 7}: {-0.05, 0}, {9, 5}: {0.05, 0}}
		for _, p := range [][2]int{{15, 3}, {4, 5}, {9, 6}} {
			s.Stones[p] = vision.White
		}
		for p := range s.Offsets {
			s.Stones[p] = vision.Black
		}
		wrong, stones := readWrong(t, "side-lit", s)
		if stones > 0 {
			t.Errorf("look %d: %d stones read wrong", k, stones)
		}
		if wrong > stones {
			t.Errorf("look %d: %d shadow points read black", k, wrong-stones)
		}
	}
}
