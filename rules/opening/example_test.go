package opening_test

import (
	"fmt"

	"tengen/rules"
	"tengen/rules/opening"
)

func ExampleIdentify() {
	// Black 1 h8, White 2 g8, Black 3 f6: turned a quarter and mirrored,
	// this is h8 h9 j10.
	moves, _ := rules.ParsePoints("h8 g8 f6", 15)
	o, _, err := opening.Identify([3]rules.Point(moves), 15)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(o)
	// Output: 3 Sosei (疏星, direct)
}

// A program drives a Machine by asking Step what is wanted and answering
// with Apply; here the script stands in for the players' decisions.
func ExampleMachine() {
	proto, _ := opening.ByName("rif")
	m, _ := opening.New(proto, 15)
	p := func(s string) rules.Point { q, _ := rules.ParsePoint(s, 15); return q }
	script := []opening.Action{
		{Kind: opening.Place, Point: p("h8")},
		{Kind: opening.Place, Point: p("h9")},
		{Kind: opening.Place, Point: p("h10")},
		{Kind: opening.Swap},
		{Kind: opening.Place, Point: p("j8")},
		{Kind: opening.Offer, Points: []rules.Point{p("g11"), p("i7")}},
		{Kind: opening.Choose, Point: p("i7")},
	}
	for _, a := range script {
		step := m.Step()
		fmt.Printf("%s: %s -> %s\n", step.Player, step.What, a)
		if err := m.Apply(step.Player, a); err != nil {
			fmt.Println(err)
			return
		}
	}
	r, _ := m.Result()
	fmt.Println("moves:", r.Moves)
	fmt.Println("Black is the", r.Black, "and", r.NextColor, "plays move", r.NextMove)
	// Output:
	// first player: Black 1 on the centre -> place h8
	// first player: White 2, placed by the tentative Black, touching Black 1 -> place h9
	// first player: Black 3, placed by the tentative Black, in the central 5x5 square -> place h10
	// second player: the tentative White may swap -> swap
	// first player: White 4 anywhere -> place j8
	// second player: Black offers two fifth moves, not symmetric to each other -> offer g11 i7
	// first player: White chooses the fifth move -> choose i7
	// moves: [black h8 white h9 black h10 white j8 black i7]
	// Black is the second player and white plays move 6
}

func ExampleMachine_Apply_refused() {
	proto, _ := opening.ByName("rif")
	m, _ := opening.New(proto, 15)
	err := m.Apply(opening.First, opening.Action{Kind: opening.Place, Point: rules.Point{X: 0, Y: 0}})
	fmt.Println(err)
	// Output: illegal point: move 1 at a1 must be on the centre h8
}

func ExampleShapes() {
	shapes, _ := opening.Shapes(15, 7)
	direct := 0
	for _, s := range shapes {
		if s.Kind == opening.Direct {
			direct++
		}
	}
	fmt.Println(len(shapes), "openings:", direct, "direct and", len(shapes)-direct, "indirect")
	// Output: 52 openings: 26 direct and 26 indirect
}
