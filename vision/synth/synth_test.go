package synth

import (
	"fmt"
	"math/rand"
	"testing"

	"tengen/vision"
)

// randomScene places the board with a random perspective and random
// stones (about a quarter of the points), with the given disturbances.
func randomScene(rng *rand.Rand, size int, light, glare, noise float64) Scene {
	w, h := 640, 400
	j := func(v float64) float64 { return v + (rng.Float64()-0.5)*50 }
	s := Scene{
		Width: w, Height: h, Size: size,
		Corners: [4]vision.Point{
			{X: j(190), Y: j(70)}, {X: j(470), Y: j(70)}, {X: j(520), Y: j(340)}, {X: j(140), Y: j(340)},
		},
		Stones:   map[[2]int]vision.Stone{},
		Offsets:  map[[2]int][2]float64{},
		Parallax: [2]float64{0, -0.15 * rng.Float64()},
		Light:    light, Glare: glare, Noise: noise, Seed: rng.Int63(),
	}
	for r := 0; r < size; r++ {
		for c := 0; c < size; c++ {
			switch rng.Intn(8) {
			case 0:
				s.Stones[[2]int{r, c}] = vision.Black
			case 1:
				s.Stones[[2]int{r, c}] = vision.White
			}
			if _, ok := s.Stones[[2]int{r, c}]; ok && rng.Intn(4) == 0 {
				s.Offsets[[2]int{r, c}] = [2]float64{(rng.Float64() - 0.5) * 0.2, (rng.Float64() - 0.5) * 0.2}
			}
		}
	}
	return s
}

func truth(s Scene) [][]vision.Stone {
	out := make([][]vision.Stone, s.Size)
	for r := range out {
		out[r] = make([]vision.Stone, s.Size)
		for c := range out[r] {
			out[r][c] = vision.Empty
			if st, ok := s.Stones[[2]int{r, c}]; ok {
				out[r][c] = st
			}
		}
	}
	return out
}

func TestReadSynthetic(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	total, wrong, boards, badBoards := 0, 0, 0, 0
	for _, size := range []int{9, 13, 15, 19} {
		for _, c := range []struct {
			name               string
			light, glare, noise float64
		}{{"plain", 0, 0, 2}, {"uneven", 0.6, 0, 4}, {"glare", 0.3, 0.6, 4}, {"noisy", 0.2, 0, 10}} {
			t.Run(fmt.Sprintf("%d/%s", size, c.name), func(t *testing.T) {
				s := randomScene(rng, size, c.light, c.glare, c.noise)
				rd, err := vision.ReadStones(Planes(Render(s)), size, s.Corners)
				if err != nil {
					t.Fatal(err)
				}
				want := truth(s)
				boards++
				bad := false
				for r := range want {
					for col := range want[r] {
						total++
						if rd.Stones[r][col] != want[r][col] {
							wrong++
							bad = true
							t.Errorf("row %d col %d: want %c got %c (conf %.2f)", r, col, want[r][col], rd.Stones[r][col], rd.Conf[r][col])
						}
					}
				}
				if bad {
					badBoards++
				}
			})
		}
	}
	t.Logf("synthetic: %d/%d points right, %d/%d boards right", total-wrong, total, boards-badBoards, boards)
}
