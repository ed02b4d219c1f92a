package referee_test

import (
	"context"
	"strings"
	"testing"

	"tengen/referee"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/sim"
)

// act is one thing the players do during an opening: lay or lift stones
// (in one reach over the board) or press or declare on the panel.
type act struct {
	put    string // "b h8 w h9": stones to lay
	lift   string // points to clear
	signal *referee.Signal
	await  string // wait until Tengen has said this key
}

// players carry out acts one after another, each once Tengen has
// answered the one before.
type players struct {
	tb    *table
	acts  []act
	i     int
	mark  int
	reach int
}

func (p *players) Step(_ context.Context, w *sim.World) error {
	if p.reach > 0 {
		p.reach--
		if p.reach == 0 {
			w.SetHand(nil)
			a := p.acts[p.i]
			for _, q := range strings.Fields(a.lift) {
				w.LiftStone(pt(q))
			}
			f := strings.Fields(a.put)
			for j := 0; j+1 < len(f); j += 2 {
				c := rules.Black
				if f[j] == "w" {
					c = rules.White
				}
				w.Put(c, pt(f[j+1]), 0.5, 0)
			}
			p.done()
		}
		return nil
	}
	if p.i >= len(p.acts) || p.said() <= p.mark || w.HandOver() != nil || p.acts[p.i].await != "" && !p.tb.heard(p.acts[p.i].await) {
		return nil
	}
	if s := p.acts[p.i].signal; s != nil {
		p.tb.send(*s)
		p.done()
		return nil
	}
	p.reach = 2
	w.SetHand(&sim.Hand{Radius: 60})
	return nil
}

func (p *players) said() int {
	p.tb.mu.Lock()
	defer p.tb.mu.Unlock()
	return len(p.tb.said)
}

func (p *players) done() {
	p.i++
	p.mark = p.said()
}

func sig(k referee.SignalKind, by opening.Player) act {
	return act{signal: &referee.Signal{Kind: k, Player: by}}
}

func resign(c rules.Color) act {
	return act{signal: &referee.Signal{Kind: referee.Resign, Color: c}}
}

