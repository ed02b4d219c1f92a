package ai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"tengen/rules"
)

// ErrNoMove is returned when the side to move has no legal move (a full
// board); the Result's Move is then rules.Pass.
var ErrNoMove = errors.New("no legal move left")

// EngineOptions configure an Engine. Zero values mean the defaults.
type EngineOptions struct {
	// Level 1..10: 1 is a beginner's opponent, 10 (the default) full strength.
	Level int
	// Seed makes the engine's choices reproducible: the same position and
	// limits give the same move when Threads is 1, or with a Depth or
	// Nodes limit and Threads 1.
	Seed uint64
	// MaxMemory bounds the transposition table in bytes (default 32 MiB).
	MaxMemory int64
	// Threads searching in parallel (lazy SMP); default 2.
	Threads int
}

// DefaultMaxMemory is the transposition table size when none is given.
const DefaultMaxMemory = 32 << 20

// Engine is Tengen's own player. It keeps its transposition table between
// moves, so pondering and earlier searches speed up the next Think. An
// Engine may be used from one goroutine at a time, except that Think and
// Ponder may be called while a Ponder runs: they cancel it first.
type Engine struct {
	opts EngineOptions
	lv   levelParams
	tt   *transTable
	rng  *rand.Rand
	pool []*searcher // one per thread, kept between moves
	// openingNodes overrides the search per judged opening position (tests).
	openingNodes int64

	// last says how the last search spent its clock (tests, harnesses).
	last thinkStats

	mu         sync.Mutex // held by a running Think or Ponder
	ponderMu   sync.Mutex
	ponderStop context.CancelFunc
}

// thinkStats: how a search spent its clock.
type thinkStats struct {
	depth   int  // last iteration completed
	hardHit bool // the hard limit (or the caller) stopped the main search
	safety  bool // the safety reads ran
	deep    bool // the deep safety read ran to its end
	// raised is the move that failed high in the iteration the clock cut
	// while searching it again, when it was kept (noCell if not).
	raised cell
}

// NewEngine returns an engine with the given options.
func NewEngine(opts EngineOptions) *Engine {
	if opts.Level <= 0 || opts.Level > 10 {
		opts.Level = 10
	}
	if opts.MaxMemory <= 0 {
		opts.MaxMemory = DefaultMaxMemory
	}
	if opts.Threads <= 0 {
		opts.Threads = 2
	}
	warmTables()
	return &Engine{
		opts: opts,
		lv:   levels[opts.Level],
		tt:   newTransTable(opts.MaxMemory),
		rng:  rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x6a09e667f3bcc909)),
	}
}

// Name identifies the engine and its level.
func (e *Engine) Name() string {
	if e.opts.Level == 10 {
		return "tengen"
	}
	return fmt.Sprintf("tengen-L%d", e.opts.Level)
}

// Options returns the options in effect (defaults filled in).
func (e *Engine) Options() EngineOptions { return e.opts }

// NewGame forgets what earlier searches learnt.
func (e *Engine) NewGame() {
	e.lock()
	defer e.mu.Unlock()
	e.tt.clear()
	for _, s := range e.pool {
		clear(s.vtt) // and the searchers' VCF tables, kept: 2 MB a thread not made again
	}
}

// levelParams weaken the engine for people.
type levelParams struct {
	depth     int           // deepest iteration
	nodes     int64         // nodes a move, on one thread (0 = the limits only)
	timeCap   time.Duration // most time per move (0 = the limits only)
	vcf       int           // fours read by the root VCF (0 = none)
	vct       int           // threats read by the root VCT (0 = none)
	leafVCF   int           // fours read at the leaves
	width     int           // quiet moves per node
	temp      float64       // softmax temperature over root scores (0 = best)
	calm      float64       // chance that a move is the search's best, without the noise
	missThree float64       // chance to overlook the opponent's open three
}

