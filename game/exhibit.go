package game

import (
	"context"
	"errors"
	"tengen/i18n/errmsg"

	"tengen/rules"
	"tengen/rules/opening"
)

// ClearBoard takes every stone the camera sees back into its colour's
// bowl and returns once a steady view shows the board empty. A point the
// eyes cannot vouch for is taken as empty where it reads so (LookFor): a
// patch of sunlight does not keep the robot from its next game.
func ClearBoard(ctx context.Context, eyes Eyes, hand Hand) error {
	const passes = 4
	var left []Placed
	for pass := 0; pass < passes; pass++ {
		sight, err := LookFor(ctx, eyes, nothing)
		if err != nil {
			return err
		}
		left = stonesOn(sight.Board)
		if len(left) == 0 {
			return nil
		}
		for _, st := range left {
			if err := hand.Take(ctx, st.P, st.C); err != nil {
				return errmsg.Wrap(err, "err.clearing", st.P.String())
			}
		}
		if err := hand.Park(ctx); err != nil {
			return err
		}
	}
	return errmsg.New("err.board-not-empty", passes, pointsOf(left))
}

func stonesOn(b *rules.Board) []Placed {
	var out []Placed
	n := b.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := rules.Point{X: x, Y: y}
			if c := b.At(p); c != rules.Empty {
				out = append(out, Placed{p, c})
			}
		}
	}
	return out
}

// Exhibition plays game after game without anyone attending: visitor
// after visitor, clearing the board between games. A fault the session
// cannot get past pauses the exhibition and calls the operator; the game
// in progress resumes from its journal when the operator says so.
type Exhibition struct {
	Eyes  Eyes
	Hand  Hand
	Voice Voice
	// Colours, if set, decides who plays Black before game n, once the
	// board is clear (猜先, played over the board); Next then seats the
	// players by its result.
	Colours func(ctx context.Context, n int) error
	// Next builds the next game's session (its journal included); n counts
	// from 1.
	Next func(n int) (*Session, error)
	// Games bounds the number of new games; 0 plays until ctx ends.
	Games int
	// Operator is told of a fault the robot cannot get past in the game
	// (see ThroughFaults) or while clearing the board, and returns when the
	// exhibition may go on.
	Operator func(ctx context.Context, fault error) error
	// Finished is told of each game's end.
	Finished func(n int, out rules.Outcome, s *Session)
	// First is the number of the first new game [1]. Unfinished, if set,
	// is a game an earlier run left unfinished (the program stopped
	// mid-game; its session rebuilt from the journal), which Run finishes
	// first, as game First-1, on the board as it stands; Pending is the
	// placement that was in flight, if any.
	First      int
	Unfinished *Session
	Pending    *Entry
}

// Run plays the exhibition until Games are done or ctx ends.
func (e *Exhibition) Run(ctx context.Context) error {
	first := max(e.First, 1)
	if s := e.Unfinished; s != nil {
		if s.Eyes == nil {
			s.Eyes, s.Hand = e.Eyes, e.Hand
		}
		out := s.Referee.Outcome() // over, but stopped before its end was journaled
		if !s.Referee.Over() {
			var err error
			if out, err = ThroughFaults(ctx, s, func(ctx context.Context) (rules.Outcome, error) { return s.Resume(ctx, e.Pending) }, e.Operator); err != nil {
				return errmsg.Wrap(err, "err.game-n", first-1)
			}
		}
		if e.Finished != nil {
			e.Finished(first-1, out, s)
		}
	}
	for i := 0; e.Games == 0 || i < e.Games; i++ {
		n := first + i
		if err := ClearThroughFaults(ctx, e.Eyes, e.Hand, e.Operator); err != nil {
			return err
		}
		if e.Colours != nil {
			if err := e.Colours(ctx, n); err != nil {
				return errmsg.Wrap(err, "err.game-colours", n)
			}
		}
		s, err := e.Next(n)
		if err != nil {
			return errmsg.Wrap(err, "err.game-n", n)
		}
		if s.Eyes == nil {
			s.Eyes, s.Hand = e.Eyes, e.Hand
		}
		if RobotOpens(s) {
			e.say("welcome-robot", "I play the first stone; the game starts with my move.")
		} else {
			e.say("welcome", "Place a black stone anywhere to start a game.")
		}
		out, err := e.play(ctx, s)
		if err != nil {
			return errmsg.Wrap(err, "err.game-n", n)
		}
		if e.Finished != nil {
			e.Finished(n, out, s)
		}
	}
	return nil
}

// RobotOpens reports whether the robot plays the game's first stone: as
// the first player of s's opening protocol, or as Black without one.
func RobotOpens(s *Session) bool {
	if s.Opening != nil {
		return s.Opening.Robot == opening.First
	}
	return s.Black != nil
}

// play runs s, and after a fault waits for the operator and resumes.
func (e *Exhibition) play(ctx context.Context, s *Session) (rules.Outcome, error) {
	return ThroughFaults(ctx, s, s.Play, e.Operator)
}

// ThroughFaults plays s's game with play (s.Play, or s.Resume of a
// journal's game); a fault the session cannot get past goes to operator,
// which says what happens (the robot gets past it by itself, or the
// operator is called and puts it right) and returns once the game may go
// on: it resumes from its journal. Without an operator the fault ends the
// game.
func ThroughFaults(ctx context.Context, s *Session, play func(context.Context) (rules.Outcome, error), operator func(context.Context, error) error) (rules.Outcome, error) {
	out, err := play(ctx)
	for err != nil {
		if ctx.Err() != nil || operator == nil {
			return out, err
		}
		s.setStatus("fault") // the page and the panel show the wait
		if werr := operator(ctx, err); werr != nil {
			return out, errors.Join(err, werr)
		}
		var pending *Entry
		if pending, err = s.Reopen(); err != nil {
			return out, err
		}
		out, err = s.Resume(ctx, pending)
	}
	return out, nil
}

// ClearThroughFaults clears the board between games (ClearBoard); when
// that fails, operator (if any) is told and it tries once more when the
// operator returns.
func ClearThroughFaults(ctx context.Context, eyes Eyes, hand Hand, operator func(context.Context, error) error) error {
	if err := ClearBoard(ctx, eyes, hand); err != nil {
		if operator == nil {
			return err
		}
		if werr := operator(ctx, err); werr != nil {
			return errors.Join(err, werr)
		}
		return ClearBoard(ctx, eyes, hand)
	}
	return nil
}

func (e *Exhibition) say(key, text string) {
	if e.Voice != nil {
		e.Voice.Say(Message{Key: key, Text: text})
	}
}
