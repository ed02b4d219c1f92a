package ai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"tengen/rules"
	"tengen/rules/opening"
)

// defaultOpeningNodes is the search spent on judging each candidate
// position during an opening decision.
const defaultOpeningNodes = 6000

// swapMargin is how much better (in score units) the other colour must
// look before the engine swaps.
const swapMargin = 30

// OpeningAction decides what the engine, as player me, does at the
// current step of the opening m: where to place a stone (aiming at a
// balanced position when the opponent may still swap, at the best one for
// its colour otherwise), whether to swap, how many fifth moves to declare,
// which fifth moves to offer and which offered one to keep. Every
// decision rests on searches of the candidate positions, not on a fixed
// list. The rule and reading are the main game's.
func (e *Engine) OpeningAction(ctx context.Context, m *opening.Machine, me opening.Player, rule rules.Rule, reading rules.Reading) (opening.Action, error) {
	if m.Done() {
		return opening.Action{}, errors.New("opening: the opening is over")
	}
	st := m.Step()
	if st.Player != me {
		return opening.Action{}, fmt.Errorf("opening: it is the %s's turn (%s), not the %s's", st.Player, st.What, me)
	}
	e.lock()
	defer e.mu.Unlock()
	o := openingJudge{e: e, ctx: ctx, rule: rule, reading: reading, board: m.Board(), nodes: e.openingNodes}
	mine := rules.White
	if m.Black() == me {
		mine = rules.Black
	}
	can := func(k opening.ActionKind) bool { return slices.Contains(st.Allowed, k) }
	if can(opening.Swap) {
		v := o.blackScore(o.board)
		if mine == rules.White {
			v = -v
		}
		if -v > v+swapMargin {
			return opening.Action{Kind: opening.Swap}, nil
		}
		if can(opening.Keep) {
			return opening.Action{Kind: opening.Keep}, nil
		}
	}
	switch {
	case can(opening.Declare):
		return opening.Action{Kind: opening.Declare, N: o.declare(st.Min, st.Max)}, nil
	case can(opening.Choose):
		return opening.Action{Kind: opening.Choose, Point: o.choose(m.Offers())}, nil
	case can(opening.Offer):
		pts, err := o.offer(st.Count)
		if err != nil {
			return opening.Action{}, err
		}
		return opening.Action{Kind: opening.Offer, Points: pts}, nil
	case can(opening.Place):
		// Balance while the opponent may still swap: in the first three
		// stones, when placing the opponent's colour, or when a swap was
		// on offer at this very step.
		balance := len(m.Moves()) < 3 || st.Stone != mine || can(opening.Swap)
		p, err := o.place(st.Stone, st.Side, balance)
		if err != nil {
			return opening.Action{}, err
		}
		return opening.Action{Kind: opening.Place, Point: p}, nil
	case can(opening.Pass):
		return opening.Action{Kind: opening.Pass}, nil
	}
	return opening.Action{}, fmt.Errorf("opening: no action the engine knows among %v", st.Allowed)
}

// openingJudge scores opening positions with short searches.
type openingJudge struct {
	e       *Engine
	ctx     context.Context
	rule    rules.Rule
	reading rules.Reading
	board   *rules.Board
	nodes   int64 // per judged position; 0 for the default
}

// blackScore is the value of b for Black (positive: Black is better),
// with the side to move given by the stone count.
func (o *openingJudge) blackScore(rb *rules.Board) int {
	size := rb.Size()
	b, err := newBoard(size, o.rule, o.reading)
	if err != nil {
		return 0
	}
	nb, nw := 0, 0
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := rules.Point{X: x, Y: y}
			switch c := rb.At(p); c {
			case rules.Black, rules.White:
				b.play(b.cellOf(p), uint8(c))
				if c == rules.Black {
					nb++
				} else {
					nw++
				}
			}
		}
	}
	me := uint8(cellBlack)
	if nb > nw {
		me = cellWhite
	}
	nodes := o.nodes
	if nodes == 0 {
		nodes = defaultOpeningNodes
	}
	r, err := o.e.think(o.ctx, time.Now(), b, me, Limits{NoTurnLimit: true, Nodes: nodes}, budget{}, nil, true)
	if err != nil {
		return 0
	}
	if me == cellWhite {
		return -r.Score
	}
	return r.Score
}

// scoreWith is blackScore after a stone of colour c at p.
func (o *openingJudge) scoreWith(p rules.Point, c rules.Color) int {
	b := o.board.Clone()
	b.Set(p, c)
	return o.blackScore(b)
}

