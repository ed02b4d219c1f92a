package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCalibrationMissingOrCorrupt starts the robot (the simulated arm, so
// no hardware is needed) with its calibration file missing, cut short at
// many places (a power cut during a copy) and with a wrong value: each
// start must stop with an error naming the file or the field and saying
// how to fix it, never panic, and never write or replace the file.
func TestCalibrationMissingOrCorrupt(t *testing.T) {
	good, errOut, code := runCLI(t, "", "calibrate", "defaults")
	if code != 0 {
		t.Fatalf("calibrate defaults: exit %d: %s", code, errOut)
	}
	type tc struct{ name, data, says string }
	cases := []tc{
		{"wrong value", strings.Replace(good, "size: 15", "size: 99", 1), "board.size"},
		{"typo", strings.Replace(good, "us_per_degree", "us_per_degre", 1), "us_per_degre"},
		{"empty", "", "empty"},
		{"binary", "\x00\xff\x13garbage", "calibration"},
	}
	for cut := 1; cut < 10; cut++ {
		cases = append(cases, tc{"cut at " + string(rune('0'+cut)) + "0%", good[:len(good)*cut/10], "calibration"})
	}
	for _, c := range cases {
		dir := t.TempDir()
		path := filepath.Join(dir, "calibration.yaml")
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errOut, code := runCLI(t, "", "play", "--arm", "sim", "--calibration", path, "--camera", filepath.Join(dir, "no-camera"))
		if code == 0 || !strings.Contains(errOut, c.says) || !strings.Contains(errOut, "fix") || strings.Contains(errOut, "goroutine ") {
			t.Errorf("%s: exit %d, %q; want an error saying %q and the fix", c.name, code, errOut, c.says)
		}
		t.Logf("%s: %s", c.name, strings.TrimSpace(errOut))
		if after, _ := os.ReadFile(path); string(after) != c.data {
			t.Errorf("%s: the calibration file was changed", c.name)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 1 {
			t.Errorf("%s: files written beside the calibration: %v", c.name, entries)
		}
	}

	// Missing: named, with the fix, and not created.
	path := filepath.Join(t.TempDir(), "calibration.yaml")
	_, errOut, code = runCLI(t, "", "play", "--arm", "sim", "--calibration", path, "--camera", "none")
	if code == 0 || !strings.Contains(errOut, path) || !strings.Contains(errOut, "tengen calibrate") {
		t.Errorf("missing: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("missing: the start created the calibration file (%v)", err)
	}
}
