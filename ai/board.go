package ai

import (
	"fmt"
	"math/bits"

	"tengen/rules"
)

// pad is the margin of wall cells around the board, so that every cell
// within halfLine of a point on the board has an index.
const pad = halfLine

// maxStride is the widest padded row (MaxSize plus both margins).
const maxStride = rules.MaxSize + 2*pad

const maxCells = maxStride * maxStride

// numLines bounds the lines of one direction (the diagonals of the
// padded board).
const numLines = 2 * maxStride

// cell is an index into the padded board.
type cell int16

// noCell stands for "no move" (a pass, or none found).
const noCell cell = -1

// board is the engine's incremental board. Every stone updates the line
// keys of the cells within halfLine of it along the four lines; from them
// table lookups give each empty cell's line patterns, threat class and
// score for both colours, and running totals feed the evaluation.
type board struct {
	size, stride int
	rule         rules.Rule
	reading      rules.Reading
	dirs         [4]int
	tables       *[1 << 20]uint8 // key -> Black's pattern | White's << patBits
	// reach is how far along a line a stone changes patterns: halfLine,
	// or one less where both colours make five with any run of five or
	// more, whose patterns never depend on the cells halfLine away (only
	// a five through the point counts, and it lies within halfLine-1;
	// TestFiveOrMoreReach).
	reach int
	// keyMask is the part of a line key that indexes tables: all of it,
	// or with reach halfLine-1 the inner eight cells (slotShift), whose
	// patterns are the same whatever the outer two hold. The search then
	// reads 64 KiB of the table, not 1 MiB: the lookup was a fifth of
	// the time of a freestyle search, most of it waiting on the cache.
	keyMask uint32

	stones [maxCells]uint8 // cellEmpty, cellBlack, cellWhite, cellWall
	// lines holds every line of the padded board, two bits a cell (the
	// cell codes) by its position along the line, so that a stone sets
	// four words and a cell's key is a shift of its line's word.
	lines  [4 * numLines]uint64
	lineAt [maxCells][4]uint16  // each cell's line (index into lines) << 5 | its position on it
	sides  [2 * maxCells]side   // each empty cell's line patterns and what they give, by cell<<1 | colour index (sideOf)
	rows   [maxStride]uint32    // stones per row, bit x for the cell at x (padded), for candidates
	own    [2][maxStride]uint32 // rows' stones of each colour, for the threat scans
	xy     [maxCells][2]uint8   // each cell's padded column and row (no division in the hot loops)

	evTotal [2][2]int32                // sum of the points' evaluation weights (pointEvals) over empty cells, per colour
	evSet   [2]int                     // evaluation weight set with each colour to move
	evals   [2]*[1 << keyBits][2]int16 // pointEvals of each colour's set
	// noEval: the threat solvers, which never evaluate, are reading; the
	// evaluation's sums are left alone, and stay right because every
	// stone they play they take back in the same mode.
	noEval  bool
	count   [2][numThreats]int32 // empty cells per threat class
	hash    uint64
	history []cell
	// undoLog and frames let undo put back what play changed instead of
	// looking every pattern up again: each play pushes a frame with the
	// totals it started from, and logs every side it rewrites as it was.
	undoLog []side // the first logLen entries are in use
	logLen  int
	frames  []playFrame
	empty   int // empty cells on the board
}

// side is what one colour has at an empty cell, in one word that play
// logs and undo puts back with one move each: the cell's point key (bits
// 0-15), its pointTable entry (from bit 16: the threat class in bits
// 16-18, comboForbidden at bit 19, the ordering score in bits 32-47) and
// the word's own place in board.sides (bits 48-63), set once, which
// tells undo where the word goes back.
type side uint64

// sideOf returns the side of colour index c (0 black, 1 white) at cell i.
func (b *board) sideOf(i cell, c uint8) side { return b.sides[uint(i)%maxCells<<1|uint(c&1)] }

// sideAt returns the side of colour index c at cell i with point key k.
func sideAt(i cell, c int, k uint16) side {
	return side(uint(i)%maxCells<<1|uint(c&1))<<48 | side(pointTable[k])<<16 | side(k)
}

func (s side) key() uint16 { return uint16(s) }

// pat returns the line pattern along d.
func (s side) pat(d int) uint8 { return uint8(s>>keyShift(d)) & (1<<patBits - 1) }

// threat returns the threat class.
func (s side) threat() uint8 { return uint8(s>>16) & 7 }