// candidates lists empty points in the central side x side square (side 0:
// anywhere), nearest the stones first, at most limit of them.
func (o *openingJudge) candidates(side, limit int) []rules.Point {
	size := o.board.Size()
	c := rules.Centre(size)
	var out []rules.Point
	dist := map[rules.Point]int{}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := rules.Point{X: x, Y: y}
			if o.board.At(p) != rules.Empty {
				continue
			}
			if side > 0 && (iabs(p.X-c.X) > side/2 || iabs(p.Y-c.Y) > side/2) {
				continue
			}
			d := 4 * (iabs(p.X-c.X) + iabs(p.Y-c.Y)) // the centre, on an empty board
			for yy := 0; yy < size; yy++ {
				for xx := 0; xx < size; xx++ {
					if o.board.At(rules.Point{X: xx, Y: yy}) != rules.Empty {
						d = min(d, max(iabs(xx-x), iabs(yy-y)))
					}
				}
			}
			if d <= 2 || side > 0 {
				out = append(out, p)
				dist[p] = d
			}
		}
	}
	slices.SortStableFunc(out, func(a, b rules.Point) int { return dist[a] - dist[b] })
	return out[:min(len(out), limit)]
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// place picks the point for a stone of colour c: the most balanced
// position, or the best one for c.
func (o *openingJudge) place(c rules.Color, side int, balance bool) (rules.Point, error) {
	cands := o.candidates(side, 14)
	if len(cands) == 0 {
		return rules.Pass, errors.New("opening: no empty point where the stone may go")
	}
	if len(cands) == 1 {
		return cands[0], nil
	}
	best, bestKey := cands[0], math.MaxInt
	for _, p := range cands {
		v := o.scoreWith(p, c)
		key := iabs(v)
		if !balance {
			key = -v
			if c == rules.White {
				key = v
			}
		}
		if key < bestKey {
			best, bestKey = p, key
		}
	}
	return best, nil
}

// declare chooses how many fifth moves Black will offer: the better the
// position for Black, the more offers it takes to balance it.
func (o *openingJudge) declare(lo, hi int) int {
	v := o.blackScore(o.board)
	return max(lo, min(hi, 1+max(v, 0)/80))
}

// offer picks count fifth moves for Black, no two symmetric: White will
// keep the worst for Black, so Black offers its best ones.
func (o *openingJudge) offer(count int) ([]rules.Point, error) {
	type scoredPt struct {
		p rules.Point
		v int
	}
	var all []scoredPt
	for _, p := range o.candidates(0, max(12, 2*count+4)) {
		all = append(all, scoredPt{p, o.scoreWith(p, rules.Black)})
	}
	slices.SortStableFunc(all, func(a, b scoredPt) int { return b.v - a.v })
	syms := shapeSymmetries(o.board)
	var out []rules.Point
	for _, s := range all {
		if len(out) == count {
			break
		}
		twin := false
		for _, q := range out {
			for _, f := range syms {
				twin = twin || f(s.p) == q || f(q) == s.p
			}
		}
		if !twin {
			out = append(out, s.p)
		}
	}
	if len(out) < count {
		return nil, fmt.Errorf("opening: found only %d distinct fifth moves, want %d", len(out), count)
	}
	return out, nil
}

// choose keeps the offered fifth move that is worst for Black.
func (o *openingJudge) choose(offers []rules.Point) rules.Point {
	best, bestV := rules.Pass, math.MaxInt
	for _, p := range offers {
		if v := o.scoreWith(p, rules.Black); v < bestV {
			best, bestV = p, v
		}
	}
	return best
}

// shapeSymmetries returns the rigid motions (a board symmetry followed by
// a shift) that map the stones onto themselves, colour for colour, other
// than the identity: two offers related by one are the same offer.
func shapeSymmetries(b *rules.Board) []func(rules.Point) rules.Point {
	size := b.Size()
	var stones []rules.Point
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if b.At(rules.Point{X: x, Y: y}) != rules.Empty {
				stones = append(stones, rules.Point{X: x, Y: y})
			}
		}
	}
	if len(stones) == 0 {
		return nil
	}
	var out []func(rules.Point) rules.Point
	for _, s := range rules.Symmetries[1:] {
		// The shift must take the image of the first stone to some stone
		// of the same colour; try each.
		img := s.Apply(stones[0], size)
		for _, t := range stones {
			dx, dy := t.X-img.X, t.Y-img.Y
			f := func(p rules.Point) rules.Point {
				q := s.Apply(p, size)
				return rules.Point{X: q.X + dx, Y: q.Y + dy}
			}
			ok := true
			for _, p := range stones {
				q := f(p)
				if !q.In(size) || b.At(q) != b.At(p) {
					ok = false
					break
				}
			}
			if ok {
				out = append(out, f)
			}
		}
	}
	return out
}
