//go:build cgo

package main

import (
	"bytes"
	"iter"
	"regexp"
	"strings"
	"testing"

	"tengen/sim"
	"tengen/vision"
	"tengen/vision/synth"
)

// TestVisionBenchDoubtful: vision bench's games report counts the frames
// read right that doubt a point (below vision.Sure), as the robot's
// tracker would wait on them and then ask, and the games with one; with
// --failures it lists their points. Two constructed games in the
// robot's view: game 0 a black stone on its point, then the same stone
// 0.45 steps off it along its row (nearer halfway: read black on its
// point, unsurely) in two frames, then 0.48 off (read empty, unsurely:
// a misread, not a doubt); game 1 the stone on its point in two frames.
func TestVisionBenchDoubtful(t *testing.T) {
	cam := sim.NewRenderedCamera()
	scene := func(off float64, seed int64) synth.Scene {
		return synth.Scene{Width: cam.Width, Height: cam.Height, Size: 15, Corners: cam.Corners,
			Stones:  map[[2]int]vision.Stone{{7, 7}: vision.Black, {6, 8}: vision.Black, {8, 6}: vision.White},
			Offsets: map[[2]int][2]float64{{7, 7}: {off, 0}}, Light: 0.2, Glare: 0.2, Noise: 3, Seed: seed}
	}
	games := [][]synth.Scene{
		{scene(0, 5), scene(0.45, 5), scene(0.45, 6), scene(0.48, 5)},
		{scene(0, 7), scene(0, 8)},
	}
	game := func(g int) iter.Seq2[int, synth.Scene] {
		return func(yield func(int, synth.Scene) bool) {
			for i, s := range games[g] {
				if !yield(i+1, s) {
					return
				}
			}
		}
	}
	var out bytes.Buffer
	if err := tallyGames(&stdio{out: &out}, 0, 2, "robot", true, game); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"robot games 0-1: 2 read (6 frames); frames misread 1 (at confidence >= 0.5: 0); games with a misread frame 1 (at confidence >= 0.5: 0); ",
		"robot games 0-1: frames read right but doubtful (a point below 0.5) 2 (333.3 per 1,000 frames); games with such a frame 1\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want %q in:\n%s", want, got)
		}
	}
	doubt := regexp.MustCompile(`(?m)^  robot game 0 move ([23]) \(.*\): read right, doubtful: row 7 col 7 B \(0\.[0-4]\d, off 0\.45\)$`)
	if m := doubt.FindAllStringSubmatch(got, -1); len(m) != 2 || m[0][1] != "2" || m[1][1] != "3" {
		t.Errorf("want moves 2 and 3 of game 0 listed as doubtful, black at row 7 col 7 0.45 off, got %v in:\n%s", m, got)
	}
	if n := strings.Count(got, "read right, doubtful"); n != 2 {
		t.Errorf("%d frames listed as doubtful, want 2:\n%s", n, got)
	}
	if !strings.Contains(got, "robot game 0 move 4 (") || !strings.Contains(got, "row 7 col 7 B read . (") {
		t.Errorf("the misread of move 4 is not listed:\n%s", got)
	}
}

// TestVisionBenchJudgeFrame: judgeFrame counts a point below vision.Sure
// as a doubt only in a frame read right; a point misread is a misread,
// sure when at vision.Sure or more. The reading is a constructed one.
func TestVisionBenchJudgeFrame(t *testing.T) {
	s := synth.Scene{Size: 5, Stones: map[[2]int]vision.Stone{{2, 2}: vision.White},
		Offsets: map[[2]int][2]float64{{2, 2}: {0.3, 0.4}}}
	reading := func() *vision.Reading {
		rd := &vision.Reading{Size: 5}
		for _, row := range synth.Truth(s) {
			rd.Stones = append(rd.Stones, append([]vision.Stone(nil), row...))
			rd.Conf = append(rd.Conf, []float64{1, 1, 1, 1, 1})
		}
		return rd
	}
	rd := reading()
	if w, sure, d := judgeFrame(s, rd); w != nil || sure || d != nil {
		t.Errorf("all right and sure: wrong %v sure %v doubts %v", w, sure, d)
	}
	rd.Conf[2][2], rd.Conf[0][4] = 0.3, vision.Sure
	w, sure, d := judgeFrame(s, rd)
	if w != nil || sure || len(d) != 1 || d[0] != "row 2 col 2 W (0.30, off 0.50)" {
		t.Errorf("white at 0.30: wrong %v sure %v doubts %q", w, sure, d)
	}
	rd.Conf[1][1] = 0.49
	if _, _, d := judgeFrame(s, rd); len(d) != 2 || d[0] != "row 1 col 1 . (0.49)" {
		t.Errorf("an empty point at 0.49 too: doubts %q", d)
	}
	rd.Stones[3][3], rd.Conf[3][3] = vision.Black, 0.6
	w, sure, d = judgeFrame(s, rd)
	if len(w) != 1 || w[0] != "row 3 col 3 . read B (0.60)" || !sure || d != nil {
		t.Errorf("a black stone misread surely: wrong %v sure %v doubts %v", w, sure, d)
	}
	rd.Conf[3][3] = 0.4
	if w, sure, d = judgeFrame(s, rd); len(w) != 1 || sure || d != nil {
		t.Errorf("a black stone misread unsurely: wrong %v sure %v doubts %v", w, sure, d)
	}
}
