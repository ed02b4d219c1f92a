package ai

// The VCT solver (victory by continuous threats): the attacker plays fours
// and threes. Against a four the defender's reply is forced; against a
// three (a threat to make a straight four or two fours) the defender may
// play any move that takes the threat away or makes a four of its own,
// and the attacker must win against every one of them. Renju Black's
// threat of a four-three is a threat too, and any move may answer it.
// Fours are read first by the VCF solver at every attacker node.

// vctFours is how many fours the VCF inside the VCT reads.
const vctFours = 8

// vct reports whether colour me, to move, wins by threes and fours within
// depth of its own threat moves. On success the first move is in s.vcfMove.
func (s *searcher) vct(me uint8, depth int) bool {
	defer s.b.threatReading()()
	return s.vctNode(me, depth, 0)
}

// vctBudget is vct reading at most budget nodes, one threat deeper at a
// time: most wins are short, and a deep read cut short by the budget
// would miss them; the table keeps what the shallower reads learnt. A read
// cut short counts as no win found, and sets threatCut.
func (s *searcher) vctBudget(me uint8, depth int, budget int64) bool {
	defer s.b.threatReading()()
	s.vcfLimit, s.vcfAborted = s.nodes+budget, false
	win := false
	for d := 1; d <= depth && !win && !s.vcfAborted && !s.stopped; d++ {
		win = s.vctNode(me, d, 0) && !s.vcfAborted
	}
	s.threatCut = !win && (s.vcfAborted || s.stopped)
	s.vcfLimit, s.vcfAborted = 0, false
	return win
}

func (s *searcher) vctNode(me uint8, depth, ply int) bool {
	b := s.b
	s.nodes++
	if s.checkStop() || (s.vcfLimit > 0 && (s.nodes > s.vcfLimit || s.threatStop.Load())) {
		s.vcfAborted = s.vcfAborted || !s.stopped
		return false
	}
	opp := 3 - me
	if b.has(me, t5) {
		if ply == 0 {
			s.vcfMove = b.findThreat(me, t5)
		}
		return true
	}
	h := b.hash ^ vcfSalt[me] ^ 0x9e3779b97f4a7c15
	slot := &s.vtt[h&(1<<vcfTableBits-1)]
	if e := *slot; e>>8 == h>>8 && ply > 0 {
		if e&vcfWin != 0 {
			return true
		}
		if int(e&vcfMask) >= depth {
			return false
		}
	}
	var moves []cell
	if b.has(opp, t5) {
		f := b.findThreat(opp, t5)
		if b.count[opp-1][t5] > 1 || !b.legal(f, me) {
			return false
		}
		buf := &s.vcfMoves[ply]
		buf[0] = f
		moves = buf[:1]
	} else {
		// Fours alone first: cheap, and the usual way a VCT ends.
		if s.vcfNode(me, vctFours, ply) {
			return true
		}
		if depth <= 0 || ply >= 2*maxVCFDepth-4 || s.vcfAborted || s.stopped {
			return false
		}
		moves = s.movesFrom(me, ply, tB3)
	}
	win := false
	for _, m := range moves {
		b.play(m, me)
		var fives [4]cell
		switch n := s.fivesOn(m, me, &fives); {
		case n >= 2:
			win = true
		case n == 1:
			if b.isRenjuBlack(opp) && !b.legal(fives[0], opp) {
				win = true
				break
			}
			b.play(fives[0], opp)
			win = s.vctNode(me, depth-1, ply+2)
			b.undo()
		case s.hasWinningThreat(me):
			win = s.refuteAll(me, depth-1, ply+1, false)
		case depth >= 1 && b.isRenjuBlack(me) && b.has(me, t43) && s.vcfNode(me, 2, ply+1):
			// Renju Black may not make two fours, so its other
			// winning threat is a four-three: two fours, were it to
			// move again. It costs a threat like the others (it was
			// read an iteration later: with the defence order, that
			// found fewer wins within a node budget); not after a
			// forced block at depth 0, where every legal move would
			// be read against it.
			win = s.refuteAll(me, depth-1, ply+1, true)
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

// refuteAll reports whether the attacker (me) still wins after every
// defence against its three: each defender move that leaves the attacker
// without a winning threat, or makes a four, is tried; against a threat
// of fours (anyMove) every legal move is (few are near enough to matter,
// and the fours refute the rest at once).
func (s *searcher) refuteAll(me uint8, depth, ply int, anyMove bool) bool {
	b := s.b
	opp := 3 - me
	// Collect the defences first: the per-ply buffers below are reused by
	// the deeper nodes.
	var defs [maxMoves]cell
	var threats threatList
	nt := s.winningThreats(me, &threats)
	var aligned [maxStride]uint32
	b.alignedRows(threats[:nt], &aligned)
	n := 0
	defence := func(i cell) bool {
		if !b.legal(i, opp) {
			return true
		}
		if !anyMove && b.sideOf(i, opp-1).threat() < tB4 && (aligned[b.xy[i][1]%maxStride]>>b.xy[i][0]&1 == 0 || !s.defuses(i, opp, threats[:nt])) {
			return true
		}
		defs[n] = i
		n++
		return true
	}
	if anyMove {
		b.eachEmpty(defence)
	} else {
		b.eachNear(defence)
	}
	s.orderDefences(defs[:n], me, ply)
	for _, d := range defs[:n] {
		b.play(d, opp)
		win := s.vctNode(me, depth, ply+1)
		b.undo()
		if !win {
			if !s.vcfAborted && !s.stopped {
				s.vctKiller[ply] = d // (a cut read refuted nothing)
			}
			return false
		}
	}
	return true
}

// orderDefences sorts the defender's replies to a three into the order
// they are tried: the one that last refuted an attack at this ply first,
// then fours, then the points worth most to both sides (a point the
// attacker's lines need is the likeliest refutation). A failing read
// (most are) ends at its first refutation, so this order sets its cost:
// on the cases of BenchmarkVCTCases it reads about a quarter of the
// nodes of ordering by the defender's own value alone.
func (s *searcher) orderDefences(defs []cell, me uint8, ply int) {
	b := s.b
	opp := 3 - me
	killer := s.vctKiller[ply]
	sortByKey(defs, func(i cell) int32 {
		v := b.orderKey(i, opp) + int32(b.sideOf(i, me-1).score())
		if i == killer {
			v += 1 << 28
		}
		return v
	})
}
