package ai

import "unsafe"

// The VCF solver (victory by continuous fours): the attacker plays only
// fours, so the defender's every reply is forced, and the tree stays
// narrow enough to read twenty or more fours deep. It sees renju's
// forbidden points on both sides: Black may not play one to attack or to
// defend, so White wins by forcing Black onto one (追下取胜).

// vcfEntry packs a position's hash with what is known about it: the
// attacker fails within depth (fail) or wins (win).
const (
	vcfWin  = 0x80
	vcfMask = 0x7f
)

// storeThreat records a threat read in the table: a win, or no win
// within depth. A read cut short by its budget or the clock proves
// nothing and is not stored.
func (s *searcher) storeThreat(slot *uint64, h uint64, depth int, win bool) {
	switch {
	case win:
		*slot = h&^0xff | vcfWin
	case !s.vcfAborted && !s.stopped:
		*slot = h&^0xff | uint64(min(depth, vcfMask))
	}
}

// vcfTableBits sizes each searcher's VCF table (entries of 8 bytes, 2 MiB):
// with 16 bits the VCT read 11% more nodes to find the wins of
// testdata/safety_cases.txt (1318214 against 1173715).
const vcfTableBits = 18

// vcfSalt distinguishes the two attackers in the VCF table.
var vcfSalt = [3]uint64{0, 0x5bd1e9955bd1e995, 0xc2b2ae3d27d4eb4f}

// maxVCFDepth bounds the fours read in one line (two plies each).
const maxVCFDepth = 40

// vcf reports whether colour me, to move, wins by continuous fours within
// depth of its own moves. On success the first move is in s.vcfMove.
func (s *searcher) vcf(me uint8, depth int) bool {
	defer s.b.threatReading()()
	return s.vcfNode(me, depth, 0)
}

// vcfBudget runs vcf reading at most budget nodes; a search cut short
// counts as no win found, and sets threatCut.
func (s *searcher) vcfBudget(me uint8, depth int, budget int64) bool {
	defer s.b.threatReading()()
	s.vcfLimit, s.vcfAborted = s.nodes+budget, false
	win := s.vcfNode(me, depth, 0)
	s.threatCut = !win && (s.vcfAborted || s.stopped)
	s.vcfLimit, s.vcfAborted = 0, false
	return win
}

// vcfEnter counts a VCF node and reports whether the read may go on
// (not stopped, within its budget).
func (s *searcher) vcfEnter() bool {
	s.nodes++
	if s.checkStop() {
		return false
	}
	if s.vcfLimit > 0 && (s.nodes > s.vcfLimit || s.threatStop.Load()) {
		s.vcfAborted = true
		return false
	}
	return true
}

func (s *searcher) vcfNode(me uint8, depth, ply int) bool {
	b := s.b
	if !s.vcfEnter() {
		return false
	}
	opp := 3 - me
	if b.has(me, t5) {
		if ply == 0 {
			s.vcfMove = b.findThreat(me, t5)
		}
		return true
	}
	h := b.hash ^ vcfSalt[me]
	slot := &s.vtt[h&(1<<vcfTableBits-1)]
	if e := *slot; e>>8 == h>>8 {
		if e&vcfWin != 0 && ply > 0 {
			return true
		}
		if e&vcfWin == 0 && int(e&vcfMask) >= depth {
			return false
		}
	}
	win := false
	var moves []cell
	if b.has(opp, t5) {
		// The defender has a four: block it, and only if the block is
		// itself a four does the attack go on.
		f := b.findThreat(opp, t5)
		if b.count[opp-1][t5] > 1 || b.threat(f, me) < tB4 || !b.legal(f, me) {
			return false
		}
		buf := &s.vcfMoves[ply]
		buf[0] = f
		moves = buf[:1]
	} else {
		if depth <= 0 || ply >= maxVCFDepth {
			return false
		}
		if depth == 1 && !b.isRenjuBlack(opp) && b.count[opp-1][tB4]+b.count[opp-1][t43]+b.count[opp-1][t44] == 0 {
			// The last four has to make two fives: the defender, with no
			// point that makes a four, cannot block with one, and is not
			// bound by forbidden points. So only a winning threat wins,
			// and no four needs playing to see it.
			var w threatList
			win = s.winningThreats(me, &w) > 0
			if win && ply == 0 {
				s.vcfMove = w[0]
			}
			s.storeThreat(slot, h, depth, win)
			return win
		}
		moves = s.movesFrom(me, ply, tB4)
	}
	for _, m := range moves {
		b.play(m, me)
		var fives [4]cell
		n := s.fivesOn(m, me, &fives)
		switch {
		case n == 0:
			// Not a four after all (cannot happen for a legal four move).
		case n >= 2:
			win = true
		case b.isRenjuBlack(opp) && !b.legal(fives[0], opp):
			win = true // Black cannot block on a forbidden point.
		case depth <= 1 && s.quietBlock(fives[0], me):
			win = s.vcfQuietLeaf(me, b.hash^zobrist[opp-1][fives[0]], ply+2)
		default:
			s.prefetchThreat(b.hash ^ zobrist[opp-1][fives[0]] ^ vcfSalt[me])
			b.play(fives[0], opp)
			win = s.vcfNode(me, depth-1, ply+2)
			b.undo()
		}
		b.undo()
		if s.stopped || s.vcfAborted {
			return false
		}
		if win {
			if ply == 0 {
				s.vcfMove = m
			}
			break
		}
	}
	s.storeThreat(slot, h, depth, win)
	return win
}

