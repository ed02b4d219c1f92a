package vision_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/vision"
	pt "tengen/vision/internal/phototest"
)

// TestExtraCornerPhotos locates the boards of photos whose grid corners
// alone are labelled, from the folders listed in TENGEN_EXTRA_CORNERS
// (separated as in PATH; each holds a corners.txt laid out as in the
// shared photo folder, and its name ends in the board's size, as
// gobonline-19x19 does). Every located corner must lie within half a
// step of its label: a lattice a line over reads every stone on the
// wrong point. Such photos of other boards (other people's, e.g. the
// roboflow GO board set, CC BY 4.0) stay out of the repository; without
// the variable the test is skipped.
func TestExtraCornerPhotos(t *testing.T) {
	env := os.Getenv("TENGEN_EXTRA_CORNERS")
	if env == "" {
		t.Skip("TENGEN_EXTRA_CORNERS is not set")
	}
	for _, folder := range filepath.SplitList(env) {
		var size int
		name := filepath.Base(folder)
		if _, err := fmt.Sscanf(name[strings.LastIndex(name, "-")+1:], "%dx", &size); err != nil || size < 2 {
			t.Fatalf("%s: the folder's name does not end in the board's size (e.g. -19x19)", folder)
		}
		for _, p := range pt.LoadCorners(t, folder, size) {
			t.Run(filepath.Base(folder)+"/"+p.Name, func(t *testing.T) {
				img, err := vision.LoadPlanes(p.Path)
				if err != nil {
					t.Fatal(err)
				}
				got, _, err := vision.Locate(img, size)
				if err != nil {
					t.Fatal(err)
				}
				want := vision.OrderCorners(p.Corners)
				step := pt.Step(p)
				for k := range got {
					if d := math.Hypot(got[k].X-want[k].X, got[k].Y-want[k].Y); d > step/2 {
						t.Errorf("corner %d at %.0f, want %.0f (%.2f steps off)", k, got[k], want[k], d/step)
					}
				}
			})
		}
	}
}