// levels: strength grows with depth, reading and effort, and noise falls.
// Every level takes a five and blocks a four, as anyone would; the low ones
// overlook open threes and long threat sequences the way beginners do.
// Levels 1-9 search a node budget on one thread, at least doubling from
// level to level, so that a level is as strong on a Raspberry Pi as on a
// desktop and the same whatever else the machine runs; the time cap keeps
// a slow machine answering. Levels 8 and 9 play a quarter and half of
// their moves calm: noisy on every move each was no stronger than the
// level below, and never noisy level 9 was about as strong as level 10 on
// a 2 s clock. Level 10 is full strength: every
// thread, the clock.
var levels = [11]levelParams{
	1:  {depth: 1, nodes: 1000, timeCap: 200 * time.Millisecond, temp: 250, missThree: 0.6, width: 8},
	2:  {depth: 2, nodes: 2500, timeCap: 300 * time.Millisecond, vcf: 1, temp: 160, missThree: 0.4, width: 8},
	3:  {depth: 3, nodes: 5000, timeCap: 400 * time.Millisecond, vcf: 2, temp: 110, missThree: 0.25, width: 10},
	4:  {depth: 4, nodes: 10000, timeCap: 500 * time.Millisecond, vcf: 3, temp: 75, missThree: 0.1, width: 10},
	5:  {depth: 5, nodes: 20000, timeCap: 700 * time.Millisecond, vcf: 5, temp: 50, width: 12},
	6:  {depth: maxPly - 2, nodes: 40000, timeCap: time.Second, vcf: 7, leafVCF: 1, temp: 32, width: 14},
	7:  {depth: maxPly - 2, nodes: 80000, timeCap: 1500 * time.Millisecond, vcf: 10, vct: 1, leafVCF: 2, temp: 20, width: 16},
	8:  {depth: maxPly - 2, nodes: 160000, timeCap: 2 * time.Second, vcf: 14, vct: 2, leafVCF: 2, temp: 10, calm: 0.25, width: 18},
	9:  {depth: maxPly - 2, nodes: 640000, timeCap: 4 * time.Second, vcf: 20, vct: 3, leafVCF: 3, temp: 4, calm: 0.5, width: 20},
	10: {depth: maxPly - 2, vcf: maxVCFDepth, vct: 4, leafVCF: 3, width: 20},
}

// setup builds the board for pos and returns the colour to move.
func setup(pos Position) (*board, uint8, error) {
	b, err := newBoard(pos.Size, pos.Rule, pos.Reading)
	if err != nil {
		return nil, 0, err
	}
	if pos.ToMove != rules.Black && pos.ToMove != rules.White {
		return nil, 0, fmt.Errorf("position: colour to move is %v, want black or white", pos.ToMove)
	}
	for k, st := range pos.Stones {
		if st.C != rules.Black && st.C != rules.White {
			return nil, 0, fmt.Errorf("position: stone %d at %v has colour %v", k+1, st.P, st.C)
		}
		if !st.P.In(pos.Size) {
			return nil, 0, fmt.Errorf("position: stone %d at %v is off the %dx%d board", k+1, st.P, pos.Size, pos.Size)
		}
		i := b.cellOf(st.P)
		if b.stones[i] != cellEmpty {
			return nil, 0, fmt.Errorf("position: stone %d at %v: the point is already taken", k+1, st.P)
		}
		b.play(i, uint8(st.C))
	}
	return b, uint8(pos.ToMove), nil
}

// budget is how long a search may take, and when to stop deepening.
type budget struct {
	hard, soft time.Duration // 0: no time limit
	// search, when set, ends the search before hard, leaving the rest of
	// the clock to a level's noisy choice.
	search  time.Duration
	instant bool
}

// timeBudget turns Limits into a budget: a share of the time left in the
// match, capped by the time per move, less a margin for the answer to
// travel.
func timeBudget(lim Limits, stones, cells int) budget {
	if !lim.NoTurnLimit && lim.TurnTime <= 0 {
		return budget{instant: true}
	}
	var t time.Duration
	if !lim.NoTurnLimit {
		t = lim.TurnTime
	}
	left := lim.TimeLeft
	if left <= 0 {
		left = lim.MatchTime
	}
	if left > 0 {
		movesLeft := max(12, (cells-stones)/6)
		share := left / time.Duration(movesLeft)
		if t == 0 || share < t {
			t = share
		}
	}
	if t == 0 {
		if lim.Depth > 0 || lim.Nodes > 0 {
			return budget{}
		}
		t = 5 * time.Second
	}
	margin := min(t/10+20*time.Millisecond, 200*time.Millisecond)
	hard := max(t-margin, time.Millisecond)
	return budget{hard: hard, soft: softLimit(hard)}
}

