package main

import (
	"tengen/game"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/web"
)

// openingState is the opening step in progress as the page shows it: its
// question worded from the step's fields (i18n.StepMessage) for the
// person's steps, "the robot decides" for the robot's.
func openingState(v *game.OpeningView) *web.OpeningStep {
	if v == nil {
		return nil
	}
	st := v.Step
	o := &web.OpeningStep{Protocol: v.Protocol, By: "person", Player: "first", Colour: v.Colour.String(),
		Count: st.Count, Min: st.Min, Max: st.Max, Declared: v.Declared}
	if st.Player == opening.Second {
		o.Player = "second"
	}
	if st.Stone != rules.Empty {
		o.Stone = st.Stone.String()
	}
	for _, k := range st.Allowed {
		o.Allowed = append(o.Allowed, k.String())
	}
	for _, p := range v.Offers {
		o.Offers = append(o.Offers, p.String())
	}
	if v.Robot {
		o.By = "robot"
		o.Question = web.Said{Key: "ui.opening.robot", Text: "The robot decides: " + st.What + "."}
	} else {
		o.Question = i18n.Said(i18n.StepMessage(st))
	}
	return o
}

// openingMoves are the stones the board holds during an opening, which
// the referee learns of only when the opening is over.
func openingMoves(v *game.OpeningView) []web.Move {
	var ms []web.Move
	for i, m := range v.Moves {
		ms = append(ms, web.Move{N: i + 1, Color: m.Color.String(), Point: m.Point.String()})
	}
	return ms
}
