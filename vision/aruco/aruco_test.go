package aruco

import (
	"image"
	"math"
	"path/filepath"
	"testing"

	"tengen/vision"
)

func TestDrawAndDetect(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 400, 300))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	place := map[int]image.Point{25: {20, 20}, 14: {300, 30}, 4: {290, 200}, 7: {30, 190}}
	for id, at := range place {
		m, err := Draw(id, 80)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 80; y++ {
			copy(img.Pix[img.PixOffset(at.X, at.Y+y):], m.Pix[y*80:(y+1)*80])
		}
	}
	got, err := Detect(img)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(place) {
		t.Fatalf("found %d markers, want %d", len(got), len(place))
	}
	for _, m := range got {
		at, ok := place[m.ID]
		if !ok {
			t.Errorf("unexpected id %d", m.ID)
			continue
		}
		c := m.Centre()
		if math.Hypot(c.X-float64(at.X+40), c.Y-float64(at.Y+40)) > 1.5 {
			t.Errorf("marker %d centre %v, want (%d,%d)", m.ID, c, at.X+40, at.Y+40)
		}
	}
	if _, err := Draw(100, 50); err == nil {
		t.Error("drew id 100")
	}
}

// The shared photos carry markers 25, 14, 4 and 7 beside the grid corners.
func TestPhotosMarkers(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/testdata/photos/gobonline-19x19/*.jp*g")
	if len(files) == 0 {
		t.Skip("no photos")
	}
	for _, f := range files {
		pl, err := vision.LoadPlanes(f)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := Detect(pl.Luma)
		if err != nil {
			t.Fatal(err)
		}
		ids := map[int]bool{}
		for _, m := range ms {
			ids[m.ID] = true
		}
		for _, id := range []int{25, 14, 4, 7} {
			if !ids[id] {
				t.Errorf("%s: marker %d not found (found %v)", filepath.Base(f), id, ids)
			}
		}
	}
}
