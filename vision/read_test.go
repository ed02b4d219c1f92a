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
// pale wood, a stone is told from the board by being greyer, and from
// grey glare by a rim, however faint, in most directions.
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
	// A stone half a step off its point, most of it beyond the line on
	// one side: the base around the point is half bare, the base around
	// the disc's centre is not.
	farOff := features{lines: 0.34, least: -0.3, dark: 1.4, white: 1.98, local: 1.67, base: 1.29, discBase: 2, disc: 0.94, unif: 0.94,
		board: 144, ringDark: 1.32, neutral: 0.98, tint: 0.78, wood: 0.69}
	// A white stone off its point toward the board's edge, on pale wood
	// as bright as it: grey where the wood is tinted, hiding the line on
	// one side only, its base around the point half bare (around the
	// disc's centre grey).
	greyOff := features{lines: 0.36, least: 0.12, dark: 1.04, white: 1.22, local: 1.17, base: 1.02, discBase: 1.16, discGrey: 0.99, disc: 1, unif: 0.95,
		board: 211, ringDark: 1.01, neutral: 0.98, tint: 0.84, wood: 0.84}
	// A white stone on pale wood, shaded across its top, as measured.
	greyShaded := features{lines: 0.08, least: -0.09, dark: 1.09, white: 1.31, local: 1.18, base: 1.39, discBase: 1.49, disc: 1, unif: 0.84,
		board: 173, ringDark: 1.06, neutral: 0.94, tint: 0.82, wood: 0.76, faint: 0.19}
	// A white stone among white stones on pale wood in glare (the wood
	// beside it nearly as pale: only a faint rim), against the bare
	// board further off; and a patch of glare as grey, larger than a
	// stone (from a photo of an empty board).
	inGlare := features{lines: -0.04, least: -0.05, dark: 1.31, white: 1.58, local: 1.06, base: 1.56, disc: 0.75, unif: 0.98, faint: 1,
		board: 160, ringDark: 1.03, neutral: 0.97, tint: 0.93, wood: 0.8, far: true}
	glare := features{lines: 0.01, least: 0.01, dark: 1.64, white: 2.66, local: 0.99, base: 2.67, disc: 0.38, unif: 0.84, faint: 0.25,
		board: 155, ringDark: 1, neutral: 0.98, tint: 0.99, wood: 0.61, far: true}
	// Sunlight on an empty point (rendered): a blob about a stone's
	// size, and one cut to that size by a stone's shadow. Their lines
	// show faintly in every direction; they are tinted as lit wood is.
	sunBlob := features{lines: 0.21, least: 0.13, dark: 1.41, white: 1.56, local: 1.29, base: 1.51, discBase: 1.43, discGrey: 0.67,
		disc: 0.94, unif: 0.96, faint: 0.62, board: 167, ringDark: 1.21, neutral: 0.68, tint: 0.64, wood: 0.61}
	sunCut := features{lines: 0.11, least: 0.07, dark: 1.46, white: 1.79, local: 1.52, base: 1.71, discBase: 1.85, discGrey: 0.77,
		disc: 0.94, unif: 0.92, faint: 0.5, board: 166, ringDark: 1.29, neutral: 0.75, tint: 0.64, wood: 0.62}
	shadedWood := features{lines: 0.535, least: 0.345, leastOwn: 0.345, dark: 0.57, ringDark: 0.54, local: 0.47, white: 0.51, base: 0.52,
		board: 135, neutral: 0.57, tint: 0.64, wood: 0.62}
	glintBlack := features{lines: -0.045, least: -0.12, dark: 0.72, ringDark: 0.67, local: 0.89, white: 0.98, base: 0.95,
		board: 117, neutral: 1, tint: 0.75, wood: 0.74}
	sunLine := features{lines: 0.375, least: 0.035, dark: 1.3, ringDark: 1.31, local: 1.37, white: 1.34, base: 1.38,
		discBase: 1.18, discGrey: 0.59, disc: 0.94, faint: 0.62, unif: 0.88, beyond: 0.56, board: 134, neutral: 0.57, tint: 0.54, wood: 0.55}
	rimThreeQuarters := features{lines: 0.04, least: 0.005, dark: 1.08, ringDark: 1.08, local: 1.31, white: 1.31, base: 1.29,
		discBase: 1.22, discGrey: 0.94, disc: 0.75, faint: 0.56, unif: 0.93, beyond: 1.045, board: 177, neutral: 0.98, tint: 0.8, wood: 0.8}
	// A white stone on the palest wood in a JPEG frame (rendered, quality
	// 47): barely paler than the wood, its rim smeared by the coarse
	// colour, dipping in 14 of 16 directions; the lines show again just
	// beyond it. And a patch of glare on the edge of an empty grey board
	// (gobonline empty_angled, lines scaled to this board's), as pale
	// and even, whose lines stay washed out beyond a stone's rim.
	smeared := features{lines: 0.03, least: -0.16, dark: 1.07, white: 1.2, local: 1.17, base: 1.19, disc: 0.88, unif: 0.96, faint: 0.81,
		beyond: 0.43, board: 173, ringDark: 1.08, neutral: 0.87, tint: 0.8, wood: 0.77, far: true}
	edgeGlare := features{lines: -0.33, least: -1, dark: 1.3, white: 1.44, local: 1.4, base: 1.4, disc: 0.81, unif: 0.99, faint: 0.75,
		beyond: 0.17, board: 195, ringDark: 1.28, neutral: 1, tint: 0.91, wood: 0.9}
	// Rendered, lines scaled to this board's empty points: empty pale
	// wood in a stone's shadow inside glare that clips every channel,
	// rimmed by the glare, colourless (varied 10/9 row 3 col 7); and a
	// glassy black stone lifted by glare and sunlight, grey, darker than
	// the sunlit wood right beside it (varied 53/9 row 2 col 6).
	clippedGlare := features{lines: 0.043, least: 0.028, dark: 1.08, white: 1.36, local: 1.28, base: 1.36, discBase: 1.36, discBaseW: 255,
		discGrey: 1, disc: 0.875, faint: 0.56, unif: 0.9, beyond: 0.56, board: 236, ringDark: 1.05, neutral: 1, tint: 0.82, wood: 0.8,
		topL: 255, topW: 255, baseL: 255, baseW: 255}
	litBlack := features{lines: -0.061, least: -0.128, dark: 0.95, white: 1.24, local: 1.05, base: 1.28, discBase: 1.34, discBaseW: 116,
		discGrey: 1, disc: 0.94, faint: 0.5, unif: 0.925, beyond: 0.24, board: 117, ringDark: 0.82, neutral: 1, tint: 0.76, wood: 0.74,
		topL: 108, topW: 108, baseL: 111, baseW: 111}
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
		{"white stone far off its point", farOff, White},
		{"far off its point, no paler around the disc's centre", with(farOff, func(f *features) { f.discBase = 1.2 }), Empty},
		{"grey stone off its point on pale wood", greyOff, White},
		{"grey off its point, lines shown all round", with(greyOff, func(f *features) { f.least = 0.2 }), Empty},
		{"off its point, top as tinted as the wood", with(greyOff, func(f *features) { f.neutral = 0.87 }), Empty},
		{"grey top off its point over tinted wood", with(greyOff, func(f *features) { f.discGrey = 0.85 }), Empty},
		{"grey stone on pale wood shaded across its top", greyShaded, White},
		{"shaded, the board beside as grey", with(greyShaded, func(f *features) { f.tint = 0.88 }), Empty},
		{"grey on pale wood, far from even", with(greyShaded, func(f *features) { f.unif = 0.7 }), Empty},
		{"white stone among whites on pale wood in glare", inGlare, White},
		{"glare as grey, larger than a stone", glare, Empty},
		{"in glare, no greyer than the wood", with(inGlare, func(f *features) { f.neutral = 0.9 }), Empty},
		{"in glare, showing its lines", with(inGlare, func(f *features) { f.lines, f.least = 0.3, 0.3 }), Empty},
		{"in glare, not clearly paler than the board", with(inGlare, func(f *features) { f.white, f.base = 1.25, 1.25 }), Empty},
		{"sunlit wood, a stone's size", sunBlob, Empty},
		{"sunlit wood cut to a stone's size by a shadow", sunCut, Empty},
		{"sunlit, hiding a line", with(sunCut, func(f *features) { f.least = -0.02 }), White},
		{"grey, its lines showing faintly", with(sunBlob, func(f *features) { f.neutral = 0.98 }), White},
		{"white stone on pale wood, its rim smeared", smeared, White},
		{"glare on an empty board's edge, lines washed out beyond", edgeGlare, Empty},
		{"smeared rim, no lines beyond it", with(smeared, func(f *features) { f.beyond = 0.2 }), Empty},
		{"smeared rim, lines showing", with(smeared, func(f *features) { f.lines = 0.15 }), Empty},
		{"smeared rim, as tinted as the wood", with(smeared, func(f *features) { f.neutral = 0.83 }), Empty},
		{"smeared rim, barely paler", with(smeared, func(f *features) { f.white = 1.12 }), Empty},
		{"smeared rim, dipping in half the directions", with(smeared, func(f *features) { f.disc = 0.5 }), Empty},
		// Rendered (varied bench boards, lines scaled to this board's
		// empty points): wood in shade (11/9), a glassy black stone in
		// glare (53/9), sunlit wood hiding one line (63/9), a white stone
		// on pale wood rimmed in three quarters of the directions (18/15).
		{"wood in shade", shadedWood, Empty},
		{"in shade, hiding its lines", with(shadedWood, func(f *features) { f.lines, f.least = 0.05, 0.05 }), Black},
		{"in shade, grey", with(shadedWood, func(f *features) { f.neutral = 0.9 }), Black},
		{"black stone in glare", glintBlack, Black},
		{"glinting, showing its lines", with(glintBlack, func(f *features) { f.lines, f.least = 0.4, 0.4 }), Empty},
		{"glinting, as tinted as the wood", with(glintBlack, func(f *features) { f.neutral = 0.8 }), Empty},
		{"grey, hiding its lines, a little darker than the wood beside", with(glintBlack, func(f *features) { f.ringDark = 0.83 }), Empty},
		{"sunlit wood hiding one line", sunLine, Empty},
		{"sunlit, hiding one line, grey", with(sunLine, func(f *features) { f.neutral = 0.95 }), White},
		{"white rimmed three quarters round", rimThreeQuarters, White},
		{"three quarters, lines washed out beyond", with(rimThreeQuarters, func(f *features) { f.beyond = 0.3 }), Empty},
		{"three quarters, barely greyer than the wood", with(rimThreeQuarters, func(f *features) { f.neutral = 0.9 }), Empty},
		{"wood in clipped glare, rimmed by it", clippedGlare, Empty},
		{"the same, its colour not clipped", with(clippedGlare, func(f *features) { f.topW, f.baseW = 240, 240 }), White},
		{"lit black stone, darker than the wood beside", litBlack, Empty},
		{"the same, as bright as the wood beside", with(litBlack, func(f *features) { f.ringDark = 0.9 }), White},
		{"the same, far paler than the board around", with(litBlack, func(f *features) { f.dark = 1.2 }), White},
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
	const n = 9
	onBoard := func(w float64) bool { return w > -0.05 && w < float64(n-1)+0.05 }
	img, corners := squareGrid(n, func(u, v float64, onLine bool) uint8 {
		switch {
		case u > 2.5 && u < 6.5 && v > 2.5 && v < 6.5:
			return 90 // the block: points 3-6 in both directions
		case onLine && onBoard(u) && onBoard(v):
			return 60
		}
		return 190
	})
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

