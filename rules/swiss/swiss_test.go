package swiss

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// bruteMatchable reports whether the players can be paired using only
// allowed pairs, by plain recursion (an independent check of the
// blossom algorithm and of the pairer's "where possible").
func bruteMatchable(players []int, allowed func(a, b int) bool) bool {
	if len(players) == 0 {
		return true
	}
	if len(players)%2 == 1 {
		return false
	}
	a := players[0]
	for i := 1; i < len(players); i++ {
		if allowed(a, players[i]) {
			rest := append(append([]int(nil), players[1:i]...), players[i+1:]...)
			if bruteMatchable(rest, allowed) {
				return true
			}
		}
	}
	return false
}

func TestMaxMatchingAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 3000 {
		n := 2 * (1 + rng.IntN(5))
		adj := make([][]bool, n)
		for i := range adj {
			adj[i] = make([]bool, n)
		}
		density := rng.Float64()
		for i := range n {
			for j := i + 1; j < n; j++ {
				if rng.Float64() < density {
					adj[i][j], adj[j][i] = true, true
				}
			}
		}
		players := make([]int, n)
		for i := range players {
			players[i] = i
		}
		want := bruteMatchable(players, func(a, b int) bool { return adj[a][b] })
		if got := maxMatching(n, adj) == n/2; got != want {
			t.Fatalf("trial %d: perfect matching %v, brute force %v, graph %v", trial, got, want, adj)
		}
	}
}

// checker replays a tournament's history independently of the pairer.
type checker struct {
	score   []Points
	met     []map[int]bool
	colours [][]colour
	byes    []int
}

func newChecker(n int) *checker {
	c := &checker{score: make([]Points, n), met: make([]map[int]bool, n), colours: make([][]colour, n), byes: make([]int, n)}
	for i := range c.met {
		c.met[i] = map[int]bool{}
	}
	return c
}

func (c *checker) canTake(x int, col colour) bool {
	cs := append(slices.Clone(c.colours[x]), col)
	d := 0
	for _, v := range cs {
		if v == black {
			d++
		} else {
			d--
		}
	}
	k := len(cs)
	three := k >= 3 && cs[k-1] == cs[k-2] && cs[k-2] == cs[k-3]
	return d >= -2 && d <= 2 && !three
}

// allowedAt says whether a and b may meet under the given rules.
func (c *checker) allowedAt(noRematch, colours bool) func(a, b int) bool {
	return func(a, b int) bool {
		if noRematch && c.met[a][b] {
			return false
		}
		return !colours || c.canTake(a, black) && c.canTake(b, white) || c.canTake(a, white) && c.canTake(b, black)
	}
}

// minCost returns the least (rematches, floaters, score difference) of
// any pairing of players using allowed pairs, by brute force.
func (c *checker) minCost(players []int, allowed func(a, b int) bool) ([3]int, bool) {
	if len(players) == 0 {
		return [3]int{}, true
	}
	var best [3]int
	found := false
	a := players[0]
	for i := 1; i < len(players); i++ {
		b := players[i]
		if !allowed(a, b) {
			continue
		}
		rest := append(append([]int(nil), players[1:i]...), players[i+1:]...)
		sub, ok := c.minCost(rest, allowed)
		if !ok {
			continue
		}
		k := c.pairCost(a, b)
		sub = [3]int{sub[0] + k[0], sub[1] + k[1], sub[2] + k[2]}
		if !found || slices.Compare(sub[:], best[:]) < 0 {
			best, found = sub, true
		}
	}
	return best, found
}

func (c *checker) pairCost(a, b int) [3]int {
	var k [3]int
	if c.met[a][b] {
		k[0] = 1
	}
	d := int(c.score[a] - c.score[b])
	if d != 0 {
		k[1] = 1
	}
	k[2] = max(d, -d)
	return k
}

