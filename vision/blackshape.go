package vision

import (
	"math"
	"sort"
)

// shapeBlacks takes back the black stones read by their top that are
// not a stone's shape: a dark ruler or strip over the board's edge, the
// shadow of a bowl or a hand there, a dark patch of shade. Each is as
// dark as a black stone and hides the lines, but is a band or a blot,
// not a disc: from a black stone's centre (as far off its point as a
// stone read there may lie) the brightness rises halfway to the bare
// board's at its rim, a stone's radius out, in most directions, and
// stays there (a highlight or a printed number on its top is a speck);
// from a point on a strip it rises early toward the strip's near edge
// and not at all along the strip. A direction that runs into a black
// stone read beside (touching, black stones show no rim between them)
// or out of the frame tells nothing. was marks the points to judge (the
// black stones read by their top; offPoint asks blackShape of the
// stones it finds off their points). Only on the board's lattice.
func (s *sampler) shapeBlacks(f [][]features, bg [][][2]float64, bare [][]bool, was [][]Stone, st [][]Stone, conf [][]float64) {
	if !s.chosen {
		return
	}
	// A black stone beside excuses a direction with no rim only while it
	// is itself a stone's shape: a strip read as a row of black stones
	// is judged again once its ends are taken back, as often as it may
	// take to peel a side's length. Among black stones the crevices
	// between them (dark, or a white stone's shadow) may hide a rim: a
	// stone with two black stones of a stone's shape beside it stays (a
	// cluster of shadows read black does not vouch for itself).
	n := len(f)
	margin := make([][]float64, n)
	for j := range margin {
		margin[j] = make([]float64, n)
	}
	for range n {
		beside := readBefore(st)
		for j := range f {
			for i := range f[j] {
				margin[j][i] = 1
				if was[j][i] != Black || st[j][i] != Black {
					continue
				}
				// The bare board near: in a packed crowd, where none is,
				// there is nothing to tell a rim by.
				board, _, ok := bareBoard(bare, bg, i, j, shapeBare)
				if !ok || !(f[j][i].topL <= shapeDark*board) {
					continue // or no darker than the board: no rim to find (glints, glare)
				}
				margin[j][i] = s.blackShape(float64(i), float64(j), i, j, f[j][i].topL, board, blackRimShare, beside)
			}
		}
		changed := false
		for j := range f {
			for i := range f[j] {
				if st[j][i] != Black || margin[j][i] >= 0 {
					continue
				}
				sure := 0
				for jj := max(0, j-1); jj <= min(n-1, j+1); jj++ {
					for ii := max(0, i-1); ii <= min(n-1, i+1); ii++ {
						if (ii != i || jj != j) && beside[jj][ii] == Black && margin[jj][ii] >= 0 {
							sure++
						}
					}
				}
				if sure < 2 {
					st[j][i], conf[j][i], changed = Empty, clamp01(-margin[j][i]), true
				}
			}
		}
		if !changed {
			return
		}
	}
}

// greyBlacks reads the black stones the shade rule (see verdict) left
// empty on a board of little tint. That rule tells wood in shade from a
// black stone by its lines and by the wood's tint, which shade keeps;
// but on a board of little tint (white or grey vinyl, pale wood) shade
// is as grey as a stone, and a dim top's own blotches (noise, a
// highlight, a blurred rim) show as "lines" against its dim brightness:
// a black stone grey in veiling glare (a hazy lens) reads as shaded
// board. Shade from a hand, a bowl or a ruler is larger than a stone or
// a band; a stone is a disc. So a point left empty whose top is as dark
// as the plain rule wants a black stone's, and grey (its Low at least
// greyTop of its Luma; wood in shade keeps the wood's tint, far below),
// is a black stone when its dark blob has a black stone's rim in nearly
// every direction that tells (blackShape, on greyRimShare of them, not
// the most of them shapeBlacks asks of a stone read by its top). Only on
// the board's lattice; before the passes that look for stones off their
// points, so that they count it as read, and before shapeBlacks and
// castShadows, which judge it again with the stones read by their top.
func (s *sampler) greyBlacks(f [][]features, bg [][][2]float64, bare [][]bool, st [][]Stone, conf [][]float64) {
	if !s.chosen {
		return
	}
	var beside [][]Stone
	for j := range f {
		for i, p := range f[j] {
			if st[j][i] != Empty || p.neutral < greyTop {
				continue
			}
			black := plainBlack(p)
			if !(black > 0) {
				continue
			}
			board, _, ok := bareBoard(bare, bg, i, j, shapeBare)
			if !ok || !(p.topL <= shapeDark*board) {
				continue
			}
			if beside == nil {
				beside = readBefore(st)
			}
			if m := s.blackShape(float64(i), float64(j), i, j, p.topL, board, greyRimShare, beside); m >= 0 {
				st[j][i], conf[j][i] = Black, clamp01(math.Min(black, m))
			}
		}
	}
}

