package game

import (
	"context"
	"errors"
	"fmt"

	"tengen/ai"
	"tengen/i18n/errmsg"
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
	// Match, when its BestOf is over 1, makes each pairing a match of
	// that many games (rules/swiss.Match): the pairing's Black has Black
	// in game 1 and the colours alternate.
	Match swiss.MatchFormat
	// NewSession prepares a game's session (referee, journal, limits,
	// observer) for the given round, board and game of the pairing (each
	// from 1); Black and White are filled in by the tournament.
	NewSession func(round, board, game int, black, white string) (*Session, error)
	// Operator is called when a fault stops a game (see Exhibition); an
	// engine that fails to move is not its to put right: the game goes on
	// and the engine is started again, up to Failures times in a game,
	// after which it forfeits the game and is withdrawn.
	Operator func(ctx context.Context, fault error) error
	Failures int // 0: 3
	// Standings is told the table after every game.
	Standings func(round int, st []swiss.Standing)
	// Journaled, if set, returns a game an earlier run of this
	// tournament journaled for the round, board and game (found false:
	// none): its session rebuilt from the journal (Session.Load), Black
	// and White still to seat, and the replay. A game the journal ends
	// (r.End) counts as played; an unfinished one is finished first, on
	// the board as it stands: the tournament goes on after a restart. So
	// does a withdrawal, which the journal of the game it forfeited ends.
	Journaled func(round, board, game int, black, white string) (s *Session, r Replayed, found bool, err error)
}

// The events of the end entry of a game forfeited by an entrant (its
// Detail) that could not be started, or whose engine kept failing to
// move: the entrant is withdrawn from the rounds still to pair.
const (
	EventWithdrawn = "withdrawn"
	EventFailing   = "failing"
)

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
			m, gone, err := t.playPairing(ctx, r+1, b+1, p)
			if err != nil {
				return nil, fmt.Errorf("round %d, board %d (%s - %s): %w", r+1, b+1, names[p.Black], names[p.White], err)
			}
			if gone >= 0 {
				// The pairing is forfeited, whatever its games so far.
				res := swiss.BlackWins
				if gone == p.Black {
					res = swiss.WhiteWins
				}
				err = errors.Join(sw.Withdraw(gone), sw.SetResult(r, b, res))
			} else {
				err = sw.SetMatchResult(r, b, m)
			}
			if err != nil {
				return nil, err
			}
			if t.Standings != nil {
				t.Standings(r+1, sw.Standings())
			}
		}
	}
	return sw.Standings(), nil
}

// playPairing plays a pairing's game, or the games of its match, until
// the match is decided. An entrant that cannot be started forfeits the
// pairing and is withdrawn: gone is its index (-1: none).
func (t *Tournament) playPairing(ctx context.Context, round, board int, p swiss.Pairing) (m *swiss.Match, gone int, err error) {
	f := t.Match
	if f.BestOf <= 1 {
		f = swiss.MatchFormat{BestOf: 1}
	}
	if m, err = swiss.NewMatch(f); err != nil {
		return nil, -1, err
	}
	for n := 1; ; n++ {
		if _, done := m.Result(); done {
			return m, -1, nil
		}
		black, white := p.Black, p.White
		if !m.FirstIsBlack() {
			black, white = white, black
		}
		res, gone, err := t.playGame(ctx, round, board, n, black, white)
		if err != nil {
			if f.BestOf > 1 {
				err = errmsg.Wrap(err, "err.game-n", n)
			}
			return nil, -1, err
		}
		if gone >= 0 {
			return nil, gone, nil
		}
		if err := m.Add(res); err != nil {
			return nil, -1, err
		}
	}
}

