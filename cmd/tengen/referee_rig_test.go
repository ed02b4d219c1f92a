//go:build cgo

package main

import (
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/calibration"
	"tengen/vision"
	"tengen/vision/synth"
)

// TestRefereeRealOnFrames referees a real board's game from a folder of
// camera frames (rendered), with no arm: the calibration's corners, the
// moves as they hold, the record and log written, and the camera's end
// said as the reason play stopped.
func TestRefereeRealOnFrames(t *testing.T) {
	dir := t.TempDir()
	corners := [4]vision.Point{{X: 120, Y: 40}, {X: 520, Y: 48}, {X: 540, Y: 440}, {X: 100, Y: 430}}
	cal := calibration.Default()
	for k, c := range corners {
		cal.Board.Corners[k] = [2]float64{c.X, c.Y}
	}
	calPath := filepath.Join(dir, "calibration.yaml")
	if err := calibration.Save(calPath, cal); err != nil {
		t.Fatal(err)
	}
	frames := filepath.Join(dir, "frames")
	os.Mkdir(frames, 0o755)
	stones := map[[2]int]vision.Stone{}
	n := 0
	shoot := func(k int) {
		for range k {
			sc := synth.Scene{Width: 640, Height: 480, Size: 15, Corners: corners, Stones: stones, Light: 0.3, Noise: 3, Seed: int64(n)}
			f, err := os.Create(filepath.Join(frames, fmt.Sprintf("%03d.png", n)))
			if err != nil {
				t.Fatal(err)
			}
			png.Encode(f, synth.Render(sc))
			f.Close()
			n++
		}
	}
	shoot(6)
	stones[[2]int{7, 7}] = vision.Black
	shoot(6)
	stones[[2]int{6, 8}] = vision.White
	shoot(6)
	out, errs, code := runCLI(t, "", "referee", "--calibration", calPath, "--camera", frames, "--no-arm", "--dir", filepath.Join(dir, "run"), "--json")
	if code != 1 || !strings.Contains(errs, "no more frames") || !strings.Contains(errs, "game.sgf") {
		t.Errorf("exit %d, %q: want 1 and the camera's end with the record's path", code, errs)
	}
	if !strings.Contains(out, "1. Black h8") || !strings.Contains(out, "2. White i9") {
		t.Errorf("moves said:\n%s", out)
	}
	sgf, err := os.ReadFile(filepath.Join(dir, "run", "game.sgf"))
	if err != nil || !strings.Contains(string(sgf), ";B[hh]") || !strings.Contains(string(sgf), ";W[ig]") {
		t.Errorf("record %q: %v", sgf, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "run", "referee.log")); err != nil {
		t.Errorf("no referee log: %v", err)
	}
}
