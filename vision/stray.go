package vision

import "math"

// strays reads, as a doubt, the stones that lie between points: a stone
// dropped half a step or more off every point (between two points, or
// in the middle of a cell between four) is nearer no point than the
// searches for stones off their points reach (offNearest), and the
// points around it show most of their lines, so each read empty at full
// confidence (white stones 0.55-0.7 steps off diagonally, black ones
// half a step off along a line) and the game went on as if no stone lay
// there. Such a stone is read on the point nearest its centre (the
// nearest read empty, see nearestEmpty) at strayConf: a doubt, which the game turns into a question to the
// player (set the stone straight on its point).
//
// Looked for from the middle of every cell and of every line between
// two points with no stone read within 0.75 of it, where the top of a
// stone centred near there would be dark, or grey and paler than the
// board around, or saturated white (probe). A black one: a dark disc of a stone's top and base
// (blackDisc, blackCentre) with brighter board outside its rim (rimmed)
// and a black stone's rim all round (blackShape); beside a stone read
// (within strayNear), as dark as the black stones read, since a stone's
// shadow in low light is paler (see castShadows). A white one: a
// stone's disc (disc), its top grey (strayGrey), no less grey than the
// white stones read surely (see litWood), its rim holding as a stone's
// (rimsHold: no grid line through a patch of light), its centre that of
// its outline (whiteCentre) where that fits. A top saturated by
// sunlight is grey (its Low clipped too) or not (wood, whose Low stays
// under its Luma); the disc and its rims tell a stone from the patch:
// white stones 0.55-0.7 off in patches of sunlight read empty surely
// when a clipped top was refused. Either clear of
// every stone read (no point read a stone within strayClear of its
// centre: no crease, shadow or lit patch beside a stone). Only on the
// board's lattice, the centre within the outer lines.
func (s *sampler) strays(f [][]features, bg [][][2]float64, bare [][]bool, st [][]Stone, conf [][]float64) {
	if !s.chosen {
		return
	}
	n := s.n
	last := float64(n - 1)
	grey := sureWhiteGrey(f, st, conf)
	var was [][]Stone
	var found [][2]float64
	blacks := math.NaN() // the black stones' darkness, measured when first needed
	for j2 := 0; j2 <= 2*(n-1); j2++ {
		for i2 := 0; i2 <= 2*(n-1); i2++ {
			if i2%2 == 0 && j2%2 == 0 {
				continue // a point: read by the point's own rules
			}
			u, v := float64(i2)/2, float64(j2)/2
			// A point beside the seed, for the board around.
			pi, pj := int(math.Floor(u)), int(math.Floor(v))
			if within(st, u, v, 0.75, isStone) {
				continue
			}
			p := f[pj][pi]
			if !(p.board >= minBoardLuma) {
				continue
			}
			dark, pale := s.probe(u, v, offBlackDark*p.board, p.board, p.wood)
			if !dark && !pale {
				continue
			}
			if was == nil {
				was = readBefore(st)
			}
			var c Stone
			var cu, cv float64
			if dark {
				// Against the bare board: in a crowd, the board around
				// is made of stones (see offPoint).
				ref := p.board
				if b, _, ok := bareBoard(bare, bg, pi, pj, 6); ok {
					ref = b
				}
				limit := offBlackDark * ref
				du, dv, _, ok := s.blackDisc(u, v, limit, strayOffsets)
				if !ok {
					continue
				}
				var level float64
				cu, cv, level = s.blackCentre(u+du, v+dv, limit)
				i, j := nearestPoint(cu, cv, n)
				if !s.rimmed(cu, cv, limit) || s.blackShape(cu, cv, i, j, level, ref, blackRimShare, was) < 0 {
					continue
				}
				// Beside a stone, as dark as the black stones read: a
				// stone's shadow in low light is paler (see castShadows).
				if within(was, cu, cv, strayNear, isStone) {
					if math.IsNaN(blacks) {
						blacks = s.blackLevel(f, bg, bare, was)
					}
					d, ok := s.darkest(cu, cv)
					if !ok || !(d/ref < blacks+castPaler*(1-blacks)) {
						continue
					}
				}
				c = Black
			} else {
				share, even, _, at := s.disc(u, v, false, was)
				cu, cv = u+at[0], v+at[1]
				if discMargin(share, even) <= 0 {
					continue
				}
				tl, tw := s.top(cu, cv)
				g := tw / math.Max(tl, 8)
				if g < strayGrey || !math.IsNaN(grey) && g < grey-litApart ||
					discMargin(math.Min(share, s.rimsHold(cu, cv, was)), even) <= 0 {
					continue
				}
				c = White
				if wu, wv, ok := s.whiteCentre(cu, cv); ok && math.Hypot(wu-cu, wv-cv) < 0.2 {
					cu, cv = wu, wv
				}
			}
			if cu < -0.1 || cv < -0.1 || cu > last+0.1 || cv > last+0.1 ||
				within(was, cu, cv, strayClear, isStone) || overlaps(found, cu, cv) {
				continue
			}
			i, j, ok := nearestEmpty(st, cu, cv)
			if !ok {
				continue
			}
			st[j][i], conf[j][i] = c, strayConf
			found = append(found, [2]float64{cu, cv})
		}
	}
}

