package referee

import (
	"context"
	"fmt"
	"sort"
	"strconv"

	"tengen/game"
	"tengen/i18n/errmsg"
	"tengen/rules"
)

// Step is one stone to put right when rebuilding a position.
type Step struct {
	Kind StepKind
	C    rules.Color
	From rules.Point // Move, Remove: where the stone lies now
	To   rules.Point // Move, Add: where it belongs
}

// StepKind says what a Step does.
type StepKind int8

const (
	// Remove takes a stone that does not belong off the board (to its bowl).
	Remove StepKind = iota + 1
	// Move takes a stone from a wrong point to its right one.
	Move
	// Add puts a stone from the bowl where one is missing.
	Add
)

func (s Step) String() string {
	switch s.Kind {
	case Remove:
		return fmt.Sprintf("take the %s stone on %v off the board", s.C, s.From)
	case Move:
		return fmt.Sprintf("move the %s stone from %v to %v", s.C, s.From, s.To)
	}
	return fmt.Sprintf("put a %s stone on %v", s.C, s.To)
}

// done reports whether the step is seen done on b.
func (s Step) done(b *rules.Board) bool {
	switch s.Kind {
	case Remove:
		return b.At(s.From) == rules.Empty
	case Move:
		return b.At(s.To) == s.C && b.At(s.From) == rules.Empty
	}
	return b.At(s.To) == s.C
}

// Plan lists the steps that turn seen into want: stones on wrong points
// move to the nearest points of their colour that lack one, surplus stones
// go to the bowls, and missing ones come from the bowls. Removals come
// first, so that every point is free when a stone is brought to it.
func Plan(want, seen *rules.Board) []Step {
	ch := game.Compare(want, seen)
	need, spare := ch.Gone, ch.Added
	// Pair spares with needs of their colour, closest pairs first.
	type pair struct{ s, n, d int }
	var pairs []pair
	for i, s := range spare {
		for j, w := range need {
			if s.C == w.C {
				pairs = append(pairs, pair{i, j, dist2(s.P, w.P)})
			}
		}
	}
	sort.SliceStable(pairs, func(a, b int) bool { return pairs[a].d < pairs[b].d })
	sUsed, nUsed := make([]bool, len(spare)), make([]bool, len(need))
	var moves []Step
	for _, pr := range pairs {
		if sUsed[pr.s] || nUsed[pr.n] {
			continue
		}
		sUsed[pr.s], nUsed[pr.n] = true, true
		moves = append(moves, Step{Kind: Move, C: spare[pr.s].C, From: spare[pr.s].P, To: need[pr.n].P})
	}
	var steps []Step
	for i, s := range spare {
		if !sUsed[i] {
			steps = append(steps, Step{Kind: Remove, C: s.C, From: s.P})
		}
	}
	steps = append(steps, orderMoves(moves, seen)...)
	for i, w := range need {
		if !nUsed[i] {
			steps = append(steps, Step{Kind: Add, C: w.C, To: w.P})
		}
	}
	return steps
}

// orderMoves orders moves so that none goes to a point another stone
// still has to leave; a cycle (stones that must change places) is broken
// by taking one of them off and bringing it back last.
func orderMoves(moves []Step, seen *rules.Board) []Step {
	occupied := map[rules.Point]bool{}
	for _, m := range moves {
		occupied[m.From] = true
	}
	var out, readd []Step
	left := append([]Step(nil), moves...)
	for len(left) > 0 {
		progress := false
		for i := 0; i < len(left); i++ {
			if !occupied[left[i].To] {
				out = append(out, left[i])
				delete(occupied, left[i].From)
				left = append(left[:i], left[i+1:]...)
				i--
				progress = true
			}
		}
		if !progress {
			// A cycle: the first stone goes off the board and comes back
			// from the bowl once its point is free.
			m := left[0]
			out = append(out, Step{Kind: Remove, C: m.C, From: m.From})
			delete(occupied, m.From)
			left = left[1:]
			readd = append(readd, Step{Kind: Add, C: m.C, To: m.To})
		}
	}
	return append(out, readd...)
}

func dist2(a, b rules.Point) int {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx + dy*dy
}

// ErrNotRestored is Restore's and Guide's error when the board still
// differs from the record after every try.
var ErrNotRestored = errmsg.New("err.not-restored")

// Restore rebuilds want on the board with the arm: it looks, plans, lifts
// every stone off a wrong point (to its bowl) and places every missing
// one, parks, and looks again, until the camera sees want, telling say
// (nil: nobody) how many stones it puts back. It returns the steps it
// carried out.
func Restore(ctx context.Context, eyes game.Eyes, hand game.Hand, want *rules.Board, say func(game.Message)) ([]Step, error) {
	const passes = 4
	var all []Step
	for pass := 0; pass < passes; pass++ {
		sight, err := eyes.Look(ctx)
		if err != nil {
			return all, err
		}
		steps := Plan(want, sight.Board)
		if len(steps) == 0 {
			return all, nil
		}
		if say != nil && pass == 0 {
			say(msg("rebuild", fmt.Sprintf("%d stones are out of place; I will put them back.", len(steps)), strconv.Itoa(len(steps))))
		}
		for _, st := range steps {
			// The arm's Take drops the stone in its bowl and Place takes
			// one from there: a move is a lift and a re-place.
			if st.Kind == Remove || st.Kind == Move {
				if err := hand.Take(ctx, st.From, st.C); err != nil {
					return all, errmsg.Wrap(err, "err.lifting", st.From.String())
				}
			}
			if st.Kind == Move || st.Kind == Add {
				if err := hand.Place(ctx, st.To, st.C); err != nil {
					return all, errmsg.Wrap(err, "err.placing", st.To.String())
				}
			}
			all = append(all, st)
		}
		if err := hand.Park(ctx); err != nil {
			return all, err
		}
	}
	return all, errmsg.Mark(ErrNotRestored, "err.not-restored-passes", passes)
}

// Guide rebuilds want without an arm: it shows people one step at a time
// (say) and waits until the camera sees that step done, planning afresh
// whenever the board changes some other way. maxViews bounds the views it
// waits (0: no bound).
func Guide(ctx context.Context, eyes game.Eyes, want *rules.Board, say func(Step), maxViews int) ([]Step, error) {
	var done []Step
	var shown *Step
	for views := 0; maxViews == 0 || views < maxViews; views++ {
		sight, err := eyes.Look(ctx)
		if err != nil {
			return done, err
		}
		if shown != nil && shown.done(sight.Board) {
			done = append(done, *shown)
			shown = nil
		}
		steps := Plan(want, sight.Board)
		if len(steps) == 0 {
			return done, nil
		}
		if shown == nil || !contains(steps, *shown) {
			st := steps[0]
			shown = &st
			say(st)
		}
	}
	return done, errmsg.Mark(ErrNotRestored, "err.not-restored-views", maxViews)
}

func contains(steps []Step, s Step) bool {
	for _, t := range steps {
		if t == s {
			return true
		}
	}
	return false
}

// Setup lays want out on the board with the arm, for teaching or studying
// a game, starting from whatever the camera sees (stones not in want go
// back to their bowls).
func Setup(ctx context.Context, eyes game.Eyes, hand game.Hand, want *rules.Board) ([]Step, error) {
	return Restore(ctx, eyes, hand, want, nil)
}

// Clear takes every stone off the board into its bowl.
func Clear(ctx context.Context, eyes game.Eyes, hand game.Hand) error {
	return game.ClearBoard(ctx, eyes, hand)
}
