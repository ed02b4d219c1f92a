package ai

import (
	"math"
	"math/bits"
	"sync/atomic"
	"time"
	"unsafe"

	"tengen/rules"
)

// Scores: a proven win is WinScore minus the plies to it.
const (
	// WinScore is the score of a won position; WinScore-n is a win in n plies.
	WinScore = 30000
	// winBound: scores beyond it are proven results.
	winBound = WinScore - 1000
	maxEval  = 20000
)

// qsPlies bounds the plies a leaf is extended to answer open threes.
const qsPlies = 4

// Reverse futility: a null-window node within rfpDepth plies of the horizon
// whose static score beats beta by rfpMargin a ply is cut without a search.
// (Search scores fall below the static score by about 60-100 in the median;
// 100 a ply to depth 3 beat 150 to depth 2 in play.)
const (
	rfpMargin = 100
	rfpDepth  = 3
)

// iirDepth is the least depth a node without a hash move is reduced at
// (internal iterative reduction).
const iirDepth = 4

const (
	maxPly   = 64
	maxMoves = rulesMaxCells
)

const rulesMaxCells = 22 * 22

// scored is a move with its ordering score.
type scored struct {
	m     cell
	score int32
}

// searcher is one thread's search: its own board copy and tables, the
// shared transposition table, and a stop flag shared with the others.
type searcher struct {
	b        *board
	tt       *transTable
	vtt      []uint64
	vcfMoves [2*maxVCFDepth + 4][128]cell
	vcfMove  cell
	// vctKiller holds, per ply, the defence that last refuted a VCT
	// threat there: tried first next time.
	vctKiller [2*maxVCFDepth + 4]cell
	// vcfLimit (a node count, 0 = none) cuts a VCF search short; vcfAborted
	// says it was, so that no false failure is stored.
	vcfLimit   int64
	vcfAborted bool
	// threatCut says the last vcfBudget or vctBudget read was cut short
	// (budget, threat timer or clock): its "no win" proves nothing.
	threatCut bool
	// threatStop ends a budgeted VCF or VCT early (its share of the clock).
	threatStop atomic.Bool

	moves   [maxPly][maxMoves]scored
	late    [maxMoves]scored // lateThreats' scratch
	killers [maxPly][2]cell
	hist    [2][maxCells]int32
	pv      [maxPly][maxPly]cell
	pvLen   [maxPly]int

	nodes     int64
	nodeLimit int64
	stop      *atomic.Bool
	stopped   bool
	clock     deadlines

	leafVCF int // fours read at the leaves (0: none)
	width   int // quiet moves searched per node, beyond the threats
}

func newSearcher(b *board, tt *transTable, stop *atomic.Bool) *searcher {
	s := &searcher{b: b, tt: tt, vtt: make([]uint64, 1<<vcfTableBits), stop: stop, leafVCF: 6, width: 20}
	adviseHuge(unsafe.Pointer(&s.vtt[0]), len(s.vtt)*8)
	return s
}

// deadlines are a think's clock and its caller's cancellation, which each
// searcher reads itself every pollNodes nodes. A timer's function, or a
// goroutine waiting on a context, runs only when the Go scheduler gets
// round to it: with both cores searching, a 50 ms timer fired up to half
// a second late, and moves against Rapfi took 1.1 s of a 1 s turn.
type deadlines struct {
	hard   time.Time       // the clock is up: stop, and set timeUp
	done   <-chan struct{} // the caller gave up (as hard)
	search time.Time       // stop searching (a noisy level's choice follows)
	threat time.Time       // cut budgeted threat reads short (threatStop)
	timeUp *atomic.Bool    // set with hard and done
}

// pollNodes is how often (a power of two, in nodes) a searcher reads the
// clock: a quarter of a millisecond or so.
const pollNodes = 256

// poll sets the stop flags whose deadline has passed.
func (s *searcher) poll() {
	c := &s.clock
	up := false
	select {
	case <-c.done:
		up = true
	default:
	}
	var now time.Time
	if !c.hard.IsZero() || !c.search.IsZero() || !c.threat.IsZero() {
		now = time.Now()
	}
	passed := func(t time.Time) bool { return !t.IsZero() && now.After(t) }
	if up || passed(c.hard) {
		c.timeUp.Store(true)
		s.stop.Store(true)
	}
	if passed(c.search) {
		s.stop.Store(true)
	}
	if passed(c.threat) {
		s.threatStop.Store(true)
	}
}

