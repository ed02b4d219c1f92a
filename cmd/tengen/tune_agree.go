package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"tengen/ai"
	"tengen/ai/gomocup"
	"tengen/ai/match"
	"tengen/rules"
	"tengen/rules/record"
)

func init() {
	addCommand("engine", &command{
		name:    "label",
		summary: "sample decision positions from recorded games and label each with an external engine's move",
		usage:   "--engine CMD [flags] DIR...",
		flags:   labelFlags,
	})
	addCommand("engine", &command{
		name:    "agree",
		summary: "how often the engine, at a fixed node budget, plays the labelled move of a position set",
		usage:   "--positions FILE [flags]",
		flags:   agreeFlags,
	})
}

// labelled is one line of a position set:
//
//	SIZE RULE READING TOMOVE LABEL SCORE STONES
//
// STONES is a comma-separated list of b<point> / w<point> in move order
// (e.g. "bh8,wi9"); SCORE is the labelling engine's evaluation as it
// printed it (Rapfi: "Eval 220", "+M13" for a win in 13), "-" when none.
type labelled struct {
	pos   ai.Position
	label rules.Point
	score string // the labelling engine's evaluation as it printed it, "-" when none
}

func (l labelled) String() string {
	st := make([]string, len(l.pos.Stones))
	for k, s := range l.pos.Stones {
		c := "b"
		if s.C == rules.White {
			c = "w"
		}
		st[k] = c + s.P.String()
	}
	return fmt.Sprintf("%d %v %v %s %v %s %s", l.pos.Size, l.pos.Rule, l.pos.Reading,
		colourName(l.pos.ToMove), l.label, l.score, strings.Join(st, ","))
}

func colourName(c rules.Color) string {
	if c == rules.White {
		return "white"
	}
	return "black"
}

// parseLabelled reads one line of a position set; lineNo names it in errors.
func parseLabelled(line string, lineNo int) (labelled, error) {
	bad := func(format string, a ...any) (labelled, error) {
		return labelled{}, fmt.Errorf("line %d: %s", lineNo, fmt.Sprintf(format, a...))
	}
	f := strings.Fields(line)
	if len(f) != 7 {
		return bad("want 7 fields (size rule reading tomove label score stones), got %d", len(f))
	}
	pos, err := parsePosition(f[0], f[1], f[2], f[3], f[6])
	if err != nil {
		return bad("%v", err)
	}
	l := labelled{pos: pos, score: f[5]}
	if l.label, err = rules.ParsePoint(f[4], l.pos.Size); err != nil || l.label.IsPass() {
		return bad("label move %q", f[4])
	}
	return l, nil
}

// parsePosition reads the fields of a position that position sets and
// target files share: board size, rule, renju reading, colour to move and
// the stones (b<point> / w<point> in move order, comma-separated).
func parsePosition(size, rule, reading, toMove, stones string) (ai.Position, error) {
	var pos ai.Position
	var err error
	if pos.Size, err = strconv.Atoi(size); err != nil || pos.Size < rules.MinSize || pos.Size > rules.MaxSize {
		return pos, fmt.Errorf("board size %q", size)
	}
	if pos.Rule, err = rules.ParseRule(rule); err != nil {
		return pos, err
	}
	if pos.Reading, err = rules.ParseReading(reading); err != nil {
		return pos, err
	}
	switch toMove {
	case "black":
		pos.ToMove = rules.Black
	case "white":
		pos.ToMove = rules.White
	default:
		return pos, fmt.Errorf("colour to move %q: want black or white", toMove)
	}
	for _, s := range strings.Split(stones, ",") {
		if len(s) < 3 || (s[0] != 'b' && s[0] != 'w') {
			return pos, fmt.Errorf("stone %q: want b or w and a point, like bh8", s)
		}
		p, err := rules.ParsePoint(s[1:], pos.Size)
		if err != nil || p.IsPass() {
			return pos, fmt.Errorf("stone %q", s)
		}
		c := rules.Black
		if s[0] == 'w' {
			c = rules.White
		}
		pos.Stones = append(pos.Stones, ai.Stone{P: p, C: c})
	}
	return pos, nil
}

