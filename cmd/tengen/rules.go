package main

import (
	"flag"
	"fmt"
	"strings"

	"tengen/rules"
)

// The "tengen rules" group is registered while the package's variables
// are initialised, before any init function runs, so that every area's
// file may add subcommands to it from its own init whatever the file order.
var _ = func() bool {
	addCommand("", &command{name: "rules", summary: "ask the rules: forbidden points, judging a game, openings"})
	return true
}()

func init() {
	addCommand("rules", &command{
		name:    "forbidden",
		summary: "list the points forbidden to Black (renju) in a position",
		usage:   `--black "h8 i8 …" --white "i7 …" [--size N] [--reading rif|gomocup] [--json]`,
		flags:   forbiddenFlags,
	})
	addCommand("rules", &command{
		name:    "judge",
		summary: "referee a game: who moves, whether it is over, who won and why",
		usage:   `--moves "h8 h9 …" [--rule R] [--size N] [--reading rif|gomocup] [--json]`,
		flags:   judgeFlags,
	})
}

// ruleFlags are the flags both commands share.
type ruleFlags struct {
	rule, reading string
	size          int
	json          bool
}

func (f *ruleFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&f.rule, "rule", "renju", "rule set: freestyle, standard, renju or caro")
	fs.IntVar(&f.size, "size", rules.DefaultSize, fmt.Sprintf("board size (%d-%d)", rules.MinSize, rules.MaxSize))
	fs.StringVar(&f.reading, "reading", "rif", "renju threes whose four point also makes five: rif (count them) or gomocup (do not)")
	fs.BoolVar(&f.json, "json", false, "print one JSON object on the last line")
}

func (f *ruleFlags) parse() (rules.Rule, rules.Reading, error) {
	r, err := rules.ParseRule(f.rule)
	if err != nil {
		return 0, 0, usageError("--rule: %v", err)
	}
	rd, err := rules.ParseReading(f.reading)
	if err != nil {
		return 0, 0, usageError("--reading: %v", err)
	}
	if err := rules.CheckSize(f.size); err != nil {
		return 0, 0, usageError("--size: %v", err)
	}
	return r, rd, nil
}

// forbiddenJSON is the "rules forbidden --json" answer (CLI-CONTRACT.md).
type forbiddenJSON struct {
	Forbidden []forbidJSON `json:"forbidden"`
}

type forbidJSON struct {
	Point string `json:"point"`
	Kind  string `json:"kind"`
}

// forbiddenMarks are the characters that mark forbidden points on the
// drawn board: the number of stones in a row of an overline, and 4 and 3.
var forbiddenMarks = map[rules.ForbiddenKind]byte{rules.Overline: '6', rules.DoubleFour: '4', rules.DoubleThree: '3'}

func forbiddenFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	var f ruleFlags
	f.add(fs)
	blacks := fs.String("black", "", `Black's stones, e.g. "h8 i8 j8"`)
	whites := fs.String("white", "", `White's stones`)
	return func(sio *stdio, args []string) error {
		if len(args) > 0 {
			return usageError("unexpected argument %q", args[0])
		}
		r, rd, err := f.parse()
		if err != nil {
			return err
		}
		if r != rules.Renju {
			return usageError("--rule %s: only renju has forbidden points", r)
		}
		b, err := positionBoard(f.size, *blacks, *whites)
		if err != nil {
			return err
		}
		fb := b.ForbiddenPoints(rd)
		if f.json {
			out := forbiddenJSON{Forbidden: []forbidJSON{}}
			for _, x := range fb {
				out.Forbidden = append(out.Forbidden, forbidJSON{x.P.String(), x.Kind.String()})
			}
			return printJSON(sio, out)
		}
		kinds := map[rules.Point]rules.ForbiddenKind{}
		for _, x := range fb {
			kinds[x.P] = x.Kind
		}
		fmt.Fprint(sio.out, b.Draw(func(p rules.Point) byte { return forbiddenMarks[kinds[p]] }))
		if len(fb) == 0 {
			_, err = fmt.Fprintf(sio.out, "no point is forbidden to Black (%s reading)\n", rd)
			return err
		}
		fmt.Fprintf(sio.out, "forbidden to Black (%s reading; 6 overline, 4 double-four, 3 double-three):\n", rd)
		for _, x := range fb {
			fmt.Fprintf(sio.out, "  %-4s %s\n", x.P, x.Kind)
		}
		return nil
	}
}

// positionBoard builds the board of a position given as two stone lists.
func positionBoard(size int, blacks, whites string) (*rules.Board, error) {
	b, err := rules.NewBoard(size)
	if err != nil {
		return nil, err
	}
	var pts [2][]rules.Point
	for i, s := range []struct{ flag, list string }{{"--black", blacks}, {"--white", whites}} {
		if pts[i], err = rules.ParsePoints(s.list, size); err != nil {
			return nil, fmt.Errorf("%s: %w", s.flag, err)
		}
		for k, p := range pts[i] {
			if p.IsPass() {
				return nil, fmt.Errorf("%s: entry %d: a pass is not a stone", s.flag, k+1)
			}
		}
	}
	if err := b.Place(pts[0], pts[1]); err != nil {
		return nil, err
	}
	return b, nil
}

// judgeJSON is the "rules judge --json" answer (CLI-CONTRACT.md), with
// "kind" added for a forbidden move.
type judgeJSON struct {
	ToMove string `json:"to_move"`
	Over   bool   `json:"over"`
	Winner string `json:"winner"`
	Reason string `json:"reason"`
	Move   int    `json:"move"`
	Kind   string `json:"kind"`
}

func judgeFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	var f ruleFlags
	f.add(fs)
	moves := fs.String("moves", "", `the moves in order, Black first, e.g. "h8 h9 i9 pass"`)
	return func(sio *stdio, args []string) error {
		if len(args) > 0 {
			return usageError("unexpected argument %q", args[0])
		}
		r, rd, err := f.parse()
		if err != nil {
			return err
		}
		g, err := rules.NewGame(f.size, r, rd)
		if err != nil {
			return err
		}
		// The judge is the referee: it claims a forbidden move at once.
		g.SetAutoClaim(true)
		for i, m := range strings.FieldsFunc(*moves, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' }) {
			p, err := rules.ParsePoint(m, f.size)
			if err != nil {
				return fmt.Errorf("--moves: move %d: %w", i+1, err)
			}
			if _, err := g.Play(g.ToMove(), p); err != nil {
				return fmt.Errorf("--moves: %w", err)
			}
		}
		o := g.Outcome()
		winner := ""
		if o.Over {
			winner = "draw"
			if o.Winner != rules.Empty {
				winner = o.Winner.String()
			}
		}
		if f.json {
			return printJSON(sio, judgeJSON{
				ToMove: g.ToMove().String(), Over: o.Over, Winner: winner,
				Reason: o.Code(), Move: o.Move, Kind: o.Kind.String(),
			})
		}
		fmt.Fprint(sio.out, g.Board())
		if o.Over {
			_, err = fmt.Fprintf(sio.out, "%s after %d moves: %v\n", r, len(g.Moves()), o)
		} else {
			_, err = fmt.Fprintf(sio.out, "%s after %d moves: %s to move\n", r, len(g.Moves()), g.ToMove())
		}
		return err
	}
}
