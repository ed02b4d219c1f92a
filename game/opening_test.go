package game

import (
	"testing"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/opening"
)

// The robot is the first player of a RIF opening: it sets the opening,
// the person keeps the colours (on the page), plays White 4 on the board,
// the robot offers two fifth moves and the person chooses one by taking
// the other off.
func TestRIFOpeningOverTheBoard(t *testing.T) {
	proto, err := opening.ByName("rif")
	if err != nil {
		t.Fatal(err)
	}
	m, err := opening.New(proto, 15)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(15)
	decisions := make(chan opening.Action, 1)
	decisions <- opening.Action{Kind: opening.Keep}
	white4 := pts(t, "k10")[0]
	var removed rules.Point
	tb.script = func(n int, b *rules.Board) {
		switch stones := b.Count(rules.Black) + b.Count(rules.White); {
		case stones == 3 && len(decisions) == 0 && b.At(white4) == rules.Empty:
			b.Set(white4, rules.White)
		case stones == 6 && removed == (rules.Point{}):
			// Take the first offer off: the other one is the choice.
			for _, p := range m.Offers() {
				b.Set(p, rules.Empty)
				removed = p
				break
			}
		}
	}
	o := &Opening{Machine: m, Robot: opening.First, Eyes: tb, Hand: tb, Decisions: decisions,
		Decider: EngineDecider{Player: ai.NewEngine(ai.EngineOptions{Level: 4, Seed: 1, Threads: 1}), Rule: rules.Renju, Think: 30 * time.Millisecond}}
	o.Voice = voiceT{t}
	res, err := o.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Moves) != 5 || res.Black != opening.First || res.NextColor != rules.White {
		t.Fatalf("result %+v", res)
	}
	if _, _, err := opening.Identify([3]rules.Point{res.Moves[0].Point, res.Moves[1].Point, res.Moves[2].Point}, 15); err != nil {
		t.Errorf("the robot's first three moves are not one of the 26 openings: %v", err)
	}
	if res.Moves[3].Point != white4 || res.Moves[4].Point == removed {
		t.Errorf("moves %v (white 4 %v, removed offer %v)", res.Moves, white4, removed)
	}
	// The board holds exactly the opening's five stones.
	if n := tb.board.Count(rules.Black) + tb.board.Count(rules.White); n != 5 {
		t.Errorf("%d stones on the board, want 5", n)
	}
	// The main game carries on from the opening.
	s, _ := newSession(t, rules.Renju, rules.White, "", tb)
	if err := s.StartFrom(res); err != nil {
		t.Fatal(err)
	}
	if s.Referee.ToMove() != rules.White || len(s.Referee.Moves()) != 5 {
		t.Errorf("after the opening: %v to move, %d moves", s.Referee.ToMove(), len(s.Referee.Moves()))
	}
}

type voiceT struct{ t *testing.T }

func (v voiceT) Say(m Message) { v.t.Log(m.Text) }
