package referee_test

import (
	"fmt"

	"tengen/referee"
	"tengen/rules"
)

// A knocked board: Plan says which stone goes where, nearest first.
func ExamplePlan() {
	want := rules.MustBoard(15)
	want.Place([]rules.Point{{X: 7, Y: 7}, {X: 8, Y: 8}}, []rules.Point{{X: 7, Y: 8}}) // h8 i9, h9
	seen := rules.MustBoard(15)
	seen.Place([]rules.Point{{X: 7, Y: 7}, {X: 9, Y: 9}, {X: 0, Y: 0}}, nil) // h8 j10 a1
	for _, s := range referee.Plan(want, seen) {
		fmt.Println(s)
	}
	// Output:
	// take the black stone on a1 off the board
	// move the black stone from j10 to i9
	// put a white stone on h9
}

// Examine reads a view against the record as a referee does.
func ExampleExamine() {
	record := rules.MustBoard(15)
	record.Place([]rules.Point{{X: 7, Y: 7}}, []rules.Point{{X: 7, Y: 8}}) // h8, h9
	seen := rules.MustBoard(15)
	seen.Place([]rules.Point{{X: 7, Y: 7}, {X: 8, Y: 7}}, []rules.Point{{X: 7, Y: 9}}) // h8 i8, h10
	fmt.Println(referee.Examine(record, seen))
	// Output: new black i8; pushed white h9→h10
}
