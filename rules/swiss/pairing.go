package swiss

import (
	"cmp"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// level is how strict a pairing attempt is. Pair tries the strictest
// first and relaxes one rule at a time, so a rule is broken only when no
// pairing keeps it (and the rules above it).
type level struct {
	noRematch bool // nobody meets the same opponent twice
	freshBye  bool // the bye goes to a player who has not had one
	colours   bool // no colour three times in a row, colour difference within ±2
}

var levels = []level{
	{true, true, true},
	{true, true, false},
	{true, false, false},
	{false, true, false},
	{false, false, false},
}

// Pair pairs the next round and returns it. The first round is the
// seeded draw; later rounds need every result of the round before.
func (t *Tournament) Pair() (Round, error) {
	if k := len(t.rounds); k > 0 {
		for b, p := range t.rounds[k-1].Pairings {
			if p.Result == Pending {
				return Round{}, fmt.Errorf("swiss: round %d, board %d (%s - %s) has no result yet",
					k, b+1, t.names[p.Black], t.names[p.White])
			}
		}
	}
	if len(t.active()) < 2 {
		return Round{}, fmt.Errorf("swiss: fewer than 2 players are left to pair")
	}
	var r Round
	if len(t.rounds) == 0 {
		r = t.firstRound()
	} else {
		r = newPairer(t).pair()
	}
	t.rounds = append(t.rounds, r)
	return t.Rounds()[len(t.rounds)-1], nil
}

// firstRound pairs the seeded draw's order two by two; with an odd
// number the last player drawn has the bye.
func (t *Tournament) firstRound() Round {
	r := Round{Bye: -1}
	order := slices.DeleteFunc(slices.Clone(t.order), func(x int) bool { return t.withdrawn[x] })
	for i := 0; i+1 < len(order); i += 2 {
		r.Pairings = append(r.Pairings, Pairing{Black: order[i], White: order[i+1]})
	}
	if len(order)%2 == 1 {
		r.Bye = order[len(order)-1]
	}
	return r
}

type pairer struct {
	t    *Tournament
	h    *history
	rank []int // rank[p]: position in score order (score, then pairing number)
	rng  *rand.Rand
	lv   level
}

func newPairer(t *Tournament) *pairer {
	h := t.history()
	n := len(t.names)
	pairNo := make([]int, n)
	for i, p := range t.order {
		pairNo[p] = i
	}
	byRank := make([]int, n)
	for i := range byRank {
		byRank[i] = i
	}
	slices.SortFunc(byRank, func(a, b int) int {
		if h.score[a] != h.score[b] {
			return int(h.score[b] - h.score[a])
		}
		return pairNo[a] - pairNo[b]
	})
	rank := make([]int, n)
	for i, p := range byRank {
		rank[p] = i
	}
	return &pairer{t: t, h: h, rank: rank, rng: rand.New(rand.NewPCG(t.seed, uint64(len(t.rounds))))}
}

// byRank returns the players sorted best first.
func (p *pairer) byRank(players []int) []int {
	out := slices.Clone(players)
	slices.SortFunc(out, func(a, b int) int { return p.rank[a] - p.rank[b] })
	return out
}

func (p *pairer) pair() Round {
	all := p.t.active()
	for _, lv := range levels {
		p.lv = lv
		for _, bye := range p.byeCandidates(all) {
			rest := all
			if bye >= 0 {
				rest = slices.DeleteFunc(slices.Clone(all), func(x int) bool { return x == bye })
			}
			if !p.perfect(rest) {
				continue
			}
			return Round{Pairings: p.arrange(p.byRank(rest)), Bye: bye}
		}
	}
	panic("swiss: the last level allows every pairing") // a complete graph on an even count always has one
}

// byeCandidates lists who may take the bye at this level, the one who
// should most take it first: lowest score, then lowest ranked.
func (p *pairer) byeCandidates(all []int) []int {
	if len(all)%2 == 0 {
		return []int{-1}
	}
	var c []int
	for _, x := range slices.Backward(p.byRank(all)) {
		if !p.lv.freshBye || p.h.byes[x] == 0 {
			c = append(c, x)
		}
	}
	return c
}

// allowed reports whether a and b may meet at this level.
func (p *pairer) allowed(a, b int) bool {
	if p.lv.noRematch && p.h.met[a][b] {
		return false
	}
	return !p.lv.colours || p.colourable(a, b)
}

// perfect reports whether the players can all be paired at this level.
func (p *pairer) perfect(players []int) bool {
	m := len(players)
	if m%2 == 1 {
		return false
	}
	adj := make([][]bool, m)
	for i := range adj {
		adj[i] = make([]bool, m)
		for j := range adj[i] {
			adj[i][j] = i != j && p.allowed(players[i], players[j])
		}
	}
	return maxMatching(m, adj) == m/2
}

// exactLimit is the largest field paired by exhaustive search; larger
// fields are paired greedily.
const exactLimit = 20

// arrange pairs the players (sorted best first, perfectly pairable at
// this level) at the least cost: up to exactLimit players by exact
// search over all pairings, beyond that greedily, the best unpaired
// player taking the cheapest opponent that still leaves the rest
// pairable. Either way the hard rules of the level hold by construction.
func (p *pairer) arrange(players []int) []Pairing {
	if len(players) <= exactLimit {
		return p.exact(players)
	}
	var out []Pairing
	for len(players) > 0 {
		a, rest := players[0], players[1:]
		cands := slices.DeleteFunc(slices.Clone(rest), func(b int) bool { return !p.allowed(a, b) })
		costs := map[int]int64{}
		for _, b := range cands {
			costs[b] = p.cost(a, b, players)
		}
		slices.SortStableFunc(cands, func(x, y int) int { return cmp.Compare(costs[x], costs[y]) })
		for _, b := range cands {
			left := slices.DeleteFunc(slices.Clone(rest), func(x int) bool { return x == b })
			if p.perfect(left) {
				out = append(out, p.colours(a, b))
				players = left
				break
			}
		}
	}
	return out
}

// exact finds the cheapest pairing by search over subsets, memoised: the
// best remaining player is paired with each allowed opponent in turn.
func (p *pairer) exact(players []int) []Pairing {
	m := len(players)
	cost := make([][]int64, m)
	for i := range cost {
		cost[i] = make([]int64, m)
		for j := range cost[i] {
			cost[i][j] = -1
			if i != j && p.allowed(players[i], players[j]) {
				cost[i][j] = p.cost(players[i], players[j], players)
			}
		}
	}
	type best struct {
		cost int64 // -1: cannot be paired
		j    int
	}
	memo := map[uint32]best{0: {}}
	var solve func(mask uint32) int64
	solve = func(mask uint32) int64 {
		if b, ok := memo[mask]; ok {
			return b.cost
		}
		i := bits.TrailingZeros32(mask)
		b := best{cost: -1}
		for j := i + 1; j < m; j++ {
			if mask&(1<<j) == 0 || cost[i][j] < 0 {
				continue
			}
			if sub := solve(mask &^ (1<<i | 1<<j)); sub >= 0 && (b.cost < 0 || cost[i][j]+sub < b.cost) {
				b = best{cost[i][j] + sub, j}
			}
		}
		memo[mask] = b
		return b.cost
	}
	mask := uint32(1)<<m - 1
	solve(mask)
	var out []Pairing
	for mask != 0 {
		i := bits.TrailingZeros32(mask)
		j := memo[mask].j
		out = append(out, p.colours(players[i], players[j]))
		mask &^= 1<<i | 1<<j
	}
	return out
}

// cost prices pairing a with b among players as one number whose parts
// compare in order: a rematch (only at levels that allow one), a pairing across
// score groups (a floater), the score difference, the colours (a rule
// that must give way, or both wishing the same colour), and the distance
// from the Dutch order within a score group, whose top half meets its
// bottom half, first against first. A floater meets the highest of the
// group below.
func (p *pairer) cost(a, b int, players []int) int64 {
	if p.rank[a] > p.rank[b] {
		a, b = b, a
	}
	var rematch, floater, col int64
	if p.h.met[a][b] {
		rematch = 1
	}
	diff := int64(p.h.score[a] - p.h.score[b])
	if diff != 0 {
		floater = 1
	}
	diff = min(diff, 200)
	switch {
	case !p.colourable(a, b):
		col = 2
	case p.sameWish(a, b):
		col = 1
	}
	var ga, gb []int // a's and b's score groups, best first
	for _, x := range p.byRank(players) {
		if p.h.score[x] == p.h.score[a] {
			ga = append(ga, x)
		}
		if p.h.score[x] == p.h.score[b] {
			gb = append(gb, x)
		}
	}
	ia, ib := slices.Index(ga, a), slices.Index(gb, b)
	var dutch int64
	switch half := len(ga) / 2; {
	case floater == 1:
		dutch = int64(ib)
	case ia >= half: // both in the bottom half
		dutch = int64(len(ga))
	default:
		d := ib - (ia + half)
		dutch = int64(max(d, -d))
	}
	dutch = min(dutch, 40)
	// Each field holds its sum over the exactLimit/2 pairs of an exact
	// search: floaters < 2^4, differences < 2^12, colours < 2^6, Dutch < 2^10.
	return (((rematch<<4+floater)<<12+diff)<<6+col)<<10 + dutch
}

// balance is blacks minus whites.
func (p *pairer) balance(x int) int {
	d := 0
	for _, c := range p.h.colours[x] {
		if c == black {
			d++
		} else {
			d--
		}
	}
	return d
}

// canTake reports whether x may have colour c without three in a row or
// a colour difference beyond ±2.
func (p *pairer) canTake(x int, c colour) bool {
	d := p.balance(x)
	if c == black {
		d++
	} else {
		d--
	}
	if d > 2 || d < -2 {
		return false
	}
	cs := p.h.colours[x]
	return len(cs) < 2 || cs[len(cs)-1] != c || cs[len(cs)-2] != c
}

func (p *pairer) colourable(a, b int) bool {
	return p.canTake(a, black) && p.canTake(b, white) || p.canTake(a, white) && p.canTake(b, black)
}

// wish returns the colour x would like and how strongly: to even out its
// balance (strength 2 per stone of imbalance), else to alternate (1),
// else nothing (0).
func (p *pairer) wish(x int) (colour, int) {
	switch d := p.balance(x); {
	case d > 0:
		return white, 2 * d
	case d < 0:
		return black, -2 * d
	}
	if cs := p.h.colours[x]; len(cs) > 0 {
		if cs[len(cs)-1] == black {
			return white, 1
		}
		return black, 1
	}
	return none, 0
}

func (p *pairer) sameWish(a, b int) bool {
	ca, _ := p.wish(a)
	cb, _ := p.wish(b)
	return ca != none && ca == cb
}

// colours decides who has Black: the colour rules first, then both
// wishes, then the stronger wish, then alternation against the last
// round in which their colours differed, then the higher ranked player's
// wish, then the seeded coin.
func (p *pairer) colours(a, b int) Pairing {
	ab := Pairing{Black: a, White: b}
	ba := Pairing{Black: b, White: a}
	okAB := p.canTake(a, black) && p.canTake(b, white)
	okBA := p.canTake(b, black) && p.canTake(a, white)
	switch {
	case okAB && !okBA:
		return ab
	case okBA && !okAB:
		return ba
	}
	ca, sa := p.wish(a)
	cb, sb := p.wish(b)
	give := func(x int, c colour) Pairing { // x gets c
		if (x == a) == (c == black) {
			return ab
		}
		return ba
	}
	switch {
	case ca != cb && ca != none:
		return give(a, ca)
	case ca != cb:
		return give(b, cb)
	case ca == none:
		if p.rng.IntN(2) == 0 {
			return ab
		}
		return ba
	case sa > sb:
		return give(a, ca)
	case sb > sa:
		return give(b, cb)
	}
	ha, hb := p.h.colours[a], p.h.colours[b]
	for i, j := len(ha)-1, len(hb)-1; i >= 0 && j >= 0; i, j = i-1, j-1 {
		if ha[i] != hb[j] {
			if ha[i] == black {
				return ba
			}
			return ab
		}
	}
	if p.rank[a] < p.rank[b] {
		return give(a, ca)
	}
	return give(b, cb)
}