// twins reads as one stone, in doubt, a white stone that lies about
// halfway between two points side by side and was read on both (at
// full confidence on both, half a step off seen obliquely): each point
// shows its line on the side away from the other (twinLines of an empty
// point's contrast; a point on the board's edge, with no line there, the
// edge line on both its sides: a white stone 0.55 off the edge's point
// was read on it and the next at 1.00, overhead in the offsets harness),
// where two stones on their points hide both, and a white stone's disc
// (disc) is centred within 0.3 of the middle between them, where two stones show their crease and no rim a stone's radius
// out along the line. The point read the more surely keeps the stone,
// the other is empty, both at strayConf. White only: a black stone's
// dark top passes for a line, and asked of black pairs it took back
// some 1,400 real black stones of the outside photos. Only on the
// board's lattice.
func (s *sampler) twins(ref [][]float64, st [][]Stone, conf [][]float64) {
	if !s.chosen {
		return
	}
	n := s.n
	var on, off []float64
	// line: the line from point (i, j) along d shows.
	line := func(i, j int, d [2]float64) bool {
		var ok bool
		on, off, ok = s.lineSamples(on[:0], off[:0], float64(i), float64(j), d, lineNear)
		if !ok || len(off) == 0 {
			return false
		}
		mOff := median(off)
		return (mOff-median(on))/math.Max(mOff, 8) >= twinLines*ref[j][i]
	}
	// shows: the line from point (i, j) along d shows; on the board's
	// edge, where d leads off it, the edge on both sides of the point.
	shows := func(i, j int, d [2]float64) bool {
		if u, v := float64(i)+d[0], float64(j)+d[1]; u >= 0 && v >= 0 && u <= float64(n-1) && v <= float64(n-1) {
			return line(i, j, d)
		}
		return line(i, j, [2]float64{d[1], d[0]}) && line(i, j, [2]float64{-d[1], -d[0]})
	}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			for _, o := range [][2]int{{1, 0}, {0, 1}} {
				c := st[j][i]
				i2, j2 := i+o[0], j+o[1]
				if c != White || i2 >= n || j2 >= n || st[j2][i2] != c {
					continue
				}
				d := [2]float64{float64(o[0]), float64(o[1])}
				if !shows(i, j, [2]float64{-d[0], -d[1]}) || !shows(i2, j2, d) {
					continue
				}
				u, v := float64(i)+0.5*d[0], float64(j)+0.5*d[1]
				if share, even, _, at := s.disc(u, v, false, nil); discMargin(share, even) <= 0 || math.Hypot(at[0], at[1]) > 0.3 {
					continue
				}
				keep, drop := [2]int{i, j}, [2]int{i2, j2}
				if conf[j2][i2] > conf[j][i] {
					keep, drop = drop, keep
				}
				conf[keep[1]][keep[0]] = strayConf
				st[drop[1]][drop[0]], conf[drop[1]][drop[0]] = Empty, strayConf
			}
		}
	}
}

// twinLines is how much of an empty point's line contrast the line on
// the far side of each of twins shows at least.
const twinLines = 0.6

