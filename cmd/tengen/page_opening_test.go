package main

import (
	"encoding/json"
	"slices"
	"testing"

	"tengen/game"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/web"
)

// TestPageStateOpening plays RIF and Yamaguchi openings on the real
// machine, the robot as the first player, and checks the page's state at
// each step as JSON: whose decision, what is asked, the offers, and the
// opening's stones on the board before the referee has them.
func TestPageStateOpening(t *testing.T) {
	type want struct {
		by, player, colour, stone, question string
		allowed                             []string
		count, min, max, moves              int
		offers                              []string
	}
	for _, c := range []struct {
		proto string
		steps []string // actions as the journal writes them, in turn
		want  []want   // the state before each step
	}{
		{"rif", []string{"place h8", "place i9", "place j10", "keep", "place g10", "offer h6 k6", "choose k6"}, []want{
			{by: "robot", player: "first", colour: "black", stone: "black", question: "ui.opening.robot", allowed: []string{"place"}},
			{by: "robot", player: "first", colour: "black", stone: "white", question: "ui.opening.robot", allowed: []string{"place"}, moves: 1},
			{by: "robot", player: "first", colour: "black", stone: "black", question: "ui.opening.robot", allowed: []string{"place"}, moves: 2},
			{by: "person", player: "second", colour: "white", question: "step-swap", allowed: []string{"swap", "keep"}, moves: 3},
			{by: "person", player: "second", colour: "white", stone: "white", question: "step-place-or-pass", allowed: []string{"place", "pass"}, moves: 3},
			{by: "robot", player: "first", colour: "black", stone: "black", question: "ui.opening.robot", allowed: []string{"offer"}, count: 2, moves: 4},
			{by: "person", player: "second", colour: "white", stone: "black", question: "step-choose", allowed: []string{"choose"}, moves: 4, offers: []string{"h6", "k6"}},
		}},
		{"yamaguchi", []string{"place h8", "place i9", "place j10", "declare 3", "swap"}, []want{
			3: {by: "robot", player: "first", colour: "black", question: "ui.opening.robot", allowed: []string{"declare"}, min: 1, max: 10, moves: 3},
			// After the swap the person (second) holds black.
			4: {by: "person", player: "second", colour: "white", question: "step-swap", allowed: []string{"swap", "keep"}, moves: 3},
		}},
	} {
		proto, err := opening.ByName(c.proto)
		if err != nil {
			t.Fatal(err)
		}
		m, err := opening.New(proto, 15)
		if err != nil {
			t.Fatal(err)
		}
		o := &game.Opening{Machine: m, Robot: opening.First}
		for i, step := range c.steps {
			if i < len(c.want) && c.want[i].by != "" {
				checkOpeningState(t, c.proto, step, o, func(got web.OpeningStep, moves []web.Move) {
					w := c.want[i]
					if got.By != w.by || got.Player != w.player || got.Colour != w.colour || got.Stone != w.stone ||
						got.Question.Key != w.question || !slices.Equal(got.Allowed, w.allowed) || got.Count != w.count ||
						got.Min != w.min || got.Max != w.max || !slices.Equal(got.Offers, w.offers) || len(moves) != w.moves ||
						got.Protocol != c.proto || got.Question.Text == "" {
						t.Errorf("%s before %q: got %+v with %d moves, want %+v", c.proto, step, got, len(moves), w)
					}
				})
			}
			a, err := game.ParseAction(step, 15)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.Apply(m.Step().Player, a); err != nil {
				t.Fatalf("%s: %q: %v", c.proto, step, err)
			}
		}
		if c.proto == "rif" {
			if !m.Done() || o.View() != nil {
				t.Errorf("rif: the opening is over but the view is %+v", o.View())
			}
			if st := pageState(rules.Renju, 15, game.Snapshot{Opening: o.View()}); st.Opening != nil {
				t.Errorf("rif: the page still shows the opening %+v after it", st.Opening)
			}
		}
	}
	// After Yamaguchi's swap the robot holds white and is to play White 4.
	m, _ := opening.New(mustProto(t, "yamaguchi"), 15)
	for _, s := range []string{"place h8", "place i9", "place j10", "declare 2", "swap"} {
		a, _ := game.ParseAction(s, 15)
		if err := m.Apply(m.Step().Player, a); err != nil {
			t.Fatal(err)
		}
	}
	if v := (&game.Opening{Machine: m, Robot: opening.First}).View(); !v.Robot || v.Colour != rules.White || v.Declared != 2 {
		t.Errorf("after the swap: %+v", v)
	}
}

func mustProto(t *testing.T, name string) opening.Protocol {
	t.Helper()
	p, err := opening.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// checkOpeningState renders the opening's view into the page's state,
// encodes it as the server does and hands check what the page reads.
func checkOpeningState(t *testing.T, proto, step string, o *game.Opening, check func(web.OpeningStep, []web.Move)) {
	t.Helper()
	st := pageState(rules.Renju, 15, game.Snapshot{Status: "opening: " + o.Machine.Step().What, Opening: o.View()})
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		Moves   []web.Move       `json:"moves"`
		Opening *web.OpeningStep `json:"opening"`
	}
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	if page.Opening == nil {
		t.Fatalf("%s before %q: no opening in %s", proto, step, b)
	}
	check(*page.Opening, page.Moves)
}