// checkStop polls the stop conditions at every node: the shared flag
// (set by a deadline, the caller, or another thread) and the node limit,
// both cheap (some nodes are slow enough that coarser polling overruns the
// clock), and every pollNodes nodes the deadlines themselves (poll).
func (s *searcher) checkStop() bool {
	if s.stopped {
		return true
	}
	if s.nodes&(pollNodes-1) == 0 {
		s.poll()
	}
	if s.stop.Load() || (s.nodeLimit > 0 && s.nodes >= s.nodeLimit) {
		s.stop.Store(true)
		s.stopped = true
	}
	return s.stopped
}

// evaluate scores the position for colour me, to move: what every empty
// point could become for each side (the line patterns and threat classes,
// weighed apart for the mover and its opponent because the mover plays
// first) and how the threats race (threatEval). The weights (evalWeights)
// are fitted to game results; see features.go.
func (s *searcher) evaluate(me uint8) int {
	b := s.b
	mine, theirs := &b.count[me-1], &b.count[2-me]
	w := setWeights(b.evSet[me-1])
	e := int(b.evTotal[me-1][0] + b.evTotal[2-me][1])
	for t := 1; t < numThreats; t++ {
		e += int(w[featMineThreat+t]*mine[t] + w[featTheirThreat+t]*theirs[t])
	}
	e = e/evalUnit + threatEval(w, mine, theirs, b.isRenjuBlack(me), b.isRenjuBlack(3-me))
	return max(-maxEval, min(maxEval, e))
}

// threatEval scores the threats on the board with the tempo: the mover
// (counts mine) plays the next stone, so its double threats come first,
// while the opponent's (theirs) only count as far as one move cannot stop
// them. The point sums see each threat alone; this sees how they race.
// Under renju Black's double threes are forbidden (mine33Forbidden and
// their33Forbidden say which side is bound), so they threaten nothing.
// w is the weight set of the side to move.
func threatEval(w *[numSetFeatures]int32, mine, theirs *[numThreats]int32, mine33Forbidden, their33Forbidden bool) int {
	t := threatTerms(mine, theirs, mine33Forbidden, their33Forbidden)
	v := int32(0)
	for i, n := range t {
		if n != 0 {
			v += n * w[featTerms+i]
		}
	}
	return int(v / evalUnit)
}

// hasWinningThreat reports whether colour c has a legal point that makes
// a straight four or two fours (it wins next move unless stopped).
func (s *searcher) hasWinningThreat(c uint8) bool {
	b := s.b
	if !b.has(c, t44) {
		return false
	}
	if !b.isRenjuBlack(c) {
		return true
	}
	var first [1]cell
	return b.legalThreats(c, t44, t44, first[:]) > 0
}

// winningThreats lists (up to len(out)) colour c's legal points that make
// a straight four or two fours, and returns how many there are.
func (s *searcher) winningThreats(c uint8, out *threatList) int {
	return s.b.legalThreats(c, t44, t44, out[:])
}

// defuses reports whether colour me playing i leaves the opponent none of
// its winning threats. Only a stone on a threat point's lines, within
// halfLine, can change what that point makes, so others are not tried.
func (s *searcher) defuses(i cell, me uint8, threats []cell) bool {
	b := s.b
	xi, yi := int(b.xy[i][0]), int(b.xy[i][1])
	for _, t := range threats {
		dx, dy := xi-int(b.xy[t][0]), yi-int(b.xy[t][1])
		ax, ay := max(dx, -dx), max(dy, -dy)
		if (dx != 0 && dy != 0 && ax != ay) || max(ax, ay) > halfLine {
			return false
		}
	}
	// A stone of me's only weakens the opponent's lines, and only along
	// the line it shares with each threat point: read that line's new
	// pattern instead of playing the stone.
	oc := 2 - me // the opponent's colour index
	for _, t := range threats {
		if t == i {
			continue
		}
		dx, dy := xi-int(b.xy[t][0]), yi-int(b.xy[t][1])
		var d, off int
		switch {
		case dy == 0:
			d, off = 0, dx
		case dx == 0:
			d, off = 1, dy
		case dx == dy:
			d, off = 2, dx
		default:
			d, off = 3, dy
		}
		n := b.linePats(b.key(t, d)|uint32(me)<<slotShift(off)) >> (patBits * oc) & (1<<patBits - 1)
		sh := keyShift(d)
		if pointTable[b.sideOf(t, oc).key()&^((1<<patBits-1)<<sh)|uint16(n)<<sh]&7 == uint32(t44) {
			return false
		}
	}
	if len(threats) == len(threatList{}) || (b.isRenjuBlack(3-me) && int(b.count[0][t44]) > len(threats)) {
		// The list may be cut short, or a stone of White's may lift a
		// Black point out of being forbidden (only a point that makes
		// two fours or a straight four already, and is left out of the
		// list as forbidden, can become a winning threat): play and
		// look. (A threat left standing above is taken to stand: a
		// White stone that made it forbidden instead would be a rare
		// trick.)
		b.play(i, me)
		ok := !s.hasWinningThreat(3 - me)
		b.undo()
		return ok
	}
	return true
}

