package referee_test

import (
	"context"
	"fmt"
	"strings"

	"tengen/game"

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

// views are eyes that see one board after another, as written.
type views []string

func (v *views) Look(context.Context) (game.Sight, error) {
	b := rules.MustBoard(15)
	if len(*v) > 0 {
		blacks, whites, _ := strings.Cut((*v)[0], "/")
		bs, _ := rules.ParsePoints(blacks, 15)
		ws, _ := rules.ParsePoints(whites, 15)
		b.Place(bs, ws)
		*v = (*v)[1:]
	}
	return game.Sight{Board: b}, nil
}

type printer struct{}

func (printer) Say(m game.Message) { fmt.Println(m.Text) }

// A referee watching a short renju game: Black's stone is pushed and put
// back, then Black plays a double three, which Tengen claims.
func ExampleReferee() {
	g, _ := rules.NewGame(15, rules.Renju, rules.ReadingRIF)
	eyes := &views{
		"h8/", "h8/a1", "h8 i8/a1", "h8 i8/a1 a3",
		"h8 i7/a1 a3", // a sleeve pushed i8 onto i7
		"h8 i8/a1 a3", // put back
		"h8 i8 j9/a1 a3", "h8 i8 j9/a1 a3 a5", "h8 i8 j9 j10/a1 a3 a5", "h8 i8 j9 j10/a1 a3 a5 a7",
		"h8 i8 j9 j10 j8/a1 a3 a5 a7", // a double three
	}
	r := &referee.Referee{Game: g, Eyes: eyes, Voice: printer{}, MaxViews: 50}
	out, err := r.Run(context.Background())
	fmt.Println(out.Code(), err)
	// Output:
	// 1. black h8
	// 2. white a1
	// 3. black i8
	// 4. white a3
	// The black stone on i8 was pushed to i7. Please put it back on i8.
	// The board matches the record again.
	// 5. black j9
	// 6. white a5
	// 7. black j10
	// 8. white a7
	// 9. black j8
	// Black's move 9 on j8 is forbidden (double-three): White wins.
	// white wins: Black's move 9 is forbidden (double-three).
	// forbidden:double-three <nil>
}
