package game

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"tengen/rules"
)

func TestExhibitionVisitors(t *testing.T) {
	tb := newTable(15)
	dir := t.TempDir()
	visitor := 0
	var person func(int, *rules.Board)
	var results []rules.Outcome
	faults := 0
	e := &Exhibition{
		Eyes: tb, Hand: tb, Games: 3,
		Next: func(n int) (*Session, error) {
			visitor = n
			person = personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
			g, _ := rules.NewGame(15, rules.Freestyle, rules.ReadingRIF)
			j, err := CreateJournal(filepath.Join(dir, fmt.Sprintf("game%d.journal", n)))
			if err != nil {
				return nil, err
			}
			cfg := Config{Rule: "freestyle", Size: 15, Black: "person", White: "scripted"}
			j.Append(Entry{Type: EntryStart, Config: &cfg})
			if n == 2 {
				tb.failPlace = 1 // the arm fails once in the second game
			}
			return &Session{Config: cfg, White: &scripted{moves: pts(t, "a1 a2 a3 a4")}, Referee: g,
				Eyes: tb, Hand: tb, Journal: j}, nil
		},
		Operator: func(ctx context.Context, fault error) error { faults++; return nil },
		Finished: func(n int, out rules.Outcome, s *Session) { results = append(results, out) },
	}
	tb.script = func(n int, b *rules.Board) {
		if person != nil {
			person(n, b)
		}
	}
	if err := e.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	if visitor != 3 || len(results) != 3 {
		t.Fatalf("played %d games, results %v", visitor, results)
	}
	for i, r := range results {
		if r.Winner != rules.Black || r.Move != 9 {
			t.Errorf("game %d: %v", i+1, r)
		}
	}
	if faults != 1 {
		t.Errorf("operator called %d times, want 1", faults)
	}
	// Every game started on an empty board: the stones of the last one are
	// still there, and the count shows nothing was left from before.
	if got := tb.board.Count(rules.Black) + tb.board.Count(rules.White); got != 9 {
		t.Errorf("%d stones on the board after the last game, want 9", got)
	}
}
