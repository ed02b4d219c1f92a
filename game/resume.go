package game

import (
	"context"
	"fmt"
	"tengen/i18n/errmsg"
	"time"

	"tengen/rules"
	"tengen/rules/opening"
)

// Replayed is what a journal says of a game that stopped.
type Replayed struct {
	// Config is the game's settings; after an opening that is over, with
	// Black and White named as the opening seated them.
	Config Config
	// Pending is the robot's placement that was in flight, nil if none.
	Pending *Entry
	// Opening is the opening protocol's machine with the journal's
	// actions applied; nil when Config names no protocol.
	Opening *opening.Machine
	// Unchosen are the offers not chosen by the opening's last choice,
	// when the journal does not show them lifted yet.
	Unchosen []rules.Point
	// Clock is the last entry with a clock reading, nil if none; Used is
	// how long after it the journal's last entry was written: time the
	// side to move had used on its move when the program stopped.
	Clock *Entry
	Used  time.Duration
	// Takebacks is how many takebacks the person was granted.
	Takebacks int
	// End is the journal's end entry (its Color the winner's, none for a
	// draw) when the game is over: Replay then also returns an error,
	// since there is nothing to resume.
	End *Entry
}

// OpeningLeft reports whether some of the opening is still to be played
// or carried into the game g.
func (r Replayed) OpeningLeft(g *rules.Game) bool {
	return r.Opening != nil && (!r.Opening.Done() || len(g.Moves()) < len(r.Opening.Moves()) || len(r.Unchosen) > 0)
}

// Replay applies a journal's entries to a fresh referee (and to a fresh
// opening machine when the game has an opening protocol) and returns
// what they say.
func Replay(entries []Entry, ref *rules.Game) (Replayed, error) {
	if len(entries) == 0 || entries[0].Type != EntryStart || entries[0].Config == nil {
		return Replayed{}, errmsg.New("err.journal-no-settings")
	}
	r := Replayed{Config: *entries[0].Config}
	size := r.Config.Size
	if r.Config.Opening != "" {
		proto, err := opening.ByName(r.Config.Opening)
		if err != nil {
			return r, errmsg.Wrap(err, "err.journal-at-line", 1)
		}
		if r.Opening, err = opening.New(proto, size); err != nil {
			return r, errmsg.Wrap(err, "err.journal-at-line", 1)
		}
	}
	for i, e := range entries[1:] {
		line := i + 2
		switch e.Type {
		case EntryIntent:
			e := e
			r.Pending = &e
		case EntryOpening:
			if r.Opening == nil {
				return r, errmsg.New("err.journal-opening-action", line)
			}
			a, err := ParseAction(e.Action, size)
			if err != nil {
				return r, errmsg.Wrap(err, "err.journal-at-line", line)
			}
			if err := r.Opening.Apply(r.Opening.Step().Player, a); err != nil {
				return r, errmsg.Wrap(err, "err.journal-at-line", line)
			}
			r.Unchosen = nil
			if a.Kind == opening.Choose {
				offers, err := rules.ParsePoints(e.Detail, size)
				if err != nil {
					return r, errmsg.Wrap(err, "err.journal-offers", line)
				}
				for _, p := range offers {
					if p != a.Point {
						r.Unchosen = append(r.Unchosen, p)
					}
				}
			}
		case EntryMove:
			c, err := rules.ParseColor(e.Color)
			if err != nil {
				return r, errmsg.Wrap(err, "err.journal-at-line", line)
			}
			p, err := rules.ParsePoint(e.Point, size)
			if err != nil {
				return r, errmsg.Wrap(err, "err.journal-at-line", line)
			}
			if _, err := ref.Play(c, p); err != nil {
				return r, errmsg.Wrap(err, "err.journal-move", line, e.Move, p.String())
			}
			r.Pending, r.Unchosen = nil, nil // the offers are lifted before the game's moves are journaled
			if len(e.Clock) == 2 {
				e := e
				r.Clock = &e
			}
		case EntryUndo:
			if _, err := ref.Undo(); err != nil {
				return r, errmsg.Wrap(err, "err.journal-at-line", line)
			}
		case EntryEvent:
			if e.Event == "draw agreed" {
				if err := ref.AgreeDraw(); err != nil {
					return r, errmsg.Wrap(err, "err.journal-at-line", line)
				}
			}
			if e.Event == "takeback" {
				r.Takebacks++
			}
			if e.Event == "claim" {
				if _, err := ref.Claim(); err != nil {
					return r, errmsg.Wrap(err, "err.journal-claim", line)
				}
			}
		case EntryEnd:
			e := e
			r.End = &e
			r.seat(ref)
			return r, errmsg.New("err.journal-over", line, e.Result)
		}
	}
	if last := entries[len(entries)-1]; r.Clock != nil && last.Time.After(r.Clock.Time) {
		r.Used = last.Time.Sub(r.Clock.Time)
	}
	r.seat(ref)
	return r, nil
}

