package game

import (
	"context"
	"errors"
	"fmt"
	"os"
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
	games := 0
	var last []swiss.Standing
	tr := rowTournament(tb, t.TempDir(), &games, nil)
	tr.Standings = func(r int, st []swiss.Standing) { last = st }
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

// TestTournamentGoesOnAfterRestart stops a tournament in the middle of
// its fourth game and runs it again over the same journals: the games
// journaled as over count as played, the stopped one is finished on the
// board as it stands, and the standings come out as those of a run that
// never stopped.
func TestTournamentGoesOnAfterRestart(t *testing.T) {
	wholeGames := 0
	want, err := rowTournament(newTable(15), t.TempDir(), &wholeGames, nil).Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}

	tb, dir := newTable(15), t.TempDir()
	ctx, stop := context.WithCancel(t.Context())
	first := 0
	_, err = rowTournament(tb, dir, &first, func(sn Snapshot) {
		if first == 4 && len(sn.Moves) == 5 {
			stop() // the power goes in the fourth game
		}
	}).Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("the stopped run: %v", err)
	}
	onBoard := tb.board.Count(rules.Black) + tb.board.Count(rules.White)
	second := 0
	got, err := rowTournament(tb, dir, &second, nil).Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if first != 4 || second != wholeGames-4 {
		t.Errorf("games started: %d before the stop, %d after, want 4 and %d", first, second, wholeGames-4)
	}
	if onBoard < 5 {
		t.Errorf("%d stones on the board when the power went", onBoard)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("standings after the restart\n%v\nwant those of a run that never stopped\n%v", got, want)
	}
}

// rowTournament is a 3-round Swiss tournament of four line builders on
// tb, journaled in dir; started counts the games it starts, stop observes
// them. Run again over dir, it goes on.
func rowTournament(tb *table, dir string, started *int, stop func(Snapshot)) *Tournament {
	var entrants []Entrant
	for i := 0; i < 4; i++ {
		row := i * 2
		entrants = append(entrants, Entrant{Name: fmt.Sprint("E", i), New: func() (ai.Player, error) { return lineBuilder{row}, nil }})
	}
	return &Tournament{Entrants: entrants, Rounds: 3, Seed: 5, Eyes: tb, Hand: tb,
		NewSession: func(round, board int, black, white string) (*Session, error) {
			*started++
			cfg := Config{Rule: "freestyle", Size: 15, Black: black, White: white}
			j, err := CreateJournal(filepath.Join(dir, fmt.Sprintf("r%d-b%d.journal", round, board)))
			if err != nil {
				return nil, err
			}
			j.Append(Entry{Type: EntryStart, Config: &cfg})
			g, _ := NewReferee(cfg)
			return &Session{Config: cfg, Referee: g, Journal: j, Observe: stop}, nil
		},
		Journaled: func(round, board int, black, white string) (*Session, Replayed, bool, error) {
			path := filepath.Join(dir, fmt.Sprintf("r%d-b%d.journal", round, board))
			if _, err := os.Stat(path); err != nil {
				return nil, Replayed{}, false, nil
			}
			s := &Session{}
			r, err := s.Load(path)
			if r.End != nil {
				err = nil // over: its result counts
			}
			if err == nil && (s.Config.Black != black || s.Config.White != white) {
				err = fmt.Errorf("%s: %s - %s, want %s - %s", path, s.Config.Black, s.Config.White, black, white)
			}
			return s, r, true, err
		},
	}
}
