package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/record"
)

// GameConfig is what a game is played under.
type GameConfig struct {
	Size     int
	Rule     rules.Rule
	Reading  rules.Reading
	TurnTime time.Duration // per move; 0 = answer at once
	// WhiteTurnTime, when positive, is White's time per move and TurnTime
	// Black's: time odds, to measure a weaker engine against a stronger one.
	WhiteTurnTime time.Duration
	// Grace is how much longer than a side's time per move a move may
	// take before it loses on time (default 500 ms plus a fifth of the
	// time per move, for process start-up and a busy machine).
	Grace   time.Duration
	Opening []rules.Point // stones placed before the players move, Black first
}

// turnTime is colour c's time per move.
func (gc GameConfig) turnTime(c rules.Color) time.Duration {
	if c == rules.White && gc.WhiteTurnTime > 0 {
		return gc.WhiteTurnTime
	}
	return gc.TurnTime
}

// grace is how long colour c's move may overrun its time.
func (gc GameConfig) grace(c rules.Color) time.Duration {
	if gc.Grace > 0 {
		return gc.Grace
	}
	return 500*time.Millisecond + gc.turnTime(c)/5
}

// MoveEvent reports one move as it is played.
type MoveEvent struct {
	N      int // the move's number, from 1 (opening stones included)
	Color  rules.Color
	Point  rules.Point
	Player string        // "" for an opening stone
	Result ai.Result     // the player's answer (zero for an opening stone)
	Time   time.Duration // the time it took
}

// GameResult is how a game went.
type GameResult struct {
	Black, White string
	Winner       rules.Color // Empty for a draw
	// Reason is "five", "forbidden:<kind>", "full board", or why a player
	// lost by default: "time", "crash", "illegal move".
	Reason string
	// Detail explains a loss by default (the player's error, the move).
	Detail string
	Record *record.Record
}

func (r GameResult) String() string {
	s := "draw"
	switch r.Winner {
	case rules.Black:
		s = "1-0"
	case rules.White:
		s = "0-1"
	}
	s = fmt.Sprintf("%s (black) vs %s (white): %s by %s", r.Black, r.White, s, r.Reason)
	if r.Record != nil {
		s += fmt.Sprintf(" after %d moves", len(r.Record.Moves))
	}
	if r.Detail != "" {
		s += ": " + r.Detail
	}
	return s
}

// PlayGame plays one game between black and white, judged by the rules
// referee with automatic claims. onMove (may be nil) sees every move as it
// is made. An error means the game could not be played (a bad opening, ctx
// cancelled); a player's failure is a lost game, not an error.
func PlayGame(ctx context.Context, black, white ai.Player, gc GameConfig, onMove func(MoveEvent)) (GameResult, error) {
	g, err := rules.NewGame(gc.Size, gc.Rule, gc.Reading)
	if err != nil {
		return GameResult{}, err
	}
	g.SetAutoClaim(true)
	var res GameResult
	rec := &record.Record{Size: gc.Size, Rule: gc.Rule, Date: time.Now().UTC().Format("2006-01-02")}
	pos := ai.Position{Size: gc.Size, Rule: gc.Rule, Reading: gc.Reading, ToMove: rules.Black}
	play := func(p rules.Point, player string, r ai.Result, took time.Duration) (rules.Event, error) {
		c := g.ToMove()
		ev, err := g.Play(c, p)
		if err != nil {
			return ev, err
		}
		rec.Moves = append(rec.Moves, record.Move{Color: c, Point: p, Time: took})
		if !p.IsPass() { // a pass (legal under RIF rules) leaves no stone
			pos.Stones = append(pos.Stones, ai.Stone{P: p, C: c})
		}
		pos.ToMove = c.Opponent()
		if onMove != nil {
			onMove(MoveEvent{N: ev.Move, Color: c, Point: p, Player: player, Result: r, Time: took})
		}
		return ev, nil
	}
	for i, p := range gc.Opening {
		ev, err := play(p, "", ai.Result{}, 0)
		if err != nil {
			return res, fmt.Errorf("opening move %d: %w", i+1, err)
		}
		if ev.Outcome.Over {
			return res, fmt.Errorf("the opening ends the game at move %d (%v)", i+1, ev.Outcome)
		}
	}
	for !g.Over() {
		c := g.ToMove()
		player := black
		if c == rules.White {
			player = white
		}
		if onlyForbidden(g, c) {
			if _, err := play(rules.Pass, player.Name(), ai.Result{Move: rules.Pass}, 0); err != nil {
				return res, fmt.Errorf("pass for %v with only forbidden points left: %w", c, err)
			}
			continue
		}
		turn := gc.turnTime(c)
		limit := turn + gc.grace(c)
		lim := ai.Limits{TurnTime: turn}
		tctx, cancel := context.WithTimeout(ctx, limit)
		start := time.Now()
		r, err := player.Think(tctx, pos, lim, nil)
		took := time.Since(start)
		cancel()
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		switch {
		case err != nil && (errors.Is(err, context.DeadlineExceeded) || took > limit):
			res.lose(g, c, "time", fmt.Sprintf("%s took %v: %v", player.Name(), took.Round(time.Millisecond), err))
		case err != nil:
			res.lose(g, c, "crash", fmt.Sprintf("%s: %v", player.Name(), err))
		case took > limit:
			res.lose(g, c, "time", fmt.Sprintf("%s took %v for move %d (limit %v)", player.Name(), took.Round(time.Millisecond), len(rec.Moves)+1, turn))
		}
		if g.Over() {
			break
		}
		if _, err := play(r.Move, player.Name(), r, took); err != nil {
			res.lose(g, c, "illegal move", fmt.Sprintf("%s: %v", player.Name(), err))
		}
	}
	// Names are read last: an external brain's comes with its first answer.
	res.Black, res.White = black.Name(), white.Name()
	o := g.Outcome()
	res.Winner = o.Winner
	if res.Reason == "" {
		res.Reason = o.Code()
	}
	rec.Black, rec.White = res.Black, res.White
	rec.Result = record.Result{Winner: o.Winner, Draw: o.Winner == rules.Empty}
	switch res.Reason {
	case "time":
		rec.Result.Reason = record.ReasonTime
	case "crash", "illegal move":
		rec.Result.Reason = record.ReasonForfeit
	}
	res.Record = rec
	rec.Comment = res.String()
	return res, nil
}

// onlyForbidden reports whether every empty point is forbidden to c (Black
// under renju on a board all but full). A pass is its only move (RIF), so
// the runner makes it rather than ask a question no engine can answer: ours
// says "no legal move left", and waiting for a brain's move lost on time.
func onlyForbidden(g *rules.Game, c rules.Color) bool {
	if g.Rule() != rules.Renju || c != rules.Black {
		return false
	}
	b := g.Board()
	for y := 0; y < b.Size(); y++ {
		for x := 0; x < b.Size(); x++ {
			p := rules.Point{X: x, Y: y}
			if b.At(p) == rules.Empty && b.Forbidden(p, g.Reading()) == rules.NotForbidden {
				return false
			}
		}
	}
	return true
}

// lose ends the game against c by default.
func (r *GameResult) lose(g *rules.Game, c rules.Color, reason, detail string) {
	if reason == "time" {
		_ = g.Timeout(c)
	} else {
		_ = g.Resign(c) // the referee's way to end a game against c
	}
	r.Reason, r.Detail = reason, detail
}