// possible reports whether some pairing of the round keeps the rules.
func (c *checker) possible(n int, noRematch, freshBye, colours bool) bool {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	ok := func(a, b int) bool {
		if noRematch && c.met[a][b] {
			return false
		}
		return !colours || c.canTake(a, black) && c.canTake(b, white) || c.canTake(a, white) && c.canTake(b, black)
	}
	if n%2 == 0 {
		return bruteMatchable(all, ok)
	}
	for bye := range n {
		if freshBye && c.byes[bye] > 0 {
			continue
		}
		rest := slices.DeleteFunc(slices.Clone(all), func(x int) bool { return x == bye })
		if bruteMatchable(rest, ok) {
			return true
		}
	}
	return false
}

// TestPairingProperties plays many random tournaments and checks every
// round against the rules, with "where possible" decided by brute force.
func TestPairingProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 150 {
		n := 2 + rng.IntN(11)
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("p%d", i)
		}
		seed := rng.Uint64()
		tour, err := New(names, seed)
		if err != nil {
			t.Fatal(err)
		}
		ck := newChecker(n)
		rounds := n + 1
		for r := range rounds {
			canNoRematch := ck.possible(n, true, false, false)
			canFreshBye := ck.possible(n, true, true, false)
			canColours := ck.possible(n, true, true, true)
			round, err := tour.Pair()
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("trial %d (n=%d seed=%d) round %d", trial, n, seed, r+1)
			seen := map[int]bool{}
			if (round.Bye >= 0) != (n%2 == 1) {
				t.Fatalf("%s: bye %d with %d players", where, round.Bye, n)
			}
			if round.Bye >= 0 {
				seen[round.Bye] = true
				if ck.byes[round.Bye] > 0 && canFreshBye {
					t.Errorf("%s: %d has a second bye though a fresh one was possible", where, round.Bye)
				}
				ck.byes[round.Bye]++
				ck.score[round.Bye] += Win
			}
			// Within the rules it had to keep, the pairing has the fewest
			// rematches, then floaters, then the least score difference.
			noRematch, colours := canNoRematch, canColours
			rest := []int{}
			for i := range n {
				if i != round.Bye {
					rest = append(rest, i)
				}
			}
			if n <= 10 {
				best, ok := ck.minCost(rest, ck.allowedAt(noRematch, colours))
				var got [3]int
				for _, p := range round.Pairings {
					k := ck.pairCost(p.Black, p.White)
					got = [3]int{got[0] + k[0], got[1] + k[1], got[2] + k[2]}
				}
				if !ok || got != best {
					t.Errorf("%s: pairing costs %v (rematches, floaters, difference), the best is %v", where, got, best)
				}
			}
			for b, p := range round.Pairings {
				if seen[p.Black] || seen[p.White] || p.Black == p.White {
					t.Fatalf("%s: a player is paired twice: %+v", where, round)
				}
				seen[p.Black], seen[p.White] = true, true
				if ck.met[p.Black][p.White] && canNoRematch {
					t.Errorf("%s: %d and %d meet again though a pairing without rematches existed", where, p.Black, p.White)
				}
				if canColours && (!ck.canTake(p.Black, black) || !ck.canTake(p.White, white)) {
					t.Errorf("%s: colour rule broken for %d-%d (history %v / %v) though avoidable",
						where, p.Black, p.White, ck.colours[p.Black], ck.colours[p.White])
				}
				res := []Result{BlackWins, WhiteWins, Draw}[rng.IntN(3)]
				if err := tour.SetResult(r, b, res); err != nil {
					t.Fatal(err)
				}
				bp, wp := res.points()
				ck.score[p.Black] += bp
				ck.score[p.White] += wp
			}
			if len(seen) != n {
				t.Fatalf("%s: %d of %d players placed", where, len(seen), n)
			}
			for _, p := range round.Pairings {
				ck.met[p.Black][p.White], ck.met[p.White][p.Black] = true, true
				ck.colours[p.Black] = append(ck.colours[p.Black], black)
				ck.colours[p.White] = append(ck.colours[p.White], white)
			}
		}
		// Scores add up: every game gives out 1 point, every bye 1.
		var total Points
		for _, s := range tour.Standings() {
			total += s.Score
		}
		if want := Points(2 * rounds * (n/2 + n%2)); total != want {
			t.Errorf("trial %d: points given %v, want %v", trial, total, want)
		}
	}
}