// quietBlock reports whether the defender's block on f, attacker me's
// only five point, leaves neither side a five point, so that the node
// after it has nothing to read: the attacker has none left (a defender's
// stone never makes one), and the defender, with none now, gets one only
// if f makes it a four.
func (s *searcher) quietBlock(f cell, me uint8) bool {
	b := s.b
	opp := 3 - me
	return b.count[me-1][t5] == 1 && b.count[opp-1][t5] == 0 && b.threat(f, opp) < tB4
}

// vcfQuietLeaf is vcfNode at depth 0 after a quietBlock, whose stone is
// not played: such a node only counts itself, and knows a win only from
// the table (hash is the position's after the block). About one VCF node
// in four is one, and its block was a play and an undo for nothing.
func (s *searcher) vcfQuietLeaf(me uint8, hash uint64, ply int) bool {
	if !s.vcfEnter() {
		return false
	}
	h := hash ^ vcfSalt[me]
	e := s.vtt[h&(1<<vcfTableBits-1)]
	return e>>8 == h>>8 && e&vcfWin != 0 && ply > 0
}

// prefetchThreat starts loading the threat table's slot for hash h (a
// position's hash with its attacker's salt).
func (s *searcher) prefetchThreat(h uint64) {
	prefetch(uintptr(unsafe.Pointer(&s.vtt[h&(1<<vcfTableBits-1)])))
}

// movesFrom lists colour c's legal moves whose threat class is at least
// least, best first, in the per-ply buffer: the VCF asks for fours (tB4),
// the VCT for threes and fours (tB3).
func (s *searcher) movesFrom(c uint8, ply int, least uint8) []cell {
	b := s.b
	buf := &s.vcfMoves[ply]
	moves := buf[:b.legalThreats(c, least, t5, buf[:])]
	b.sortBest(moves, c)
	return moves
}

// sortBest sorts moves for colour c: stronger threats first, then
// higher scores.
func (b *board) sortBest(moves []cell, c uint8) {
	sortByKey(moves, func(i cell) int32 { return b.orderKey(i, c) })
}

// orderKey is point i's ordering value for colour c: its threat class
// above its score (an int16, so the class always decides first).
func (b *board) orderKey(i cell, c uint8) int32 {
	s := b.sideOf(i, c-1)
	return int32(s.threat())<<20 + int32(s.score())
}

// sortByKey sorts moves highest key first, equal keys in their order, by
// insertion: the lists are short. Each key is computed once.
func sortByKey(moves []cell, key func(cell) int32) {
	var keys [maxMoves]int32
	for k, m := range moves {
		keys[k] = key(m)
	}
	for k := 1; k < len(moves); k++ {
		m, km := moves[k], keys[k]
		j := k
		for j > 0 && km > keys[j-1] {
			moves[j], keys[j] = moves[j-1], keys[j-1]
			j--
		}
		moves[j], keys[j] = m, km
	}
}

// fivesOn finds the points where colour c makes five along the four lines
// through i, at most four of them, after c's stone on i when c had no
// five point before: then every five point is on a line where the stone
// made a four, which i's patterns (kept from before the stone) tell.
func (s *searcher) fivesOn(i cell, c uint8, out *[4]cell) int {
	b := s.b
	n := 0
	for d, st := range b.dirs {
		if p := b.sideOf(i, c-1).pat(d); p < patB4 || p > patF4 {
			continue
		}
		for k := -4; k <= 4; k++ {
			q := cell(int(i) + k*st)
			if k != 0 && b.stones[q] == cellEmpty && b.sideOf(q, c-1).threat() == t5 {
				dup := false
				for _, f := range out[:n] {
					dup = dup || f == q
				}
				if !dup && n < len(out) {
					out[n] = q
					n++
				}
			}
		}
	}
	return n
}