// maybeForbidden reports that under renju this point may be forbidden to
// Black (overline, two fours or two open threes) and needs the exact check.
func (s side) maybeForbidden() bool { return s>>16&comboForbidden != 0 }

// score returns the move ordering score.
func (s side) score() int16 { return int16(s >> 32) }

// playFrame is what undo needs to take back one play besides the log.
type playFrame struct {
	logLen  int32
	count   [2][numThreats]int32
	evTotal [2][2]int32
}

var zobrist [2][maxCells]uint64

func init() {
	// A fixed generator keeps hashes, and so searches, reproducible.
	s := uint64(0x9E3779B97F4A7C15)
	for c := range zobrist {
		for i := range zobrist[c] {
			s ^= s << 13
			s ^= s >> 7
			s ^= s << 17
			zobrist[c][i] = s * 0x2545F4914F6CDD1D
		}
	}
}

// fiveRuleFor returns what makes a five for colour c (1 black, 2 white).
func fiveRuleFor(r rules.Rule, c int) fiveRule {
	switch r {
	case rules.Standard:
		return exactlyFive
	case rules.Renju:
		if c == cellBlack {
			return exactlyFive
		}
	case rules.Caro:
		return caroFive
	}
	return fiveOrMore
}

// newBoard returns an empty board.
func newBoard(size int, rule rules.Rule, reading rules.Reading) (*board, error) {
	if err := rules.CheckSize(size); err != nil {
		return nil, err
	}
	if rule < rules.Freestyle || rule > rules.Caro {
		return nil, fmt.Errorf("unknown rule %v", rule)
	}
	// The hash starts from the rule, so that tables kept between searches
	// never mix positions judged under different rules.
	b := &board{size: size, stride: size + 2*pad, rule: rule, reading: reading,
		hash: zobrist[0][0] * uint64(1+int(rule)*2+int(reading))}
	b.dirs = [4]int{1, b.stride, b.stride + 1, b.stride - 1}
	b.tables = ruleTable(rule)
	b.reach, b.keyMask = halfLine, 1<<(4*halfLine)-1
	if fiveRuleFor(rule, cellBlack) == fiveOrMore && fiveRuleFor(rule, cellWhite) == fiveOrMore {
		b.reach, b.keyMask = halfLine-1, 1<<(4*(halfLine-1))-1
	}
	for c := range 2 {
		b.evSet[c] = evalSetFor(rule, uint8(c+1))
	}
	comboOnce.Do(buildCombos)
	for c := range 2 {
		b.evals[c] = &pointEvals[b.evSet[c]]
	}
	n := b.stride * b.stride
	for i := 0; i < n; i++ {
		b.xy[i] = [2]uint8{uint8(i % b.stride), uint8(i / b.stride)}
		if !b.onBoard(cell(i)) {
			b.stones[i] = cellWall
		}
	}
	// Along d a cell's line and position are: its row and x, its column
	// and y, its diagonal (x-y) and x, its anti-diagonal (x+y) and y, so
	// that the position grows by one a step of dirs[d]. Every position
	// of a line starts as wall; the cells on the board clear theirs.
	for k := range b.lines {
		b.lines[k] = ^uint64(0)
	}
	for i := 0; i < n; i++ {
		x, y := i%b.stride, i/b.stride
		at := [4][2]int{{y, x}, {x, y}, {x - y + maxStride, x}, {x + y, y}}
		for d, a := range at {
			b.lineAt[i][d] = uint16((d*numLines+a[0])<<5 | a[1])
			if b.stones[i] != cellWall {
				b.lines[d*numLines+a[0]] &^= 3 << (2 * a[1])
			}
		}
	}
	for i := 0; i < n; i++ {
		if b.stones[i] == cellEmpty {
			b.empty++
			var k [2]uint16
			for d := 0; d < 4; d++ {
				pp := uint16(b.linePats(b.key(cell(i), d)))
				k[0] |= pp & (1<<patBits - 1) << keyShift(d)
				k[1] |= pp >> patBits << keyShift(d)
			}
			for c := range 2 {
				b.sides[i<<1|c] = sideAt(cell(i), c, k[c])
			}
			b.addInfo(cell(i))
		}
	}
	return b, nil
}

// key returns the line key of cell i along d: its neighbours' codes,
// two bits each, from offset -halfLine in the low bits to +halfLine (the
// cell's own code left out). The cell must be on the board.
func (b *board) key(i cell, d int) uint32 {
	a := b.lineAt[uint(i)%maxCells][d&3]
	return lineKey(b.lines[a>>5%(4*numLines)] >> (2 * (a%32 - halfLine)))
}

