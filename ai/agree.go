package ai

import (
	"sync/atomic"

	"tengen/rules"
)

// IsDecision reports whether pos is a real decision for the side to
// move: nobody has a five to make or a four to answer, and the mover has
// no short win by fours. Positions labelled by a stronger engine are only
// informative there; elsewhere every engine plays the forced move.
func IsDecision(pos Position) (bool, error) {
	b, me, err := setup(pos)
	if err != nil {
		return false, err
	}
	var stop atomic.Bool
	s := newSearcher(b, newTransTable(1<<16), &stop)
	return quietForEval(s, me, 12), nil
}

// RootOrder lists the moves the engine searches at the root of pos, in
// the order it tries them (before any search reorders them): the move
// ordering that a stronger engine's choice can be ranked in.
func RootOrder(pos Position) ([]rules.Point, error) {
	b, me, err := setup(pos)
	if err != nil {
		return nil, err
	}
	var stop atomic.Bool
	s := newSearcher(b, newTransTable(1<<16), &stop)
	ms := s.genMovesAt0(me, false)
	out := make([]rules.Point, len(ms))
	for k, m := range ms {
		out[k] = b.pointOf(m.m)
	}
	return out, nil
}
