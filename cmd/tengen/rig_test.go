package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/calibration"
)

// TestRealBoardDevices: without --sim, play and exhibit open the devices
// the calibration and the flags name, and say which is missing and how to
// fix it.
func TestRealBoardDevices(t *testing.T) {
	dir := t.TempDir()
	cal := filepath.Join(dir, "calibration.yaml")
	if err := calibration.Save(cal, calibration.Default()); err != nil {
		t.Fatal(err)
	}
	frames := filepath.Join(dir, "frames")
	os.Mkdir(frames, 0o755)
	os.WriteFile(filepath.Join(frames, "0.png"), []byte("not a png"), 0o644)
	journal := filepath.Join(dir, "g.journal")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--journal", journal, "--calibration", filepath.Join(dir, "none.yaml")}, "run `tengen calibrate`"},
		{[]string{"play", "--journal", journal, "--calibration", cal, "--camera", "/dev/video97", "--arm", "none"}, "no camera at /dev/video97"},
		{[]string{"play", "--journal", journal, "--calibration", cal, "--camera", frames, "--arm", "none"}, "play needs the arm"},
		{[]string{"play", "--journal", journal, "--calibration", cal, "--camera", frames, "--arm", "serial:" + filepath.Join(dir, "tty")}, "is its USB cable plugged in?"},
		{[]string{"exhibit", "--dir", dir, "--calibration", cal, "--camera", frames, "--arm", "none"}, "exhibit needs the arm"},
		{[]string{"exhibit", "--dir", dir, "--calibration", cal, "--arm", "none"}, "pass --camera"},
		{[]string{"referee", "--dir", dir, "--calibration", filepath.Join(dir, "none.yaml")}, "run `tengen calibrate`"},
		{[]string{"referee", "--dir", dir, "--calibration", cal, "--camera", "/dev/video97", "--no-arm"}, "no camera at /dev/video97"},
	}
	for _, tc := range tests {
		_, errOut, code := runCLI(t, "", tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want it to say %q", tc.args, code, errOut, tc.want)
		}
	}
}