func readLabelled(r io.Reader) ([]labelled, error) {
	var out []labelled
	err := dataLines(r, func(n int, line string) error {
		l, err := parseLabelled(line, n)
		if err == nil {
			out = append(out, l)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// dataLines calls fn with each line of a position set or targets file
// that holds data (trimmed; blank lines and # comments skipped) and its
// number, stopping at fn's first error.
func dataLines(r io.Reader, fn func(n int, line string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		if err := fn(n, line); err != nil {
			return err
		}
	}
	return sc.Err()
}

func labelFlags(fset *flag.FlagSet) func(*stdio, []string) error {
	engine := fset.String("engine", "", `the labelling player: a Gomocup brain's command line, or "tengen:..." / "greedy" as for match`)
	ms := fset.Int("ms", 1000, "the labelling engine's time a move in milliseconds")
	perGame := fset.Int("per-game", 1, "positions sampled from each game")
	limit := fset.Int("max", 500, "stop after this many positions")
	minStones := fset.Int("min-stones", 10, "fewest stones on a sampled position")
	maxStones := fset.Int("max-stones", 40, "most stones on a sampled position")
	seed := fset.Uint64("seed", 1, "seed of the sampling")
	readingName := fset.String("reading", "rif", "renju reading of the recorded games: rif or gomocup")
	return func(sio *stdio, args []string) error {
		if *engine == "" || len(args) == 0 {
			return usageError("name the labelling engine (--engine) and at least one directory of SGF games")
		}
		reading, files, err := recordedGames(*readingName, args)
		if err != nil {
			return err
		}
		sp, err := match.ParseSpec(*engine)
		if err != nil {
			return usageError("--engine: %v", err)
		}
		score := "-"
		var cl ai.Player
		if sp.Kind == "external" {
			// A generous grace: a loaded machine must not lose labels.
			cl, err = gomocup.NewClient(sp.Argv, gomocup.ClientOptions{Threads: 1, Grace: 10 * time.Second, Log: func(l string) {
				if _, after, ok := strings.Cut(l, "| Eval "); ok {
					if f := strings.Fields(after); len(f) > 0 {
						score = f[0]
					}
				}
			}})
		} else {
			cl, err = sp.New(int64(*seed), nil)
		}
		if err != nil {
			return err
		}
		defer match.ClosePlayer(cl)
		rng := rand.New(rand.NewPCG(*seed, 5))
		rng.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
		n := 0
		for _, f := range files {
			if n >= *limit {
				break
			}
			rec, err := readGameRecord(f)
			if err != nil {
				return err
			}
			rule := rec.Rule
			if rule == record.NoRule {
				rule = rules.Freestyle
			}
			var cands []ai.Position
			for k := *minStones; k <= *maxStones && k < len(rec.Moves); k++ {
				pos := ai.Position{Size: rec.Size, Rule: rule, Reading: reading, ToMove: rec.Moves[k].Color}
				ok := true
				for _, m := range rec.Moves[:k] {
					if m.Point.IsPass() {
						ok = false
						break
					}
					pos.Stones = append(pos.Stones, ai.Stone{P: m.Point, C: m.Color})
				}
				if !ok {
					break
				}
				if d, err := ai.IsDecision(pos); err != nil {
					return fmt.Errorf("%s move %d: %w", f, k+1, err)
				} else if d {
					cands = append(cands, pos)
				}
			}
			rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
			for _, pos := range cands[:min(*perGame, len(cands))] {
				// A match clock too: Rapfi answers at once under timeout_match 0.
				lim := ai.Limits{TurnTime: time.Duration(*ms) * time.Millisecond, MatchTime: time.Hour, TimeLeft: time.Hour}
				score = "-"
				res, err := cl.Think(context.Background(), pos, lim, nil)
				if err != nil {
					// The client restarts the engine for the next position.
					fmt.Fprintf(sio.err, "%s: skipped: %v\n", f, err)
					continue
				}
				fmt.Fprintln(sio.out, labelled{pos: pos, label: res.Move, score: score})
				n++
			}
		}
		fmt.Fprintf(sio.err, "%d positions labelled\n", n)
		return nil
	}
}

// agreeReport is what `engine agree --json` prints.
type agreeReport struct {
	Positions int     `json:"positions"`
	Nodes     int64   `json:"nodes"`
	Agree     int     `json:"agree"`
	AgreeRate float64 `json:"agree_rate"`
	MeanRank  float64 `json:"mean_rank"`
	Top       []int   `json:"label_within_top"` // label within the first 1, 3, 5, 10, 20 root moves
	Missing   int     `json:"label_not_at_root"`
}

var agreeTops = []int{1, 3, 5, 10, 20}

func agreeFlags(fset *flag.FlagSet) func(*stdio, []string) error {
	file := fset.String("positions", "", "the position set (lines written by `engine label`)")
	nodes := fset.Int64("nodes", 100000, "the engine's node budget a position")
	verbose := fset.Bool("v", false, "print every position's label, move and rank")
	jsonOut := fset.Bool("json", false, "print the report as JSON on the last line")
	return func(sio *stdio, args []string) error {
		if *file == "" || len(args) > 0 || *nodes <= 0 {
			return usageError("give --positions FILE and a positive --nodes, and no arguments")
		}
		fh, err := os.Open(*file)
		if err != nil {
			return err
		}
		set, err := readLabelled(fh)
		fh.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", *file, err)
		}
		if len(set) == 0 {
			return fmt.Errorf("%s: no positions", *file)
		}
		rep := agreeReport{Positions: len(set), Nodes: *nodes, Top: make([]int, len(agreeTops))}
		ranks, ranked := 0, 0
		for k, l := range set {
			eng := ai.NewEngine(ai.EngineOptions{Threads: 1, Seed: 1})
			res, err := eng.Think(context.Background(), l.pos, ai.Limits{NoTurnLimit: true, Nodes: *nodes}, nil)
			if err != nil {
				return fmt.Errorf("position %d: %w", k+1, err)
			}
			if res.Move == l.label {
				rep.Agree++
			}
			order, err := ai.RootOrder(l.pos)
			if err != nil {
				return fmt.Errorf("position %d: %w", k+1, err)
			}
			rank := -1
			for r, p := range order {
				if p == l.label {
					rank = r + 1
					break
				}
			}
			if rank < 0 {
				rep.Missing++
			} else {
				ranks += rank
				ranked++
				for t, top := range agreeTops {
					if rank <= top {
						rep.Top[t]++
					}
				}
			}
			if *verbose {
				fmt.Fprintf(sio.out, "%d %v label %v move %v rank %d of %d\n", k+1, l.pos.Rule, l.label, res.Move, rank, len(order))
			}
		}
		rep.AgreeRate = float64(rep.Agree) / float64(rep.Positions)
		if ranked > 0 {
			rep.MeanRank = float64(ranks) / float64(ranked)
		}
		fmt.Fprintf(sio.out, "positions %d, nodes %d: agree %d (%.1f %%), mean rank of the label at the root %.2f, not at the root %d\n",
			rep.Positions, rep.Nodes, rep.Agree, 100*rep.AgreeRate, rep.MeanRank, rep.Missing)
		for t, top := range agreeTops {
			fmt.Fprintf(sio.out, "  label within the first %2d root moves: %d (%.1f %%)\n", top, rep.Top[t], 100*float64(rep.Top[t])/float64(rep.Positions))
		}
		if *jsonOut {
			return printJSON(sio, rep)
		}
		return nil
	}
}
