package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"tengen/ai/match"
	"tengen/rules"
)

func init() {
	addCommand("", &command{
		name:    "selfplay",
		summary: "play a game engine against engine in the terminal and print its record",
		usage:   "[flags]",
		flags:   selfplayFlags,
	})
}

func selfplayFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	var rf gameFlags
	rf.add(fs)
	level := fs.Int("level", 10, "engine level, 1 (beginner) to 10 (full strength)")
	seed := fs.Int64("seed", 1, "seed for the players' random choices")
	moveTime := fs.Int("time", 100, "time per move in milliseconds")
	black := fs.String("black", "", "Black player spec (default: the engine at --level)")
	white := fs.String("white", "", "White player spec (default: the engine at --level)")
	out := fs.String("out", "", "directory for the game's SGF and PSQ files (default: a new temporary directory)")
	return func(sio *stdio, args []string) error {
		if len(args) > 0 {
			return usageError("unexpected argument %q", args[0])
		}
		rule, reading, err := rf.parse()
		if err != nil {
			return err
		}
		if *level < 1 || *level > 10 {
			return usageError("--level must be 1 to 10")
		}
		if *moveTime < 0 {
			return usageError("--time must not be negative")
		}
		var players [2]match.Spec
		for i, s := range []string{*black, *white} {
			if s == "" {
				s = engineSpec(*level)
			}
			if players[i], err = match.ParseSpec(s); err != nil {
				return usageError("--%s: %v", []string{"black", "white"}[i], err)
			}
		}
		b, err := players[0].New(*seed, nil)
		if err != nil {
			return err
		}
		defer match.ClosePlayer(b)
		w, err := players[1].New(*seed+1, nil)
		if err != nil {
			return err
		}
		defer match.ClosePlayer(w)

		fmt.Fprintf(sio.out, "%s %dx%d: %s (black) vs %s (white), %d ms a move\n", rule, rf.size, rf.size, players[0], players[1], *moveTime)
		// A demonstration, not a match: a move slowed by a busy machine
		// gets seconds of grace rather than losing the game on time.
		gc := match.GameConfig{Size: rf.size, Rule: rule, Reading: reading, TurnTime: time.Duration(*moveTime) * time.Millisecond, Grace: 5 * time.Second}
		ctx, stop := interruptContext()
		defer stop()
		res, err := match.PlayGame(ctx, b, w, gc, func(e match.MoveEvent) {
			fmt.Fprintf(sio.out, "%4d. %-5s %-4v (%s)\n", e.N, e.Color, e.Point, describeMove(e.Result.Depth, e.Result.Score, e.Result.Nodes, e.Time))
		})
		if err != nil {
			return err
		}
		board := rules.MustBoard(rf.size)
		for _, m := range res.Record.Moves {
			if !m.Point.IsPass() {
				board.Set(m.Point, m.Color)
			}
		}
		fmt.Fprintf(sio.out, "\n%s\n", board)
		fmt.Fprintf(sio.out, "record: %s\n", rules.FormatPoints(res.Record.Points()))
		dir := *out
		if dir == "" {
			if dir, err = os.MkdirTemp("", "tengen-selfplay-"); err != nil {
				return err
			}
		} else if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		files, err := match.WriteRecord(dir, "game", res.Record)
		if err != nil {
			return err
		}
		for _, f := range files {
			fmt.Fprintf(sio.out, "written: %s\n", f)
		}
		fmt.Fprintf(sio.out, "result: %s\n", gameResultLine(res))
		return nil
	}
}

// engineSpec is the player spec of Tengen's engine at a level.
func engineSpec(level int) string { return fmt.Sprintf("tengen:level=%d", level) }

// gameResultLine says who won and how.
func gameResultLine(r match.GameResult) string {
	s := "draw by " + r.Reason
	switch r.Winner {
	case rules.Black:
		s = fmt.Sprintf("black (%s) wins by %s", r.Black, r.Reason)
	case rules.White:
		s = fmt.Sprintf("white (%s) wins by %s", r.White, r.Reason)
	}
	if r.Detail != "" {
		s += " (" + r.Detail + ")"
	}
	return s
}

// describeMove is a one-line account of a player's search for a move.
func describeMove(depth, score int, nodes int64, took time.Duration) string {
	if took == 0 && depth == 0 {
		return "opening"
	}
	var parts []string
	if depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", depth), fmt.Sprintf("score %d", score))
	}
	if nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", nodes))
	}
	parts = append(parts, took.Round(time.Millisecond).String())
	return strings.Join(parts, ", ")
}
