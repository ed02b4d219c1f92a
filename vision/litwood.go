package vision

import "math"

// litWood takes back the points read white whose top is sunlit wood: a
// patch of sunlight a stone or two across washes a point's lines out and
// is paler than the board around, and where its edge crosses the point
// the lines seem hidden in one direction (the line lit, the board beside
// it in shade), so every rule resting on brightness and hidden lines may
// take it for a white stone. Its colour does not pass: lit that
// brightly, a white stone (shell, slate's partner, glass, under a JPEG's
// smear) is grey, its top's Low near its Luma (at least 0.87 in the
// rendered sets where its top is that bright), where lit wood keeps much
// of the wood's tint (0.69-0.77 over pale kaya in the sunlit set, within
// 0.16 of the wood's further off). A top bright, paler than the board
// around, tinted below litGrey and within litTint of the wood's tint is
// wood; a stone's colour in a colour cast keeps its distance from the
// wood's, which the cast tints too.
//
// Where the top clips in Luma its Low still climbs, and lit wood looks
// greyer than it is (sunlit 15/50 row 5 col 6: 0.87, read white at 0.86
// by likeWhites). The white stones read surely on the board tell what
// grey is in this frame: one lit that brightly is as grey as they are
// or greyer (within 0.02 of their median in the rendered robot and
// sunlit sets), so a bright top litApart less grey than they are, on
// wood of another colour than theirs, is wood too. Washed-out stones
// (a JPEG's colour smeared into them) are washed out alike.
func litWood(f [][]features, st [][]Stone, conf [][]float64) {
	grey := sureWhiteGrey(f, st, conf)
	for j := range f {
		for i, p := range f[j] {
			if st[j][i] != White || p.topL < litTop || p.dark < litPaler {
				continue
			}
			m := min((litGrey-p.neutral)/0.05, (litTint-(p.neutral-p.wood))/0.05)
			if !math.IsNaN(grey) && p.wood < grey-litApart {
				m = max(m, (grey-litApart-p.neutral)/0.03)
			}
			if m > 0 {
				st[j][i], conf[j][i] = Empty, clamp01(m)
			}
		}
	}
}

// The clues of lit wood (see litWood): a top at least litTop bright
// (of 255) and litPaler times the board around, its Low under litGrey of
// its Luma and within litTint of the wood's tint further off.
const (
	litTop   = 225
	litPaler = 1.2
	litGrey  = 0.82
	litTint  = 0.2
)

// litApart is how much less grey than the white stones read surely a
// bright top may be and still be a stone (see litWood).
const litApart = 0.06

// sureWhiteGrey is the median colour (neutral) of the tops of the white
// stones read at a confidence of 0.8 or more, or NaN where there are
// fewer than three.
func sureWhiteGrey(f [][]features, st [][]Stone, conf [][]float64) float64 {
	var g []float64
	for j := range f {
		for i, p := range f[j] {
			if st[j][i] == White && conf[j][i] >= 0.8 {
				g = append(g, p.neutral)
			}
		}
	}
	if len(g) < 3 {
		return math.NaN()
	}
	return median(g)
}