// softLimit is when no new iteration starts. An iteration started before it
// may run to the hard limit; at 2/5 the engine used under half its time a move.
func softLimit(hard time.Duration) time.Duration { return hard * 3 / 5 }

// forLevel caps the budget at the level's time. A level with a node
// budget searches until it is spent (the clock only guards a slow
// machine), and a noisy level leaves the last third of the clock for
// scoring its candidates.
func (b budget) forLevel(lv levelParams) budget {
	if b.instant {
		return b
	}
	if lv.timeCap > 0 && lv.timeCap < b.hard {
		b.hard = max(lv.timeCap, time.Millisecond)
		b.soft = softLimit(b.hard)
	}
	if lv.temp > 0 {
		b.search = b.hard * 2 / 3
	}
	if lv.nodes > 0 {
		b.soft = b.hard
	}
	return b
}

// Think chooses a move for pos within lim.
func (e *Engine) Think(ctx context.Context, pos Position, lim Limits, info func(Info)) (Result, error) {
	start := time.Now() // the clock runs from the call, set-up included
	e.lock()
	defer e.mu.Unlock()
	b, me, err := setup(pos)
	if err != nil {
		return Result{Move: rules.Pass}, err
	}
	bud := timeBudget(lim, len(pos.Stones), pos.Size*pos.Size)
	if bud.hard > 0 || bud.instant {
		// A level's time cap applies to clocks, not to a caller's fixed
		// depth or node budget (which keeps seeded runs reproducible).
		bud = bud.forLevel(e.lv)
	}
	if e.lv.nodes > 0 && (lim.Nodes == 0 || lim.Nodes > e.lv.nodes) {
		lim.Nodes = e.lv.nodes
	}
	return e.think(ctx, start, b, me, lim, bud, info, false)
}

// Ponder searches pos (usually the position after the engine's move, with
// the opponent to move) until ctx is done, filling the transposition
// table for the next Think, and returns what it found. A Think or another
// Ponder cancels it.
func (e *Engine) Ponder(ctx context.Context, pos Position, info func(Info)) (Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	e.lock()
	defer e.mu.Unlock()
	e.ponderMu.Lock()
	e.ponderStop = cancel
	e.ponderMu.Unlock()
	b, me, err := setup(pos)
	if err != nil {
		return Result{Move: rules.Pass}, err
	}
	return e.think(ctx, time.Now(), b, me, Limits{NoTurnLimit: true}, budget{}, info, true)
}

// searcher returns the engine's k-th searcher, set up to search b: the
// searchers and their VCF tables are kept from move to move, so a move
// allocates almost nothing.
func (e *Engine) searcher(k int, b *board, stop *atomic.Bool) *searcher {
	for len(e.pool) <= k {
		e.pool = append(e.pool, newSearcher(nil, e.tt, nil))
	}
	s := e.pool[k]
	s.b, s.stop = b, stop
	s.nodes, s.nodeLimit, s.stopped = 0, 0, false
	s.vcfLimit, s.vcfAborted = 0, false
	s.threatStop.Store(false)
	s.clock = deadlines{}
	s.killers = [maxPly][2]cell{}
	s.vctKiller = [2*maxVCFDepth + 4]cell{}
	s.hist = [2][maxCells]int32{}
	s.leafVCF, s.width = 6, 20
	return s
}

