package game

import (
	"context"
	"fmt"

	"tengen/rules"
)

// Replay applies a journal's entries to a fresh referee and returns the
// game's settings and the robot's placement that was in flight when the
// journal ended (nil if none).
func Replay(entries []Entry, ref Referee) (Config, *Entry, error) {
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
			if err := ref.Play(c, p); err != nil {
				return cfg, nil, fmt.Errorf("journal line %d: move %d %v: %w", line, e.Move, p, err)
			}
			pending = nil
		case EntryUndo:
			if err := ref.Undo(); err != nil {
				return cfg, nil, fmt.Errorf("journal line %d: %w", line, err)
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
func (s *Session) Resume(ctx context.Context, pending *Entry) (Result, error) {
	s.event(fmt.Sprintf("resumed after move %d", len(s.Referee.Moves())))
	if pending != nil {
		p, err := rules.ParsePoint(pending.Point, s.Referee.Board().Size())
		if err != nil {
			return Result{}, fmt.Errorf("journal intent: %w", err)
		}
		sight, err := s.Eyes.Look(ctx)
		if err != nil {
			return Result{}, err
		}
		ch := Compare(s.Referee.Board(), sight.Board)
		if ch.Kind == NewStone && ch.Added[0].P == p && ch.Added[0].C == s.Robot {
			// The stone got there before the program stopped.
			if err := s.Journal.Append(Entry{Type: EntryMove, Move: pending.Move, Color: s.Robot.String(), Point: p.String(), By: "robot"}); err != nil {
				return Result{}, err
			}
			if err := s.Referee.Play(s.Robot, p); err != nil {
				return Result{}, err
			}
		} else {
			if ch.Kind != NoChange {
				if err := s.repairOwn(ctx, ch); err != nil {
					return Result{}, err
				}
			}
			if err := s.placeRobotStone(ctx, pending.Move, p); err != nil {
				return Result{}, err
			}
		}
	}
	return s.Play(ctx)
}
