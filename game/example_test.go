package game_test

import (
	"fmt"

	"tengen/game"
	"tengen/rules"
)

// Opening actions are journaled as text and read back on resume.
func ExampleParseAction() {
	for _, s := range []string{"offer g6 j9", "declare 3", "swap", "choose z1"} {
		a, err := game.ParseAction(s, 15)
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(a.Kind, a)
	}
	// Output:
	// offer offer g6 j9
	// declare declare 3
	// swap swap
	// error: opening action "choose z1": point "z1" is off a 15x15 board (columns a-o, rows 1-15)
}

// Each rule has an opening protocol unless one is named.
func ExampleDefaultOpening() {
	for _, r := range []rules.Rule{rules.Renju, rules.Freestyle} {
		fmt.Println(r, game.DefaultOpening(r))
	}
	// Output:
	// renju rif
	// freestyle swap2
}
