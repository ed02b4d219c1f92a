package aruco_test

import (
	"fmt"
	"testing"

	"tengen/vision"
	"tengen/vision/aruco"
	pt "tengen/vision/internal/phototest"
)

func TestPhotosLocateWithMarkers(t *testing.T) {
	for _, p := range pt.Load(t) {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			img, err := vision.LoadPlanes(p.Path)
			if err != nil {
				t.Fatal(err)
			}
			corners, score, ms, err := aruco.LocateBoard(img, p.Size)
			if err != nil {
				pt.Report(t, "markers/"+p.Name, []string{err.Error()})
				return
			}
			rd, err := vision.ReadStones(img, p.Size, corners)
			if err != nil {
				t.Fatal(err)
			}
			want, dist := pt.AlignLabels(p, rd.Corners)
			t.Logf("%d markers, score %.3f, worst corner %.1f px", len(ms), score, dist)
			diffs := pt.Diff(want, rd.Stones)
			if dist > 0.35*pt.Step(p) {
				diffs = append([]string{fmt.Sprintf("corners %.0f, want %.0f", rd.Corners, p.Corners)}, diffs...)
			}
			pt.Report(t, "markers/"+p.Name, diffs)
		})
	}
}

// BenchmarkLocateBoardWeakPhoto is `tengen vision read`'s localisation on
// the slowest real photo (empty_angled: the fit inside its markers is
// weak, so the whole frame is searched too).
func BenchmarkLocateBoardWeakPhoto(b *testing.B) {
	benchWeakPhoto(b, func(pl *vision.Planes, n int) error {
		_, _, _, err := aruco.LocateBoard(pl, n)
		return err
	})
}

// BenchmarkLocateWeakPhoto is Locate alone (no markers) on that photo.
func BenchmarkLocateWeakPhoto(b *testing.B) {
	benchWeakPhoto(b, func(pl *vision.Planes, n int) error {
		_, _, err := vision.Locate(pl, n)
		return err
	})
}

func benchWeakPhoto(b *testing.B, locate func(*vision.Planes, int) error) {
	for _, p := range pt.Load(b) {
		if p.Name != "empty_angled.jpeg" {
			continue
		}
		pl, err := vision.LoadPlanes(p.Path)
		if err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if err := locate(pl, p.Size); err != nil {
				b.Fatal(err)
			}
		}
		return
	}
	b.Skip("empty_angled.jpeg not among the photos")
}
