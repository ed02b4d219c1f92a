package game

import (
	"context"
	"errors"
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
	status := ""
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
				Eyes: tb, Hand: tb, Journal: j, Observe: func(sn Snapshot) { status = sn.Status }}, nil
		},
		Operator: func(ctx context.Context, fault error) error {
			faults++
			if status != "fault" {
				t.Errorf("the page shows %q while the operator is called", status)
			}
			return nil
		},
		Finished: func(n int, out rules.Outcome, s *Session) {
			results = append(results, out)
			// The session told of the end is the one that played it to
			// the end, also after a fault: its record has every move.
			if got := len(s.Record().Moves); got != out.Move {
				t.Errorf("game %d: the record has %d moves, the game %d", n, got, out.Move)
			}
		},
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

// TestExhibitionColours decides each game's colours before it (as 猜先
// does) once the board is clear: the robot is Black in the even games and
// opens them with its own stone and its own welcome, the person in the
// odd ones.
func TestExhibitionColours(t *testing.T) {
	tb := newTable(15)
	dir := t.TempDir()
	var person func(int, *rules.Board)
	tb.script = func(n int, b *rules.Board) {
		if person != nil {
			person(n, b)
		}
	}
	robotBlack := false
	var decided []int
	var winners []rules.Color
	v := &said{}
	e := &Exhibition{
		Eyes: tb, Hand: tb, Voice: v, Games: 2,
		Colours: func(ctx context.Context, n int) error {
			if c := tb.board.Count(rules.Black) + tb.board.Count(rules.White); c != 0 {
				t.Errorf("game %d: colours decided with %d stones on the board", n, c)
			}
			decided = append(decided, n)
			robotBlack = n%2 == 0
			return nil
		},
		Next: func(n int) (*Session, error) {
			if len(decided) != n {
				t.Fatalf("game %d built before its colours were decided (%v)", n, decided)
			}
			g, _ := rules.NewGame(15, rules.Freestyle, rules.ReadingRIF)
			j, err := CreateJournal(filepath.Join(dir, fmt.Sprintf("game%d.journal", n)))
			if err != nil {
				return nil, err
			}
			robot := &scripted{moves: pts(t, "h8 h9 h10 h11 h12")}
			cfg := Config{Rule: "freestyle", Size: 15, Black: "scripted", White: "person"}
			s := &Session{Config: cfg, Black: robot, Referee: g, Eyes: tb, Hand: tb, Journal: j}
			person = personPlays(t, rules.White, "a1 a2 a3 a4")
			if !robotBlack {
				cfg.Black, cfg.White = "person", "scripted"
				s = &Session{Config: cfg, White: &scripted{moves: pts(t, "a1 a2 a3 a4")}, Referee: g, Eyes: tb, Hand: tb, Journal: j}
				person = personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
			}
			j.Append(Entry{Type: EntryStart, Config: &cfg})
			return s, nil
		},
		Finished: func(n int, out rules.Outcome, s *Session) {
			winners = append(winners, out.Winner)
			if RobotOpens(s) != (n%2 == 0) {
				t.Errorf("game %d: RobotOpens %v", n, RobotOpens(s))
			}
		},
	}
	if err := e.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(winners) != 2 || winners[0] != rules.Black || winners[1] != rules.Black {
		t.Errorf("winners %v: Black's five should win both games", winners)
	}
	if !v.has("welcome") || !v.has("welcome-robot") {
		t.Errorf("said %v: want the person's welcome in game 1 and the robot's in game 2", v.keys)
	}
}

// TestExhibitionFinishesUnfinishedGame: the program stopped in the middle
// of a visitor's game; the next run finishes that game from its journal
// on the board as it stands (no clearing first), numbers it as it was,
// and goes on with the next visitor on a cleared board.
func TestExhibitionFinishesUnfinishedGame(t *testing.T) {
	tb := newTable(15)
	dir := t.TempDir()
	path := filepath.Join(dir, "visitor001.journal")
	cfg := Config{Rule: "freestyle", Size: 15, Black: "visitor 1", White: "scripted"}
	robot := &scripted{moves: pts(t, "a1 a2 a3 a4")}
	var person func(int, *rules.Board) // the visitor sits down with the game
	tb.script = func(n int, b *rules.Board) {
		if person != nil {
			person(n, b)
		}
	}

	ctx, stop := context.WithCancel(t.Context())
	first := &Exhibition{Eyes: tb, Hand: tb, Games: 1,
		Next: func(n int) (*Session, error) {
			person = personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
			j, err := CreateJournal(path)
			if err != nil {
				return nil, err
			}
			j.Append(Entry{Type: EntryStart, Config: &cfg})
			g, _ := NewReferee(cfg)
			return &Session{Config: cfg, White: robot, Referee: g, Journal: j,
				Observe: func(sn Snapshot) {
					if len(sn.Moves) == 5 {
						stop() // the power goes
					}
				}}, nil
		},
	}
	if err := first.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("the first run: %v, want it stopped", err)
	}
	stones := tb.board.Count(rules.Black) + tb.board.Count(rules.White)
	if stones < 5 {
		t.Fatalf("%d stones on the board when the power went", stones)
	}

	j, entries, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := NewReferee(cfg)
	r, err := Replay(entries, g)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{Config: r.Config, White: robot, Referee: g, Journal: j}
	s.RestoreTimes(entries)
	var finished []int
	var records []int
	second := &Exhibition{Eyes: tb, Hand: tb, Games: 1, First: 2, Unfinished: s, Pending: r.Pending,
		Next: func(n int) (*Session, error) {
			if n != 2 {
				t.Errorf("new game numbered %d, want 2", n)
			}
			if c := tb.board.Count(rules.Black) + tb.board.Count(rules.White); c != 0 {
				t.Errorf("game %d starts with %d stones on the board", n, c)
			}
			robot.i = 0
			person = personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
			j, err := CreateJournal(filepath.Join(dir, "visitor002.journal"))
			if err != nil {
				return nil, err
			}
			j.Append(Entry{Type: EntryStart, Config: &cfg})
			g, _ := NewReferee(cfg)
			return &Session{Config: cfg, White: robot, Referee: g, Journal: j}, nil
		},
		Finished: func(n int, out rules.Outcome, s *Session) {
			finished = append(finished, n)
			records = append(records, len(s.Record().Moves))
			if out.Winner != rules.Black || out.Move != 9 {
				t.Errorf("game %d: %v", n, out)
			}
		},
	}
	if err := second.Run(t.Context()); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(finished) != "[1 2]" || fmt.Sprint(records) != "[9 9]" {
		t.Errorf("finished games %v with records of %v moves, want [1 2] with 9 each", finished, records)
	}
}
