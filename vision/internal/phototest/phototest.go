// Package phototest loads the shared labelled board photos for tests:
// it moves the labels and corners (made in the EXIF-applied frame) onto
// raw pixels and compares readings up to the board's symmetry.
package phototest

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tengen/vision"
	"tengen/vision/exif"
)

// Dir is the photo folder, relative to the module's root.
const Dir = "shared/testdata/photos/gobonline-19x19"

// dir finds Dir from a test's working directory (a package directory).
func dir() string {
	for up := "../"; len(up) < 30; up += "../" {
		if _, err := os.Stat(filepath.Join(up, "..", Dir)); err == nil {
			return filepath.Join(up, "..", Dir)
		}
	}
	return Dir
}

// Photo is a photo with its labels moved into the raw-pixel frame.
type Photo struct {
	Name    string
	Path    string
	Size    int
	Corners [4]vision.Point // raw frame, labelled order (label row 0 runs corners[0]->corners[1]), errata applied
	// Labelled are the corners as corners.txt gives them (raw frame),
	// before Errata.
	Labelled [4]vision.Point
	Labels   [][]vision.Stone
}

// Load returns the shared gobonline photos, or skips the test when they
// are not there.
func Load(t testing.TB) []Photo {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir(), "corners.txt")); err != nil {
		t.Skipf("no photos: %v", err)
	}
	return LoadDir(t, dir())
}

// LoadDir reads a folder laid out like Dir: corners.txt (one line per
// photo: file name, then the TL TR BR BL outer grid corners as x,y pixels
// of the EXIF-applied frame) and, for each photo, NAME.labels.txt (one
// line per board row from corner TL to corner BL, stones B, W or .
// from TL towards TR). The board size is the number of label rows.
func LoadDir(t testing.TB, folder string) []Photo {
	t.Helper()
	out := LoadCorners(t, folder, 0)
	for k := range out {
		p := &out[k]
		lb, err := os.ReadFile(strings.TrimSuffix(p.Path, filepath.Ext(p.Path)) + ".labels.txt")
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(strings.TrimSpace(string(lb)), "\n") {
			var row []vision.Stone
			for _, tok := range strings.Fields(l) {
				row = append(row, vision.Stone(tok[0]))
			}
			if len(row) > 0 {
				p.Labels = append(p.Labels, row)
			}
		}
		p.Size = len(p.Labels)
		for _, row := range p.Labels {
			if len(row) != p.Size {
				t.Fatalf("%s: labels are not %d x %d", p.Name, p.Size, p.Size)
			}
		}
	}
	return out
}

