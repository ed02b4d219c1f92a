package rules_test

import (
	"fmt"

	"tengen/rules"
)

func ExampleBoard_ForbiddenPoints() {
	b := rules.MustBoard(15)
	blacks, _ := rules.ParsePoints("h8 i8 j8 m8 l8", 15)
	whites, _ := rules.ParsePoints("i7 g8 h7 h9 i9", 15)
	if err := b.Place(blacks, whites); err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range b.ForbiddenPoints(rules.ReadingRIF) {
		fmt.Println(f.P, f.Kind)
	}
	// Output: k8 overline
}

func ExampleBoard_Wins() {
	b := rules.MustBoard(15)
	blacks, _ := rules.ParsePoints("d8 e8 f8 g8 i8", 15)
	b.Place(blacks, nil)
	h8 := rules.Point{X: 7, Y: 7}
	fmt.Println("freestyle:", b.Wins(h8, rules.Black, rules.Freestyle))
	fmt.Println("renju:", b.Wins(h8, rules.Black, rules.Renju), b.Forbidden(h8, rules.ReadingRIF))
	// Output:
	// freestyle: true
	// renju: false overline
}

// A forbidden move over a real board stands unless White claims it
// before White's next move.
func ExampleGame() {
	g, _ := rules.NewGame(15, rules.Renju, rules.ReadingRIF)
	moves, _ := rules.ParsePoints("e8 a1 f8 a3 g9 a5 g10 a7 g8", 15)
	var ev rules.Event
	for _, p := range moves {
		var err error
		if ev, err = g.Play(g.ToMove(), p); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("move", ev.Move, "claimable:", ev.Claimable)
	out, _ := g.Claim()
	fmt.Println(out)
	fmt.Println(out.Code())

	_, err := g.Play(rules.White, rules.Point{X: 0, Y: 10})
	fmt.Println(err)
	// Output:
	// move 9 claimable: double-three
	// white wins: Black's move 9 is forbidden (double-three)
	// forbidden:double-three
	// move 10 (white a11) is illegal: the game is over (white wins: Black's move 9 is forbidden (double-three))
}
