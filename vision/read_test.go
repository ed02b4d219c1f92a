package vision

import (
	"image"
	"math"
	"testing"
)

// TestClassifyWhiteClues checks the white-stone rules on measured
// features (values as measured on phone photos of other boards): a matte
// stone shaded across its top is still a stone, a bright patch of wood is
// not, however disc-like, since wood is not grey; among white stones on
// pale wood, a stone is told from the board by being greyer.
func TestClassifyWhiteClues(t *testing.T) {
	bare := features{lines: 0.5, least: 0.5, dark: 1, white: 1, local: 1, base: 1, board: 150, ringDark: 1, neutral: 0.4, tint: 0.4}
	// A matte stone lit from one side, and a white stone among white
	// stones on pale wood, as measured; the cases below vary one clue.
	shaded := features{lines: -0.02, dark: 1.99, white: 4.65, local: 1.09, base: 4.08, disc: 1, unif: 0.82,
		board: 85, ringDark: 1.08, neutral: 0.96, tint: 0.95}
	amongWhites := features{lines: -0.01, dark: 0.99, white: 1.15, local: 1.12, base: 1.12, disc: 1, unif: 0.90,
		board: 222, ringDark: 0.97, neutral: 0.98, tint: 0.85}
	// A stone a third of a step off its point, which leaves the line on
	// its far side bare (lines scaled to this board's empty points).
	offPoint := features{lines: 0.53, least: -0.09, dark: 1.4, white: 2.39, local: 1.89, base: 1.49, disc: 1, unif: 0.97,
		board: 142, ringDark: 1.26, neutral: 0.98, tint: 0.65}
	with := func(f features, change func(*features)) features { change(&f); return f }
	for _, tc := range []struct {
		name string
		f    features
		want Stone
	}{
		{"grey stone shaded across its top", shaded, White},
		{"evenly lit stone", features{lines: 0.02, dark: 1.5, white: 2.4, local: 2.3, base: 2.2, disc: 1, unif: 0.95,
			board: 120, ringDark: 1.4, neutral: 0.97, tint: 0.6}, White},
		{"white stone among white stones on pale wood", amongWhites, White},
		{"pale wood in shade, lines hidden", with(amongWhites, func(f *features) { f.neutral = 0.86 }), Empty},
		{"bright patch of wood, disc-like", features{lines: 0.07, dark: 2.17, white: 2.29, local: 2.36, base: 2.21, disc: 0.88, unif: 0.88,
			board: 34, ringDark: 1.72, neutral: 0.31, tint: 0.22}, Empty},
		{"shaded disc the colour of wood", with(shaded, func(f *features) { f.neutral, f.tint = 0.45, 0.4 }), Empty},
		{"grey patch far from even", with(shaded, func(f *features) { f.unif = 0.7 }), Empty},
		{"white stone off its point", offPoint, White},
		{"off its point, base not clearly paler", with(offPoint, func(f *features) { f.base = 1.2 }), Empty},
		{"off its point, lines shown all round", with(offPoint, func(f *features) { f.least = 0.4 }), Empty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const n = 7
			f := make([][]features, n)
			for j := range f {
				f[j] = make([]features, n)
				for i := range f[j] {
					f[j][i] = bare
				}
			}
			f[3][3] = tc.f
			ref, _ := lineRefs(f, n)
			st, conf := classify(f, ref)
			if st[3][3] != tc.want {
				t.Errorf("read %c (confidence %.2f), want %c", st[3][3], conf[3][3], tc.want)
			}
			if st[0][0] != Empty {
				t.Errorf("bare point read %c", st[0][0])
			}
		})
	}
}

// TestCrowdedBlackGroup reads a block of black stones whose bodies cover
// the cell centres between them (as seen obliquely): the board reference
// around the block's inner points is made of stones there, so they must
// be measured against the bare board further off.
func TestCrowdedBlackGroup(t *testing.T) {
	const n, step, margin = 9, 40, 40
	side := 2*margin + (n-1)*step
	img := image.NewGray(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			u, v := float64(x-margin)/step, float64(y-margin)/step
			g := uint8(190)
			onLine := func(w float64) bool {
				return w > -0.05 && w < float64(n-1)+0.05 && math.Abs(w-math.Round(w)) < 1.0/step
			}
			if (onLine(u) && v > -0.05 && v < float64(n-1)+0.05) || (onLine(v) && u > -0.05 && u < float64(n-1)+0.05) {
				g = 60
			}
			if u > 2.5 && u < 6.5 && v > 2.5 && v < 6.5 {
				g = 90 // the block: points 3-6 in both directions
			}
			img.Pix[img.PixOffset(x, y)] = g
		}
	}
	m := float64(margin + (n-1)*step)
	corners := [4]Point{{margin, margin}, {m, margin}, {m, m}, {margin, m}}
	rd, err := ReadStones(&Planes{Luma: img, Low: img}, n, corners)
	if err != nil {
		t.Fatal(err)
	}
	for j := range rd.Stones {
		for i, s := range rd.Stones[j] {
			want := Empty
			if i >= 3 && i <= 6 && j >= 3 && j <= 6 {
				want = Black
			}
			if s != want {
				t.Errorf("row %d col %d: read %c, want %c", j, i, s, want)
			}
		}
	}
}
