package referee_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tengen/referee"
	"tengen/rules"
	"tengen/rules/record"
	"tengen/sim"
)

// The scripted game: White's stone is pushed and put back, the
// board is knocked and the arm rebuilds it, and Black's ninth move is a
// double three, which Tengen claims at once.
func TestScriptedGame(t *testing.T) {
	tb := newTable(t, tableOptions{rule: rules.Renju, black: "h8 i8 j9 j10 j8", white: "a1 a3 a5 a7", clock: "10m", arm: true})
	a3, a4 := pt("a3"), pt("a4")
	moves := func(n int) func(*sim.World) bool {
		return func(*sim.World) bool { return len(tb.ref.Game.Moves()) >= n && !tb.stopped() }
	}
	tb.script.Steps = []sim.ScriptStep{
		// A sleeve pushes White's a3 onto a4 once move 4 is recorded …
		{When: moves(4), Reach: 2, Do: func(w *sim.World) { w.MoveStone(a3, a4, 1, 1) }},
		// … and White puts it back once Tengen has said so.
		{When: func(*sim.World) bool { return tb.heard("pushed-move") }, Reach: 3, Do: func(w *sim.World) { w.MoveStone(a4, a3, 0, 0) }},
		// After move 6 someone bumps the table.
		{When: moves(6), Do: func(w *sim.World) {
			moved, fell := w.Knock(7, pt("i9"), 6, 2, 0.2)
			if moved+fell < 3 {
				t.Errorf("the knock moved %d and dropped %d stones; want a scattered board", moved, fell)
			}
		}},
	}
	var recorded []int
	tb.ref.Recorded = func(r *record.Record) { recorded = append(recorded, len(r.Moves)) }
	out := tb.run()
	if fmt.Sprint(recorded) != "[1 2 3 4 5 6 7 8 9 9]" {
		t.Errorf("records handed out with %v moves; want one after every move and one at the end", recorded)
	}
	if !out.Over || out.Reason != rules.ForbiddenMove || out.Winner != rules.White || out.Move != 9 || out.Kind != rules.DoubleThree {
		t.Fatalf("outcome %v, want White wins by Black's double three at move 9\n%s", out, tb.transcript())
	}
	// The record: every move, in order, with times from the clock.
	if got := rules.FormatPoints(pointsOf(tb.ref.Game.Moves())); got != "h8 a1 i8 a3 j9 a5 j10 a7 j8" {
		t.Errorf("moves %s", got)
	}
	// The time of the faults and of the rebuilding counts for nobody.
	rec := tb.ref.Record()
	var used [3]time.Duration
	for i, m := range rec.Moves {
		if m.Time <= 0 {
			t.Errorf("move %d has no time", i+1)
		}
		used[m.Color] += m.Time
	}
	for _, c := range []rules.Color{rules.Black, rules.White} {
		if left := tb.ref.Clock.Remaining(c); left != 10*time.Minute-used[c] {
			t.Errorf("%s has %v left, want 10m less %v", c, left, used[c])
		}
	}
	// The log: the push, the knock and the rebuild, the forbidden move,
	// each fault with its evidence frame saved beside the log.
	for _, ev := range []string{referee.EventPushed, referee.EventScattered, referee.EventRestored, referee.EventConfirmed, referee.EventForbidden, referee.EventClaim} {
		es := tb.events(ev)
		if len(es) == 0 {
			t.Errorf("no %q in the log\n%s", ev, tb.transcript())
		}
		for _, e := range es {
			if e.Evidence == "" {
				continue
			}
			if fi, err := os.Stat(filepath.Join(tb.dir, e.Evidence)); err != nil || fi.Size() == 0 {
				t.Errorf("%s: evidence %s: %v", ev, e.Evidence, err)
			}
		}
	}
	if e := tb.events(referee.EventPushed); len(e) > 0 && (e[0].Point != "a3" || e[0].Evidence == "") {
		t.Errorf("pushed entry %+v: want a3 with evidence", e[0])
	}
	if e := tb.events(referee.EventForbidden); len(e) > 0 && (e[0].Point != "j8" || e[0].Detail != "double-three" || e[0].Evidence == "") {
		t.Errorf("forbidden entry %+v", e[0])
	}
	// The rebuilt board is the record, stone for stone, and the arm's
	// stones sit on their points.
	truth, off := tb.robot.World.Truth()
	want := tb.ref.Game.Board()
	if f := referee.Examine(want, truth); !f.Clean() || len(off) > 0 {
		t.Errorf("the board at the end differs from the record: %v; off the grid %v", f, off)
	}
	if tb.ref.Clock.Moves(rules.Black) != 5 || tb.ref.Clock.Moves(rules.White) != 4 {
		t.Errorf("clock moves %d/%d, want 5/4", tb.ref.Clock.Moves(rules.Black), tb.ref.Clock.Moves(rules.White))
	}
	// Both records are written.
	sgf, err := record.WriteSGF(rec)
	if err != nil || !strings.Contains(string(sgf), "RE[W+forbidden:double-three]") {
		t.Errorf("SGF %s: %v", sgf, err)
	}
	zh, err := record.WriteChinese(rec)
	if err != nil || !strings.Contains(string(zh), "① H8  2 A1  ③ I8") || !strings.Contains(string(zh), "⑨ J8") {
		t.Errorf("Chinese record %s: %v", zh, err)
	}
}

func pt(s string) rules.Point {
	p, err := rules.ParsePoint(s, 15)
	if err != nil {
		panic(err)
	}
	return p
}

func pointsOf(ms []rules.Move) []rules.Point {
	out := make([]rules.Point, len(ms))
	for i, m := range ms {
		out[i] = m.P
	}
	return out
}
