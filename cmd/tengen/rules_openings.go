package main

import (
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"tengen/rules"
	"tengen/rules/opening"
)

// This file is named to sort after rules.go: Go runs a package's init
// functions in file-name order, so the "rules" group that rules.go
// registers exists by the time this file adds to it, and ensureGroup only
// creates the group when this file is built without rules.go.

func init() {
	ensureGroup("", "rules", "the rules of Gomoku and Renju: forbidden moves, judging, openings")
	addCommand("rules", &command{
		name:    "openings",
		summary: "list the 26 renju openings (珠型) with their names and moves",
		usage:   "[--size N] [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			asJSON := fs.Bool("json", false, `print [{"number","name","chinese","type","moves"}] as JSON`)
			size := fs.Int("size", rules.DefaultSize, "board size the moves are written for")
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("openings takes no arguments, got %q", args[0])
				}
				if err := rules.CheckSize(*size); err != nil {
					return usageError("--size: %v", err)
				}
				return printOpenings(sio, *size, *asJSON)
			}
		},
	})
}

// openingJSON is one opening as `tengen rules openings --json` prints it
// (keys fixed by CLI-CONTRACT.md).
type openingJSON struct {
	Number  int      `json:"number"`
	Name    string   `json:"name"`
	Chinese string   `json:"chinese"`
	Type    string   `json:"type"`
	Moves   []string `json:"moves"`
}

func printOpenings(sio *stdio, size int, asJSON bool) error {
	all := opening.All()
	list := make([]openingJSON, len(all))
	for i, o := range all {
		m := o.Moves(size)
		list[i] = openingJSON{o.Number, o.Name, o.Chinese, o.Kind.String(), []string{m[0].String(), m[1].String(), m[2].String()}}
	}
	if asJSON {
		return printJSON(sio, list)
	}
	tw := tabwriter.NewWriter(sio.out, 0, 4, 2, ' ', 0)
	// The Chinese name goes last: tabwriter counts a CJK character as one
	// column though terminals draw it two wide.
	fmt.Fprintln(tw, "#\tname\ttype\tmoves (Black 1, White 2, Black 3)\tchinese")
	for _, o := range list {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s %s %s\t%s\n", o.Number, o.Name, o.Type, o.Moves[0], o.Moves[1], o.Moves[2], o.Chinese)
	}
	return tw.Flush()
}

// ensureGroup returns the command group name under path, creating it with
// the given summary if no other file has registered it.
func ensureGroup(path, name, summary string) *command {
	parent := root
	for _, n := range strings.Fields(path) {
		if parent = parent.sub(n); parent == nil {
			panic("ensureGroup: no command " + path)
		}
	}
	if g := parent.sub(name); g != nil {
		return g
	}
	g := &command{name: name, summary: summary}
	addCommand(path, g)
	return g
}
