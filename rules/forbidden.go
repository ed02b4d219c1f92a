package rules

import "math/bits"

// ForbiddenKind says why a move is forbidden to Black under renju.
type ForbiddenKind int8

const (
	NotForbidden ForbiddenKind = iota
	Overline                   // six or more in a row (长连)
	DoubleFour                 // two or more fours at once, also on one line (四四)
	DoubleThree                // two or more threes at once (三三)
)

var forbiddenNames = [...]string{"", "overline", "double-four", "double-three"}

// String gives "overline", "double-four" or "double-three" (and "" for
// NotForbidden): the names the CLI and records use.
func (k ForbiddenKind) String() string {
	if k >= 0 && int(k) < len(forbiddenNames) {
		return forbiddenNames[k]
	}
	return "ForbiddenKind(?)"
}

// Forbid is a forbidden point and why.
type Forbid struct {
	P    Point
	Kind ForbiddenKind
}

// Forbidden says whether a Black stone on the empty point p is forbidden
// under renju, and why. The definitions are those of the RIF and Chinese
// rules:
//
//   - A move that makes exactly five is never forbidden, whatever else it
//     makes (a five wins).
//   - Otherwise, six or more in a row is an overline.
//   - Otherwise, two or more fours are a double-four. A four is a line
//     where one more stone makes exactly five; open or closed does not
//     matter, and one line can hold two fours (X.XXX.X, XX.XX.XX).
//   - Otherwise, two or more threes are a double-three (4-3-3 included).
//     A three is a line that one more Black stone turns into a straight
//     four (four in a row that makes exactly five at either end), and only
//     if that stone is itself not forbidden, decided recursively.
//
// When the stone that would make the straight four also makes a five,
// ReadingRIF counts the three (five comes first, so that stone is not
// forbidden) and ReadingGomocup does not.
//
// The kind reported is the first that applies in the order overline,
// double-four, double-three. It is NotForbidden when p is off the board or
// taken. Forbidden does not allocate.
func (b *Board) Forbidden(p Point, rd Reading) ForbiddenKind {
	if !p.In(b.size) {
		return NotForbidden
	}
	i := index(p)
	if b.cells[i] != Empty {
		return NotForbidden
	}
	_, k := b.classify(i, rd)
	return k
}

// ForbiddenPoints lists every empty point forbidden to Black, in board
// order: row 1 first, and within a row from column a rightwards.
func (b *Board) ForbiddenPoints(rd Reading) []Forbid {
	return b.AppendForbiddenPoints(nil, rd)
}

// AppendForbiddenPoints is ForbiddenPoints appending to dst, so that a
// caller that reuses dst does not allocate.
func (b *Board) AppendForbiddenPoints(dst []Forbid, rd Reading) []Forbid {
	for y := 0; y < b.size; y++ {
		for i, end := index(Point{0, y}), index(Point{b.size, y}); i < end; i++ {
			if b.cells[i] != Empty {
				continue
			}
			if _, k := b.classify(i, rd); k != NotForbidden {
				dst = append(dst, Forbid{pointAt(i), k})
			}
		}
	}
	return dst
}

// classify looks at a Black stone on the empty point at index i: does it
// make five, and if not, is it forbidden?
func (b *Board) classify(i int, rd Reading) (five bool, kind ForbiddenKind) {
	// Every five, four and three through i has a Black stone within two
	// points of i on its line, so most points are settled by 16 loads.
	c := &b.cells
	if (c[i-1]|c[i+1]|c[i-2]|c[i+2]|c[i-stride]|c[i+stride]|c[i-2*stride]|c[i+2*stride]|
		c[i-stride-1]|c[i+stride+1]|c[i-2*stride-2]|c[i+2*stride+2]|
		c[i-stride+1]|c[i+stride-1]|c[i-2*stride+2]|c[i+2*stride-2])&Black == 0 {
		return false, NotForbidden
	}
	var lines [4]lineInfo
	fours, threes, over := 0, 0, false
	for k, d := range dirs {
		l := lineTable[b.lineCode(i, d)]
		if l&lineFive != 0 {
			return true, NotForbidden
		}
		lines[k] = l
		over = over || l&lineOverline != 0
		fours += l.fours()
		if l.threeMask() != 0 {
			threes++
		}
	}
	switch {
	case over:
		return false, Overline
	case fours >= 2:
		return false, DoubleFour
	case threes < 2:
		return false, NotForbidden
	}
	// Two or more lines look like threes: each is real only if one of its
	// straight-four points is not itself forbidden with this stone placed.
	b.cells[i] = Black
	real := 0
	for k, l := range lines {
		m := l.threeMask()
		if m == 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			q := i + lineOffsets[bits.TrailingZeros8(m)]*dirs[k]
			if b.threeCompletes(q, rd) {
				real++
				break
			}
		}
		threes--
		if real >= 2 || real+threes < 2 {
			break
		}
	}
	b.cells[i] = Empty
	if real >= 2 {
		return false, DoubleThree
	}
	return false, NotForbidden
}

