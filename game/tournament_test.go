package game

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/swiss"
)

// lineBuilder always plays the next point of its row: a1 b1 c1 … for one
// entrant, a3 b3 … for another, so the game's winner is known in advance:
// whoever moves first on its own row makes five first.
type lineBuilder struct{ row int }

func (l lineBuilder) Name() string { return fmt.Sprint("row ", l.row+1) }

func (l lineBuilder) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	n := 0
	for _, s := range pos.Stones {
		if s.C == pos.ToMove {
			n++
		}
	}
	return ai.Result{Move: rules.Point{X: n, Y: l.row}}, nil
}

func TestTournamentOnTheBoard(t *testing.T) {
	tb := newTable(15)
	dir := t.TempDir()
	var entrants []Entrant
	for i := 0; i < 4; i++ {
		row := i * 2
		entrants = append(entrants, Entrant{Name: fmt.Sprint("E", i), New: func() (ai.Player, error) { return lineBuilder{row}, nil }})
	}
	games := 0
	var last []swiss.Standing
	tr := &Tournament{Entrants: entrants, Rounds: 3, Seed: 5, Eyes: tb, Hand: tb,
		NewSession: func(round, board int, black, white string) (*Session, error) {
			games++
			cfg := Config{Rule: "freestyle", Size: 15, Black: black, White: white}
			j, err := CreateJournal(filepath.Join(dir, fmt.Sprintf("r%d-b%d.journal", round, board)))
			if err != nil {
				return nil, err
			}
			j.Append(Entry{Type: EntryStart, Config: &cfg})
			g, _ := NewReferee(cfg)
			return &Session{Config: cfg, Referee: g, Journal: j}, nil
		},
		Standings: func(r int, st []swiss.Standing) { last = st },
	}
	st, err := tr.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if games != 6 || len(st) != 4 || len(last) != 4 {
		t.Fatalf("%d games, standings %v", games, st)
	}
	// Black always wins a race of two rows: 3 rounds × 2 boards, 6 wins.
	total := swiss.Points(0)
	for _, s := range st {
		total += s.Score
	}
	if total != 6*swiss.Win {
		t.Errorf("points handed out %v, want %v", total, 6*swiss.Win)
	}
	// The arm placed every stone: 9 per game, and cleared them between games.
	if n := tb.board.Count(rules.Black) + tb.board.Count(rules.White); n != 9 {
		t.Errorf("%d stones on the board after the last game, want 9", n)
	}
}