// lineKey turns a line word shifted to put offset -halfLine in its low
// bits into a key, laid out as slotShift says.
func lineKey(w uint64) uint32 {
	const inner = 1<<(2*(halfLine-1)) - 1 // four cells: -4..-1, then 1..4
	return uint32(w>>2)&inner | uint32(w>>4)&(inner<<(2*(halfLine-1))) |
		uint32(w&3)<<(4*(halfLine-1)) | uint32(w>>2)&(3<<(4*halfLine-2)) // -5, 5
}

// linePats returns the table entry of line key k: Black's pattern, and
// White's << patBits.
func (b *board) linePats(k uint32) uint8 { return b.tables[k&b.keyMask%(1<<20)] }

func (b *board) onBoard(i cell) bool {
	x, y := int(i)%b.stride-pad, int(i)/b.stride-pad
	return x >= 0 && y >= 0 && x < b.size && y < b.size
}

// cellOf converts a point on the board to a cell.
func (b *board) cellOf(p rules.Point) cell { return cell((p.Y+pad)*b.stride + p.X + pad) }

// pointOf converts a cell to a point.
func (b *board) pointOf(i cell) rules.Point {
	if i == noCell {
		return rules.Pass
	}
	return rules.Point{X: int(i)%b.stride - pad, Y: int(i)/b.stride - pad}
}

// addInfo adds empty cell i's sides to the totals.
func (b *board) addInfo(i cell) {
	b.addInfoFor(i, 0)
	b.addInfoFor(i, 1)
}

// addInfoFor does addInfo for one colour (0 black, 1 white).
func (b *board) addInfoFor(i cell, c int) {
	s := b.sideOf(i, uint8(c))
	b.count[c][s.threat()]++
	if !b.noEval {
		ev := &b.evals[c][s.key()]
		b.evTotal[c][0] += int32(ev[0])
		b.evTotal[c][1] += int32(ev[1])
	}
}

// removeInfo takes empty cell i's sides out of the totals.
func (b *board) removeInfo(i cell) {
	for c := range 2 {
		s := b.sides[uint(i)%maxCells<<1|uint(c)]
		b.count[c][s.threat()]--
		if !b.noEval {
			ev := &b.evals[c][s.key()]
			b.evTotal[c][0] -= int32(ev[0])
			b.evTotal[c][1] -= int32(ev[1])
		}
	}
}

// maxChanges bounds the point patterns one stone changes: two colours'
// on the cells within halfLine along four lines.
const maxChanges = 2 * 4 * 2 * halfLine

// play puts a stone of colour c (1 black, 2 white) on empty cell i.
func (b *board) play(i cell, c uint8) {
	// The frame is written in place (append copied it twice).
	if len(b.frames) == cap(b.frames) {
		b.frames = append(b.frames, playFrame{})[:len(b.frames)]
	}
	b.frames = b.frames[:len(b.frames)+1]
	f := &b.frames[len(b.frames)-1]
	f.logLen, f.count, f.evTotal = int32(b.logLen), b.count, b.evTotal
	if len(b.undoLog)-b.logLen < maxChanges {
		b.undoLog = append(b.undoLog, make([]side, len(b.undoLog)+16*maxChanges)...)
	}
	b.removeInfo(i)
	b.stones[i] = c
	b.hash ^= zobrist[c-1][i]
	b.history = append(b.history, i)
	b.empty--
	b.update(i, c)
	xy := b.xy[i]
	b.rows[xy[1]%maxStride] |= 1 << xy[0]
	b.own[(c-1)&1][xy[1]%maxStride] |= 1 << xy[0]
}

// undo takes back the last stone. The point's own sides were
// left as they were while it held the stone, and are right again now.
func (b *board) undo() {
	i := b.history[len(b.history)-1]
	b.history = b.history[:len(b.history)-1]
	f := &b.frames[len(b.frames)-1]
	c := b.stones[i]
	b.stones[i] = cellEmpty
	b.hash ^= zobrist[c-1][i]
	b.empty++
	for _, a := range &b.lineAt[uint(i)%maxCells] {
		b.lines[a>>5%(4*numLines)] &^= 3 << (2 * (a % 32))
	}
	// A play rewrites a side at most once (a cell is on one line through
	// the stone), so the order does not matter.
	for _, s := range b.undoLog[f.logLen:b.logLen] {
		b.sides[s>>48%(2*maxCells)] = s
	}
	b.logLen = int(f.logLen)
	b.count, b.evTotal = f.count, f.evTotal
	b.frames = b.frames[:len(b.frames)-1]
	xy := b.xy[i]
	b.rows[xy[1]%maxStride] &^= 1 << xy[0]
	b.own[(c-1)&1][xy[1]%maxStride] &^= 1 << xy[0]
}