// threatList holds the winning threat points of one side.
type threatList = [16]cell

// genMoves fills the ply's move list for colour me, unsorted: every
// sensible legal move, or only the answers to a winning threat when the
// opponent has one.
func (s *searcher) genMoves(me uint8, ply int, ttMove cell) []scored {
	b := s.b
	opp := 3 - me
	buf := &s.moves[ply]
	n := 0
	if len(b.history) == 0 {
		buf[0] = scored{m: b.cellOf(rules.Centre(b.size))}
		return buf[:1]
	}
	var threats threatList
	nt := s.winningThreats(opp, &threats)
	// Against a winning threat only a four or a stone on a line with
	// every threat point (defuses' first test, here a mask) can answer.
	var aligned [maxStride]uint32
	if nt > 0 {
		b.alignedRows(threats[:nt], &aligned)
	}
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	hist := &s.hist[(me-1)&1]
	bound := b.isRenjuBlack(me) // legal is called only when it may say no
	// eachNear's loop, written out: the search's most frequent scan.
	for y := pad; y < pad+b.size; y++ {
		for m := b.nearRow(y); m != 0; m &= m - 1 {
			x := bits.TrailingZeros32(m)
			i := cell(y*b.stride + x)
			if bound && !b.legal(i, me) {
				continue
			}
			mine, theirs := b.sideOf(i, me-1), b.sideOf(i, opp-1)
			mt, tt := mine.threat(), theirs.threat()
			if nt > 0 && mt < tB4 && (aligned[y]>>x&1 == 0 || !s.defuses(i, me, threats[:nt])) {
				continue
			}
			sc := int32(mine.score()) + int32(theirs.score())*4/5 + hist[uint(i)%maxCells]/16
			switch {
			case i == ttMove:
				sc += 1 << 28
			case mt >= t44:
				sc += 1 << 26
			case tt >= t44:
				sc += 1 << 25
			case mt >= t43:
				sc += 1 << 24
			case i == k0:
				sc += 1 << 22
			case i == k1:
				sc += 1 << 21
			}
			buf[n] = scored{m: i, score: sc}
			n++
		}
	}
	return buf[:n]
}

// pickNext moves the best of ms[k:] to ms[k]: a lazy selection sort,
// cheaper than sorting when a cut-off comes after a few moves.
func pickNext(ms []scored, k int) {
	// The best score is kept in a register and the tail walked by range
	// (no bounds checks): this runs over every remaining move per pick.
	rest := ms[k:]
	b, best := 0, rest[0].score
	for j, m := range rest[1:] {
		if m.score > best {
			b, best = j+1, m.score
		}
	}
	rest[0], rest[b] = rest[b], rest[0]
}

// lateThreats is called when the quiet moves are used up and rest holds
// the moves not yet picked: only the tactical ones among them (or the hash
// move) are still searched. Picking them one by one scanned the whole rest
// for each, most of the move-ordering time, so they are put at the front of
// rest in pickNext's order, each with its place in that order (k0 + the
// moves scoring above it) as its score, and their count returned. When one
// of them ties another move's score only pickNext tells their order: it
// returns -1 and leaves rest alone.
func (s *searcher) lateThreats(rest []scored, me uint8, k0 int, ttMove cell) int {
	b := s.b
	t := s.late[:0]
	for _, x := range rest {
		if !b.tactical(x.m, me) && x.m != ttMove {
			continue
		}
		rank := k0
		for _, y := range rest {
			if y.score > x.score {
				rank++
			} else if y.score == x.score && y.m != x.m {
				return -1
			}
		}
		t = append(t, scored{m: x.m, score: int32(rank)})
	}
	for k := 1; k < len(t); k++ { // by rank, ascending
		x := t[k]
		j := k
		for j > 0 && x.score < t[j-1].score {
			t[j] = t[j-1]
			j--
		}
		t[j] = x
	}
	return copy(rest, t)
}