// greyTop is the least Low over Luma of a black stone's top that
// greyBlacks reads (a black stone is grey: about 0.8 to 1 in the
// Roboflow photos; shaded wood keeps its tint, 0.3 to 0.6), greyRimShare
// the share of the directions that tell on which its rim must show.
const (
	greyTop      = 0.7
	greyRimShare = 0.8
)

// blackShape is how clearly a black stone's rim surrounds board point
// (u, v) (its centre within offNearest), its top as bright as top, on
// a board as bright as board: 0 or above it does (the first centre that
// does; see shapeBlacks), with the rim on share of the directions that
// tell. The stone is read on point (i, j); beside is the stones read so
// far.
func (s *sampler) blackShape(u, v float64, i, j int, top, board, share float64, beside [][]Stone) float64 {
	maxRim := s.rimReach(u, v)
	// The rim: where the brightness rises halfway from the top's to the
	// board's and stays there (not a highlight's or a printed number's
	// speck on the top).
	level := (math.Min(top, board) + board) / 2
	best := math.Inf(-1)
	for _, o := range shapeOffsets {
		cu, cv := u+o[0], v+o[1]
		n, k := 0, 0
		for a := 0; a < discRays; a++ {
			rim, seen, run := math.NaN(), false, 0
			for r := 0.3; r <= maxRim[a]+0.14; r += 0.02 {
				g := s.at(s.cam.project(cu+r*discCos[a], cv+r*discSin[a], 0.15))
				if g < 0 {
					seen = false // out of the frame: the ray tells nothing
					break
				}
				seen = true
				if g <= level {
					run = 0
					continue
				}
				if run++; run == 3 {
					rim = r - 0.04
					break
				}
			}
			// No rim toward a black stone beside (touching, they show
			// none): the ray tells nothing.
			ex, ey := cu+maxRim[a]*discCos[a], cv+maxRim[a]*discSin[a]
			if !seen || math.IsNaN(rim) && blackBeside(beside, i, j, ex, ey) {
				continue
			}
			n++
			if rim >= blackRimFrom {
				k++
			}
		}
		if n < discRays/4 {
			return 1 // hemmed in by black stones: nothing to judge by
		}
		m := (float64(k)/float64(n) - share) / 0.1
		if m >= 0 {
			return m
		}
		best = math.Max(best, m)
	}
	return best
}

// blackBeside tells whether a black stone read on a point other than
// (pi, pj) lies within besideReach of board point (x, y).
func blackBeside(st [][]Stone, pi, pj int, x, y float64) bool {
	n := len(st)
	for j := max(0, int(math.Floor(y-besideReach))); j <= min(n-1, int(math.Ceil(y+besideReach))); j++ {
		for i := max(0, int(math.Floor(x-besideReach))); i <= min(n-1, int(math.Ceil(x+besideReach))); i++ {
			if st[j][i] == Black && (i != pi || j != pj) && math.Hypot(x-float64(i), y-float64(j)) < besideReach {
				return true
			}
		}
	}
	return false
}

// shapeDark is the most a black stone's top may be of the board's
// brightness for its rim to be looked for.
const shapeDark = 0.7

// shapeOffsets are the centres blackShape tries around a point, nearest
// first: as far as a stone read on the point may lie off it (offNearest).
var shapeOffsets = func() [][2]float64 {
	var o [][2]float64
	for _, d := range offsetGrid(5, 0.08) {
		if math.Hypot(d[0], d[1]) <= offNearest {
			o = append(o, d)
		}
	}
	sort.SliceStable(o, func(i, j int) bool { return math.Hypot(o[i][0], o[i][1]) < math.Hypot(o[j][0], o[j][1]) })
	return o
}()

// shapeBare is how far (in cells) the bare board that a black stone's
// rim is looked for against may lie.
const shapeBare = 3

// besideReach is how near a black stone read beside the end of a
// direction with no rim must lie for it to excuse that direction: within
// about 50 degrees of a touching neighbour's direction, where the crevice
// between two or four black stones shows no board.
const besideReach = 0.8

// A black stone's rim: on at least blackRimShare of the directions that
// tell, at least blackRimFrom steps from its centre (and at most as far
// as rimReach lets it show).
const (
	blackRimShare = 0.6
	blackRimFrom  = 0.34
)
