package game

import (
	"slices"
	"testing"

	"tengen/rules"
	"tengen/rules/opening"
)

// The session's snapshots carry the opening step in progress: the
// person's swap step, then the robot's offers while the person is to
// choose, which they do on the page (as the page's click sends it); once
// the opening is over the snapshots carry none.
func TestSnapshotShowsOpeningStep(t *testing.T) {
	m, _ := opening.New(mustProtocol(t, "rif"), 15)
	tb := newTable(15)
	decisions := make(chan opening.Action, 1)
	tb.script = personAtTable(m, opening.Second, pts(t, "g10"), nil, decisions)
	ctl := make(chan Request, 1)
	s := openingSession(t, "rif", tb)
	s.Black = &scripted{} // the robot is the first player
	s.Control = ctl
	offers := pts(t, "h6 k6")
	s.Opening = &Opening{Machine: m, Robot: opening.First, Decisions: decisions, Decider: &planned{places: pts(t, "h8 i9 j10"), offers: offers}}
	var sawSwap, sawChoose, sawRobot bool
	s.Observe = func(sn Snapshot) {
		v := sn.Opening
		switch {
		case v == nil:
			if m.Done() && len(ctl) == 0 && len(sn.Moves) == 5 {
				ctl <- RequestResign
			}
			if !m.Done() {
				t.Errorf("a snapshot during the opening (%s) carries no opening step", m.Step().What)
			}
		case v.Robot:
			sawRobot = true
			if v.Step.Player != opening.First || v.Colour != rules.Black || v.Protocol != "rif" {
				t.Errorf("the robot's step: %+v", v)
			}
		case slices.Contains(v.Step.Allowed, opening.Swap):
			sawSwap = true
			if v.Colour != rules.White || len(v.Moves) != 3 || len(v.Offers) != 0 {
				t.Errorf("the person's swap step: %+v", v)
			}
		case slices.Contains(v.Step.Allowed, opening.Choose):
			if !slices.Equal(v.Offers, offers) || len(v.Moves) != 4 || v.Step.Stone != rules.Black {
				t.Errorf("the person's choice: %+v", v)
			}
			if !sawChoose {
				sawChoose = true
				decisions <- opening.Action{Kind: opening.Choose, Point: offers[1]}
			}
		}
	}
	if _, err := s.Play(t.Context()); err != nil {
		t.Fatal(err)
	}
	if !sawSwap || !sawChoose || !sawRobot {
		t.Errorf("snapshots showed the swap %v, the choice %v, the robot's steps %v", sawSwap, sawChoose, sawRobot)
	}
	if moves := s.Referee.Moves(); len(moves) != 5 || moves[4].P != offers[1] {
		t.Errorf("moves %v, want the chosen offer %v as move 5", moves, offers[1])
	}
	if !slices.Contains(tb.placed, "take "+offers[0].String()) {
		t.Errorf("the unchosen offer %v was not lifted: %v", offers[0], tb.placed)
	}
}

func mustProtocol(t *testing.T, name string) opening.Protocol {
	t.Helper()
	p, err := opening.ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