// TestFaintRim checks the disc search's count of faint rims: a stone
// only a little paler than the board around it (pale wood in glare) has
// one nearly all round, at a stone's radius; a pale spot smaller than a
// stone, or a patch larger than one, does not.
func TestFaintRim(t *testing.T) {
	const n = 9
	for _, tc := range []struct {
		name      string
		radius    float64 // of the pale patch at the centre point, in steps
		wantFaint bool
	}{
		{"stone a little paler than the board", 0.46, true},
		{"spot smaller than a stone", 0.33, false},
		{"patch larger than a stone", 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, corners := squareGrid(n, func(u, v float64, onLine bool) uint8 {
				switch {
				case math.Hypot(u-4, v-4) < tc.radius:
					return 216 // 8% paler: a faint rim, not a clear one
				case onLine:
					return 150
				}
				return 200
			})
			s := squareSampler(t, n, img, corners)
			share, _, faint, _ := s.disc(4, 4, false, nil)
			if share > 0.5 {
				t.Errorf("clear rims all round (%.2f): the test wants faint ones", share)
			}
			if got := faint > 0.65; got != tc.wantFaint {
				t.Errorf("faint rims in %.2f of the directions", faint)
			}
		})
	}
}

// squareGrid renders a head-on n x n board, 40 px a step with a 40 px
// margin, each pixel's grey from its grid coordinates and whether it lies
// on a line; it returns the image and its outer grid corners.
func squareGrid(n int, grey func(u, v float64, onLine bool) uint8) (*image.Gray, [4]Point) {
	const step, margin = 40, 40
	side := 2*margin + (n-1)*step
	img := image.NewGray(image.Rect(0, 0, side, side))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			u, v := float64(x-margin)/step, float64(y-margin)/step
			onLine := math.Abs(u-math.Round(u)) < 1.0/step || math.Abs(v-math.Round(v)) < 1.0/step
			img.Pix[img.PixOffset(x, y)] = grey(u, v, onLine)
		}
	}
	m := float64(margin + (n-1)*step)
	return img, [4]Point{{margin, margin}, {m, margin}, {m, m}, {margin, m}}
}