// LoadCorners reads only the corners.txt of a folder laid out like Dir:
// photos of size x size boards whose corners alone are labelled (no
// NAME.labels.txt; Labels nil).
func LoadCorners(t testing.TB, folder string, size int) []Photo {
	t.Helper()
	cf, err := os.Open(filepath.Join(folder, "corners.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer cf.Close()
	var out []Photo
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
		p := Photo{Name: fs[0], Path: filepath.Join(folder, fs[0]), Size: size}
		raw, err := os.ReadFile(p.Path)
		if err != nil {
			t.Fatal(err)
		}
		orient, err := exif.Orientation(raw)
		if err != nil {
			t.Fatalf("%s: %v", p.Name, err)
		}
		img, err := vision.LoadPlanes(p.Path)
		if err != nil {
			t.Fatal(err)
		}
		w, h := float64(img.Luma.Rect.Dx()), float64(img.Luma.Rect.Dy())
		for i := 0; i < 4; i++ {
			xy := strings.Split(fs[i+1], ",")
			x, _ := strconv.ParseFloat(xy[0], 64)
			y, _ := strconv.ParseFloat(xy[1], 64)
			p.Labelled[i] = AppliedToRaw(orient, x, y, w, h)
			p.Corners[i] = p.Labelled[i]
			if e, ok := Errata[p.Name]; ok && e.Corner == i {
				p.Corners[i] = AppliedToRaw(orient, e.X, e.Y, w, h)
			}
		}
		out = append(out, p)
	}
	return out
}

// Erratum corrects one labelled corner, in the EXIF-applied frame as in
// corners.txt.
type Erratum struct {
	Corner int // index in corners.txt's order (TL TR BR BL)
	X, Y   float64
	Why    string
}

// Errata are labelled corners that the photo itself contradicts. Each is
// a measurement, not the localiser's answer: the corner is where the
// outermost row and column, found as dips in brightness across them,
// cross. TestPhotoErrata checks on the image that the corrected lattice
// sits on the grid lines and the labelled one does not.
var Errata = map[string]Erratum{
	"empty_angled.jpeg": {Corner: 3, X: 87, Y: 367, Why: "the labelled bottom-left corner (85,376), under the marker, lies on the board's bevel 2-3 px " +
		"inside its edge, not on the grid: the last column's dips run x=389,379,374,370 at (raw) y=120,240,300,360, 11 px " +
		"apart like the columns before, with bare wood beyond; it meets the last row (dips at y=331,346,383,390 for " +
		"x=240,270,345,360) at raw (367.4,393.4), one step in from the label"},
}

// AppliedToRaw maps a point of the EXIF-applied frame to raw pixels of a
// rawW x rawH image.
func AppliedToRaw(orient int, x, y, rawW, rawH float64) vision.Point {
	switch orient {
	case 3:
		return vision.Point{X: rawW - x, Y: rawH - y}
	case 6: // shown rotated 90° clockwise
		return vision.Point{X: y, Y: rawH - x}
	case 8:
		return vision.Point{X: rawW - y, Y: x}
	}
	return vision.Point{X: x, Y: y}
}

// AlignLabels returns the labels as seen from our corners: it finds the
// board symmetry taking the labelled corners onto ours and applies it.
// maxDist is how far the matched corners are apart (pixels, worst one).
func AlignLabels(p Photo, ours [4]vision.Point) (labels [][]vision.Stone, maxDist float64) {
	n := p.Size
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
				q := p.Corners[pm[k]]
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
	labels = make([][]vision.Stone, n)
	for r := 0; r < n; r++ {
		labels[r] = make([]vision.Stone, n)
		for c := 0; c < n; c++ {
			lc := int(math.Round(o[0] + float64(c)*ex[0] + float64(r)*ey[0]))
			lr := int(math.Round(o[1] + float64(c)*ex[1] + float64(r)*ey[1]))
			labels[r][c] = p.Labels[lr][lc]
		}
	}
	return labels, best
}

func Diff(want, got [][]vision.Stone) []string {
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

// KnownMisreads names the photos the reader does not yet get fully right,
// and why; their tests log the differences and are skipped, so that every
// other photo must stay exactly right. Remove an entry once it passes.
var KnownMisreads = map[string]string{}

// report fails the test on differences, or logs them and skips for a
// photo listed in KnownMisreads.
func Report(t *testing.T, key string, diffs []string) {
	t.Helper()
	why, known := KnownMisreads[key]
	for _, d := range diffs {
		if known {
			t.Log(d)
		} else {
			t.Error(d)
		}
	}
	if known {
		if len(diffs) == 0 {
			t.Errorf("%s now reads right: remove it from KnownMisreads", key)
			return
		}
		t.Skipf("known misread: %s", why)
	}
}

// Step is the photo's smallest grid step on screen, in pixels.
func Step(p Photo) float64 {
	h, err := vision.GridHomography(p.Size, p.Corners)
	if err != nil {
		return 0
	}
	m := float64(p.Size - 1)
	min := math.Inf(1)
	for _, c := range [][2]float64{{0, 0}, {m - 1, 0}, {0, m - 1}, {m - 1, m - 1}} {
		a := h.Apply(c[0], c[1])
		for _, d := range [][2]float64{{1, 0}, {0, 1}} {
			b := h.Apply(c[0]+d[0], c[1]+d[1])
			min = math.Min(min, math.Hypot(b.X-a.X, b.Y-a.Y))
		}
	}
	return min
}