func sortMoves(ms []scored) {
	for k := 1; k < len(ms); k++ {
		m := ms[k]
		j := k
		for j > 0 && m.score > ms[j-1].score {
			ms[j] = ms[j-1]
			j--
		}
		ms[j] = m
	}
}

// tactical reports whether a move must never be pruned: it makes a three
// or a four, or stops one of the opponent's (a point where the opponent
// would make a four, or two threes). Stopping a single open three before
// it is made is a quiet move: there are many such points, and the three,
// once made, is answered then.
func (b *board) tactical(i cell, me uint8) bool {
	return b.sideOf(i, me-1).threat() >= tF3 || b.sideOf(i, 2-me).threat() >= t33
}

// lmr[d][k] is how many plies the k-th move (from 0) at depth d is
// reduced by when it neither makes a four nor is the hash move: late moves
// in a well-ordered list rarely matter, and a reduced search that comes
// back above alpha is searched again in full.
var lmr = func() (t [maxPly][64]int8) {
	for d := 1; d < maxPly; d++ {
		for k := 2; k < 64; k++ {
			t[d][k] = int8(0.5 + math.Log(float64(d))*math.Log(float64(k))/lmrDivisor)
		}
	}
	return t
}()

const lmrDivisor = 1.8

// reduction is lmr[depth][k], for any depth and move number.
func reduction(depth, k int) int {
	return int(lmr[min(depth, maxPly-1)][min(k, len(lmr[0])-1)])
}

// lateReduction is how many plies the rank-th move (from 0) of a node at
// depth is reduced by in its first, null-window search: lmr's figure, a ply
// less for a tactical move, and a ply more at a null-window node. There
// only a bound is at stake and a reduced move that beats it is searched
// again in full, while the open-window nodes of the main line choose the
// move played.
func lateReduction(depth, rank int, tact, nullWindow bool) int {
	r := reduction(depth, rank)
	if tact {
		r--
	}
	if nullWindow {
		r++
	}
	return r
}

// scoreToTT and scoreFromTT make win scores relative to the node.
func scoreToTT(v, ply int) int {
	switch {
	case v > winBound:
		return v + ply
	case v < -winBound:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v > winBound:
		return v - ply
	case v < -winBound:
		return v + ply
	}
	return v
}

