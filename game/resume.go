package game

import (
	"context"
	"fmt"
	"time"

	"tengen/rules"
)

// Replay applies a journal's entries to a fresh referee and returns the
// game's settings and the robot's placement that was in flight when the
// journal ended (nil if none).
func Replay(entries []Entry, ref *rules.Game) (Config, *Entry, error) {
	if len(entries) == 0 || entries[0].Type != EntryStart || entries[0].Config == nil {
		return Config{}, nil, fmt.Errorf("journal does not begin with the game's settings")
	}
	cfg := *entries[0].Config
	size := cfg.Size
	var pending *Entry
	for i, e := range entries[1:] {
		line := i + 2
		switch e.Type {
		case EntryIntent:
			e := e
			pending = &e
		case EntryMove:
			c, err := rules.ParseColor(e.Color)
			if err != nil {
				return cfg, nil, fmt.Errorf("journal line %d: %w", line, err)
			}
			p, err := rules.ParsePoint(e.Point, size)
			if err != nil {
				return cfg, nil, fmt.Errorf("journal line %d: %w", line, err)
			}
			if _, err := ref.Play(c, p); err != nil {
				return cfg, nil, fmt.Errorf("journal line %d: move %d %v: %w", line, e.Move, p, err)
			}
			pending = nil
		case EntryUndo:
			if _, err := ref.Undo(); err != nil {
				return cfg, nil, fmt.Errorf("journal line %d: %w", line, err)
			}
		case EntryEvent:
			if e.Event == "draw agreed" {
				if err := ref.AgreeDraw(); err != nil {
					return cfg, nil, fmt.Errorf("journal line %d: %w", line, err)
				}
			}
			if e.Event == "claim" {
				if _, err := ref.Claim(); err != nil {
					return cfg, nil, fmt.Errorf("journal line %d: claim: %w", line, err)
				}
			}
		case EntryEnd:
			return cfg, nil, fmt.Errorf("journal line %d: the game is already over (%s)", line, e.Result)
		}
	}
	return cfg, pending, nil
}

// Resume carries on a game whose journal ended at pending (from Replay):
// if the robot's stone was being placed, the camera tells whether it got
// there; if not, it is placed again. Then the game continues.
func (s *Session) Resume(ctx context.Context, pending *Entry) (rules.Outcome, error) {
	s.event(fmt.Sprintf("resumed after move %d", len(s.Referee.Moves())))
	if pending != nil {
		p, err := rules.ParsePoint(pending.Point, s.Referee.Size())
		if err != nil {
			return rules.Outcome{}, fmt.Errorf("journal intent: %w", err)
		}
		c, err := rules.ParseColor(pending.Color)
		if err != nil {
			return rules.Outcome{}, fmt.Errorf("journal intent: %w", err)
		}
		sight, err := s.Eyes.Look(ctx)
		if err != nil {
			return rules.Outcome{}, err
		}
		ch := Compare(s.Referee.Board(), sight.Board)
		if own := s.own(ch); len(own.Gone) == 0 && len(own.Added) == 1 && own.Added[0] == (Placed{p, c}) {
			// The stone got there before the program stopped.
			if err := s.acceptRobot(pending.Move, p, c); err != nil {
				return rules.Outcome{}, err
			}
		} else {
			if own := s.own(ch); len(own.Added)+len(own.Gone) > 0 {
				if err := s.repairOwn(ctx, own); err != nil {
					return rules.Outcome{}, err
				}
			}
			if err := s.placeRobotStone(ctx, pending.Move, p, c); err != nil {
				return rules.Outcome{}, err
			}
		}
	}
	return s.Play(ctx)
}

// Reopen rebuilds s from its journal, as after a restart: a new referee
// with the journal's moves, the same players and devices. It returns the
// placement that was in flight, if any, for Resume.
func (s *Session) Reopen() (*Session, *Entry, error) {
	path := s.Journal.Path()
	s.Journal.Close()
	j, entries, err := OpenJournal(path)
	if err != nil {
		return nil, nil, err
	}
	ref, err := NewReferee(s.Config)
	if err != nil {
		j.Close()
		return nil, nil, err
	}
	cfg, pending, err := Replay(entries, ref)
	if err != nil {
		j.Close()
		return nil, nil, err
	}
	n := *s
	n.Config, n.Referee, n.Journal = cfg, ref, j
	n.times = nil
	n.RestoreTimes(entries)
	return &n, pending, nil
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
// for a resumed game's record.
func (s *Session) RestoreTimes(entries []Entry) {
	s.times = s.times[:0]
	for _, e := range entries {
		switch e.Type {
		case EntryMove:
			s.times = append(s.times, time.Duration(e.Ms)*time.Millisecond)
		case EntryUndo:
			if len(s.times) > 0 {
				s.times = s.times[:len(s.times)-1]
			}
		}
	}
}
