package web_test

import (
	"fmt"

	"tengen/rules"
	"tengen/rules/record"
	"tengen/web"
)

// A game's review: Black's open three at move 5 is left open by White's
// move 6, and the evaluation swings there; Black's five is the winning
// line.
func ExampleNewReview() {
	rec, _ := record.Read([]byte("h8 h9 i9 i10 j10 j11 k11 k12 l12"), record.FormatUnknown)
	rec.Result = record.Result{Winner: rules.Black}
	evals := []int{0, 20, 10, 40, 150, 3000, 10000, 10000, 10000}
	r, _ := web.NewReview("visitor017", rec, evals, nil)
	fmt.Println(r.Result, r.Turn.Move, r.Turn.By, r.WinLine)
	// Output: black wins 6 white [h8 i9 j10 k11 l12]
}
