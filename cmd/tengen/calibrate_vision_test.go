//go:build cgo

package main

import (
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/calibration"
	"tengen/vision/synth"
)

func TestCalibrateBoardFromPhoto(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.yaml")
	img := "../../../shared/testdata/photos/gobonline-19x19/laser_empty_board_2.jpg"
	_, errOut, code := runCLI(t, "", "calibrate", "board", "--file", path, "--image", img, "--size", "19", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, err := calibration.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	// Labelled corners of this photo (EXIF orientation 1), reader order.
	want := [4][2]float64{{830, 233}, {1384, 191}, {1613, 739}, {882, 810}}
	for i := range want {
		if d := abs2(f.Board.Corners[i], want[i]); d > 5 {
			t.Errorf("corner %d at %v, want %v", i, f.Board.Corners[i], want[i])
		}
	}
	if f.Board.Size != 19 || f.Camera.Width != 1920 {
		t.Errorf("size %d width %d", f.Board.Size, f.Camera.Width)
	}
	// A quarter turn starts from the next corner.
	runCLI(t, "", "calibrate", "board", "--file", path, "--image", img, "--size", "19", "--corners", "830,233,1384,191,1613,739,882,810", "--turn", "1")
	f, _ = calibration.Load(path)
	if f.Board.Corners[0] != [2]float64{1384, 191} {
		t.Errorf("turned corners %v", f.Board.Corners)
	}
}

func abs2(a, b [2]float64) float64 {
	dx, dy := a[0]-b[0], a[1]-b[1]
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

// TestCalibrateCamera calibrates the lens at the terminal from photos of
// the chessboard (rendered with a 1000 px lens), in Simplified Chinese, and
// says which views would make it surer: these three lie all in the middle.
func TestCalibrateCamera(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "c.yaml")
	args := []string{"calibrate", "camera", "--lang", "zh-Hans", "--file", file, "--chessboard", "9x6", "--square", "25"}
	for i, pose := range []synth.Pose{{}, {Tilt: [3]float64{0.5, 0, 0}}, {Tilt: [3]float64{0, 0.5, 0.2}}} {
		path := filepath.Join(dir, string(rune('a'+i))+".png")
		w, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(w, synth.Chessboard(9, 6, 25, 1000, 1280, 720, pose)); err != nil {
			t.Fatal(err)
		}
		w.Close()
		args = append(args, path)
	}
	out, errOut, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, err := calibration.Load(file)
	if err != nil || math.Abs(f.Camera.Matrix[0]-1000) > 50 {
		t.Errorf("the lens: %v, focal length %v px, want about 1000", err, f.Camera.Matrix[0])
	}
	for _, want := range []string{"镜头已校准：焦距", "下一张：把棋盘格放在画面的左上角"} {
		if !strings.Contains(out, want) {
			t.Errorf("calibrate camera does not say %q:\n%s%s", want, out, errOut)
		}
	}
	if !strings.Contains(errOut, "[3/3]") || !strings.Contains(errOut, "找到棋盘格") {
		t.Errorf("the views' report: %s", errOut)
	}
}

func TestCalibrateCameraErrors(t *testing.T) {
	_, errOut, code := runCLI(t, "", "calibrate", "camera", "a.png")
	if code != 2 || !strings.Contains(errOut, "at least 3") {
		t.Errorf("exit %d %q", code, errOut)
	}
	_, errOut, code = runCLI(t, "", "calibrate", "camera", "--chessboard", "nine", "a", "b", "c")
	if code != 2 || !strings.Contains(errOut, "COLSxROWS") {
		t.Errorf("exit %d %q", code, errOut)
	}
	_, errOut, code = runCLI(t, "", "calibrate", "board", "--file", filepath.Join(t.TempDir(), "c.yaml"))
	if code != 1 || !strings.Contains(errOut, "--image") {
		t.Errorf("no camera: exit %d %q", code, errOut)
	}
}

// TestCalibrateVerifyWithTheCamera verifies the simulated robot as a real
// one is by default: a stone on each mark, measured by the rendered camera
// through the vision code; a person's check (--ask) on the dry-run arm.
func TestCalibrateVerifyWithTheCamera(t *testing.T) {
	out, errOut, code := runCLI(t, "", "calibrate", "verify", "--sim", "--json", "--tolerance", "1")
	res, err := parseVerify(out)
	if code != 0 || err != nil || !res.OK || len(res.Points) != 5 {
		t.Fatalf("exit %d, %+v: %s\n%s", code, res, errOut, out)
	}
	if !strings.Contains(out, "the camera measures") {
		t.Errorf("output:\n%s", out)
	}
	// A person who finds the nozzle 2.5 mm off the centre fails it.
	path, _ := simArmCalibration(t, t.TempDir())
	out, errOut, code = runCLI(t, "y\ny\n0.5\ny\n2.5\n", "calibrate", "verify", "--file", path, "--arm", "sim", "--ask")
	if code == 0 || !strings.Contains(out, "is the nozzle over the centre of h8") || !strings.Contains(errOut, "2.5 mm off over h8") {
		t.Errorf("asked: exit %d\n%s\n%s", code, out, errOut)
	}
}
