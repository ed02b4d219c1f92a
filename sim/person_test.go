package sim

import (
	"slices"
	"testing"

	"tengen/ai"
	"tengen/game"
	"tengen/rules"
	"tengen/rules/opening"
)

// After a restart the board can hold the stone the person put at their
// opening step just before it, which the journal's opening lacks. The
// person sees it and does not put a stone again: the board holds the
// record's stones and that one, each on its own point. (A person who
// acted again stacked a second stone on the first, or, choosing another
// point, left the robot a board with two new stones to wait on.)
func TestPersonFindsOwnOpeningStone(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moves []string // the opening before the person's step
		found string   // the person's stone already on the board
	}{
		{"first move", nil, "h8"},
		{"second move, diagonal", []string{"h8"}, "i9"},
		{"second move, beside", []string{"h8"}, "h7"},
		{"third move", []string{"h8", "i9"}, "j8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newRif(t)
			w := NewWorld(SeedLayout(), 1)
			for _, s := range tc.moves {
				step := m.Step()
				p := pt(s)
				if err := m.Apply(opening.First, opening.Action{Kind: opening.Place, Point: p}); err != nil {
					t.Fatal(err)
				}
				w.Put(step.Stone, p, 0, 0)
			}
			stone := m.Step().Stone
			w.Put(stone, pt(tc.found), 1, -1)
			eng := ai.NewEngine(ai.EngineOptions{Level: 3, Seed: 5, Threads: 1})
			p := seatedPerson(rules.Black, eng, m, opening.First)
			stepPerson(t, p, w, 20)
			truth, off := w.Truth()
			if n := truth.Count(rules.Black) + truth.Count(rules.White); n != len(tc.moves)+1 || len(off) > 0 {
				t.Errorf("the board holds %d stones on points and %d off them; want %d on points, none off", n, len(off), len(tc.moves)+1)
			}
			if got := truth.At(pt(tc.found)); got != stone {
				t.Errorf("%s holds %v, want the person's %v", tc.found, got, stone)
			}
		})
	}
}

// A restart between the person's offers finds some of them on the board:
// the person takes those off and offers again, whole, so that the robot
// sees one offer of the size asked, never a stone stacked on another.
func TestPersonRedoesPartOfAnOffer(t *testing.T) {
	m, w, eng := rifUntil(t, opening.Offer)
	step := m.Step()
	before, _ := w.Truth()
	var found rules.Point
	for _, q := range []string{"f6", "j10", "f10", "j6"} {
		if found = pt(q); before.At(found) == rules.Empty {
			break
		}
	}
	w.Put(step.Stone, found, 1, -1)
	p := seatedPerson(rules.Black, eng, m, step.Player)
	stepPerson(t, p, w, 40)
	after, off := w.Truth()
	if added := game.Compare(before, after).Added; len(added) != step.Count || len(off) > 0 {
		t.Errorf("the person offered %v and left %d stones off the points; want %d offers, none off", added, len(off), step.Count)
	}
}

// A robot resumed after a kill puts back the stones its record holds:
// an offer the person had taken off to choose the other (which the
// journal had not caught) is on the board again. The person, seeing
// their choice undone, takes it off again; a person who waited for the
// robot to take in their choice waited for ever.
func TestPersonChoosesAgainWhenUndone(t *testing.T) {
	m, w, eng := rifUntil(t, opening.Choose)
	offers := m.Offers()
	if len(offers) != 2 {
		t.Fatalf("rif offers %v, want two", offers)
	}
	p := seatedPerson(rules.White, eng, m, m.Step().Player)
	// taken returns the offer the person has taken off, if one.
	taken := func() (rules.Point, bool) {
		truth, _ := w.Truth()
		for _, q := range offers {
			if truth.At(q) == rules.Empty {
				return q, true
			}
		}
		return rules.Point{}, false
	}
	stepPerson(t, p, w, 10)
	q, ok := taken()
	if !ok {
		t.Fatalf("the person took neither offer %v off", offers)
	}
	w.Put(rules.Black, q, 0, 0) // the resumed robot puts it back
	stepPerson(t, p, w, 10)
	if again, ok := taken(); !ok || again != q {
		t.Errorf("after the robot put %v back the person took off %v (%v); want %v again", q, again, ok, q)
	}
}

// rifUntil plays a rif opening with an engine on both sides, its stones
// put on a simulated board, until a step allows the action kind.
func rifUntil(t *testing.T, kind opening.ActionKind) (*opening.Machine, *World, *ai.Engine) {
	t.Helper()
	m := newRif(t)
	w := NewWorld(SeedLayout(), 1)
	eng := ai.NewEngine(ai.EngineOptions{Level: 3, Seed: 5, Threads: 1})
	for !slices.Contains(m.Step().Allowed, kind) {
		step := m.Step()
		a, err := eng.OpeningAction(t.Context(), m, step.Player, rules.Renju, rules.ReadingRIF)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Apply(step.Player, a); err != nil {
			t.Fatal(err)
		}
		pts := a.Points
		if a.Kind == opening.Place {
			pts = []rules.Point{a.Point}
		}
		for _, q := range pts {
			w.Put(step.Stone, q, 0, 0)
		}
	}
	return m, w, eng
}

// seatedPerson returns a simulated person of colour c sitting as player
// me in the renju opening m, deciding with eng.
func seatedPerson(c rules.Color, eng *ai.Engine, m *opening.Machine, me opening.Player) *Person {
	p := NewPerson(c, eng, rules.Renju, 9)
	p.Opening = &OpeningSeat{Machine: m, Me: me, Engine: eng, Reading: rules.ReadingRIF, Say: make(chan opening.Action, 1)}
	return p
}

// stepPerson lets p take n steps on w.
func stepPerson(t *testing.T, p *Person, w *World, n int) {
	t.Helper()
	for range n {
		if err := p.Step(t.Context(), w); err != nil {
			t.Fatal(err)
		}
	}
}

// newRif returns a rif opening on a 15x15 board, at its start.
func newRif(t *testing.T) *opening.Machine {
	t.Helper()
	proto, err := opening.ByName("rif")
	if err != nil {
		t.Fatal(err)
	}
	m, err := opening.New(proto, 15)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
