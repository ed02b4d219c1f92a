package vision_test

import (
	"errors"
	"math"
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestStoneCentre finds where stones lie off their points, as the arm
// needs to pick them: black and white, alone, in a crowd, at the edge,
// touching a stone on its point, and on their points, overhead and
// seen obliquely, within a twentieth of a step (about 1 mm).
func TestStoneCentre(t *testing.T) {
	sc := newOffPointScene()
	sc.put(3, 3, vision.Black, 0.35, 0)
	sc.put(3, 8, vision.White, -0.3, -0.3)
	sc.put(0, 6, vision.Black, 0, -0.35) // at the edge, outward
	sc.put(7, 4, vision.Black, 0, 0.38)  // touching a black stone on its point
	sc.put(7, 5, vision.Black, 0, 0)
	sc.put(6, 6, vision.White, 0.05, -0.3) // pushed between white stones into a black one, which gave way
	sc.put(5, 6, vision.Black, 0, -0.25)
	sc.put(5, 7, vision.White, 0, 0)
	sc.put(6, 7, vision.White, 0, 0)
	sc.put(10, 9, vision.White, -0.1, 0.34)
	sc.put(11, 2, vision.Black, 0.1, -0.4)
	sc.put(10, 3, vision.White, 0.42, 0)
	const n = 13
	for _, tc := range offPointViews {
		t.Run(tc.name, func(t *testing.T) {
			img := synth.Render(synth.Scene{Width: 960, Height: 720, Size: n, Corners: tc.corners,
				Stones: sc.stones, Offsets: sc.offsets, Light: 0.2, Noise: 2, Seed: 3})
			pl := synth.Planes(img)
			rd, err := vision.ReadStones(pl, n, tc.corners)
			if err != nil {
				t.Fatal(err)
			}
			for p, s := range sc.stones {
				if rd.Stones[p[0]][p[1]] != s {
					t.Errorf("%v: read %c, want %c", p, rd.Stones[p[0]][p[1]], s)
					continue
				}
				du, dv, err := vision.StoneCentre(pl, rd, p[0], p[1])
				want := sc.offsets[p]
				if err != nil {
					t.Errorf("%v (%c, off %v): %v", p, s, want, err)
					continue
				}
				if off := math.Hypot(du-want[0], dv-want[1]); off > 0.05 {
					t.Errorf("%v (%c): centre found off (%.2f, %.2f), want (%.2f, %.2f)", p, s, du, dv, want[0], want[1])
				}
			}
			if _, _, err := vision.StoneCentre(pl, rd, 12, 12); err == nil {
				t.Error("a centre found for an empty point")
			}
		})
	}
}

// A point read as a stone where none lies near has no centre.
func TestStoneCentreNone(t *testing.T) {
	const n = 13
	c := offPointViews[0].corners
	img := synth.Render(synth.Scene{Width: 960, Height: 720, Size: n, Corners: c, Noise: 2, Seed: 3})
	pl := synth.Planes(img)
	rd, err := vision.ReadStones(pl, n, c)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []vision.Stone{vision.Black, vision.White} {
		rd.Stones[6][6] = s
		if _, _, err := vision.StoneCentre(pl, rd, 6, 6); !errors.Is(err, vision.ErrNoCentre) {
			t.Errorf("%c read on a bare point: error %v, want ErrNoCentre", s, err)
		}
	}
}
