package vision_test

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"tengen/vision"
	pt "tengen/vision/internal/phototest"
)

func TestPhotosGivenCorners(t *testing.T) {
	for _, p := range pt.Load(t) {
		t.Run(p.Name, func(t *testing.T) {
			img, err := vision.LoadPlanes(p.Path)
			if err != nil {
				t.Fatal(err)
			}
			rd, err := vision.ReadStones(img, p.Size, p.Corners)
			if err != nil {
				t.Fatal(err)
			}
			want, dist := pt.AlignLabels(p, rd.Corners)
			if dist > 1e-6 {
				t.Fatalf("corners moved by %.1f px", dist)
			}
			c, r, col := rd.MinConf()
			t.Logf("lowest confidence %.2f at row %d col %d", c, r, col)
			pt.Report(t, "given/"+p.Name, pt.Diff(want, rd.Stones))
		})
	}
}

func TestPhotosLocate(t *testing.T) {
	for _, p := range pt.Load(t) {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			img, err := vision.LoadPlanes(p.Path)
			if err != nil {
				t.Fatal(err)
			}
			corners, score, err := vision.Locate(img, p.Size)
			if err != nil {
				pt.Report(t, "locate/"+p.Name, []string{err.Error()})
				return
			}
			rd, err := vision.ReadStones(img, p.Size, corners)
			if err != nil {
				t.Fatal(err)
			}
			want, dist := pt.AlignLabels(p, rd.Corners)
			step := pt.Step(p)
			t.Logf("score %.3f, worst corner %.1f px (step %.1f px)", score, dist, step)
			diffs := pt.Diff(want, rd.Stones)
			if dist > 0.35*step {
				diffs = append([]string{fmt.Sprintf("corners %.0f, want %.0f (off by %.1f px)", rd.Corners, p.Corners, dist)}, diffs...)
			}
			pt.Report(t, "locate/"+p.Name, diffs)
		})
	}
}

// TestPhotoErrata checks each corrected label against its photo: the
// lattice through the corrected corners must sit on the grid lines
// clearly better than the one through the labelled corners.
func TestPhotoErrata(t *testing.T) {
	for _, p := range pt.Load(t) {
		if _, ok := pt.Errata[p.Name]; !ok {
			continue
		}
		img, err := vision.LoadPlanes(p.Path)
		if err != nil {
			t.Fatal(err)
		}
		fixed, err := vision.GridFit(img, p.Size, p.Corners)
		if err != nil {
			t.Fatal(err)
		}
		labelled, err := vision.GridFit(img, p.Size, p.Labelled)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: grid fit %.3f corrected, %.3f as labelled", p.Name, fixed, labelled)
		if fixed < 0.5 || fixed < labelled+0.1 {
			t.Errorf("%s: the correction does not fit the grid clearly better (%.3f corrected, %.3f labelled)", p.Name, fixed, labelled)
		}
	}
}

// TestExtraPhotos reads labelled photos from the folders listed in
// TENGEN_EXTRA_PHOTOS (laid out like the shared photo folder, see
// phototest.LoadDir; several folders are separated as in PATH), so that
// anyone with photos of other boards can check the reader on them. The
// photos stay out of the repository; without the variable the test is
// skipped. Each photo is read with its labelled corners and with corners
// the localiser finds; any misread point fails.
func TestExtraPhotos(t *testing.T) {
	env := os.Getenv("TENGEN_EXTRA_PHOTOS")
	if env == "" {
		t.Skip("TENGEN_EXTRA_PHOTOS is not set")
	}
	for _, folder := range filepath.SplitList(env) {
		for _, p := range pt.LoadDir(t, folder) {
			t.Run(filepath.Base(folder)+"/"+p.Name, func(t *testing.T) {
				img, err := vision.LoadPlanes(p.Path)
				if err != nil {
					t.Fatal(err)
				}
				points := p.Size * p.Size
				given, err := vision.ReadStones(img, p.Size, p.Corners)
				if err != nil {
					t.Fatal(err)
				}
				want, _ := pt.AlignLabels(p, given.Corners)
				givenDiffs := pt.Diff(want, given.Stones)
				locWrong, dist := points, math.Inf(1)
				var locDiffs []string
				corners, _, err := vision.Locate(img, p.Size)
				var rd *vision.Reading
				if err == nil {
					rd, err = vision.ReadStones(img, p.Size, corners)
				}
				if err != nil {
					locDiffs = []string{err.Error()}
				} else {
					want, dist = pt.AlignLabels(p, rd.Corners)
					locDiffs = pt.Diff(want, rd.Stones)
					locWrong = len(locDiffs)
					if step := pt.Step(p); dist > 0.35*step {
						locDiffs = append(locDiffs, fmt.Sprintf("corners %.0f, want %.0f (off by %.1f px, step %.1f px)", rd.Corners, p.Corners, dist, step))
					}
				}
				t.Logf("%s: given corners %d/%d points right; located %d/%d right, worst corner %.1f px (step %.1f px)", p.Name,
					points-len(givenDiffs), points, points-locWrong, points, dist, pt.Step(p))
				for kind, diffs := range map[string][]string{"given corners": givenDiffs, "located": locDiffs} {
					for i, d := range diffs {
						if i == 5 {
							t.Errorf("%s: %d more", kind, len(diffs)-i)
							break
						}
						t.Errorf("%s: %s", kind, d)
					}
				}
			})
		}
	}
}