// update puts colour c's stone on empty cell i in its four lines and
// rewrites the patterns around it.
func (b *board) update(i cell, c uint8) {
	for d := range 4 {
		a := b.lineAt[uint(i)%maxCells][d]
		lw := &b.lines[a>>5%(4*numLines)]
		*lw |= uint64(c) << (2 * (a % 32))
		// The line's word turned to put i's position, less halfLine, in
		// the low bits. A whole turn is the line's 32 positions, so
		// turned on by 2*off bits it holds the key of the cell at offset
		// off from i, and the key of an empty cell (on the board) never
		// wraps.
		w := bits.RotateLeft64(*lw, -2*(int(a%32)-halfLine))
		b.updateLine(int(i), b.dirs[d], d, w)
	}
}

// Masks of a turned line word (see update), one bit a cell (the low bit
// of its code) at offsets -halfLine..halfLine from the stone.
const (
	lowBits  = 0x5555555555555555
	downRay  = 1<<(2*halfLine) - 1                                // offsets -halfLine..-1
	upRay    = (1<<(4*halfLine+2) - 1) &^ (1<<(2*halfLine+2) - 1) // offsets 1..halfLine
	outerTwo = 1 | 1<<(4*halfLine)                                // offsets -halfLine and halfLine
)

// lineCells returns the cells of turned line word w that hold code v
// (cellEmpty, cellBlack, cellWhite, cellWall), a bit a cell as above.
func lineCells(w uint64, v uint64) uint64 {
	x := w ^ (3-v)*lowBits // the cells holding v become 11
	return x & (x >> 1) & lowBits
}

// updateLine does update's work along d, on the empty cells within
// reach of the stone at i whose patterns it may change, given i's turned
// line word w. A colour's pattern at a point depends only on the line up
// to the first stone of the other colour (or the wall) on each side, so
// each ray ends at the first wall, or where it has met a stone of each
// colour.
//
// Which cells those are is worked out on the word's bits at once, not
// cell by cell: the tests of what each cell held were the search's most
// mispredicted branches. The rays' empty cells are then visited in any
// order (each cell's update is its own).
//
// A colour whose pattern at a point changed gets the point's side and
// the totals changed by the difference (cheaper than taking the side out
// and adding it afresh), and the side as it was is logged for undo (play
// makes room). That is written out once per colour, with the colour a
// constant: as a call (the compiler does not inline it) it cost 4 % of
// the search's CPU time.
func (b *board) updateLine(i, step, d int, w uint64) {
	wall, black, white := lineCells(w, cellWall), lineCells(w, cellBlack), lineCells(w, cellWhite)
	// Up the line the first cell of a kind is the lowest bit; down it
	// the highest (bits.Len, one above it).
	upEnd := min(bits.TrailingZeros64(wall&upRay), max(bits.TrailingZeros64(black&upRay), bits.TrailingZeros64(white&upRay)))
	downEnd := max(bits.Len64(wall&downRay), min(bits.Len64(black&downRay), bits.Len64(white&downRay)))
	visit := lineCells(w, cellEmpty) & (upRay&(1<<upEnd-1) | downRay&^(1<<downEnd-1))
	if b.reach < halfLine {
		visit &^= outerTwo
	}
	tables, keyMask := b.tables, b.keyMask
	// A pattern is put in a key and read from it by multiplying by mul,
	// not by shifting by a variable count, which x86 takes only from
	// one register, and the loop ran short of registers.
	mul := uint16(1) << keyShift(d)
	mask := (1<<patBits - 1) * mul
	for ; visit != 0; visit &= visit - 1 {
		off := bits.TrailingZeros64(visit)>>1 - halfLine
		q := i + off*step
		p := uint(2*q) % (2 * maxCells) // Black's side; White's is next
		pp := tables[lineKey(bits.RotateLeft64(w, -2*off))&keyMask%(1<<20)]
		// Only a colour whose pattern changed is recomputed.
		if n, sd := uint16(pp&(1<<patBits-1))*mul, &b.sides[p]; n != sd.key()&mask { // Black
			o := *sd
			b.undoLog[b.logLen] = o
			b.logLen++
			ok := o.key()
			k := ok&^mask | n
			e := pointTable[k]
			// Unconditional: a class that did not change goes out and
			// back in, cheaper than a mispredicted test.
			b.count[0][o.threat()]--
			b.count[0][uint8(e)&7]++
			if !b.noEval {
				tab := b.evals[0]
				ev, oev := &tab[k], &tab[ok]
				b.evTotal[0][0] += int32(ev[0]) - int32(oev[0])
				b.evTotal[0][1] += int32(ev[1]) - int32(oev[1])
			}
			*sd = o&^(1<<48-1) | side(e)<<16 | side(k)
		}
		if n, sd := uint16(pp>>patBits)*mul, &b.sides[(p+1)%(2*maxCells)]; n != sd.key()&mask { // White, the same
			o := *sd
			b.undoLog[b.logLen] = o
			b.logLen++
			ok := o.key()
			k := ok&^mask | n
			e := pointTable[k]
			b.count[1][o.threat()]--
			b.count[1][uint8(e)&7]++
			if !b.noEval {
				tab := b.evals[1]
				ev, oev := &tab[k], &tab[ok]
				b.evTotal[1][0] += int32(ev[0]) - int32(oev[0])
				b.evTotal[1][1] += int32(ev[1]) - int32(oev[1])
			}
			*sd = o&^(1<<48-1) | side(e)<<16 | side(k)
		}
	}
}

