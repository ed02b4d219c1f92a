package game

import (
	"context"
	"fmt"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/swiss"
)

// Entrant is a player of a tournament: a name and a way to make the
// player for a game (a level of the engine, an external Gomocup engine).
type Entrant struct {
	Name string
	New  func() (ai.Player, error)
}

// Tournament is a Swiss tournament among engines played on the physical
// board: the robot places every stone of both sides and clears the board
// between games. Pairing and standings are the rules/swiss package's.
type Tournament struct {
	Entrants []Entrant
	Rounds   int
	Seed     uint64
	Eyes     Eyes
	Hand     Hand
	Voice    Voice
	// NewSession prepares a game's session (referee, journal, limits,
	// observer) for the given round (from 1) and board (from 1); Black and
	// White are filled in by the tournament.
	NewSession func(round, board int, black, white string) (*Session, error)
	// Operator is called when a fault stops a game (see Exhibition).
	Operator func(ctx context.Context, fault error) error
	// Standings is told the table after every game.
	Standings func(round int, st []swiss.Standing)
	// Journaled, if set, returns a game an earlier run of this
	// tournament journaled for the round and board (found false: none):
	// its session rebuilt from the journal (Session.Load), Black and
	// White still to seat, and the replay. A game the journal ends (r.End)
	// counts as played; an unfinished one is finished first, on the board
	// as it stands: the tournament goes on after a restart.
	Journaled func(round, board int, black, white string) (s *Session, r Replayed, found bool, err error)
}

// Run plays the tournament and returns the final standings.
func (t *Tournament) Run(ctx context.Context) ([]swiss.Standing, error) {
	names := make([]string, len(t.Entrants))
	for i, e := range t.Entrants {
		names[i] = e.Name
	}
	sw, err := swiss.New(names, t.Seed)
	if err != nil {
		return nil, err
	}
	for r := 0; r < t.Rounds; r++ {
		round, err := sw.Pair()
		if err != nil {
			return nil, fmt.Errorf("pairing round %d: %w", r+1, err)
		}
		if round.Bye >= 0 {
			t.say("bye", names[round.Bye], fmt.Sprintf("Round %d: %s has the bye.", r+1, names[round.Bye]))
		}
		for b, p := range round.Pairings {
			res, err := t.playPairing(ctx, r+1, b+1, p)
			if err != nil {
				return nil, fmt.Errorf("round %d, board %d (%s - %s): %w", r+1, b+1, names[p.Black], names[p.White], err)
			}
			if err := sw.SetResult(r, b, res); err != nil {
				return nil, err
			}
			if t.Standings != nil {
				t.Standings(r+1, sw.Standings())
			}
		}
	}
	return sw.Standings(), nil
}

// playPairing plays one game on the board, which it clears first; or
// takes the game an earlier run journaled, finishing it if need be.
func (t *Tournament) playPairing(ctx context.Context, round, board int, p swiss.Pairing) (swiss.Result, error) {
	black, white := t.Entrants[p.Black], t.Entrants[p.White]
	var (
		s     *Session
		r     Replayed
		found bool
		err   error
	)
	if t.Journaled != nil {
		if s, r, found, err = t.Journaled(round, board, black.Name, white.Name); err != nil {
			return swiss.Pending, err
		}
	}
	play := func(ctx context.Context) (rules.Outcome, error) { return s.Play(ctx) }
	switch {
	case found && r.End != nil:
		winner, _ := rules.ParseColor(r.End.Color) // none: a draw
		return resultOf(winner), nil
	case found:
		play = func(ctx context.Context) (rules.Outcome, error) { return s.Resume(ctx, r.Pending) }
	default:
		if err := ClearBoard(ctx, t.Eyes, t.Hand); err != nil {
			return swiss.Pending, err
		}
		if s, err = t.NewSession(round, board, black.Name, white.Name); err != nil {
			return swiss.Pending, err
		}
	}
	if s.Black, err = black.New(); err != nil {
		return swiss.Pending, fmt.Errorf("starting %s: %w", black.Name, err)
	}
	if s.White, err = white.New(); err != nil {
		return swiss.Pending, fmt.Errorf("starting %s: %w", white.Name, err)
	}
	s.Eyes, s.Hand = t.Eyes, t.Hand
	if s.Voice == nil {
		s.Voice = t.Voice
	}
	t.say("pairing", fmt.Sprintf("%s-%s", black.Name, white.Name), fmt.Sprintf("Round %d: %s (black) against %s (white).", round, black.Name, white.Name))
	out, err := ThroughFaults(ctx, s, play, t.Operator)
	for _, pl := range []ai.Player{s.Black, s.White} {
		if c, ok := pl.(interface{ Close() error }); ok {
			c.Close()
		}
	}
	if err != nil {
		return swiss.Pending, err
	}
	return resultOf(out.Winner), nil
}

// resultOf is a game's winner (Empty: a draw) as the pairing's result.
func resultOf(winner rules.Color) swiss.Result {
	switch winner {
	case rules.Black:
		return swiss.BlackWins
	case rules.White:
		return swiss.WhiteWins
	}
	return swiss.Draw
}

func (t *Tournament) say(key, arg, text string) {
	if t.Voice != nil {
		t.Voice.Say(Message{Key: key, Args: []string{arg}, Text: text})
	}
}
