package vision

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tengen/vision/exif"
)

const photoDir = "../../shared/testdata/photos/gobonline-19x19"

// labelledPhoto is a photo with its labels moved into the raw-pixel frame.
type labelledPhoto struct {
	name    string
	path    string
	size    int
	corners [4]Point // raw frame, labelled order (label row 0 runs corners[0]->corners[1])
	labels  [][]Stone
}

func loadPhotos(t testing.TB) []labelledPhoto {
	t.Helper()
	cf, err := os.Open(filepath.Join(photoDir, "corners.txt"))
	if err != nil {
		t.Skipf("no photos: %v", err)
	}
	defer cf.Close()
	var out []labelledPhoto
	sc := bufio.NewScanner(cf)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		if len(fs) != 5 {
			t.Fatalf("corners.txt: bad line %q", line)
		}
		p := labelledPhoto{name: fs[0], path: filepath.Join(photoDir, fs[0]), size: 19}
		raw, err := os.ReadFile(p.path)
		if err != nil {
			t.Fatal(err)
		}
		orient, err := exif.Orientation(raw)
		if err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		img, err := LoadPlanes(p.path)
		if err != nil {
			t.Fatal(err)
		}
		w, h := float64(img.Luma.Rect.Dx()), float64(img.Luma.Rect.Dy())
		for i := 0; i < 4; i++ {
			xy := strings.Split(fs[i+1], ",")
			x, _ := strconv.ParseFloat(xy[0], 64)
			y, _ := strconv.ParseFloat(xy[1], 64)
			p.corners[i] = appliedToRaw(orient, x, y, w, h)
		}
		lb, err := os.ReadFile(strings.TrimSuffix(p.path, filepath.Ext(p.path)) + ".labels.txt")
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(lb)), "\n") {
			var row []Stone
			for _, tok := range strings.Fields(l) {
				row = append(row, Stone(tok[0]))
			}
			p.labels = append(p.labels, row)
		}
		out = append(out, p)
	}
	return out
}

// appliedToRaw maps a point of the EXIF-applied frame to raw pixels of a
// rawW x rawH image.
func appliedToRaw(orient int, x, y, rawW, rawH float64) Point {
	switch orient {
	case 3:
		return Point{rawW - x, rawH - y}
	case 6: // shown rotated 90° clockwise
		return Point{y, rawH - x}
	case 8:
		return Point{rawW - y, x}
	}
	return Point{x, y}
}

// alignLabels returns the labels as seen from our corners: it finds the
// board symmetry taking the labelled corners onto ours and applies it.
// maxDist is how far the matched corners are apart (pixels, worst one).
func alignLabels(p labelledPhoto, ours [4]Point) (labels [][]Stone, maxDist float64) {
	n := p.size
	m := float64(n - 1)
	unit := [4][2]float64{{0, 0}, {m, 0}, {m, m}, {0, m}}
	best := math.Inf(1)
	var perm [4]int
	for rot := 0; rot < 4; rot++ {
		for _, dir := range []int{1, 3} {
			var pm [4]int
			worst := 0.0
			for k := 0; k < 4; k++ {
				pm[k] = (rot + dir*k) % 4
				q := p.corners[pm[k]]
				worst = math.Max(worst, math.Hypot(q.X-ours[k].X, q.Y-ours[k].Y))
			}
			if worst < best {
				best, perm = worst, pm
			}
		}
	}
	o := unit[perm[0]]
	ex := [2]float64{(unit[perm[1]][0] - o[0]) / m, (unit[perm[1]][1] - o[1]) / m}
	ey := [2]float64{(unit[perm[3]][0] - o[0]) / m, (unit[perm[3]][1] - o[1]) / m}
	labels = make([][]Stone, n)
	for r := 0; r < n; r++ {
		labels[r] = make([]Stone, n)
		for c := 0; c < n; c++ {
			lc := int(math.Round(o[0] + float64(c)*ex[0] + float64(r)*ey[0]))
			lr := int(math.Round(o[1] + float64(c)*ex[1] + float64(r)*ey[1]))
			labels[r][c] = p.labels[lr][lc]
		}
	}
	return labels, best
}

func diffBoards(want, got [][]Stone) []string {
	var d []string
	for r := range want {
		for c := range want[r] {
			if want[r][c] != got[r][c] {
				d = append(d, fmt.Sprintf("(row %d col %d) want %c got %c", r, c, want[r][c], got[r][c]))
			}
		}
	}
	return d
}

// knownMisreads names the photos the reader does not yet get fully right,
// and why; their tests log the differences and are skipped, so that every
// other photo must stay exactly right. Remove an entry once it passes.
var knownMisreads = map[string]string{
	"given/empty_angled.jpeg":     "640x480, sunlight spots at edge points read as white stones",
	"given/empty_overhead.jpeg":   "640x480, a sunlight spot at an edge point reads as a white stone",
	"locate/empty_angled.jpeg":    "640x480: the grid's net is not found among the carpet texture",
	"locate/empty_overhead.jpeg":  "640x480: the fitted lattice is one line off",
	"locate/stones_overhead.jpg":  "two white stones in a white cluster missed with fitted corners (3 px off)",
	"locate/few_stones_glare.jpg": "the fitted lattice is one and a half lines off",
}

// report fails the test on differences, or logs them and skips for a
// photo listed in knownMisreads.
func report(t *testing.T, key string, diffs []string) {
	t.Helper()
	why, known := knownMisreads[key]
	for _, d := range diffs {
		if known {
			t.Log(d)
		} else {
			t.Error(d)
		}
	}
	if known {
		if len(diffs) == 0 {
			t.Errorf("%s now reads right: remove it from knownMisreads", key)
			return
		}
		t.Skipf("known misread: %s", why)
	}
}

func TestPhotosGivenCorners(t *testing.T) {
	for _, p := range loadPhotos(t) {
		t.Run(p.name, func(t *testing.T) {
			img, err := LoadPlanes(p.path)
			if err != nil {
				t.Fatal(err)
			}
			rd, err := ReadStones(img, p.size, p.corners)
			if err != nil {
				t.Fatal(err)
			}
			want, dist := alignLabels(p, rd.Corners)
			if dist > 1e-6 {
				t.Fatalf("corners moved by %.1f px", dist)
			}
			c, r, col := rd.MinConf()
			t.Logf("lowest confidence %.2f at row %d col %d", c, r, col)
			report(t, "given/"+p.name, diffBoards(want, rd.Stones))
		})
	}
}

func TestPhotosLocate(t *testing.T) {
	for _, p := range loadPhotos(t) {
		t.Run(p.name, func(t *testing.T) {
			img, err := LoadPlanes(p.path)
			if err != nil {
				t.Fatal(err)
			}
			corners, score, err := Locate(img, p.size)
			if err != nil {
				report(t, "locate/"+p.name, []string{err.Error()})
				return
			}
			rd, err := ReadStones(img, p.size, corners)
			if err != nil {
				t.Fatal(err)
			}
			want, dist := alignLabels(p, rd.Corners)
			step := pixelsPerStep(mustGrid(t, p.size, p.corners), p.size)
			t.Logf("score %.3f, worst corner %.1f px (step %.1f px)", score, dist, step)
			diffs := diffBoards(want, rd.Stones)
			if dist > 0.35*step {
				diffs = append([]string{fmt.Sprintf("corners %.0f, want %.0f (off by %.1f px)", rd.Corners, p.corners, dist)}, diffs...)
			}
			report(t, "locate/"+p.name, diffs)
		})
	}
}

func mustGrid(t testing.TB, n int, c [4]Point) Homography {
	h, err := GridHomography(n, c)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
