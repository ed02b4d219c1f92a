//go:build cgo

package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"tengen/vision/aruco"
)

// TestVisionMarkers writes the markers and reads each back with the
// detector the locator uses: its id, at the size asked for.
func TestVisionMarkers(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := runCLI(t, "", "vision", "markers", "--out", dir, "--mm", "20", "--dpi", "150")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	const side, margin = 118, 20 // 20 mm at 150 dpi, and a cell of white around
	for id := 0; id < 4; id++ {
		f, err := os.Open(filepath.Join(dir, "marker-"+strconv.Itoa(id)+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		g, ok := img.(*image.Gray)
		if !ok || g.Bounds().Dx() != side+2*margin || g.Bounds().Dy() != side+2*margin {
			t.Fatalf("marker %d: %T %v, want a %d px grey square", id, img, img.Bounds(), side+2*margin)
		}
		ms, err := aruco.Detect(g)
		if err != nil || len(ms) != 1 || ms[0].ID != id {
			t.Errorf("marker %d reads as %+v (%v)", id, ms, err)
		}
	}
	for _, bad := range [][]string{{"--mm", "5"}, {"--dpi", "10"}, {"extra"}} {
		if _, _, code := runCLI(t, "", append([]string{"vision", "markers", "--out", dir}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want a usage error", bad, code)
		}
	}
}