func TestDeterministicPerSeed(t *testing.T) {
	play := func(seed uint64) []Round {
		tour, _ := New([]string{"a", "b", "c", "d", "e", "f", "g"}, seed)
		for r := range 5 {
			round, err := tour.Pair()
			if err != nil {
				t.Fatal(err)
			}
			for b := range round.Pairings {
				tour.SetResult(r, b, []Result{BlackWins, WhiteWins, Draw}[(r+b)%3])
			}
		}
		return tour.Rounds()
	}
	if a, b := play(42), play(42); !reflect.DeepEqual(a, b) {
		t.Errorf("the same seed gave different tournaments:\n%v\n%v", a, b)
	}
	firsts := map[string]bool{}
	for seed := range uint64(20) {
		firsts[fmt.Sprint(play(seed)[0])] = true
	}
	if len(firsts) < 15 {
		t.Errorf("20 seeds gave only %d different first rounds", len(firsts))
	}
}

// The first round is a fair draw: over many seeds every player meets
// every other about equally often and has Black about half the time.
func TestFirstRoundFair(t *testing.T) {
	const n, seeds = 6, 6000
	meets := map[[2]int]int{}
	blacks := make([]int, n)
	for seed := range uint64(seeds) {
		tour, _ := New([]string{"a", "b", "c", "d", "e", "f"}, seed)
		r, _ := tour.Pair()
		for _, p := range r.Pairings {
			meets[[2]int{min(p.Black, p.White), max(p.Black, p.White)}]++
			blacks[p.Black]++
		}
	}
	want := seeds / (n - 1) // each pair meets with probability 1/(n-1)
	for k, v := range meets {
		if v < want*8/10 || v > want*12/10 {
			t.Errorf("pair %v met %d times in %d draws, want about %d", k, v, seeds, want)
		}
	}
	for p, v := range blacks {
		if v < seeds/2*9/10 || v > seeds/2*11/10 {
			t.Errorf("player %d had Black %d times of %d", p, v, seeds)
		}
	}
}

// With decisive games, players of equal score meet: 8 players, 3
// rounds, the winner of each game is the higher-numbered player.
func TestEqualScoresMeet(t *testing.T) {
	tour, _ := New([]string{"a", "b", "c", "d", "e", "f", "g", "h"}, 3)
	for r := range 3 {
		round, _ := tour.Pair()
		st := tour.Standings()
		score := map[int]Points{}
		for _, s := range st {
			score[s.Player] = s.Score
		}
		for b, p := range round.Pairings {
			if score[p.Black] != score[p.White] {
				t.Errorf("round %d: %s (%v) meets %s (%v)", r+1, tour.Name(p.Black), score[p.Black], tour.Name(p.White), score[p.White])
			}
			res := WhiteWins
			if p.Black > p.White {
				res = BlackWins
			}
			tour.SetResult(r, b, res)
		}
	}
	if st := tour.Standings(); st[0].Name != "h" || st[0].Score != 6 {
		t.Errorf("winner %s with %v, want h with 3", st[0].Name, st[0].Score)
	}
}

// A player with an odd number: the bye goes to the lowest score.
func TestByeToLowestScore(t *testing.T) {
	tour, _ := New([]string{"a", "b", "c", "d", "e"}, 9)
	r1, _ := tour.Pair()
	for b := range r1.Pairings {
		tour.SetResult(0, b, BlackWins)
	}
	st := tour.Standings()
	r2, _ := tour.Pair()
	lowest := st[len(st)-1].Score
	for _, s := range st {
		if s.Player == r2.Bye && s.Score != lowest {
			t.Errorf("bye to %s with %v; the lowest score is %v", s.Name, s.Score, lowest)
		}
	}
	if r2.Bye == r1.Bye {
		t.Errorf("the same player has the bye twice")
	}
}

