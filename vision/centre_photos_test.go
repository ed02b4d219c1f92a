package vision_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"tengen/vision"
	pt "tengen/vision/internal/phototest"
)

// TestPhotosStoneCentres finds every stone's centre on the real photos
// (and those of TENGEN_EXTRA_PHOTOS, see TestExtraPhotos), read at their
// labelled corners: each nearer its own point than any other, and no two
// stones' centres nearer than stones can lie (they would overlap).
func TestPhotosStoneCentres(t *testing.T) {
	photos := pt.Load(t)
	for _, folder := range filepath.SplitList(os.Getenv("TENGEN_EXTRA_PHOTOS")) {
		photos = append(photos, pt.LoadDir(t, folder)...)
	}
	for _, p := range photos {
		t.Run(p.Name, func(t *testing.T) {
			img, err := vision.LoadPlanes(p.Path)
			if err != nil {
				t.Fatal(err)
			}
			rd, err := vision.ReadStones(img, p.Size, p.Corners)
			if err != nil {
				t.Fatal(err)
			}
			type centre struct{ u, v float64 }
			var found []centre
			stones, worst := 0, 0.0
			for i, row := range rd.Stones {
				for j, s := range row {
					if s == vision.Empty {
						continue
					}
					stones++
					du, dv, err := vision.StoneCentre(img, rd, i, j)
					if err != nil {
						t.Errorf("row %d col %d (%c): %v", i, j, s, err)
						continue
					}
					worst = math.Max(worst, math.Hypot(du, dv))
					found = append(found, centre{float64(j) + du, float64(i) + dv})
				}
			}
			for a := range found {
				for b := a + 1; b < len(found); b++ {
					if d := math.Hypot(found[a].u-found[b].u, found[a].v-found[b].v); d < 0.8 {
						t.Errorf("centres (%.2f, %.2f) and (%.2f, %.2f) %.2f steps apart: stones that overlap", found[a].u, found[a].v, found[b].u, found[b].v, d)
					}
				}
			}
			t.Logf("%d stones, %d centres found, the furthest %.2f steps off its point", stones, len(found), worst)
		})
	}
}
