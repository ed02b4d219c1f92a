// Command tengen is the Gomoku and Renju robot: one binary whose
// subcommands play, calibrate, exhibit, simulate and expose the parts
// (rules, engine, kinematics, vision) to scripts. Every command takes
// --help; commands that other tools read take --json and then print one
// JSON value on the last line of stdout.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"tengen/i18n"
	"tengen/i18n/errmsg"
)

// command is a node of the command tree. A command either runs or has
// subcommands.
type command struct {
	name    string
	summary string // one line for the parent's list
	usage   string // argument synopsis after the name, e.g. "[flags] IMAGE"
	// flags adds the command's flags to fs and returns the function that
	// runs it with the positional arguments left after parsing.
	flags func(fs *flag.FlagSet) func(io *stdio, args []string) error
	subs  []*command
}

// stdio is where a command reads and writes, so tests can run the CLI in
// process.
type stdio struct {
	in       io.Reader
	out, err io.Writer
	// lang is the language of what the command says to a person (its
	// --lang), English for a command without one.
	lang i18n.Lang

	mu    sync.Mutex
	lines chan lineRead // the terminal's lines, from one reader (readLine)
}

// words words m in the command's language.
func (s *stdio) words(m errmsg.Msg) string { return (&i18n.Printer{Lang: s.lang}).Msg(m) }

// say writes m as a line of out, in the command's language.
func (s *stdio) say(m errmsg.Msg) { fmt.Fprintln(s.out, s.words(m)) }

type lineRead struct {
	text string
	err  error
}

// readLine reads the next line of the terminal, or gives up when ctx
// ends. One goroutine reads stdin for the whole command, so a wait that
// gave up (a fault acknowledged on the page) leaves no reader behind to
// swallow the next line; it holds at most one line nobody asked for yet.
// At the end of the input it returns io.EOF, then and ever after.
func (s *stdio) readLine(ctx context.Context) (string, error) {
	select {
	case l, ok := <-s.lineChan(true):
		if !ok {
			return "", io.EOF
		}
		return l.text, l.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// dropLine drops a line typed before anyone asked (an Enter pressed
// during the game must not answer the next question).
func (s *stdio) dropLine() {
	select {
	case <-s.lineChan(false): // nil, never ready, before the first readLine
	default:
	}
}

// lineChan returns the terminal's lines, starting their reader if start.
func (s *stdio) lineChan(start bool) chan lineRead {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lines != nil || !start {
		return s.lines
	}
	s.lines = make(chan lineRead)
	go func(lines chan<- lineRead) {
		r := bufio.NewReader(s.in)
		for {
			text, err := r.ReadString('\n')
			if errors.Is(err, io.EOF) && text != "" {
				err = nil
			}
			lines <- lineRead{text, err}
			if err != nil {
				close(lines)
				return
			}
		}
	}(s.lines)
	return s.lines
}

// errUsage marks an error in how a command was called (exit status 2).
var errUsage = errors.New("usage")

// usageError returns an error that prints msg and exits with status 2.
func usageError(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, a...))
}

var root = &command{name: "tengen", summary: "the Gomoku and Renju robot"}

// addCommand registers c under the command at path (space separated,
// "" for the root). Area files call it from init.
func addCommand(path string, c *command) {
	parent := root
	for _, name := range strings.Fields(path) {
		parent = parent.sub(name)
		if parent == nil {
			panic("addCommand: no command " + path)
		}
	}
	if parent.sub(c.name) != nil {
		panic("addCommand: duplicate command " + c.name)
	}
	parent.subs = append(parent.subs, c)
}

func (c *command) sub(name string) *command {
	for _, s := range c.subs {
		if s.name == name {
			return s
		}
	}
	return nil
}

func main() {
	os.Exit(run(os.Args[1:], &stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}))
}

// run runs the command line args and returns the exit status.
func run(args []string, sio *stdio) int {
	c, path := root, "tengen"
	for len(c.subs) > 0 {
		if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
			c.printList(sio.out, path)
			if len(args) == 0 && c != root {
				return 2
			}
			return 0
		}
		next := c.sub(args[0])
		if next == nil {
			p := &i18n.Printer{Lang: argsLang(args)}
			fmt.Fprintf(sio.err, "%s\n\n", p.Error(errmsg.New("err.unknown-command", path, strconv.Quote(args[0]))))
			c.printList(sio.err, path)
			return 2
		}
		c, path, args = next, path+" "+args[0], args[1:]
	}
	fs := flag.NewFlagSet(path, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse errors are worded by printFlagError
	exec := c.flags(fs)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: %s %s\n\n%s\n", path, c.usage, c.summary)
		if hasFlags(fs) {
			fmt.Fprintln(fs.Output(), "\nflags:")
			fs.PrintDefaults()
		}
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(sio.out)
			fs.Usage()
			return 0
		}
		printFlagError(sio, path, args, err)
		return 2
	}
	if err := exec(sio, pos); err != nil {
		fmt.Fprintf(sio.err, "%s: %v\n", path, strings.TrimPrefix(err.Error(), errUsage.Error()+": "))
		if errors.Is(err, errUsage) {
			p := &i18n.Printer{Lang: argsLang(args)}
			fmt.Fprintln(sio.err, p.Error(errmsg.New("err.see-help", path)))
			return 2
		}
		return 1
	}
	return 0
}

// parseInterspersed parses flags anywhere among the arguments, so that
// "read IMAGE --size 19" works as well as "read --size 19 IMAGE". A lone
// "--" ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		consumed := len(args) - fs.NArg()
		rest := fs.Args()
		if consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

func (c *command) printList(w io.Writer, path string) {
	fmt.Fprintf(w, "%s: %s\n\nusage: %s <command> [flags]\n\ncommands:\n", path, c.summary, path)
	subs := append([]*command(nil), c.subs...)
	sort.Slice(subs, func(i, j int) bool { return subs[i].name < subs[j].name })
	for _, s := range subs {
		fmt.Fprintf(w, "  %-12s %s\n", s.name, s.summary)
	}
	fmt.Fprintf(w, "\nrun '%s <command> --help' for a command's flags\n", path)
}
