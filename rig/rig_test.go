package rig

import (
	"path/filepath"
	"testing"

	"tengen/calibration"
)

// writeDefault writes the simulator's calibration into dir.
func writeDefault(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "calibration.yaml")
	if err := calibration.Save(path, calibration.Default()); err != nil {
		t.Fatal(err)
	}
	return path
}
