package ai

import (
	"context"
	"fmt"
	"math/rand"
	"time"

	"tengen/rules"
)

// Greedy is a one-ply pattern player: it wins when it can, blocks the
// opponent's five, and otherwise plays the point whose five-point windows
// score best for attack and defence together. It is the yardstick the
// engine must beat every game, and a fast stand-in wherever a Player is
// needed in tests. Ties are broken by a seeded random source, so a Greedy
// is deterministic for a given seed.
type Greedy struct {
	rng *rand.Rand
}

// NewGreedy returns a greedy player whose tie-breaks follow seed.
func NewGreedy(seed int64) *Greedy {
	return &Greedy{rng: rand.New(rand.NewSource(seed))}
}

// Name implements Player.
func (g *Greedy) Name() string { return "greedy" }

// greedyWindowValue weighs a five-point window that holds n stones of one
// colour and none of the other: each more stone is worth about an order of
// magnitude, so a four outweighs any number of twos.
var greedyWindowValue = [6]int{0, 2, 16, 120, 1000, 100000}

// greedyDefence scales how much blocking the opponent's windows counts
// against building one's own (the mover has the tempo, so attack counts more).
const greedyDefence = 8 // tenths

// greedyWinScore is the Score reported when the move wins at once.
const greedyWinScore = 100000

var greedyDirs = [4]rules.Point{{X: 1}, {Y: 1}, {X: 1, Y: 1}, {X: 1, Y: -1}}

// Think implements Player. It never searches, so it ignores lim and
// answers at once; the context is only checked for cancellation.
func (g *Greedy) Think(ctx context.Context, pos Position, lim Limits, info func(Info)) (Result, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	b, err := greedyBoard(pos)
	if err != nil {
		return Result{}, err
	}
	me, opp := pos.ToMove, pos.ToMove.Opponent()
	size := pos.Size

	var cands []rules.Point
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := rules.Point{X: x, Y: y}
			if b.At(p) == rules.Empty && greedyNearStone(b, p) {
				cands = append(cands, p)
			}
		}
	}
	if len(cands) == 0 {
		if b.Full() {
			return Result{}, fmt.Errorf("greedy: the board is full")
		}
		c := rules.Centre(size)
		if b.At(c) != rules.Empty {
			return Result{}, fmt.Errorf("greedy: no candidate move")
		}
		cands = []rules.Point{c}
	}

	// A win at once comes first, then stopping the opponent's five.
	var blocks []rules.Point
	for _, p := range cands {
		if b.Wins(p, me, pos.Rule) {
			return g.result(p, greedyWinScore, 1, len(cands), start, info), nil
		}
		if b.Wins(p, opp, pos.Rule) && !greedyForbidden(b, p, opp, pos) {
			blocks = append(blocks, p)
		}
	}
	var legal []rules.Point
	for _, p := range cands {
		if !greedyForbidden(b, p, me, pos) {
			legal = append(legal, p)
		}
	}
	if len(legal) == 0 {
		return Result{}, fmt.Errorf("greedy: every candidate point is forbidden for %s", me)
	}
	if len(blocks) > 0 {
		var ok []rules.Point
		for _, p := range blocks {
			if !greedyForbidden(b, p, me, pos) {
				ok = append(ok, p)
			}
		}
		if len(ok) > 0 {
			legal = ok
		}
	}

	best, bestVal := []rules.Point(nil), -1
	for _, p := range legal {
		v := greedyPointValue(b, p, me)*10 + greedyPointValue(b, p, opp)*greedyDefence
		switch {
		case v > bestVal:
			best, bestVal = append(best[:0], p), v
		case v == bestVal:
			best = append(best, p)
		}
	}
	move := best[g.rng.Intn(len(best))]
	b.Set(move, me)
	score := greedyEval(b, me)
	return g.result(move, score, 1, len(legal), start, info), nil
}

func (g *Greedy) result(p rules.Point, score, depth, nodes int, start time.Time, info func(Info)) Result {
	in := Info{Depth: depth, Score: score, PV: []rules.Point{p}, Nodes: int64(nodes), Elapsed: time.Since(start)}
	if info != nil {
		info(in)
	}
	return Result{Move: p, Info: in}
}

// greedyBoard builds the board of pos, checking its stones.
func greedyBoard(pos Position) (*rules.Board, error) {
	b, err := rules.NewBoard(pos.Size)
	if err != nil {
		return nil, err
	}
	if pos.ToMove != rules.Black && pos.ToMove != rules.White {
		return nil, fmt.Errorf("position: no colour to move")
	}
	for i, s := range pos.Stones {
		if !s.P.In(pos.Size) || b.At(s.P) != rules.Empty || (s.C != rules.Black && s.C != rules.White) {
			return nil, fmt.Errorf("position: stone %d (%v %v) is off the board, on a taken point or colourless", i+1, s.C, s.P)
		}
		b.Set(s.P, s.C)
	}
	return b, nil
}

func greedyNearStone(b *rules.Board, p rules.Point) bool {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if b.At(rules.Point{X: p.X + dx, Y: p.Y + dy}) != rules.Empty {
				return true
			}
		}
	}
	return false
}

// greedyPointValue sums the windows through p that c would extend by
// playing there.
func greedyPointValue(b *rules.Board, p rules.Point, c rules.Color) int {
	v := 0
	size := b.Size()
	for _, d := range greedyDirs {
		for off := -4; off <= 0; off++ {
			n, ok := 0, true
			for i := 0; i < 5 && ok; i++ {
				q := rules.Point{X: p.X + (off+i)*d.X, Y: p.Y + (off+i)*d.Y}
				switch {
				case !q.In(size):
					ok = false
				case q == p:
				case b.At(q) == c:
					n++
				case b.At(q) != rules.Empty:
					ok = false
				}
			}
			if ok {
				v += greedyWindowValue[n+1]
			}
		}
	}
	return v
}

// greedyEval is a static evaluation from c's side: every window holding
// only c's stones counts for c, every one holding only the opponent's
// against; the opponent, to move, gets a tempo bonus. It is scaled to
// roughly centi-stones.
func greedyEval(b *rules.Board, c rules.Color) int {
	size := b.Size()
	own, opp := 0, 0
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			for _, d := range greedyDirs {
				end := rules.Point{X: x + 4*d.X, Y: y + 4*d.Y}
				if !end.In(size) {
					continue
				}
				nc, no := 0, 0
				for i := 0; i < 5; i++ {
					switch b.At(rules.Point{X: x + i*d.X, Y: y + i*d.Y}) {
					case rules.Empty:
					case c:
						nc++
					default:
						no++
					}
				}
				if no == 0 {
					own += greedyWindowValue[nc]
				} else if nc == 0 {
					opp += greedyWindowValue[no]
				}
			}
		}
	}
	return (own*10 - opp*15) / 10
}

// greedyForbidden reports whether p is forbidden for c: only Black, only
// under renju, and never when the move makes five.
func greedyForbidden(b *rules.Board, p rules.Point, c rules.Color, pos Position) bool {
	return pos.Rule == rules.Renju && c == rules.Black && !b.Wins(p, c, pos.Rule) && b.Forbidden(p, pos.Reading) != rules.NotForbidden
}
