package referee_test

import (
	"context"
	"strings"
	"testing"

	"tengen/referee"
	"tengen/rules"
	"tengen/sim"
)

// Each fault at the table is seen, said, logged with its evidence, and
// play goes on once the board is put right; the game and its record are
// unchanged by it.
func TestFaults(t *testing.T) {
	const black, white = "h8 i8 j9 j10 j8", "a1 a3 a5 a7"
	after := func(tb *table, n int) func(*sim.World) bool {
		return func(*sim.World) bool { return len(tb.ref.Game.Moves()) == n && !tb.stopped() }
	}
	heard := func(tb *table, key string) func(*sim.World) bool {
		return func(*sim.World) bool { return tb.heard(key) }
	}
	for _, tc := range []struct {
		name  string
		event string
		point string
		text  string
		steps func(tb *table) []sim.ScriptStep
	}{
		{"two moves in a row", referee.EventTwoInARow, "c3", "Black moved twice in a row", func(tb *table) []sim.ScriptStep {
			return []sim.ScriptStep{
				{When: after(tb, 3), Reach: 2, Do: sim.PutStone(rules.Black, pt("c3"))},
				{When: heard(tb, "two-in-a-row"), Reach: 2, Do: func(w *sim.World) { w.LiftStone(pt("c3")) }},
			}
		}},
		{"stone on an occupied point", referee.EventOccupied, "a3", "laid on a3, which is taken", func(tb *table) []sim.ScriptStep {
			return []sim.ScriptStep{
				{When: after(tb, 4), Reach: 2, Do: sim.PutStone(rules.Black, pt("a3"))},
				// The black stone comes off the white one: both are
				// lifted and the white one is laid back.
				{When: heard(tb, "occupied"), Reach: 2, Do: func(w *sim.World) {
					w.LiftStone(pt("a3"))
					w.LiftStone(pt("a3"))
					w.Put(rules.White, pt("a3"), 0, 0)
				}},
			}
		}},
		{"a played stone picked up", referee.EventLifted, "i8", "cannot be picked up: the move stands on i8", func(tb *table) []sim.ScriptStep {
			return []sim.ScriptStep{
				{When: after(tb, 3), Reach: 2, Do: func(w *sim.World) { w.LiftStone(pt("i8")) }},
				{When: heard(tb, "lifted-move"), Reach: 2, Do: sim.PutStone(rules.Black, pt("i8"))},
			}
		}},
		{"a pushed stone", referee.EventPushed, "h8", "The black stone on h8 was pushed to g7", func(tb *table) []sim.ScriptStep {
			return []sim.ScriptStep{
				{When: after(tb, 4), Reach: 2, Do: func(w *sim.World) { w.MoveStone(pt("h8"), pt("g7"), 0, 0) }},
				{When: heard(tb, "pushed"), Reach: 2, Do: func(w *sim.World) { w.MoveStone(pt("g7"), pt("h8"), 0, 0) }},
			}
		}},
		{"two stones at once", referee.EventExtra, "", "I see 2 new stones", func(tb *table) []sim.ScriptStep {
			return []sim.ScriptStep{
				{When: after(tb, 4), Reach: 2, Do: func(w *sim.World) {
					w.Put(rules.Black, pt("m12"), 0, 0)
					w.Put(rules.Black, pt("m13"), 0, 0)
				}},
				{When: heard(tb, "extra"), Reach: 2, Do: func(w *sim.World) {
					w.LiftStone(pt("m12"))
					w.LiftStone(pt("m13"))
				}},
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(t, tableOptions{rule: rules.Renju, black: black, white: white})
			tb.script.Steps = tc.steps(tb)
			out := tb.run()
			if out.Reason != rules.ForbiddenMove || out.Move != 9 {
				t.Errorf("outcome %v\n%s", out, tb.transcript())
			}
			if got := rules.FormatPoints(pointsOf(tb.ref.Game.Moves())); got != "h8 a1 i8 a3 j9 a5 j10 a7 j8" {
				t.Errorf("moves %s\n%s", got, tb.transcript())
			}
			es := tb.events(tc.event)
			if len(es) != 1 {
				t.Fatalf("%d %q entries in the log, want 1\n%s", len(es), tc.event, tb.transcript())
			}
			if es[0].Point != tc.point || es[0].Evidence == "" || !strings.Contains(es[0].Detail, tc.text) {
				t.Errorf("log entry %+v: want point %q, evidence, and %q", es[0], tc.point, tc.text)
			}
			if len(tb.events(referee.EventRestored)) != 1 {
				t.Errorf("the put-right board was not noted\n%s", tb.transcript())
			}
			if !tb.script.Done() {
				t.Errorf("the script did not run to its end")
			}
		})
	}
}

// Without an arm, Tengen shows people the knocked board's stones one at a
// time and waits for each to be seen in place.
func TestGuidedRebuild(t *testing.T) {
	tb := newTable(t, tableOptions{rule: rules.Renju, black: "h8 i8 j9 j10 j8", white: "a1 a3 a5 a7"})
	knocked := false
	tb.script.Steps = []sim.ScriptStep{{When: func(*sim.World) bool { return len(tb.ref.Game.Moves()) == 6 && !tb.stopped() }, Do: func(w *sim.World) {
		moved, fell := w.Knock(3, pt("i9"), 0, 2, 0.25)
		knocked = moved+fell >= 3
	}}}
	// The players follow each step Tengen shows.
	helper := &follower{tb: tb}
	tb.stage.Actors = append(tb.stage.Actors, helper)
	out := tb.run()
	if !knocked {
		t.Fatal("the knock moved fewer than 3 stones")
	}
	if out.Reason != rules.ForbiddenMove || out.Move != 9 {
		t.Errorf("outcome %v\n%s", out, tb.transcript())
	}
	if helper.done < 3 {
		t.Errorf("the players did %d steps, want at least 3\n%s", helper.done, tb.transcript())
	}
	tr := tb.transcript()
	shown := strings.Count(tr, "fix-remove:") + strings.Count(tr, "fix-move:") + strings.Count(tr, "fix-add:")
	if shown != helper.done {
		t.Errorf("%d steps shown, %d done: each step should be shown once, when the last is seen done\n%s", shown, helper.done, tb.transcript())
	}
	restored := tb.events(referee.EventRestored)
	if len(restored) != 1 || len(restored[0].Points) != helper.done {
		t.Errorf("restored entries %+v, want one listing %d steps", restored, helper.done)
	}
	truth, _ := tb.robot.World.Truth()
	if f := referee.Examine(tb.ref.Game.Board(), truth); !f.Clean() {
		t.Errorf("the board differs from the record: %v", f)
	}
}

// follower is the players doing the rebuilding step Tengen shows.
type follower struct {
	tb    *table
	reach int
	step  referee.Step
	done  int
}

func (f *follower) Step(_ context.Context, w *sim.World) error {
	if f.reach > 0 {
		f.reach--
		if f.reach == 0 {
			w.SetHand(nil)
			switch s := f.step; s.Kind {
			case referee.Remove:
				w.LiftStone(s.From)
			case referee.Move:
				w.MoveStone(s.From, s.To, 0.5, 0.5)
			case referee.Add:
				w.Put(s.C, s.To, 0, 0)
			}
			f.done++
		}
		return nil
	}
	st := f.tb.ref.State()
	if len(st.Restore) == 1 && st.Restore[0] != f.step && w.HandOver() == nil {
		f.step, f.reach = st.Restore[0], 3
		w.SetHand(&sim.Hand{Radius: 60})
	}
	return nil
}
