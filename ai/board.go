package ai

import (
	"fmt"

	"tengen/rules"
)

// pad is the margin of wall cells around the board, so that every cell
// within halfLine of a point on the board has an index.
const pad = halfLine

// maxStride is the widest padded row (MaxSize plus both margins).
const maxStride = rules.MaxSize + 2*pad

const maxCells = maxStride * maxStride

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
	tables       *[1 << 20]uint16 // key -> Black's pattern | White's << 8

	stones [maxCells]uint8       // cellEmpty, cellBlack, cellWhite, cellWall
	keys   [maxCells][4]uint32   // neighbours along each line
	pats   [maxCells][2][4]uint8 // line patterns per colour for empty cells
	info   [maxCells][2]combo    // combined threat and score per colour
	near   [maxCells]uint8       // stones within two cells (square), for candidates

	evTotal [2][2]int32             // sum of combo.ev over empty cells, per colour
	evSet   [2]int                  // evaluation weight set with each colour to move
	evTab   [2][2]*[comboSize]int16 // point weights per colour, to move and against it
	// noEval: the threat solvers, which never evaluate, are reading; the
	// evaluation's sums are left alone, and stay right because every
	// stone they play they take back in the same mode.
	noEval  bool
	count   [2][numThreats]int32 // empty cells per threat class
	hash    uint64
	history []cell
	empty   int // empty cells on the board
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
	for c := range 2 {
		b.evSet[c] = evalSetFor(rule, uint8(c+1))
	}
	for c := range 2 {
		// A colour is weighed against in the set of the other to move.
		b.evTab[c] = [2]*[comboSize]int16{&evalCombo[b.evSet[c]][0], &evalCombo[b.evSet[1-c]][1]}
	}
	comboOnce.Do(buildCombos)
	n := b.stride * b.stride
	for i := 0; i < n; i++ {
		if !b.onBoard(cell(i)) {
			b.stones[i] = cellWall
		}
	}
	for i := 0; i < n; i++ {
		for d, st := range b.dirs {
			var k uint32
			for off := -halfLine; off <= halfLine; off++ {
				j := i + off*st
				if off == 0 {
					continue
				}
				if j < 0 || j >= n || b.stones[j] == cellWall {
					k |= cellWall << slotShift(off)
				}
			}
			b.keys[i][d] = k
		}
	}
	for i := 0; i < n; i++ {
		if b.stones[i] == cellEmpty {
			b.empty++
			for d := 0; d < 4; d++ {
				pp := b.tables[b.keys[i][d]]
				b.pats[i][0][d], b.pats[i][1][d] = uint8(pp), uint8(pp>>8)
			}
			b.addInfo(cell(i))
		}
	}
	return b, nil
}

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

// addInfo recomputes the combined info of empty cell i and adds it to the totals.
func (b *board) addInfo(i cell) {
	b.addInfoFor(i, 0)
	b.addInfoFor(i, 1)
}

// addInfoFor does addInfo for one colour (0 black, 1 white).
func (b *board) addInfoFor(i cell, c int) {
	p := &b.pats[i][c]
	in := comboOf(p)
	b.info[i][c] = in
	b.count[c][in.threat]++
	// The point's evaluation weights are read again from its patterns
	// when it is taken out (they are unchanged until then), which keeps
	// combo, and the update loop's cache footprint, small.
	if !b.noEval {
		k := in.idx
		b.evTotal[c][0] += int32(b.evTab[c][0][k])
		b.evTotal[c][1] += int32(b.evTab[c][1][k])
	}
}

// removeInfo takes empty cell i's info out of the totals.
func (b *board) removeInfo(i cell) {
	b.removeInfoFor(i, 0)
	b.removeInfoFor(i, 1)
}

// removeInfoFor does removeInfo for one colour (0 black, 1 white).
func (b *board) removeInfoFor(i cell, c int) {
	in := &b.info[i][c]
	b.count[c][in.threat]--
	if !b.noEval {
		k := in.idx
		b.evTotal[c][0] -= int32(b.evTab[c][0][k])
		b.evTotal[c][1] -= int32(b.evTab[c][1][k])
	}
}

// comboStep[d] is how much comboIndex moves per step of the pattern along d.
var comboStep = [4]int{numPats * numPats * numPats, numPats * numPats, numPats, 1}