// squareSampler reads a squareGrid image as the reader does a frame.
func squareSampler(t *testing.T, n int, img *image.Gray, corners [4]Point) sampler {
	t.Helper()
	side := img.Rect.Dx()
	h := mustGrid(t, n, corners)
	mid, err := Lifted(h, side, side, n, 0.15)
	if err != nil {
		t.Fatal(err)
	}
	return sampler{img: img, low: img, h: h, cam: newCamera(h, side, side, n), n: n, midInv: mid.Inverse()}
}

// TestTextureRim checks that the disc search counts a rim where a smooth
// stone lies on a speckled board as bright as it (the stone's edge shows
// only as the edge of the texture), and not a smooth spot smaller than a
// stone, a smooth patch larger than one, or a stone on a smooth board as
// bright as it (nothing tells it there); nor where the board beside is
// not as pale as the top (a rim would show in brightness there).
func TestTextureRim(t *testing.T) {
	const n = 9
	speckle := func(u, v float64) int {
		x, y := int(math.Round(u*40)), int(math.Round(v*40))
		return int(uint32(x*73856093^y*19349663)%51) - 25 // -25 to 25
	}
	for _, tc := range []struct {
		name       string
		radius     float64 // of the smooth patch at the centre point, in steps
		speckled   bool
		paleBeside bool
		wantFaint  bool
	}{
		{"stone on speckled board", 0.46, true, true, true},
		{"smooth spot smaller than a stone", 0.3, true, true, false},
		{"smooth patch larger than a stone", 2, true, true, false},
		{"stone on a smooth board as bright", 0.46, false, true, false},
		{"board beside not as pale", 0.46, true, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			img, corners := squareGrid(n, func(u, v float64, onLine bool) uint8 {
				switch {
				case math.Hypot(u-4, v-4) < tc.radius:
					return 200
				case onLine:
					return 150
				case tc.speckled:
					return uint8(205 + speckle(u, v)) // a little brighter than the stone on average
				}
				return 200
			})
			s := squareSampler(t, n, img, corners)
			_, _, faint, _ := s.disc(4, 4, tc.paleBeside, nil)
			if got := faint > 0.65; got != tc.wantFaint {
				t.Errorf("rims in %.2f of the directions", faint)
			}
		})
	}
}