// threeCompletes reports whether Black may play the empty point at index
// q to make a straight four (see Forbidden for the two readings).
func (b *Board) threeCompletes(q int, rd Reading) bool {
	five, kind := b.classify(q, rd)
	if five {
		return rd == ReadingRIF
	}
	return kind == NotForbidden
}

// lineCode encodes the 10 points around index i on the line with step d
// (5 each side) in base 3 from Black's point of view: 0 empty, 1 black,
// 2 white or off the board.
func (b *Board) lineCode(i, d int) int {
	c := &b.cells
	return int(tern[c[i-d]]) + 3*int(tern[c[i-2*d]]) + 9*int(tern[c[i-3*d]]) +
		27*int(tern[c[i-4*d]]) + 81*int(tern[c[i-5*d]]) +
		243*int(tern[c[i+d]]) + 729*int(tern[c[i+2*d]]) + 2187*int(tern[c[i+3*d]]) +
		6561*int(tern[c[i+4*d]]) + 19683*int(tern[c[i+5*d]])
}

var tern = [wall + 1]uint8{Empty: 0, Black: 1, White: 2, wall: 2}

// lineInfo is what a line window says about a Black stone at its centre,
// packed: five, overline, the number of fours, and a bit mask over
// lineOffsets of the points that make a straight four (threes). The three
// mask is kept only on lines with no four, since a line that is a four is
// not also a three.
type lineInfo uint32

const (
	lineFive     lineInfo = 1 << 0
	lineOverline lineInfo = 1 << 1
	lineFourSh            = 2 // 2 bits: number of fours
	lineThreeSh           = 8 // 8 bits: straight-four points
)

func (l lineInfo) fours() int       { return int(l>>lineFourSh) & 3 }
func (l lineInfo) threeMask() uint8 { return uint8(l >> lineThreeSh) }

// lineOffsets are the positions, relative to the centre, that the masks'
// bits stand for.
var lineOffsets = [8]int{-4, -3, -2, -1, 1, 2, 3, 4}

// lineTable holds the lineInfo of every window: 3^10 of them, indexed by
// lineCode. It is computed once and then only read.
var lineTable = buildLineTable()

func buildLineTable() *[59049]lineInfo {
	t := new([59049]lineInfo)
	var w window
	for code := range t {
		c := code
		for k := 1; k <= 5; k++ {
			w[5-k] = int8(c % 3)
			c /= 3
		}
		for k := 1; k <= 5; k++ {
			w[5+k] = int8(c % 3)
			c /= 3
		}
		w[5] = 1
		t[code] = w.info()
	}
	return t
}

// window is 11 points of a line, centre at 5: 0 empty, 1 black, 2 blocked.
type window [11]int8

// run returns the ends of the run of black stones through the centre.
func (w *window) run() (lo, hi int) {
	lo, hi = 5, 5
	for lo > 0 && w[lo-1] == 1 {
		lo--
	}
	for hi < 10 && w[hi+1] == 1 {
		hi++
	}
	return lo, hi
}

// fiveMask returns the points that make exactly five through the centre.
func (w *window) fiveMask() uint8 {
	var m uint8
	for bit, o := range lineOffsets {
		if w[5+o] != 0 {
			continue
		}
		w[5+o] = 1
		if lo, hi := w.run(); hi-lo+1 == 5 && lo <= 5+o && 5+o <= hi {
			m |= 1 << bit
		}
		w[5+o] = 0
	}
	return m
}

// straight counts the straight fours in five mask m: two five points 5
// apart complete the same four stones, so they are one (straight) four.
func straight(m uint8) int {
	n := 0
	for bit, o := range lineOffsets {
		if m&(1<<bit) == 0 {
			continue
		}
		for bit2, o2 := range lineOffsets {
			if o2 == o+5 && m&(1<<bit2) != 0 {
				n++
			}
		}
	}
	return n
}

func (w *window) info() lineInfo {
	lo, hi := w.run()
	switch n := hi - lo + 1; {
	case n == 5:
		return lineFive
	case n > 5:
		return lineOverline
	}
	fm := w.fiveMask()
	fours := bits.OnesCount8(fm) - straight(fm)
	l := lineInfo(fours) << lineFourSh
	if fours > 0 {
		return l
	}
	var tm uint8
	for bit, o := range lineOffsets {
		if w[5+o] != 0 {
			continue
		}
		w[5+o] = 1
		if straight(w.fiveMask()) > 0 {
			tm |= 1 << bit
		}
		w[5+o] = 0
	}
	return l | lineInfo(tm)<<lineThreeSh
}
