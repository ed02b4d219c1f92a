//go:build cgo

package main

import (
	"bytes"
	"iter"
	"strings"
	"testing"

	"tengen/vision"
	"tengen/vision/synth"
)

// TestVisionBenchEyes: vision bench --eyes reads a game through the
// robot's eyes. A constructed game of four moves under a patch of sunlight
// that washes out two empty points (d13 and e13) from the first frame: the
// view that sees the first move names them (no move had been seen with
// them there), no turn's view does (from then on they stood, looking the
// same, since before a move: main's eyes named them in all four), and
// every move is seen, right.
func TestVisionBenchEyes(t *testing.T) {
	corners := [4]vision.Point{{X: 120, Y: 40}, {X: 520, Y: 48}, {X: 540, Y: 440}, {X: 100, Y: 430}}
	moves := [][2]int{{7, 7}, {7, 8}, {6, 8}, {9, 9}}
	game := func(int) iter.Seq2[int, synth.Scene] {
		return func(yield func(int, synth.Scene) bool) {
			stones := map[[2]int]vision.Stone{}
			for i, p := range moves {
				stones[p] = vision.Stone("BW"[i%2])
				s := synth.Scene{Width: 640, Height: 480, Size: 15, Corners: corners, Stones: map[[2]int]vision.Stone{},
					Light: 0.3, Noise: 3, Seed: 1, Sun: 0.6, SunPatches: 3, SunSeed: 22}
				for q, c := range stones {
					s.Stones[q] = c
				}
				if !yield(i+1, s) {
					return
				}
			}
		}
	}
	var out bytes.Buffer
	if err := eyesGames(&stdio{out: &out}, 0, 1, "sunlit", true, game); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"sunlit games 0-0 through the eyes: ",
		"; turn views 4, naming a doubt 0; the views that saw a move naming one 1; ",
		"; moves not seen 0; views read wrong 0; ",
		"  sunlit game 0 move 1 (light 0.30 glare 0.00 noise 3.0 sun 0.60): the move's view names d13 e13\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in:\n%s", want, got)
		}
	}
}
