// Package ai is Tengen's engine: the board with incremental line patterns,
// threat search (VCF, VCT), the main alpha-beta search, time management,
// levels for people, and opening decisions. Sub-packages speak the Gomocup
// brain protocol (our brain, and a client that runs external engines).
package ai

import (
	"context"
	"time"

	"tengen/rules"
)

// Stone is a stone on the board.
type Stone struct {
	P rules.Point
	C rules.Color
}

// Position is what a player is asked to move in. Stones are in move order
// when it is known (it matters for renju); ToMove is the colour to play.
type Position struct {
	Size    int
	Rule    rules.Rule
	Reading rules.Reading
	Stones  []Stone
	ToMove  rules.Color
}

// Limits bound a search. Zero fields mean "no limit from this field";
// TurnTime == 0 with NoTurnLimit false means "answer at once"
// (Gomocup's timeout_turn 0).
type Limits struct {
	TurnTime    time.Duration // per move
	MatchTime   time.Duration // for the whole game, 0 = none
	TimeLeft    time.Duration // left of MatchTime
	NoTurnLimit bool          // TurnTime is not set: use MatchTime/TimeLeft or Depth/Nodes
	Depth       int
	Nodes       int64
}

// Info reports a search's progress.
type Info struct {
	Depth   int
	Score   int // centi-stones from the mover's side; ±Mate… for proven results
	PV      []rules.Point
	Nodes   int64
	Elapsed time.Duration
}

// Result is a player's answer.
type Result struct {
	Move rules.Point
	Info
}

// Player chooses moves: the engine at a level, the greedy pattern player,
// or an external Gomocup engine.
type Player interface {
	// Name identifies the player in records and standings.
	Name() string
	// Think chooses a move in pos within lim, reporting progress to info
	// (which may be nil). It returns when ctx is done with the best move so
	// far.
	Think(ctx context.Context, pos Position, lim Limits, info func(Info)) (Result, error)
}
