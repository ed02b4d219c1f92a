package swiss

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
)

// Points counts scores in half points, so that sums stay exact: a win
// is 2, a draw 1, a loss 0.
type Points int

// Points for each outcome.
const (
	Loss Points = 0
	Half Points = 1
	Win  Points = 2
)

func (p Points) String() string {
	s := strconv.Itoa(int(p / 2))
	if p%2 != 0 {
		if p < 2 {
			return "½"
		}
		s += "½"
	}
	return s
}

// Result is the result of a pairing (one game, or a whole Match).
type Result int8

const (
	Pending   Result = iota // not played yet
	BlackWins               // the player paired as Black wins
	WhiteWins               // the player paired as White wins
	Draw
)

func (r Result) String() string {
	return [...]string{"pending", "1-0", "0-1", "½-½"}[r]
}

// points returns what Black and White score.
func (r Result) points() (black, white Points) {
	switch r {
	case BlackWins:
		return Win, Loss
	case WhiteWins:
		return Loss, Win
	case Draw:
		return Half, Half
	}
	return 0, 0
}

// Pairing is one board of a round. In a match of several games, Black is
// the player who has Black in its first game.
type Pairing struct {
	Black, White int // player indices
	Result       Result
}

// Round is one round: its pairings and the player with the bye (-1 if
// none). A bye scores a win.
type Round struct {
	Pairings []Pairing
	Bye      int
}

// Tournament is a Swiss tournament in progress. Players are indices into
// the names given to New.
type Tournament struct {
	names     []string
	seed      uint64
	order     []int // pairing numbers: the seeded draw's order, best first
	rounds    []Round
	withdrawn []bool
}

// New starts a tournament. The seed decides the first round's draw and
// every choice that nothing else decides, so the same seed and the same
// results give the same pairings.
func New(names []string, seed uint64) (*Tournament, error) {
	if len(names) < 2 {
		return nil, errors.New("swiss: a tournament needs at least 2 players")
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return nil, fmt.Errorf("swiss: player %q is entered twice", n)
		}
		seen[n] = true
	}
	t := &Tournament{names: append([]string(nil), names...), seed: seed, withdrawn: make([]bool, len(names))}
	t.order = rand.New(rand.NewPCG(seed, 0x5eed)).Perm(len(names))
	return t, nil
}

// Withdraw takes player i out of the rounds not yet paired (a visitor
// who leaves, an engine that crashed for good). The player keeps its
// results and its place in the standings.
func (t *Tournament) Withdraw(i int) error {
	if i < 0 || i >= len(t.names) {
		return fmt.Errorf("swiss: no player %d", i)
	}
	t.withdrawn[i] = true
	return nil
}

// active returns the players still in the tournament.
func (t *Tournament) active() []int {
	var out []int
	for i, w := range t.withdrawn {
		if !w {
			out = append(out, i)
		}
	}
	return out
}

// Players returns the players' names.
func (t *Tournament) Players() []string { return append([]string(nil), t.names...) }

// Name returns player i's name.
func (t *Tournament) Name(i int) string { return t.names[i] }

// Rounds returns the rounds paired so far (a copy).
func (t *Tournament) Rounds() []Round {
	out := make([]Round, len(t.rounds))
	for i, r := range t.rounds {
		out[i] = Round{Pairings: append([]Pairing(nil), r.Pairings...), Bye: r.Bye}
	}
	return out
}

// SetResult records the result of board b (0-based) in round r (0-based).
// A result may be corrected until the next round is paired.
func (t *Tournament) SetResult(r, b int, res Result) error {
	if r < 0 || r >= len(t.rounds) {
		return fmt.Errorf("swiss: no round %d (%d paired)", r+1, len(t.rounds))
	}
	if r != len(t.rounds)-1 {
		return fmt.Errorf("swiss: round %d is closed: the next round is already paired", r+1)
	}
	if b < 0 || b >= len(t.rounds[r].Pairings) {
		return fmt.Errorf("swiss: round %d has no board %d", r+1, b+1)
	}
	if res < Pending || res > Draw {
		return fmt.Errorf("swiss: bad result %d", res)
	}
	t.rounds[r].Pairings[b].Result = res
	return nil
}

// SetMatchResult records a finished match as the result of board b in
// round r. The match's first player must be the board's Black.
func (t *Tournament) SetMatchResult(r, b int, m *Match) error {
	res, done := m.Result()
	if !done {
		return errors.New("swiss: the match is not finished")
	}
	return t.SetResult(r, b, res)
}

// history is what pairing and standings need to know of each player.
type history struct {
	score    []Points
	opps     [][]int          // opponents in round order (-1 for a bye)
	colours  [][]colour       // colours in round order, byes left out
	results  [][]Points       // points per round, byes included
	met      []map[int]bool   // opponents met
	byes     []int            // number of byes
	vs       []map[int]Points // points scored against each opponent
	wins     []int            // games won (a bye is not a game)
	progress []Points         // progressive score
}

type colour int8

const (
	none colour = iota
	black
	white
)

func (t *Tournament) history() *history {
	n := len(t.names)
	h := &history{score: make([]Points, n), opps: make([][]int, n), colours: make([][]colour, n),
		results: make([][]Points, n), met: make([]map[int]bool, n), byes: make([]int, n),
		vs: make([]map[int]Points, n), wins: make([]int, n), progress: make([]Points, n)}
	for i := range n {
		h.met[i], h.vs[i] = map[int]bool{}, map[int]Points{}
	}
	for _, r := range t.rounds {
		for _, p := range r.Pairings {
			bp, wp := p.Result.points()
			h.add(p.Black, p.White, black, bp)
			h.add(p.White, p.Black, white, wp)
		}
		if r.Bye >= 0 {
			h.score[r.Bye] += Win
			h.results[r.Bye] = append(h.results[r.Bye], Win)
			h.opps[r.Bye] = append(h.opps[r.Bye], -1)
			h.byes[r.Bye]++
		}
		for i := range n {
			h.progress[i] += h.score[i]
		}
	}
	return h
}

func (h *history) add(p, opp int, c colour, pts Points) {
	h.score[p] += pts
	h.opps[p] = append(h.opps[p], opp)
	h.colours[p] = append(h.colours[p], c)
	h.results[p] = append(h.results[p], pts)
	h.met[p][opp] = true
	h.vs[p][opp] += pts
	if pts == Win {
		h.wins[p]++
	}
}