// search is the alpha-beta (PVS) search; it returns the score for me.
func (s *searcher) search(depth, alpha, beta, ply int, me uint8) int {
	b := s.b
	s.pvLen[ply] = ply
	s.nodes++
	if s.checkStop() {
		return 0
	}
	opp := 3 - me
	if b.has(me, t5) {
		return WinScore - ply
	}
	if b.empty == 0 {
		return 0
	}
	if ply >= maxPly-1 {
		return s.evaluate(me)
	}
	forced := noCell
	if b.has(opp, t5) {
		f := b.findThreat(opp, t5)
		if b.count[opp-1][t5] > 1 || !b.legal(f, me) {
			return -(WinScore - ply - 1)
		}
		forced = f
	}
	// A win is no better than the quickest one possible from here.
	if WinScore-ply-1 <= alpha {
		return alpha
	}
	if forced == noCell && depth <= 0 {
		if s.hasWinningThreat(me) {
			return WinScore - ply - 3
		}
		// Quiescence over threes: when the opponent threatens a straight
		// four, the static score cannot tell whether the threat is met, so
		// the few defences are searched (a bounded number of plies).
		// Unsettled, the replies searched below include every four of
		// ours, so a win by fours is read there (as deep as the
		// quiescence goes) and not first by the VCF solver as well: that
		// was a third of all nodes.
		if depth <= -qsPlies || !s.hasWinningThreat(opp) {
			// A win by fours only raises the score: a leaf that already
			// fails high need not read them.
			// (A four that also makes an open three counts: it may be
			// the only four on the board.)
			fours := s.leafVCF > 0 && (b.has(me, tB4) || b.has(me, t43))
			if fours {
				s.prefetchThreat(b.hash ^ vcfSalt[me])
			}
			e := s.evaluate(me)
			if e < beta && fours && s.vcf(me, s.leafVCF) {
				return WinScore - ply - 5
			}
			return e
		}
	}
	// Probed only past the settled leaves, which store nothing: there the
	// probe was a cache miss for a rare hit.
	ttMove, ttScore, ttDepth, ttBound, hit := s.tt.probe(b.hash)
	if hit {
		ttScore = scoreFromTT(ttScore, ply)
		if ttDepth >= depth && ply > 0 {
			switch {
			case ttBound == boundExact,
				ttBound == boundLower && ttScore >= beta,
				ttBound == boundUpper && ttScore <= alpha:
				return ttScore
			}
		}
		if ttMove != noCell && (int(ttMove) >= len(b.stones) || b.stones[ttMove] != cellEmpty) {
			ttMove = noCell
		}
	}
	// Reverse futility: near the horizon, a null-window node whose static
	// score beats beta by a margin its few plies cannot close is cut
	// without a search, unless the opponent threatens a straight four
	// (which the static score does not see through). Quiescence nodes
	// (depth <= 0) get here only under such a threat, so never cut.
	if forced == noCell && ply > 0 && beta-alpha == 1 && depth >= 1 && depth <= rfpDepth && beta < winBound && alpha > -winBound {
		if e := s.evaluate(me); e-rfpMargin*depth >= beta && !s.hasWinningThreat(opp) {
			return e
		}
	}
	// Internal iterative reduction: a node deep enough to matter that the
	// table knows nothing of is searched a ply shallower. Its move order
	// is a guess, and the next iteration finds it in the table with a
	// move to try first (174 White positions: 27 % fewer nodes to depth 10).
	if forced == noCell && depth >= iirDepth && ttMove == noCell {
		depth--
	}
	var moves []scored
	if forced != noCell {
		s.moves[ply][0] = scored{m: forced}
		moves = s.moves[ply][:1]
	} else {
		moves = s.genMoves(me, ply, ttMove)
		if len(moves) == 0 {
			if s.hasWinningThreat(opp) {
				return -(WinScore - ply - 2)
			}
			return s.evaluate(me)
		}
	}
	alphaOrig := alpha
	best, bestMove := -WinScore, noCell
	quiet := 0
	// Near the leaves only the best few quiet moves are worth a look: the
	// threats (searched in full) decide there, and the depth saved goes
	// to the main line.
	width := min(s.width, 3+2*max(depth, 1))
	late := false // moves[k:] hold lateThreats' list
	for k := 0; k < len(moves); k++ {
		rank := k // the move's place in pickNext's order
		if late {
			rank = int(moves[k].score)
		} else {
			pickNext(moves, k)
		}
		m := moves[k].m
		tact := forced != noCell || b.tactical(m, me) || m == ttMove
		if !tact {
			quiet++
			if quiet > width && k > 0 {
				// Later threats are still searched.
				if quiet == width+1 {
					if n := s.lateThreats(moves[k+1:], me, k+1, ttMove); n >= 0 {
						moves, late = moves[:k+1+n], true
					}
				}
				continue
			}
		}
		newDepth := depth - 1
		if forced != noCell {
			newDepth = depth // a single reply costs no depth
		}
		if newDepth > 0 {
			s.tt.prefetch(b.hash ^ zobrist[me-1][m]) // the child probes it
		}
		b.play(m, me)
		var v int
		if k == 0 {
			v = -s.search(newDepth, -beta, -alpha, ply+1, opp)
		} else {
			r := 0
			if forced == noCell && m != ttMove && depth >= 2 && b.sideOf(m, me-1).threat() < tB4 {
				r = max(0, min(lateReduction(depth, rank, tact, beta-alpha == 1), newDepth-1))
			}
			v = -s.search(newDepth-r, -alpha-1, -alpha, ply+1, opp)
			if v > alpha && (r > 0 || v < beta) {
				v = -s.search(newDepth, -beta, -alpha, ply+1, opp)
			}
		}
		b.undo()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.pv[ply][ply] = m
				copy(s.pv[ply][ply+1:], s.pv[ply+1][ply+1:s.pvLen[ply+1]])
				s.pvLen[ply] = s.pvLen[ply+1]
				if v >= beta {
					if !tact {
						if s.killers[ply][0] != m {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = m
						}
						s.hist[me-1][m] += int32(depth * depth)
					}
					break
				}
			}
		}
	}
	bound := boundExact
	switch {
	case best >= beta:
		bound = boundLower
	case best <= alphaOrig:
		bound = boundUpper
	}
	s.tt.store(b.hash, bestMove, scoreToTT(best, ply), depth, bound)
	return best
}