// setPattern changes empty cell i's line pattern along d for colour c
// (0 black, 1 white) to n, and its combined info and the totals by the
// difference: cheaper than taking the info out and adding it afresh.
func (b *board) setPattern(i cell, c, d int, n uint8) {
	in := &b.info[i][c]
	o := b.pats[i][c][d]
	b.pats[i][c][d] = n
	k := int(in.idx) + (int(n)-int(o))*comboStep[d]
	e := comboTable[k]
	t := e & 7
	ds := lineValue[n] - lineValue[o] + threatBonus[t] - threatBonus[in.threat]
	b.count[c][in.threat]--
	b.count[c][t]++
	if !b.noEval {
		ok := in.idx
		b.evTotal[c][0] += int32(b.evTab[c][0][k]) - int32(b.evTab[c][0][ok])
		b.evTotal[c][1] += int32(b.evTab[c][1][k]) - int32(b.evTab[c][1][ok])
	}
	*in = combo{threat: t, maybeForbidden: e&comboForbidden != 0, score: in.score + int16(ds), idx: uint16(k)}
}

// play puts a stone of colour c (1 black, 2 white) on empty cell i.
func (b *board) play(i cell, c uint8) {
	b.removeInfo(i)
	b.stones[i] = c
	b.hash ^= zobrist[c-1][i]
	b.history = append(b.history, i)
	b.empty--
	b.update(i, uint32(c), false)
}

// undo takes back the last stone.
func (b *board) undo() {
	i := b.history[len(b.history)-1]
	b.history = b.history[:len(b.history)-1]
	c := b.stones[i]
	b.stones[i] = cellEmpty
	b.hash ^= zobrist[c-1][i]
	b.empty++
	b.update(i, 0, true)
	for d := 0; d < 4; d++ {
		pp := b.tables[b.keys[i][d]]
		b.pats[i][0][d], b.pats[i][1][d] = uint8(pp), uint8(pp>>8)
	}
	b.addInfo(i)
}

// update rewrites the keys and patterns around i after a stone of colour c
// was put there (or removed, when clear). A colour's pattern at a point
// depends only on the line up to the first stone of the other colour (or
// the wall) on each side, so beyond a stone of each colour no pattern is
// looked up, and beyond the wall no key is kept.
func (b *board) update(i cell, c uint32, clear bool) {
	for d, st := range b.dirs {
		for _, side := range [2]int{-1, 1} {
			sees := 3 // bit 0: Black's patterns further out can see i; bit 1: White's
			for k := 1; k <= halfLine; k++ {
				q := cell(int(i) + side*k*st)
				s := b.stones[q]
				if s == cellWall {
					break
				}
				// q sees i at offset -side*k.
				sh := slotShift(-side * k)
				if clear {
					b.keys[q][d] &^= 3 << sh
				} else {
					b.keys[q][d] |= c << sh
				}
				if s != cellEmpty {
					sees &^= 1 << (2 - s) // a stone blocks the other colour
					continue
				}
				if sees == 0 {
					continue
				}
				pp := b.tables[b.keys[q][d]]
				// Only a colour whose pattern changed is recomputed.
				if n0 := uint8(pp); n0 != b.pats[q][0][d] {
					b.setPattern(q, 0, d, n0)
				}
				if n1 := uint8(pp >> 8); n1 != b.pats[q][1][d] {
					b.setPattern(q, 1, d, n1)
				}
			}
		}
	}
	delta := uint8(1)
	x, y := int(i)%b.stride, int(i)/b.stride
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			q := (y+dy)*b.stride + x + dx
			if clear {
				b.near[q] -= delta
			} else {
				b.near[q] += delta
			}
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
func (b *board) threat(i cell, c uint8) uint8 { return b.info[i][c-1].threat }

// has reports whether colour c has an empty cell of threat class t.
func (b *board) has(c uint8, t uint8) bool { return b.count[c-1][t] > 0 }

// cells calls f for every empty cell on the board until f returns false.
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

// findThreat returns the first empty cell with threat class t for colour c.
func (b *board) findThreat(c uint8, t uint8) cell {
	if !b.has(c, t) {
		return noCell
	}
	for y := 0; y < b.size; y++ {
		base := (y+pad)*b.stride + pad
		for x := 0; x < b.size; x++ {
			i := cell(base + x)
			if b.stones[i] == cellEmpty && b.info[i][c-1].threat == t {
				return i
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
	if !b.isRenjuBlack(c) || !b.info[i][0].maybeForbidden {
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
