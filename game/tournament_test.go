package game

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// TestTournamentMatches plays each pairing as a best-of-3 match: the
// colours alternate from game to game, so with the line builders (Black
// always wins) each match goes to three games and the pairing's Black
// wins it 2-1; the matches' results make the standings. Stopped in a
// match's second game and run again, it finishes that game and goes on,
// no game played twice.
func TestTournamentMatches(t *testing.T) {
	tb, dir := newTable(15), t.TempDir()
	games := 0
	tr := rowTournament(tb, dir, &games, nil)
	tr.Match = swiss.MatchFormat{BestOf: 3}
	want, err := tr.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if games != 3*2*3 {
		t.Errorf("%d games, want 3 rounds × 2 boards × 3 games", games)
	}
	total := swiss.Points(0)
	for _, s := range want {
		total += s.Score
	}
	if total != 6*swiss.Win {
		t.Errorf("points handed out %v, want a win for each of 6 matches", total)
	}
	// The colours alternate: the pairing's Black has White in game 2 and
	// Black again in game 3.
	var blacks []string
	for g := 1; g <= 3; g++ {
		j, entries, err := OpenJournal(filepath.Join(dir, fmt.Sprintf("r1-b1-g%d.journal", g)))
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
		blacks = append(blacks, entries[0].Config.Black)
	}
	if blacks[0] == blacks[1] || blacks[0] != blacks[2] {
		t.Errorf("round 1's first match: Black in its games %v; want alternating", blacks)
	}

	tb, dir = newTable(15), t.TempDir()
	ctx, stop := context.WithCancel(t.Context())
	first := 0
	tr = rowTournament(tb, dir, &first, func(sn Snapshot) {
		if first == 5 && len(sn.Moves) == 4 {
			stop() // the power goes in the second game of round 1's second match
		}
	})
	tr.Match = swiss.MatchFormat{BestOf: 3}
	if _, err := tr.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("the stopped run: %v", err)
	}
	second := 0
	tr = rowTournament(tb, dir, &second, nil)
	tr.Match = swiss.MatchFormat{BestOf: 3}
	got, err := tr.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if first != 5 || second != games-5 {
		t.Errorf("games started: %d before the stop, %d after, want 5 and %d", first, second, games-5)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("standings after the restart\n%v\nwant\n%v", got, want)
	}
}

// TestTournamentWithdrawsEntrant: an entrant whose engine cannot be
// started, or keeps failing to move, forfeits its pairing and is
// withdrawn from the rounds after (the others take the bye in turn); the
// forfeit is journaled, so a run again over the journals keeps it
// withdrawn.
func TestTournamentWithdrawsEntrant(t *testing.T) {
	for _, c := range []struct {
		name, event, said string
		entrant           func() (ai.Player, error)
	}{
		{"cannot start", EventWithdrawn, "withdrawn E2",
			func() (ai.Player, error) { return nil, errors.New("exec: no such engine") }},
		{"keeps failing", EventFailing, "withdrawn-failing E2",
			func() (ai.Player, error) { return &failing{}, nil }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var said []string
			faults := 0
			run := func(started *int) ([]swiss.Standing, error) {
				tr := rowTournament(newTable(15), dir, started, nil)
				tr.Entrants[2].New = c.entrant
				tr.Voice = voiceFunc(func(m Message) { said = append(said, m.Key+" "+strings.Join(m.Args, " ")) })
				// A fault of the board is the operator's; an engine's
				// failure to move is not.
				tr.Operator = func(context.Context, error) error { faults++; return nil }
				return tr.Run(t.Context())
			}
			games := 0
			st, err := run(&games)
			if err != nil {
				t.Fatal(err)
			}
			// Round 1: two boards, one of them forfeited; rounds 2 and
			// 3: one board and a bye among the three left.
			if games != 4 || faults != 0 {
				t.Errorf("%d games started, %d faults for the operator; want 4 and 0", games, faults)
			}
			for _, s := range st {
				if s.Name == "E2" && s.Score != 0 {
					t.Errorf("E2 scored %v; it could not play", s.Score)
				}
			}
			if !slices.Contains(said, c.said) {
				t.Errorf("the withdrawal was not said: %q", said)
			}
			forfeits := 0
			names, _ := filepath.Glob(filepath.Join(dir, "*.journal"))
			for _, name := range names {
				j, entries, err := OpenJournal(name)
				if err != nil {
					t.Fatal(err)
				}
				j.Close()
				if last := entries[len(entries)-1]; last.Type == EntryEnd && last.Event == c.event && last.Detail == "E2" {
					forfeits++
				}
			}
			if forfeits != 1 {
				t.Errorf("%d journals end with E2's withdrawal, want 1", forfeits)
			}

			said = nil
			again := 0
			st2, err := run(&again)
			if err != nil {
				t.Fatal(err)
			}
			if again != 0 || fmt.Sprint(st2) != fmt.Sprint(st) || !slices.Contains(said, c.said) {
				t.Errorf("run again: %d games started, said %q, standings\n%v\nwant\n%v", again, said, st2, st)
			}
		})
	}
}

// failing is an engine that starts but never manages a move.
type failing struct{ tries int }

func (f *failing) Name() string { return "failing" }

func (f *failing) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	f.tries++
	return ai.Result{}, fmt.Errorf("brain crashed (try %d)", f.tries)
}

type voiceFunc func(Message)

func (f voiceFunc) Say(m Message) { f(m) }

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
		NewSession: func(round, board, game int, black, white string) (*Session, error) {
			*started++
			cfg := Config{Rule: "freestyle", Size: 15, Black: black, White: white}
			j, err := CreateJournal(filepath.Join(dir, fmt.Sprintf("r%d-b%d-g%d.journal", round, board, game)))
			if err != nil {
				return nil, err
			}
			j.Append(Entry{Type: EntryStart, Config: &cfg})
			g, _ := NewReferee(cfg)
			return &Session{Config: cfg, Referee: g, Journal: j, Observe: stop}, nil
		},
		Journaled: func(round, board, game int, black, white string) (*Session, Replayed, bool, error) {
			path := filepath.Join(dir, fmt.Sprintf("r%d-b%d-g%d.journal", round, board, game))
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
