package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCalibrateDefaultsAndCheck(t *testing.T) {
	out, errOut, code := runCLI(t, "", "calibrate", "defaults")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	path := filepath.Join(t.TempDir(), "c.yaml")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, errOut, code := runCLI(t, "", "calibrate", "check", "--file", path); code != 0 || !strings.Contains(out, "valid") {
		t.Fatalf("check: exit %d %s %s", code, out, errOut)
	}
	broken := strings.Replace(out, "size: 15", "size: 2", 1)
	os.WriteFile(path, []byte(broken), 0o644)
	_, errOut, code = runCLI(t, "", "calibrate", "check", "--file", path)
	if code == 0 || !strings.Contains(errOut, "board.size") {
		t.Errorf("broken file: exit %d, %q", code, errOut)
	}
}