// playGame plays one game on the board, which it clears first; or takes
// the game an earlier run journaled, finishing it if need be. black and
// white index the entrants; gone is the one that could not be started
// (-1: none), which forfeits the game.
func (t *Tournament) playGame(ctx context.Context, round, board, n, bi, wi int) (res swiss.Result, gone int, err error) {
	black, white := t.Entrants[bi], t.Entrants[wi]
	var (
		s     *Session
		r     Replayed
		found bool
	)
	if t.Journaled != nil {
		if s, r, found, err = t.Journaled(round, board, n, black.Name, white.Name); err != nil {
			return swiss.Pending, -1, err
		}
	}
	play := func(ctx context.Context) (rules.Outcome, error) { return s.Play(ctx) }
	switch {
	case found && r.End != nil && (r.End.Event == EventWithdrawn || r.End.Event == EventFailing):
		t.withdrawn(r.End.Event, r.End.Detail)
		if r.End.Detail == black.Name {
			return swiss.Pending, bi, nil
		}
		return swiss.Pending, wi, nil
	case found && r.End != nil:
		winner, _ := rules.ParseColor(r.End.Color) // none: a draw
		return resultOf(winner), -1, nil
	case found:
		play = func(ctx context.Context) (rules.Outcome, error) { return s.Resume(ctx, r.Pending) }
	default:
		if err := ClearThroughFaults(ctx, t.Eyes, t.Hand, t.Operator); err != nil {
			return swiss.Pending, -1, err
		}
		if s, err = t.NewSession(round, board, n, black.Name, white.Name); err != nil {
			return swiss.Pending, -1, err
		}
	}
	defer s.Journal.Close()
	if s.Black, err = t.start(ctx, black, s.Referee); err != nil {
		return swiss.Pending, bi, t.withdraw(s, black.Name, rules.White, err)
	}
	if s.White, err = t.start(ctx, white, s.Referee); err != nil {
		closePlayer(s.Black)
		return swiss.Pending, wi, t.withdraw(s, white.Name, rules.Black, err)
	}
	s.Eyes, s.Hand = t.Eyes, t.Hand
	if s.Voice == nil {
		s.Voice = t.Voice
	}
	t.say("pairing", fmt.Sprintf("%s-%s", black.Name, white.Name), fmt.Sprintf("Round %d: %s (black) against %s (white).", round, black.Name, white.Name))
	limit := t.Failures
	if limit <= 0 {
		limit = 3
	}
	failures := map[rules.Color]int{}
	var failing rules.Color // the side whose engine failed too often
	operator := func(ctx context.Context, fault error) error {
		if !engineFault(fault) {
			if t.Operator == nil {
				return errNoOperator
			}
			return t.Operator(ctx, fault)
		}
		c := s.Referee.ToMove() // the side whose engine did not move
		if failures[c]++; failures[c] >= limit {
			failing = c
			return errFailing
		}
		return nil
	}
	out, err := ThroughFaults(ctx, s, play, operator)
	closePlayer(s.Black)
	closePlayer(s.White)
	if failing != rules.Empty && errors.Is(err, errFailing) {
		e, gone := black, bi
		if failing == rules.White {
			e, gone = white, wi
		}
		if err := t.journalWithdrawal(s, EventFailing, e.Name, failing.Opponent(), fmt.Sprintf("%s failed to move %d times", e.Name, failures[failing])); err != nil {
			return swiss.Pending, -1, err
		}
		t.withdrawn(EventFailing, e.Name)
		return swiss.Pending, gone, nil
	}
	if err != nil {
		return swiss.Pending, -1, err
	}
	return resultOf(out.Winner), -1, nil
}

var (
	errNoOperator = errors.New("no operator to put it right")
	errFailing    = errors.New("the engine keeps failing")
)

// engineFault reports whether err is an engine's failure to move (it
// crashed, hung or answered nonsense), not the robot's.
func engineFault(err error) bool {
	var e *errmsg.Error
	for errors.As(err, &e) {
		if e.Key == "err.engine" {
			return true
		}
		err = e.Err
	}
	return false
}

// starter is a player that runs a process of its own (an external
// engine), which it can start before the game.
type starter interface {
	Start(ctx context.Context, size int, rule rules.Rule) error
}

// start makes e's player for a game refereed by ref and starts it: an
// engine that cannot be started is known before the game, not as a fault
// in it.
func (t *Tournament) start(ctx context.Context, e Entrant, ref *rules.Game) (ai.Player, error) {
	p, err := e.New()
	if err != nil {
		return nil, err
	}
	if st, ok := p.(starter); ok {
		if err := st.Start(ctx, ref.Size(), ref.Rule()); err != nil {
			closePlayer(p)
			return nil, err
		}
	}
	return p, nil
}

// withdraw ends s's game as forfeited by the entrant name, which could
// not be started (why).
func (t *Tournament) withdraw(s *Session, name string, winner rules.Color, why error) error {
	if err := t.journalWithdrawal(s, EventWithdrawn, name, winner, fmt.Sprintf("%s could not be started (%v)", name, why)); err != nil {
		return errors.Join(why, err)
	}
	t.withdrawn(EventWithdrawn, name)
	return nil
}

// journalWithdrawal ends s's journal with the forfeit of the entrant
// name, withdrawn (event, why): a restart keeps it withdrawn.
func (t *Tournament) journalWithdrawal(s *Session, event, name string, winner rules.Color, why string) error {
	return s.Journal.Append(Entry{Type: EntryEnd, Color: winner.String(), Event: event, Detail: name,
		Result: fmt.Sprintf("%s wins: %s, withdrawn", winner, why)})
}

// withdrawn says that the entrant name is withdrawn, for the reason
// event names.
func (t *Tournament) withdrawn(event, name string) {
	if event == EventFailing {
		t.say("withdrawn-failing", name, name+" keeps failing: it is withdrawn from the tournament.")
		return
	}
	t.say("withdrawn", name, name+" cannot be started: it is withdrawn from the tournament.")
}

func closePlayer(p ai.Player) {
	if c, ok := p.(interface{ Close() error }); ok {
		c.Close()
	}
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