// Every opening protocol refereed from the board and the panel: stones
// laid in their regions, swaps and declarations, offers checked for
// symmetry, the choice made by taking the other offers off.
func TestOpenings(t *testing.T) {
	first, second := opening.First, opening.Second
	declare := func(by opening.Player, n int) act {
		return act{signal: &referee.Signal{Kind: referee.Declare, Player: by, N: n}}
	}
	for _, tc := range []struct {
		proto   string
		acts    []act
		moves   string
		black   string // who plays Black in the main game
		refused string // a refusal that must be logged on the way
	}{
		{"rif", []act{
			{put: "b h8"}, {put: "w h9"}, {put: "b h10"}, sig(referee.Swap, second), {put: "w h11"},
			{put: "b g12 b i12"},       // mirror images across the h file: refused
			{lift: "i12", put: "b j7"}, // changed: accepted
			{lift: "g12"},              // White takes g12 off: j7 is chosen
			resign(rules.White),
		}, "h8 h9 h10 h11 j7", "Bob", "symmetric"},
		{"rif", []act{
			{put: "b a1"}, // Black 1 must be on the centre: refused
			{lift: "a1", put: "b h8"}, {put: "w i9"}, {put: "b j10"}, sig(referee.Keep, second), {put: "w g9"},
			{put: "b k9 b f8"}, {lift: "f8"}, resign(rules.White),
		}, "h8 i9 j10 g9 k9", "Ann", "must be on the centre"},
		{"yamaguchi", []act{
			{put: "b h8"}, {put: "w h9"}, {put: "b h10"}, declare(first, 3), sig(referee.Keep, second), {put: "w h11"},
			{put: "b g12 b j7 b l10"}, {lift: "g12 l10"}, resign(rules.White),
		}, "h8 h9 h10 h11 j7", "Ann", ""},
		{"yamaguchi", []act{
			{put: "b h8"}, {put: "w i9"}, {put: "b j8"}, declare(first, 2), sig(referee.Swap, second), {put: "w f6"},
			{put: "b k10 b g7"},
			{signal: &referee.Signal{Kind: referee.Choose, Player: first, Point: pt("g7")}}, // chosen on the panel …
			{lift: "k10", await: "take-offers"},                                             // … the other offer comes off when asked
			resign(rules.White),
		}, "h8 i9 j8 f6 g7", "Bob", ""},
		{"soosorv", []act{
			{put: "b h8"}, {put: "w h9"}, {put: "b h10"}, sig(referee.Keep, second), {put: "w h11"},
			declare(first, 1), // White declares, and White is the second player: refused
			declare(second, 1), sig(referee.Swap, first), {put: "b j7"},
			{signal: &referee.Signal{Kind: referee.Choose, Player: first, Point: pt("j7")}},
			resign(rules.White),
		}, "h8 h9 h10 h11 j7", "Bob", "not this player's turn"},
		{"taraguchi", []act{
			{put: "b h8"}, sig(referee.Keep, second), {put: "w h9"}, sig(referee.Keep, first), {put: "b h10"},
			sig(referee.Keep, second), {put: "w h11"},
			{put: "b j7 b j12 b k9 b l10 b m5"}, {lift: "j7 j12 l10 m5"}, resign(rules.White),
		}, "h8 h9 h10 h11 k9", "Ann", ""},
		{"swap2", []act{
			{put: "b c3"}, {put: "w d4"}, {put: "b m12"}, {put: "w k11"}, {put: "b g7"}, sig(referee.Swap, first),
			resign(rules.White),
		}, "c3 d4 m12 k11 g7", "Bob", ""},
	} {
		t.Run(tc.proto, func(t *testing.T) {
			tb := newTable(t, tableOptions{rule: rules.Renju, opening: tc.proto, clock: "5m"})
			if tc.proto == "swap2" {
				tb.ref.Game, _ = rules.NewGame(15, rules.Freestyle, rules.ReadingRIF)
			}
			p := &players{tb: tb, acts: tc.acts, mark: -1}
			tb.stage.Actors = append(tb.stage.Actors, p)
			out := tb.run()
			if p.i != len(tc.acts) {
				t.Fatalf("the players stopped at act %d of %d\n%s", p.i, len(tc.acts), tb.transcript())
			}
			if out.Reason != rules.Resignation || out.Winner != rules.Black {
				t.Errorf("outcome %v", out)
			}
			if got := rules.FormatPoints(pointsOf(tb.ref.Game.Moves())); got != tc.moves {
				t.Errorf("moves %s, want %s\n%s", got, tc.moves, tb.transcript())
			}
			rec := tb.ref.Record()
			if rec.Black != tc.black || rec.Opening != tb.ref.Opening.Protocol().Name() {
				t.Errorf("record: black %q opening %q, want %q", rec.Black, rec.Opening, tc.black)
			}
			refused := tb.events(referee.EventRefused)
			if tc.refused == "" && len(refused) > 0 {
				t.Errorf("unexpected refusals %+v", refused)
			}
			if tc.refused != "" && (len(refused) != 1 || !strings.Contains(refused[0].Detail, tc.refused)) {
				t.Errorf("refusals %+v, want one containing %q\n%s", refused, tc.refused, tb.transcript())
			}
			if n := len(tb.events(referee.EventOpening)); n < 5 {
				t.Errorf("%d opening entries in the log", n)
			}
			if tb.ref.Clock.Turn() != rules.White || !tb.ref.Clock.Running() && !tb.ref.Game.Over() {
				t.Errorf("the clock should run for White's move 6")
			}
		})
	}
}

// White takes the other offer off and lays the sixth stone in one reach:
// the choice is taken, then the stone as White's move.
func TestChoiceAndSixthMoveTogether(t *testing.T) {
	tb := newTable(t, tableOptions{rule: rules.Renju, opening: "rif", clock: "5m"})
	p := &players{tb: tb, mark: -1, acts: []act{
		{put: "b h8"}, {put: "w h9"}, {put: "b h10"}, sig(referee.Keep, opening.Second), {put: "w h11"},
		{put: "b k9 b f8"}, {lift: "f8", put: "w g9"}, resign(rules.Black),
	}}
	tb.stage.Actors = append(tb.stage.Actors, p)
	out := tb.run()
	if p.i != len(p.acts) {
		t.Fatalf("the players stopped at act %d of %d\n%s", p.i, len(p.acts), tb.transcript())
	}
	if out.Reason != rules.Resignation || out.Winner != rules.White {
		t.Errorf("outcome %v", out)
	}
	if got := rules.FormatPoints(pointsOf(tb.ref.Game.Moves())); got != "h8 h9 h10 h11 k9 g9" {
		t.Errorf("moves %s, want h8 h9 h10 h11 k9 g9\n%s", got, tb.transcript())
	}
	if refused := tb.events(referee.EventRefused); len(refused) > 0 {
		t.Errorf("refusals %+v\n%s", refused, tb.transcript())
	}
}
