package i18n

import (
	"testing"

	"tengen/game"
	"tengen/rules"
	"tengen/web"
)

func TestFillPage(t *testing.T) {
	pts, _ := rules.ParsePoints("g8 a1 i8 a2 h7 a3 h9 o15 h8", 15)
	var moves []rules.Move
	for i, p := range pts {
		moves = append(moves, rules.Move{C: []rules.Color{rules.Black, rules.White}[i%2], P: p})
	}
	log := &PageLog{}
	log.Say(game.Message{Key: "robot-move", Args: []string{"o15"}, Text: "I play o15."})
	for _, c := range []struct {
		name    string
		s       game.Snapshot
		result  string
		explain int // lines drawn; -1: none
	}{
		{"going on", game.Snapshot{Moves: moves[:4]}, "", -1},
		{"lost by double three", game.Snapshot{Moves: moves, Over: true,
			Outcome: rules.Outcome{Over: true, Winner: rules.White, Reason: rules.ForbiddenMove, Move: 9, Kind: rules.DoubleThree}}, "game-won", 2},
		{"won by five", game.Snapshot{Moves: moves, Over: true,
			Outcome: rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Five, Move: 9}}, "game-won", -1},
		{"drawn", game.Snapshot{Moves: moves, Over: true, Outcome: rules.Outcome{Over: true, Reason: rules.FullBoard, Move: 9}}, "game-drawn", -1},
		{"bad move number", game.Snapshot{Moves: moves, Over: true,
			Outcome: rules.Outcome{Over: true, Winner: rules.White, Reason: rules.ForbiddenMove, Move: 99}}, "game-won", -1},
	} {
		st := web.State{Size: 15}
		FillPage(&st, Traditional, log, c.s, rules.ReadingRIF)
		if st.Lang != "zh-Hant" || len(st.Messages) != 1 || st.Messages[0].Key != "robot-move" {
			t.Errorf("%s: lang %q messages %+v", c.name, st.Lang, st.Messages)
		}
		if got := ""; st.ResultSaid != nil {
			got = st.ResultSaid.Key
			if got != c.result {
				t.Errorf("%s: result %q, want %q", c.name, got, c.result)
			}
		} else if c.result != "" {
			t.Errorf("%s: no result", c.name)
		}
		switch {
		case c.explain < 0 && st.Explain != nil:
			t.Errorf("%s: explained %+v", c.name, st.Explain)
		case c.explain >= 0 && (st.Explain == nil || len(st.Explain.Lines) != c.explain || st.Explain.Point != "h8"):
			t.Errorf("%s: explanation %+v", c.name, st.Explain)
		}
	}
}
