package game

import (
	"tengen/rules"
	"tengen/rules/opening"
)

// OpeningView is the opening step in progress, for display: whose
// decision it is, what is asked, and the stones and offers so far, so
// that the page can ask the person what the camera cannot see (swap,
// keep, pass, declare, which offer they choose).
type OpeningView struct {
	Protocol string
	Step     opening.Step
	// Robot says the robot takes this step; otherwise the person does.
	Robot bool
	// Colour is the colour the acting player holds now (swaps change it).
	Colour rules.Color
	Moves  []opening.Move // the opening's moves so far, passes included
	Offers []rules.Point  // the fifth moves on offer, waiting for a choice
	// Declared is the number of fifth moves declared, 0 if none yet.
	Declared int
}

// View returns the step the opening waits for; nil once it is over.
func (o *Opening) View() *OpeningView {
	if o == nil || o.Machine == nil || o.Machine.Done() {
		return nil
	}
	m := o.Machine
	st := m.Step()
	c := rules.White
	if st.Player == m.Black() {
		c = rules.Black
	}
	return &OpeningView{Protocol: m.Protocol().Name(), Step: st, Robot: st.Player == o.Robot, Colour: c,
		Moves: m.Moves(), Offers: m.Offers(), Declared: m.Declared()}
}