// probe tells cheaply whether a black (dark) or white (pale) stone's
// top may lie at board point (u, v), where a stone's centre within a
// quarter step of it puts its top: two of four samples at a stone's
// height, a seventh of a step off it diagonally (off the grid lines),
// darker than limit, or grey and paler than the board (brightness
// board, tint wood) or clearly greyer than its wood, or saturated in
// Low (white in every channel: a white stone in sunlight).
func (s *sampler) probe(u, v, limit, board, wood float64) (dark, pale bool) {
	nd, np := 0, 0
	for _, d := range [][2]float64{{0.1, 0.1}, {-0.1, 0.1}, {0.1, -0.1}, {-0.1, -0.1}} {
		p := s.cam.project(u+d[0], v+d[1], stoneTop)
		l := s.at(p)
		if l < 0 {
			continue
		}
		w := bilinear(s.low, p)
		if l < limit {
			nd++
		}
		if g := w / math.Max(l, 8); w >= clipped || g >= offGrey && (l/math.Max(board, 8) > 1.08 || g-wood > 0.05) {
			np++
		}
	}
	return nd >= 2, np >= 2
}

// nearestPoint is the point of an n x n board nearest board point (u, v).
func nearestPoint(u, v float64, n int) (i, j int) {
	last := float64(n - 1)
	return int(math.Round(math.Max(0, math.Min(last, u)))), int(math.Round(math.Max(0, math.Min(last, v))))
}

// nearestEmpty is the point read empty nearest board point (u, v) of
// those within strayReach of it, the nearest point (see nearestPoint)
// where it is one of them; ok is false where there is none. A stone in
// the middle of a cell beside a stone read on one corner is read on
// another.
func nearestEmpty(st [][]Stone, u, v float64) (i, j int, ok bool) {
	n := len(st)
	if i, j := nearestPoint(u, v, n); st[j][i] == Empty && math.Hypot(float64(i)-u, float64(j)-v) < strayReach {
		return i, j, true
	}
	best := strayReach
	for jj := max(0, int(math.Floor(v))); jj <= min(n-1, int(math.Ceil(v))); jj++ {
		for ii := max(0, int(math.Floor(u))); ii <= min(n-1, int(math.Ceil(u))); ii++ {
			if d := math.Hypot(float64(ii)-u, float64(jj)-v); st[jj][ii] == Empty && d < best {
				i, j, best, ok = ii, jj, d, true
			}
		}
	}
	return i, j, ok
}

// strayReach is how far from a stray stone's centre the point it is
// read on may lie: a stone in the middle of a cell is 0.71 from each of
// its four points.
const strayReach = 0.75

// strayOffsets are the centres blackDisc tries around a seed of strays:
// a quarter step each way.
var strayOffsets = offsetGrid(3, 0.08)

// blackLevel is the median darkness of the black stones read (their
// darkest tenth, see darkest, as a share of the bare board around), or
// -1 where fewer than castAgree+1 can be measured.
func (s *sampler) blackLevel(f [][]features, bg [][][2]float64, bare [][]bool, st [][]Stone) float64 {
	var d []float64
	for j := range st {
		for i := range st[j] {
			if st[j][i] != Black {
				continue
			}
			board, _, ok := bareBoard(bare, bg, i, j, shapeBare)
			if !ok {
				continue
			}
			if dark, ok := s.darkest(float64(i), float64(j)); ok {
				d = append(d, dark/board)
			}
		}
	}
	if len(d) <= castAgree {
		return -1
	}
	return median(d)
}

// strayConf is the confidence of a stone read between points: far below
// Sure, a doubt the game asks about.
const strayConf = 0.15

// strayClear is how near a stone read on a point a stone between points
// may lie: stones a step apart touch at about 0.95.
const strayClear = 0.9

// strayNear is how near a stone read a black stone between points must
// be as dark as the black stones read: a stone's shadow in low light
// lies against it.
const strayNear = 1.25

// strayGrey is the least a white stone's top's Low over its Luma may be
// between points: a laser's spot on wood, saturated in its middle, is
// 0.86 (laser_empty_board.jpg); white stones rendered are 0.89 or more,
// those of synth.Varied boards 0.884-0.899 (the white stones read
// surely there 0.895-0.9).
const strayGrey = 0.875
