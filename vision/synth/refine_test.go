package synth

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"tengen/vision"
)

// TestRefineCorners moves corners a few pixels off (as Locate leaves them)
// back onto the rendered grid lines, on boards of every size with stones,
// uneven light, glare and noise, and on the robot's own 1280x720 view; the
// refined corners must lie within a third of a pixel of the true ones,
// nearer than they started. Corners nearly half a step off are not near
// this board's lines: an error, not a lattice made up.
func TestRefineCorners(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	worst := 0.0
	for _, size := range []int{9, 13, 15, 19} {
		for _, c := range []struct {
			name                string
			light, glare, noise float64
			big                 bool
		}{{"plain", 0, 0, 2, false}, {"uneven", 0.6, 0, 4, false}, {"glare", 0.3, 0.6, 4, false}, {"noisy", 0.2, 0, 10, false}, {"robot", 0.3, 0.2, 4, true}} {
			t.Run(fmt.Sprintf("%d/%s", size, c.name), func(t *testing.T) {
				s := randomScene(rng, size, c.light, c.glare, c.noise)
				if c.big {
					s.Width, s.Height = 1280, 720
					s.Corners = [4]vision.Point{{X: 372, Y: 58}, {X: 918, Y: 70}, {X: 940, Y: 652}, {X: 350, Y: 640}}
				}
				pl := Planes(Render(s))
				step := math.Hypot(s.Corners[1].X-s.Corners[0].X, s.Corners[1].Y-s.Corners[0].Y) / float64(size-1)
				var off [4]vision.Point
				for i, p := range s.Corners {
					a, r := 2*math.Pi*rng.Float64(), 0.15*step*(0.5+0.5*rng.Float64())
					off[i] = vision.Point{X: p.X + r*math.Cos(a), Y: p.Y + r*math.Sin(a)}
				}
				got, err := vision.RefineCorners(pl, size, off, Truth(s))
				if err != nil {
					t.Fatal(err)
				}
				before, after := cornerDist(off, s.Corners), cornerDist(got, s.Corners)
				worst = math.Max(worst, after)
				if after > 1.0/3 || after >= before {
					t.Errorf("corners %.2f px off before, %.2f px after (step %.1f px)", before, after, step)
				}

				var far [4]vision.Point
				for i, p := range s.Corners {
					far[i] = vision.Point{X: p.X + 0.45*step, Y: p.Y + 0.45*step}
				}
				if got, err := vision.RefineCorners(pl, size, far, nil); err == nil {
					t.Errorf("corners 0.45 steps off refined to %.1f px off, want an error", cornerDist(got, s.Corners))
				}
			})
		}
	}
	t.Logf("worst corner after refining: %.3f px", worst)
}

// cornerDist is the largest distance between corresponding corners.
func cornerDist(a, b [4]vision.Point) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Hypot(a[i].X-b[i].X, a[i].Y-b[i].Y))
	}
	return d
}