// seat names Black and White in r.Config as the opening, once over,
// seated them (the journal's settings name the seats). The names stay the
// tentative colours' while some of the opening is left to play out over
// the board: the session swaps them when its opening ends.
func (r *Replayed) seat(ref *rules.Game) {
	if r.Opening != nil && r.Opening.Done() && r.Opening.Black() == opening.Second && !r.OpeningLeft(ref) {
		r.Config.Black, r.Config.White = r.Config.White, r.Config.Black
	}
}

// Resume carries on a game whose journal ended at pending (from Replay):
// if the robot's stone was being placed, the camera tells whether it got
// there; if not, it is placed again. With nothing in flight the robot
// still puts its own stones right first: one the nozzle held when the
// program stopped (lifting an offer, say) may have fallen on a free point,
// where the robot might otherwise set its next stone on top of it. Then
// the game continues.
func (s *Session) Resume(ctx context.Context, pending *Entry) (rules.Outcome, error) {
	s.event(fmt.Sprintf("resumed after move %d", len(s.Referee.Moves())))
	if pending == nil && s.Opening != nil {
		return s.Play(ctx) // an opening reconciles its own stones
	}
	var p rules.Point
	var c rules.Color
	expect := s.Referee.Board().At
	if pending != nil {
		var err error
		if p, err = rules.ParsePoint(pending.Point, s.Referee.Size()); err != nil {
			return rules.Outcome{}, fmt.Errorf("journal intent: %w", err)
		}
		if c, err = rules.ParseColor(pending.Color); err != nil {
			return rules.Outcome{}, fmt.Errorf("journal intent: %w", err)
		}
		expect = actingOn(expect, p)
	}
	sight, err := LookFor(ctx, s.Eyes, expect)
	if err != nil {
		return rules.Outcome{}, err
	}
	own := s.own(Compare(s.Referee.Board(), sight.Board))
	if pending != nil && len(own.Gone) == 0 && len(own.Added) == 1 && own.Added[0] == (Placed{p, c}) {
		// The stone got there before the program stopped.
		if err := s.acceptRobot(pending.Move, p, c); err != nil {
			return rules.Outcome{}, err
		}
		return s.Play(ctx)
	}
	if len(own.Added)+len(own.Gone) > 0 {
		if err := s.repairOwn(ctx, own); err != nil {
			return rules.Outcome{}, err
		}
	}
	if pending != nil {
		if err := s.placeRobotStone(ctx, pending.Move, p, c); err != nil {
			return rules.Outcome{}, err
		}
	}
	return s.Play(ctx)
}

// Load rebuilds s from the journal at path, as after a restart: its
// settings, a referee with the journal's moves, the journal opened for
// appending and the moves' times; the players and devices are the
// caller's to set. The replay says what else was going on (the opening,
// the placement in flight, the clock), and how a game over ended (r.End,
// with an error: nothing is left to resume).
func (s *Session) Load(path string) (Replayed, error) {
	j, entries, err := OpenJournal(path)
	if err != nil {
		return Replayed{}, err
	}
	if len(entries) > 0 && entries[0].Config != nil {
		s.Config = *entries[0].Config
	}
	if s.Referee, err = NewReferee(s.Config); err != nil {
		j.Close()
		return Replayed{}, errmsg.Wrap(err, "err.journal", path)
	}
	r, err := Replay(entries, s.Referee)
	if err != nil {
		j.Close()
		return r, err // r.End set: the game is over
	}
	s.Config, s.Journal, s.takebacks = r.Config, j, r.Takebacks
	s.RestoreTimes(entries)
	return r, nil
}

