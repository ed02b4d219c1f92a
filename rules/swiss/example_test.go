package swiss_test

import (
	"fmt"

	"tengen/rules/swiss"
)

func Example() {
	t, _ := swiss.New([]string{"Ann", "Bo", "Chen", "Dai", "Eve"}, 2026)
	for r := range 3 {
		round, _ := t.Pair()
		for b, p := range round.Pairings {
			// In this example Black always wins.
			t.SetResult(r, b, swiss.BlackWins)
			fmt.Printf("round %d: %s - %s 1-0\n", r+1, t.Name(p.Black), t.Name(p.White))
		}
		fmt.Printf("round %d: %s has the bye\n", r+1, t.Name(round.Bye))
	}
	for _, s := range t.Standings() {
		fmt.Printf("%d. %-4s %v (Buchholz %v)\n", s.Rank, s.Name, s.Score, s.Buchholz)
	}
	// Output:
	// round 1: Chen - Eve 1-0
	// round 1: Dai - Ann 1-0
	// round 1: Bo has the bye
	// round 2: Bo - Chen 1-0
	// round 2: Eve - Dai 1-0
	// round 2: Ann has the bye
	// round 3: Eve - Bo 1-0
	// round 3: Ann - Chen 1-0
	// round 3: Dai has the bye
	// 1. Eve  2 (Buchholz 5)
	// 2. Dai  2 (Buchholz 4)
	// 3. Bo   2 (Buchholz 3)
	// 4. Ann  2 (Buchholz 3)
	// 5. Chen 1 (Buchholz 6)
}

func ExampleMatch() {
	m, _ := swiss.NewMatch(swiss.MatchFormat{BestOf: 3, Deciders: 1})
	m.Add(swiss.BlackWins) // game 1: the first player, Black, wins
	m.Add(swiss.BlackWins) // game 2: the second player, Black now, wins
	m.Add(swiss.Draw)      // game 3: drawn; 1½-1½ after three games
	res, done := m.Result()
	fmt.Println(res, done, "first player Black next:", m.FirstIsBlack())
	m.Add(swiss.WhiteWins) // the decider: the first player has White and wins
	res, done = m.Result()
	fmt.Println(res, done)
	// Output:
	// pending false first player Black next: false
	// 1-0 true
}