// lock takes the engine from a running Ponder, cancelling it (again, if a
// Ponder starts between the cancel and the lock).
func (e *Engine) lock() {
	for {
		e.cancelPonder()
		if e.mu.TryLock() {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

func (e *Engine) cancelPonder() {
	e.ponderMu.Lock()
	if e.ponderStop != nil {
		e.ponderStop()
		e.ponderStop = nil
	}
	e.ponderMu.Unlock()
}

// aspiration is the half-width of an iteration's first window around the
// last iteration's score, from depth 4.
const aspiration = 60

// think runs the whole decision: the forced moves, the root VCF, the
// parallel iterative deepening and the level's choice.
func (e *Engine) think(ctx context.Context, start time.Time, b *board, me uint8, lim Limits, bud budget, info func(Info), pondering bool) (Result, error) {
	opp := 3 - me
	e.last = thinkStats{}
	// stop ends the searches; timeUp says the clock or the caller ended
	// them, so that nothing more may be searched.
	var stop, timeUp atomic.Bool
	main := e.searcher(0, b, &stop)
	main.leafVCF, main.width = e.lv.leafVCF, e.lv.width
	main.clock.timeUp, main.clock.done = &timeUp, ctx.Done()
	if bud.hard > 0 {
		main.clock.hard = start.Add(bud.hard)
	}
	if d, ok := ctx.Deadline(); ok && (main.clock.hard.IsZero() || d.Before(main.clock.hard)) {
		main.clock.hard = d
	}
	if bud.search > 0 {
		main.clock.search = start.Add(bud.search)
	}
	e.tt.newSearch()
	result := func(m cell, score, depth int) Result {
		r := Result{Move: b.pointOf(m), Info: Info{Depth: depth, Score: score, Nodes: main.nodes, Elapsed: time.Since(start)}}
		if m != noCell {
			r.PV = []rules.Point{r.Move}
		}
		return r
	}
	if b.empty == 0 {
		return Result{Move: rules.Pass}, ErrNoMove
	}
	// A five ends the game at once.
	if b.has(me, t5) {
		return result(b.findThreat(me, t5), WinScore-1, 1), nil
	}
	// The opponent's four must be blocked; if it cannot be, any legal move.
	if b.has(opp, t5) {
		f := b.findThreat(opp, t5)
		if b.count[opp-1][t5] == 1 && b.legal(f, me) {
			return e.forced(main, f, me, start), nil
		}
	}
	if e.lv.vcf > 0 && !bud.instant {
		// The threat searches get a share of the budget; the main search
		// the rest.
		vb := int64(300000)
		if lim.Nodes > 0 {
			vb = max(lim.Nodes/3, 1)
		}
		if bud.hard > 0 {
			main.clock.threat = start.Add(bud.hard / 4)
		}
		if main.vcfBudget(me, e.lv.vcf, vb) {
			return result(main.vcfMove, WinScore-3, 1), nil
		}
		if e.lv.vct > 0 && !main.stopped && main.vctBudget(me, e.lv.vct, vb) {
			return result(main.vcfMove, WinScore-5, 1), nil
		}
		main.clock.threat = time.Time{}
	}
	main.stopped = false
	// The root moves.
	root := make([]rootMove, 0, 64)
	blind := !pondering && e.lv.missThree > 0 && main.hasWinningThreat(opp) && e.rng.Float64() < e.lv.missThree
	moves := main.genMovesAt0(me, blind)
	if len(moves) == 0 {
		// No move meets the opponent's threat: the game is lost against
		// best play, but a person may still go wrong, so play the most
		// natural move (blocking the biggest threat) rather than any.
		moves = main.genMovesAt0(me, true)
	}
	for _, sm := range moves {
		root = append(root, rootMove{m: sm.m, score: int(sm.score)})
	}
	if len(root) == 0 {
		// Every point left is forbidden to Black, or the opponent's threat
		// cannot be met: play the first legal point.
		m := noCell
		b.eachEmpty(func(i cell) bool {
			if b.legal(i, me) {
				m = i
			}
			return m == noCell
		})
		if m == noCell {
			return Result{Move: rules.Pass}, ErrNoMove
		}
		return result(m, -(WinScore - 2), 1), nil
	}
	if blind {
		// The engine overlooked the threat: it plays its own idea.
		return result(e.pickSoftmax(root[:min(len(root), 5)], true), 0, 1), nil
	}
	if len(root) == 1 || bud.instant {
		if bud.instant {
			return e.instant(main, root, me, start)
		}
		return e.forced(main, root[0].m, me, start), nil
	}
	maxDepth := e.lv.depth
	if lim.Depth > 0 {
		maxDepth = min(maxDepth, lim.Depth)
	}
	if lim.Nodes > 0 {
		main.nodeLimit = main.nodes + lim.Nodes
	}
	// Helper threads: lazy SMP over the shared table, on their own boards.
	var wg sync.WaitGroup
	threads := e.opts.Threads
	if e.lv.nodes > 0 {
		threads = 1 // a level's budget is one thread's
	}
	helpers := make([]*searcher, 0, max(threads-1, 0))
	for t := 1; t < threads; t++ {
		hb := *b
		hb.history = append([]cell(nil), b.history...)
		hb.undoLog = append([]side(nil), b.undoLog...)
		hb.frames = append([]playFrame(nil), b.frames...)
		h := e.searcher(t, &hb, &stop)
		h.leafVCF, h.width, h.clock = main.leafVCF, main.width, main.clock
		hr := append([]rootMove(nil), root...)
		helpers = append(helpers, h)
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			for d := 1 + id%2; d <= maxDepth && !h.stopped; d++ {
				h.searchRoot(hr, d, -WinScore, WinScore, me)
			}
		}(t)
	}
	best := root[0].m
	bestScore, bestDepth := 0, 0
	var pv []rules.Point
	prev := 0
	cutRaised := noCell
	// An iteration started before the soft limit runs to the hard one.
	// Stopping one predicted to overrun at 4/5 of it, to leave time for
	// the safety reads after the search, lost 47.1 % of 240 games against
	// this (500 ms renju), and those reads changed no move in 242
	// positions: the last fifth of the search is worth more.
	for d := 1; d <= maxDepth; d++ {
		alpha, beta := -WinScore, WinScore
		if d >= 4 && prev > -winBound && prev < winBound {
			alpha, beta = prev-aspiration, prev+aspiration
		}
		// A score outside the window widens it on that side, four times
		// as far each time (a full window at once searched 41 % more
		// nodes to depth 9 on 174 White positions: scores swing 100-200
		// between iterations).
		v := main.searchRoot(root, d, alpha, beta, me)
		raised := noCell
		for delta := aspiration; !main.stopped && (v <= alpha || v >= beta); {
			if v >= beta {
				// The move that failed high was searched in full and beat
				// the window: it is kept should the re-search be cut
				// before it is searched again.
				raised = main.pv[0][0]
			}
			delta *= 4
			if v <= alpha {
				alpha = max(v-delta, -WinScore)
			} else {
				beta = min(v+delta, WinScore)
			}
			if delta > 1000 || v < -winBound || v > winBound {
				alpha, beta = -WinScore, WinScore
			}
			v = main.searchRoot(root, d, alpha, beta, me)
		}
		if main.pvLen[0] > 0 && (!main.stopped || main.pv[0][0] != best) {
			// A move that raised alpha was searched in full: it is safe to take.
			best = main.pv[0][0]
			if !main.stopped {
				bestScore, bestDepth = v, d
				pv = pv[:0]
				for _, m := range main.pv[0][:main.pvLen[0]] {
					pv = append(pv, b.pointOf(m))
				}
			}
		} else if main.stopped && main.pvLen[0] == 0 && raised != noCell {
			best = raised
			cutRaised = raised
		}
		if main.stopped {
			break
		}
		prev = v
		if info != nil {
			info(Info{Depth: d, Score: v, PV: append([]rules.Point(nil), pv...), Nodes: e.nodes(main, helpers), Elapsed: time.Since(start)})
		}
		if v > winBound || v < -winBound {
			break // proven
		}
		if bud.soft > 0 && time.Since(start) > bud.soft {
			break
		}
	}
	stop.Store(true)
	wg.Wait()
	main.clock.search = time.Time{} // not to cut the noisy choice short
	e.last = thinkStats{depth: bestDepth, hardHit: timeUp.Load(), raised: cutRaised}
	if e.lv.vct > 0 && e.lv.temp == 0 && !pondering && !timeUp.Load() && bestScore > -winBound && bestScore < winBound {
		// The rest of the clock checks the chosen move against the
		// opponent's threat sequences, which the main search reads only
		// as deep as its horizon.
		stop.Store(false)
		main.stopped = false
		main.threatStop.Store(false) // (the root threat timer has had its turn)
		if !timeUp.Load() {
			e.last.safety = true
			best, _ = e.avoidThreats(main, root, best, me, e.lv.vct, safetyNodes)
		}
		// Whatever time the search left reads the opponent's threats
		// deeper, until 9/10 of the budget: a timed search seldom ends
		// early, so a read kept for early ends almost never ran.
		if bud.hard > 0 && !timeUp.Load() {
			main.threatStop.Store(false)
			main.clock.threat = start.Add(bud.hard * 9 / 10)
			m, ok := e.avoidThreats(main, root, best, me, deepVCT, 10*safetyNodes)
			if ok {
				best = m
			}
			e.last.deep = ok
			main.clock.threat = time.Time{}
		}
	}
	// The noisy choice re-scores the leading moves by a shallow search,
	// which on its own undoes a deep search's gain: a calm move keeps the
	// search's best.
	calm := e.lv.calm > 0 && e.rng.Float64() < e.lv.calm
	if e.lv.temp > 0 && !calm && bestScore < winBound && !pondering && !timeUp.Load() {
		if m, ok := e.noisyChoice(main, root, me, min(max(bestDepth-1, 1), 4)); ok {
			best = m
		}
	}
	r := Result{Move: b.pointOf(best), Info: Info{Depth: bestDepth, Score: bestScore, PV: pv, Nodes: e.nodes(main, helpers), Elapsed: time.Since(start)}}
	if len(r.PV) == 0 || r.PV[0] != r.Move {
		r.PV = []rules.Point{r.Move}
	}
	return r, nil
}

func (e *Engine) nodes(main *searcher, helpers []*searcher) int64 {
	n := main.nodes
	for _, h := range helpers {
		n += h.nodes
	}
	return n
}

// safetyNodes bounds each VCF and VCT read for the opponent by avoidThreats.
const safetyNodes = 20000

// deepVCT is how many threats deep the second safety read looks. On the 15
// positions where Rapfi beat Tengen's White by a threat sequence (found
// too deep for the search), a read 8 deep within 10*safetyNodes proved
// the loss in 13, 6 deep in 10, 4 deep within safetyNodes in 5.
const deepVCT = 8

// avoidThreats returns best unless, after it, the opponent wins by fours
// or by threats vct deep (each read within nodes); then the first of the
// next root moves (in the order of the last iteration) after which a read
// to its end finds no such win, or failing that the first whose read was
// cut short (unknown is not proven safe, but beats a proven loss). When
// every one loses best stays. ok is false when the clock or the threat
// timer cut the reading short with best unproven.
func (e *Engine) avoidThreats(s *searcher, root []rootMove, best cell, me uint8, vct int, nodes int64) (m cell, ok bool) {
	cands := make([]cell, 0, 8)
	cands = append(cands, best)
	for _, rm := range root {
		if len(cands) == cap(cands) {
			break
		}
		if rm.m != best {
			cands = append(cands, rm.m)
		}
	}
	unknown := noCell
	for k, m := range cands {
		lost, cut := s.loses(m, me, vct, nodes)
		stopped := s.stopped || s.threatStop.Load()
		switch {
		case lost:
		case !cut:
			return m, true
		case k == 0:
			// A cut read of best is no reason to leave the search's
			// choice: such reads in Tengen's games, re-read at 500k
			// nodes, all ended without a win.
			return best, !stopped
		case unknown == noCell:
			unknown = m
		}
		if stopped {
			break
		}
	}
	if unknown != noCell {
		return unknown, true
	}
	return best, !s.stopped && !s.threatStop.Load()
}

// loses reads whether, after colour me plays m, the opponent wins by fours
// or by threats vct deep, each read within nodes; cut says a read was cut
// short (so no win found proves nothing).
func (s *searcher) loses(m cell, me uint8, vct int, nodes int64) (lost, cut bool) {
	opp := 3 - me
	s.b.play(m, me)
	defer s.b.undo()
	if s.b.has(opp, tB4) {
		lost, cut = s.vcfBudget(opp, maxVCFDepth, nodes), s.threatCut
	}
	if !lost {
		lost = s.vctBudget(opp, vct, nodes) // (cut at once when stopped)
		cut = cut || s.threatCut
	}
	return lost, cut
}

// genMovesAt0 lists the root moves; a blind engine ignores the
// opponent's threat.
func (s *searcher) genMovesAt0(me uint8, blind bool) []scored {
	if !blind {
		ms := s.genMoves(me, 0, noCell)
		sortMoves(ms)
		return ms
	}
	// Pretend the threat is not there: order all moves by their own value.
	b := s.b
	buf := &s.moves[0]
	n := 0
	if len(b.history) == 0 {
		buf[0] = scored{m: b.cellOf(rules.Centre(b.size))}
		return buf[:1]
	}
	b.eachNear(func(i cell) bool {
		if b.legal(i, me) {
			buf[n] = scored{m: i, score: int32(b.sideOf(i, me-1).score()) + int32(b.sideOf(i, 2-me).score())/2}
			n++
		}
		return true
	})
	sortMoves(buf[:n])
	return buf[:n]
}

// instant answers at once (timeout_turn 0): a quick two-ply look that
// still sees immediate threats.
func (e *Engine) instant(s *searcher, root []rootMove, me uint8, start time.Time) (Result, error) {
	s.nodeLimit = 20000
	s.leafVCF = 0
	v := 0
	for d := 1; d <= 2; d++ {
		v = s.searchRoot(root, d, -WinScore, WinScore, me)
		if s.stopped {
			break
		}
	}
	m := root[0].m
	return Result{Move: s.b.pointOf(m), Info: Info{Depth: 1, Score: v, PV: []rules.Point{s.b.pointOf(m)}, Nodes: s.nodes, Elapsed: time.Since(start)}}, nil
}

// forced answers with the only sensible move m at once, after a short
// search of it so that the score and the line shown stay meaningful.
func (e *Engine) forced(s *searcher, m cell, me uint8, start time.Time) Result {
	s.nodeLimit = s.nodes + 3000
	s.stopped = false
	root := []rootMove{{m: m}}
	r := Result{Move: s.b.pointOf(m), Info: Info{PV: []rules.Point{s.b.pointOf(m)}}}
	for d := 1; d <= 4; d++ {
		v := s.searchRoot(root, d, -WinScore, WinScore, me)
		if s.stopped {
			break
		}
		r.Depth, r.Score = d, v
		r.PV = r.PV[:0]
		for _, c := range s.pv[0][:s.pvLen[0]] {
			r.PV = append(r.PV, s.b.pointOf(c))
		}
		if len(r.PV) == 0 {
			r.PV = append(r.PV, r.Move)
		}
	}
	r.Nodes, r.Elapsed = s.nodes, time.Since(start)
	return r
}

// noisyChoice picks a root move for a weaker level: each of the leading
// moves gets an exact score from a shallow search, moves that lose to a
// proven threat are dropped, and the choice is a softmax over the rest at
// the level's temperature.
func (e *Engine) noisyChoice(s *searcher, root []rootMove, me uint8, depth int) (cell, bool) {
	s.stopped = false
	s.stop.Store(false)
	budget := int64(100000)
	if e.lv.nodes > 0 {
		budget = min(budget, e.lv.nodes) // the level's effort, not more
	}
	s.nodeLimit = s.nodes + budget
	n := min(len(root), 8)
	cands := append([]rootMove(nil), root[:n]...)
	for k := range cands {
		s.b.play(cands[k].m, me)
		cands[k].score = -s.search(depth-1, -WinScore, WinScore, 1, 3-me)
		s.b.undo()
		if s.stopped {
			return noCell, false
		}
	}
	return e.pickSoftmax(cands, false), true
}

// pickSoftmax draws a move with probability growing with its score; when
// byOrder, the scores are move-ordering values rather than search scores.
func (e *Engine) pickSoftmax(cands []rootMove, byOrder bool) cell {
	best := cands[0].score
	for _, c := range cands {
		best = max(best, c.score)
	}
	temp := e.lv.temp
	if byOrder {
		temp *= 4 // ordering values are coarser than scores
	}
	var w [64]float64
	sum := 0.0
	for k, c := range cands[:min(len(cands), len(w))] {
		if !byOrder && (c.score < -winBound && best > -winBound || float64(best-c.score) > 4*temp) {
			continue
		}
		w[k] = math.Exp(float64(c.score-best) / temp)
		sum += w[k]
	}
	r := e.rng.Float64() * sum
	for k := range cands[:min(len(cands), len(w))] {
		if r < w[k] {
			return cands[k].m
		}
		r -= w[k]
	}
	for k := range cands {
		if cands[k].score == best {
			return cands[k].m
		}
	}
	return cands[0].m
}
