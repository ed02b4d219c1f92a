package referee_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"tengen/referee"
	"tengen/rules"
	"tengen/sim"
)

// Under ClaimByPlayer Tengen only announces a forbidden move; an overline
// stays claimable, and White's later claim wins.
func TestOverlineClaimedLater(t *testing.T) {
	tb := newTable(t, tableOptions{rule: rules.Renju, black: "h3 h4 h5 h7 h8 h6", white: "a1 a3 a5 a7 a9 a11", claimByPlayer: true})
	tb.script.Steps = []sim.ScriptStep{{When: func(*sim.World) bool { return len(tb.ref.Game.Moves()) == 12 }, Do: func(*sim.World) {
		tb.send(referee.Signal{Kind: referee.Claim, Color: rules.White})
	}}}
	out := tb.run()
	if out.Reason != rules.ForbiddenMove || out.Kind != rules.Overline || out.Move != 11 || out.Winner != rules.White {
		t.Fatalf("outcome %v\n%s", out, tb.transcript())
	}
	if len(tb.ref.Game.Moves()) != 12 {
		t.Errorf("%d moves, want 12: White played on before claiming", len(tb.ref.Game.Moves()))
	}
	if f := tb.events(referee.EventForbidden); len(f) != 1 || f[0].Move != 11 || f[0].Detail != "overline" {
		t.Errorf("forbidden entries %+v", f)
	}
	if c := tb.events(referee.EventClaim); len(c) != 1 {
		t.Errorf("claim entries %+v", c)
	}
}

// With clock buttons each move's time runs until its player presses, and
// the clock's remaining time is the main time less the moves' times.
func TestClockButtons(t *testing.T) {
	tb := newTable(t, tableOptions{rule: rules.Renju, black: "h8 i8 j9 j10 j8", white: "a1 a3 a5 a7", clock: "10m", buttons: true})
	p := &presser{tb: tb, delay: 1}
	tb.stage.Actors = append(tb.stage.Actors, p)
	// Black presses before moving: refused.
	tb.send(referee.Signal{Kind: referee.Press, Color: rules.Black})
	out := tb.run()
	if out.Reason != rules.ForbiddenMove {
		t.Fatalf("outcome %v\n%s", out, tb.transcript())
	}
	if r := tb.events(referee.EventRefused); len(r) != 1 {
		t.Errorf("refusals %+v, want the early press", r)
	}
	presses := tb.events(referee.EventPress)
	if len(presses) != 8 { // the last move ends the game before its press
		t.Errorf("%d presses, want 8\n%s", len(presses), tb.transcript())
	}
	rec := tb.ref.Record()
	var used [3]time.Duration
	for i, m := range rec.Moves {
		used[m.Color] += m.Time
		if m.Time < tb.stage.Frame {
			t.Errorf("move %d took %v, less than the press delay", i+1, m.Time)
		}
	}
	for _, c := range []rules.Color{rules.Black, rules.White} {
		if left := tb.ref.Clock.Remaining(c); left != 10*time.Minute-used[c] {
			t.Errorf("%s has %v left, want 10m less %v", c, left, used[c])
		}
	}
}

// presser presses the clock for the player who just moved, delay frames
// after Tengen recorded the move.
type presser struct {
	tb     *table
	delay  int
	forget int // a move whose player forgets the clock
	seen   int
	wait   int
}

func (p *presser) Step(context.Context, *sim.World) error {
	n := len(p.tb.ref.Game.Moves())
	if n > p.seen {
		p.seen, p.wait = n, p.delay
		return nil
	}
	if p.wait > 0 {
		p.wait--
		if p.wait == 0 && n != p.forget {
			c := p.tb.ref.Game.Moves()[n-1].C
			p.tb.send(referee.Signal{Kind: referee.Press, Color: c})
		}
	}
	return nil
}

// A player who does not move loses on time.
func TestTimeout(t *testing.T) {
	tb := newTable(t, tableOptions{rule: rules.Freestyle, black: "h8", clock: "3s"})
	out := tb.run()
	if out.Reason != rules.Time || out.Winner != rules.Black {
		t.Fatalf("outcome %v\n%s", out, tb.transcript())
	}
	if e := tb.events(referee.EventTime); len(e) != 1 || e[0].Color != "white" {
		t.Errorf("time entries %+v", e)
	}
	if got := tb.stage.Now().Sub(start); got < 3*time.Second {
		t.Errorf("the flag fell after %v of play", got)
	}
}

// A player who forgets the clock has it pressed for them when the
// opponent's stone is seen: their time ran until then.
func TestClockForgotten(t *testing.T) {
	tb := newTable(t, tableOptions{rule: rules.Renju, black: "h8 i8 j9 j10 j8", white: "a1 a3 a5 a7", clock: "10m", buttons: true})
	tb.stage.Actors = append(tb.stage.Actors, &presser{tb: tb, delay: 1, forget: 3})
	if out := tb.run(); out.Reason != rules.ForbiddenMove {
		t.Fatalf("outcome %v", out)
	}
	forgot := 0
	for _, e := range tb.events(referee.EventPress) {
		if e.Detail != "" {
			forgot++
			if e.Color != "black" || !strings.Contains(e.Detail, "forgot") {
				t.Errorf("press %+v", e)
			}
		}
	}
	if forgot != 1 {
		t.Errorf("%d presses made for a player, want 1", forgot)
	}
	rec := tb.ref.Record()
	var used [3]time.Duration
	for _, m := range rec.Moves {
		used[m.Color] += m.Time
	}
	if rec.Moves[2].Time <= rec.Moves[0].Time {
		t.Errorf("move 3 took %v: its time should run until White's stone was seen", rec.Moves[2].Time)
	}
	for _, c := range []rules.Color{rules.Black, rules.White} {
		if left := tb.ref.Clock.Remaining(c); left != 10*time.Minute-used[c] {
			t.Errorf("%s has %v left, want 10m less %v", c, left, used[c])
		}
	}
}