// threatReading stops the evaluation's sums until the returned function
// is called (by the threat solvers, around their reading).
func (b *board) threatReading() func() {
	prev := b.noEval
	b.noEval = true
	return func() { b.noEval = prev }
}

// threat returns the threat class of empty cell i for colour c.
func (b *board) threat(i cell, c uint8) uint8 { return b.sideOf(i, c-1).threat() }

// has reports whether colour c has an empty cell of threat class t.
func (b *board) has(c uint8, t uint8) bool { return b.count[c-1][t] > 0 }

// eachEmpty calls f for every empty cell on the board until f returns false.
func (b *board) eachEmpty(f func(cell) bool) {
	for y := 0; y < b.size; y++ {
		base := (y+pad)*b.stride + pad
		for x := 0; x < b.size; x++ {
			i := cell(base + x)
			if b.stones[i] == cellEmpty && !f(i) {
				return
			}
		}
	}
}

// eachNear calls f, in eachEmpty's order, for every empty cell within two
// cells (a 5x5 square) of a stone, until f returns false.
func (b *board) eachNear(f func(cell) bool) {
	for y := pad; y < pad+b.size; y++ {
		for m := b.nearRow(y); m != 0; m &= m - 1 {
			if !f(cell(y*b.stride + bits.TrailingZeros32(m))) {
				return
			}
		}
	}
}

// nearRow returns the empty cells of padded row y (bit x for the cell at
// x) within two cells of a stone.
func (b *board) nearRow(y int) uint32 {
	r := (*[5]uint32)(b.rows[y-2:])
	m := r[0] | r[1] | r[2] | r[3] | r[4]
	return (m | m<<1 | m<<2 | m>>1 | m>>2) &^ r[2] & (uint32(1<<b.size-1) << pad)
}

// alignedRows sets out to the cells (by padded row, bit x for the cell at
// x) on a line with every one of threats within halfLine of it: the only
// cells where a stone can change what all of them make.
// Only the board's rows are set; out must start zero.
func (b *board) alignedRows(threats []cell, out *[maxStride]uint32) {
	lo, hi := pad, pad+b.size-1
	for _, t := range threats {
		ty := int(b.xy[t][1])
		lo, hi = max(lo, ty-halfLine), min(hi, ty+halfLine)
	}
	for y := lo; y <= hi; y++ {
		m := ^uint64(0)
		for _, t := range threats {
			tx, dy := int(b.xy[t][0]), y-int(b.xy[t][1])
			// The row's cells x-halfLine..x+halfLine, shifted up by
			// halfLine to stay positive.
			var row uint64 = 1<<(2*halfLine+1) - 1
			if dy != 0 {
				row = 1<<halfLine | 1<<(halfLine+dy) | 1<<(halfLine-dy)
			}
			m &= row << tx >> halfLine
		}
		out[y%maxStride] = uint32(m)
	}
}