func TestPairErrors(t *testing.T) {
	if _, err := New([]string{"a"}, 1); err == nil {
		t.Error("a one-player tournament was accepted")
	}
	if _, err := New([]string{"a", "b", "a"}, 1); err == nil || !strings.Contains(err.Error(), `"a" is entered twice`) {
		t.Errorf("duplicate names: %v", err)
	}
	tour, _ := New([]string{"a", "b", "c", "d"}, 1)
	tour.Pair()
	tour.SetResult(0, 0, Draw)
	if _, err := tour.Pair(); err == nil || !strings.Contains(err.Error(), "board 2") {
		t.Errorf("pairing with a result missing: %v", err)
	}
	if err := tour.SetResult(0, 5, Draw); err == nil {
		t.Error("a result on board 6 was accepted")
	}
	tour.SetResult(0, 1, Draw)
	tour.Pair()
	if err := tour.SetResult(0, 0, BlackWins); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("correcting a closed round: %v", err)
	}
}

// Fields beyond exactLimit are paired greedily; the hard rules still
// hold.
func TestLargeField(t *testing.T) {
	const n, rounds = 41, 8
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("p%02d", i)
	}
	tour, _ := New(names, 99)
	rng := rand.New(rand.NewPCG(99, 1))
	ck := newChecker(n)
	for r := range rounds {
		round, err := tour.Pair()
		if err != nil {
			t.Fatal(err)
		}
		if ck.byes[round.Bye] > 0 {
			t.Errorf("round %d: a second bye for %d", r+1, round.Bye)
		}
		ck.byes[round.Bye]++
		for b, p := range round.Pairings {
			if ck.met[p.Black][p.White] {
				t.Errorf("round %d: rematch %d-%d", r+1, p.Black, p.White)
			}
			if !ck.canTake(p.Black, black) || !ck.canTake(p.White, white) {
				t.Errorf("round %d: colour rule broken for %d-%d", r+1, p.Black, p.White)
			}
			ck.met[p.Black][p.White], ck.met[p.White][p.Black] = true, true
			ck.colours[p.Black] = append(ck.colours[p.Black], black)
			ck.colours[p.White] = append(ck.colours[p.White], white)
			tour.SetResult(r, b, []Result{BlackWins, WhiteWins, Draw}[rng.IntN(3)])
		}
	}
}

func benchmarkPair(b *testing.B, n int) {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprint(i)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	tour, _ := New(names, 1)
	for r := range 4 {
		round, _ := tour.Pair()
		for i := range round.Pairings {
			tour.SetResult(r, i, []Result{BlackWins, WhiteWins, Draw}[rng.IntN(3)])
		}
	}
	b.ResetTimer()
	for range b.N {
		newPairer(tour).pair()
	}
}

func BenchmarkPair12(b *testing.B) { benchmarkPair(b, 12) }
func BenchmarkPair20(b *testing.B) { benchmarkPair(b, 20) }
func BenchmarkPair64(b *testing.B) { benchmarkPair(b, 64) }

func TestWithdraw(t *testing.T) {
	tour, _ := New([]string{"a", "b", "c", "d"}, 5)
	r1, _ := tour.Pair()
	for b := range r1.Pairings {
		tour.SetResult(0, b, Draw)
	}
	gone := r1.Pairings[0].Black
	if err := tour.Withdraw(gone); err != nil {
		t.Fatal(err)
	}
	r2, err := tour.Pair()
	if err != nil {
		t.Fatal(err)
	}
	if len(r2.Pairings) != 1 || r2.Bye < 0 || r2.Bye == gone {
		t.Fatalf("round 2 with 3 players left: %+v", r2)
	}
	for _, p := range r2.Pairings {
		if p.Black == gone || p.White == gone {
			t.Errorf("the withdrawn player is paired: %+v", r2)
		}
	}
	if st := tour.Standings(); len(st) != 4 {
		t.Errorf("the withdrawn player left the standings: %+v", st)
	}
	for _, p := range tour.active() {
		if p != gone {
			tour.Withdraw(p)
		}
	}
	tour.SetResult(1, 0, Draw)
	if _, err := tour.Pair(); err == nil {
		t.Error("a round with one player was paired")
	}
	if err := tour.Withdraw(9); err == nil {
		t.Error("withdrawing player 9 of 4 was accepted")
	}
}