// LoadOver rebuilds the game over that the journal at path holds, as far
// as its record needs: its settings (the players named as the opening
// seated them), a referee with its moves, their times, and how it ended,
// which it also returns: the referee's outcome, or, when the moves do not
// decide the game (a resignation, a loss on time), the journal's end
// entry's. It is for a game whose program stopped after journaling the
// end, before its record was written, and for a match's finished games.
// A journal whose game is not over is an error.
func LoadOver(path string) (*Session, rules.Outcome, error) {
	j, entries, err := OpenJournal(path)
	if err != nil {
		return nil, rules.Outcome{}, err
	}
	j.Close()
	if len(entries) == 0 || entries[0].Config == nil {
		return nil, rules.Outcome{}, errmsg.Wrap(errmsg.New("err.journal-no-settings"), "err.journal", path)
	}
	s := &Session{Config: *entries[0].Config}
	if s.Referee, err = NewReferee(s.Config); err != nil {
		return nil, rules.Outcome{}, errmsg.Wrap(err, "err.journal", path)
	}
	r, err := Replay(entries, s.Referee)
	if r.End == nil {
		if err == nil {
			err = errmsg.New("err.journal-not-over")
		}
		return nil, rules.Outcome{}, errmsg.Wrap(err, "err.journal", path)
	}
	out := s.Referee.Outcome()
	if !out.Over {
		out = rules.Outcome{Over: true, Move: r.End.Move}
		if r.End.Color != "" {
			if out.Winner, err = rules.ParseColor(r.End.Color); err != nil {
				return nil, rules.Outcome{}, errmsg.Wrap(err, "err.journal", path)
			}
		}
		if r.End.Reason != "" { // journals before the reason was kept have none
			if out.Reason, err = rules.ParseReason(r.End.Reason); err != nil {
				return nil, rules.Outcome{}, errmsg.Wrap(err, "err.journal", path)
			}
		}
	}
	s.Config, s.end = r.Config, out
	s.RestoreTimes(entries)
	return s, out, nil
}

// Reopen rebuilds s in place from its journal, as after a restart: its
// referee replays the journal's moves, with the same players and devices.
// The referee stays the same object, so whoever follows the game (a
// simulated person, the caller's record of it) goes on following it. It
// returns the placement that was in flight, if any, for Resume.
func (s *Session) Reopen() (*Entry, error) {
	path := s.Journal.Path()
	s.Journal.Close()
	j, entries, err := OpenJournal(path)
	if err != nil {
		return nil, err
	}
	ref, err := NewReferee(s.Config)
	if err != nil {
		j.Close()
		return nil, err
	}
	r, err := Replay(entries, ref)
	if err != nil {
		j.Close()
		return nil, err
	}
	*s.Referee = *ref
	s.Config, s.Journal, s.takebacks = r.Config, j, r.Takebacks
	s.times = nil
	s.RestoreTimes(entries)
	if s.Opening != nil {
		// The live machine holds what the journal does (every action is
		// journaled as it is applied); the offers left to lift come from
		// the journal.
		o := *s.Opening
		s.Opening = nil
		if r.OpeningLeft(s.Referee) {
			o.Unchosen = r.Unchosen
			o.Journal, o.Status = nil, nil // the session's, when it plays on
			s.Opening = &o
		}
	}
	return r.Pending, nil
}

// NewReferee returns a referee for cfg's rule, size and reading.
func NewReferee(cfg Config) (*rules.Game, error) {
	rule, err := rules.ParseRule(cfg.Rule)
	if err != nil {
		return nil, err
	}
	rd, err := rules.ParseReading(cfg.Reading)
	if err != nil {
		return nil, err
	}
	return rules.NewGame(cfg.Size, rule, rd)
}

// RestoreTimes takes each move's thinking time from a journal's entries,
// for a resumed game's record, and counts the opening's moves.
func (s *Session) RestoreTimes(entries []Entry) {
	s.times, s.openings = s.times[:0], 0
	var turn, intent time.Time // when the side to move began its turn; the robot's placement after it
	for _, e := range entries {
		switch e.Type {
		case EntryStart, EntryMove, EntryUndo:
			turn, intent = e.Time, time.Time{}
		case EntryIntent:
			intent = e.Time
		}
		switch e.Type {
		case EntryMove:
			if e.By == "opening" {
				s.openings++
			}
			s.times = append(s.times, time.Duration(e.Ms)*time.Millisecond)
		case EntryUndo:
			if len(s.times) > 0 {
				s.times = s.times[:len(s.times)-1]
			}
		}
	}
	// A placement in flight at the stop counts the robot's thinking
	// before it; the time the program was down does not count.
	s.turnFrom = time.Now()
	if !intent.IsZero() && !turn.IsZero() {
		if thought := intent.Sub(turn); thought > 0 {
			s.turnFrom = s.turnFrom.Add(-thought)
		}
	}
}