// eachThreat calls f, in eachEmpty's order, for every empty cell where
// colour index c (0 black, 1 white) has a threat class from lo to hi,
// until f returns false. The scan ends at the last such cell, which the
// counts tell.
//
// From a three up it looks only near c's stones: a stone makes a three or
// better only with two of its own in a line of five cells through it, one
// of them at most three cells away (a four: three of its own, one at most
// two away).
func (b *board) eachThreat(c int, lo, hi uint8, f func(cell) bool) {
	left := int32(0)
	for _, k := range b.count[c][lo : hi+1] {
		left += k
	}
	if left == 0 {
		return
	}
	if lo >= tB3 {
		own := &b.own[c&1]
		board := uint32(1<<b.size-1) << pad
		for y := pad; y < pad+b.size; y++ {
			var m uint32
			if lo >= tB4 {
				m = own[y-2] | own[y-1] | own[y] | own[y+1] | own[y+2]
				m |= m<<1 | m<<2 | m>>1 | m>>2
			} else {
				m = own[y-3] | own[y-2] | own[y-1] | own[y] | own[y+1] | own[y+2] | own[y+3]
				m |= m<<1 | m<<2 | m<<3 | m>>1 | m>>2 | m>>3
			}
			for m &= board &^ b.rows[y]; m != 0; m &= m - 1 {
				i := cell(y*b.stride + bits.TrailingZeros32(m))
				if t := b.sideOf(i, uint8(c)).threat(); t >= lo && t <= hi {
					left--
					if !f(i) || left == 0 {
						return
					}
				}
			}
		}
		return
	}
	b.eachEmpty(func(i cell) bool {
		if t := b.sideOf(i, uint8(c)).threat(); t >= lo && t <= hi {
			left--
			if !f(i) {
				return false
			}
		}
		return left > 0
	})
}

// legalThreats puts in out, in eachThreat's order, colour c's legal points
// with a threat class from lo to hi, until out is full, and returns how
// many it put.
func (b *board) legalThreats(c uint8, lo, hi uint8, out []cell) int {
	n := 0
	b.eachThreat(int(c-1), lo, hi, func(i cell) bool {
		if b.legal(i, c) {
			out[n] = i
			n++
		}
		return n < len(out)
	})
	return n
}

// findThreat returns the first empty cell with threat class t for colour c.
func (b *board) findThreat(c uint8, t uint8) cell {
	switch b.count[c-1][t] {
	case 0:
		return noCell
	case 1:
		// The only one is most often on a line through the last stone.
		if q := b.threatNearLast(c, t); q != noCell {
			return q
		}
	}
	for y := 0; y < b.size; y++ {
		base := (y+pad)*b.stride + pad
		for x := 0; x < b.size; x++ {
			i := cell(base + x)
			if b.stones[i] == cellEmpty && b.sideOf(i, c-1).threat() == t {
				return i
			}
		}
	}
	return noCell
}

// threatNearLast returns a cell with threat class t for colour c on the
// lines through the last stone, within four of it, or noCell.
func (b *board) threatNearLast(c uint8, t uint8) cell {
	if len(b.history) == 0 {
		return noCell
	}
	i := int(b.history[len(b.history)-1])
	for _, st := range b.dirs {
		for k := -4; k <= 4; k++ {
			q := uint(i+k*st) % maxCells
			if b.stones[q] == cellEmpty && b.sideOf(cell(q), c-1).threat() == t {
				return cell(q)
			}
		}
	}
	return noCell
}

// isRenjuBlack reports whether colour c is bound by renju's forbidden moves.
func (b *board) isRenjuBlack(c uint8) bool { return c == cellBlack && b.rule == rules.Renju }

// legal reports whether colour c may play on empty cell i: always, except
// Black on a forbidden point under renju.
func (b *board) legal(i cell, c uint8) bool {
	if !b.isRenjuBlack(c) || !b.sideOf(i, 0).maybeForbidden() {
		return true
	}
	return b.forbidden(i) == notForbidden
}

// String draws the board like rules.Board does.
func (b *board) String() string {
	rb := rules.MustBoard(b.size)
	for y := 0; y < b.size; y++ {
		for x := 0; x < b.size; x++ {
			p := rules.Point{X: x, Y: y}
			rb.Set(p, rules.Color(b.stones[b.cellOf(p)]))
		}
	}
	return rb.String()
}
