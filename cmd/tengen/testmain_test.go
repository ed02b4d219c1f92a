package main

import (
	"os"
	"testing"
)

// TestMain keeps the commands' data (operator token, default folders)
// out of the source tree, and a robot's settings file, should the machine
// have one, out of the tests.
func TestMain(m *testing.M) {
	settingsFile = ""
	dir, err := os.MkdirTemp("", "tengen-data-")
	if err != nil {
		panic(err)
	}
	os.Setenv("TENGEN_DATA", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
