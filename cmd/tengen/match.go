package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"sync"
	"time"

	"tengen/ai/match"
	"tengen/rules"
	"tengen/rules/opening"
)

func init() {
	addCommand("", &command{
		name:    "match",
		summary: "play a match between two engines and estimate their Elo difference",
		usage:   "--engine1 SPEC --engine2 SPEC [flags]",
		flags:   matchFlags,
	})
}

// gameFlags are the flags every game-playing command shares.
type gameFlags struct {
	rule, reading string
	size          int
}

func (rf *gameFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&rf.rule, "rule", "renju", "rule set: freestyle, standard, renju or caro")
	fs.StringVar(&rf.reading, "reading", "rif", "renju reading of a three whose four point also makes five: rif or gomocup")
	fs.IntVar(&rf.size, "size", rules.DefaultSize, "board size")
}

func (rf *gameFlags) parse() (rules.Rule, rules.Reading, error) {
	r, err := rules.ParseRule(rf.rule)
	if err != nil {
		return 0, 0, usageError("--rule: %v", err)
	}
	rd, err := rules.ParseReading(rf.reading)
	if err != nil {
		return 0, 0, usageError("--reading: %v", err)
	}
	if err := rules.CheckSize(rf.size); err != nil {
		return 0, 0, usageError("--size: %v", err)
	}
	return r, rd, nil
}

// interruptContext returns a context cancelled by Ctrl-C, so a long match
// stops cleanly and its brains are ended.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

func matchFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	var rf gameFlags
	rf.add(fs)
	e1 := fs.String("engine1", "", "first player: tengen[:level=N,threads=N,seed=N], greedy[:seed=N] or an external Gomocup brain's command line")
	e2 := fs.String("engine2", "", "second player, as --engine1")
	games := fs.Int("games", 2, "number of games, rounded up to pairs (each opening with both colours)")
	tc := fs.Int("tc", 1000, "time per move in milliseconds")
	tc2 := fs.Int("tc2", 0, "engine2's time per move in milliseconds, for time odds (default: --tc)")
	grace := fs.Int("grace", 0, "milliseconds a move may overrun --tc before it loses on time (default 500 + tc/5)")
	openings := fs.String("openings", "", "file of openings, one move list a line, or \"renju26\" for the 26 renju openings (default: random three-stone openings from --seed)")
	conc := fs.Int("concurrency", 1, "games played at once")
	out := fs.String("out", "", "directory to write every game to as SGF and PSQ")
	seed := fs.Int64("seed", 1, "seed for openings and the players' random choices")
	threads := fs.Int("threads", 0, "search threads for each engine, external brains included (default: each engine's own)")
	memory := fs.Int64("memory", 0, "hash memory in MiB for each engine, external brains included (default: each engine's own)")
	verbose := fs.Bool("verbose", false, "show external brains' messages on stderr")
	jsonOut := fs.Bool("json", false, "print the result as JSON on the last line")
	return func(sio *stdio, args []string) error {
		if len(args) > 0 {
			return usageError("unexpected argument %q", args[0])
		}
		rule, reading, err := rf.parse()
		if err != nil {
			return err
		}
		if *e1 == "" || *e2 == "" {
			return usageError("--engine1 and --engine2 are required")
		}
		if *games < 1 || *tc < 0 || *tc2 < 0 || *conc < 1 || *grace < 0 {
			return usageError("--games and --concurrency must be at least 1, --tc, --tc2 and --grace not negative")
		}
		cfg := match.Config{Size: rf.size, Rule: rule, Reading: reading, Games: *games,
			TurnTime: time.Duration(*tc) * time.Millisecond, TurnTime2: time.Duration(*tc2) * time.Millisecond, Grace: time.Duration(*grace) * time.Millisecond,
			Concurrency: *conc, OutDir: *out, Seed: *seed}
		if cfg.Engine1, err = match.ParseSpec(*e1); err != nil {
			return usageError("--engine1: %v", err)
		}
		if cfg.Engine2, err = match.ParseSpec(*e2); err != nil {
			return usageError("--engine2: %v", err)
		}
		if *threads < 0 || *memory < 0 {
			return usageError("--threads and --memory must not be negative")
		}
		for _, sp := range []*match.Spec{&cfg.Engine1, &cfg.Engine2} {
			sp.Threads, sp.MemoryMiB = *threads, *memory
		}
		switch *openings {
		case "":
		case "renju26":
			for _, o := range opening.All() {
				m := o.Moves(rf.size)
				cfg.Openings = append(cfg.Openings, m[:])
			}
		default:
			data, err := os.ReadFile(*openings)
			if err != nil {
				return err
			}
			if cfg.Openings, err = match.ParseOpenings(string(data), rf.size); err != nil {
				return fmt.Errorf("%s: %w", *openings, err)
			}
		}
		if *verbose {
			cfg.Log = func(s string) { fmt.Fprintln(sio.err, s) }
		}
		live := isTerminal(sio.err)
		var mu sync.Mutex // serialises the live line and the progress lines
		cfg.Progress = func(p match.Progress) {
			mu.Lock()
			defer mu.Unlock()
			if live {
				fmt.Fprint(sio.err, "\r\033[K")
			}
			fmt.Fprintf(sio.out, "game %d/%d  %s  [%s]\n", p.Game, p.Of, p.Result, p.Stats)
		}
		if live {
			cfg.OnMove = func(n int, e match.MoveEvent) {
				mu.Lock()
				defer mu.Unlock()
				fmt.Fprintf(sio.err, "\r\033[Kgame %d: move %d %s %v", n, e.N, e.Color, e.Point)
			}
		}
		times := fmt.Sprintf("%d ms a move", *tc)
		if *tc2 > 0 {
			times = fmt.Sprintf("%d ms a move against %d ms", *tc, *tc2)
		}
		fmt.Fprintf(sio.out, "match: %s vs %s, %s %dx%d, %d games, %s\n", cfg.Engine1, cfg.Engine2, rule, rf.size, rf.size, 2*((*games+1)/2), times)
		ctx, stop := interruptContext()
		defer stop()
		stats, _, err := match.Run(ctx, cfg)
		if err != nil {
			return err
		}
		fmt.Fprintf(sio.out, "result: %s vs %s  %s\n", cfg.Engine1, cfg.Engine2, stats)
		if *out != "" {
			fmt.Fprintf(sio.out, "games written to %s\n", *out)
		}
		if *jsonOut {
			elo, lo, hi := stats.Elo()
			return printJSON(sio, matchJSON{Games: stats.Games(), Wins: stats.Wins, Draws: stats.Draws, Losses: stats.Losses,
				Score: stats.Score(), Elo: finiteOrNil(elo), EloLow: finiteOrNil(lo), EloHigh: finiteOrNil(hi)})
		}
		return nil
	}
}

// isTerminal reports whether w is a terminal, where a live line that
// rewrites itself makes sense.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// matchJSON is `tengen match --json`, from engine1's side; an infinite
// Elo bound is null.
type matchJSON struct {
	Games   int      `json:"games"`
	Wins    int      `json:"wins"`
	Draws   int      `json:"draws"`
	Losses  int      `json:"losses"`
	Score   float64  `json:"score"`
	Elo     *float64 `json:"elo"`
	EloLow  *float64 `json:"elo_low"`
	EloHigh *float64 `json:"elo_high"`
}

func finiteOrNil(x float64) *float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil
	}
	x = math.Round(x*10) / 10
	return &x
}
