package match_test

import (
	"context"
	"fmt"

	"tengen/ai"
	"tengen/ai/match"
	"tengen/rules"
)

// One renju game between two greedy players from a fixed opening, judged
// by the rules referee.
func ExamplePlayGame() {
	opening, _ := rules.ParsePoints("h8 h9 j10", 15)
	gc := match.GameConfig{Size: 15, Rule: rules.Renju, Opening: opening}
	res, err := match.PlayGame(context.Background(), ai.NewGreedy(1), ai.NewGreedy(2), gc, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Winner, "by", res.Reason, "after", len(res.Record.Moves), "moves")
	// Output: white by five after 82 moves
}

// Standings from Engine1's side, with the Elo estimate.
func ExampleStats() {
	s := match.Stats{Wins: 60, Draws: 10, Losses: 30}
	fmt.Println(s)
	// Output: +60 =10 -30  score 65.0%  Elo +108 ± 68
}
