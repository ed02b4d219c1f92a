// Command pbrain-tengen is Tengen's engine as a Gomocup brain: it speaks
// the Gomocup (Piskvork) protocol on stdin and stdout, so any Gomocup
// manager (Piskvork, the Gomocup judge, Yixin-Board, c-gomoku-cli) can run
// it. See package tengen/ai/gomocup for the protocol.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"tengen/ai"
	"tengen/ai/gomocup"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run serves the protocol and returns the exit status.
func run(args []string, in io.Reader, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("pbrain-tengen", flag.ContinueOnError)
	fs.SetOutput(errOut)
	seed := fs.Uint64("seed", 1, "seed for the engine's random choices")
	level := fs.Int("level", 10, "engine level, 1 (beginner) to 10 (full strength)")
	threads := fs.Int("threads", 0, "search threads (default: INFO thread_num, else the engine's default)")
	greedy := fs.Bool("greedy", false, "play the one-ply greedy pattern player instead of the engine")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: pbrain-tengen [flags]\n\nTengen's engine as a Gomocup brain on stdin/stdout.\n\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if *level < 1 || *level > 10 || fs.NArg() > 0 {
		fmt.Fprintln(errOut, "pbrain-tengen: --level must be 1 to 10 and no arguments are taken")
		return 2
	}
	brain := gomocup.Brain{
		NewPlayer: func(s gomocup.Settings) (ai.Player, error) {
			if *greedy {
				return ai.NewGreedy(int64(*seed)), nil
			}
			if s.MaxMemory > 0 {
				// The manager's limit is the whole process's: the
				// transposition table takes up to half of it, and the
				// collector keeps the rest (a new game's searchers
				// replace the last one's) within it, with a margin for
				// what the runtime does not count.
				debug.SetMemoryLimit(s.MaxMemory * 9 / 10)
			}
			opt := ai.EngineOptions{Level: *level, Seed: *seed, MaxMemory: s.MaxMemory, Threads: s.Threads}
			if *threads > 0 {
				opt.Threads = *threads
			}
			return ai.NewEngine(opt), nil
		},
		About: fmt.Sprintf(`name="Tengen", version="%s", author="Tengen developers", country="Earth"`, version),
	}
	if err := gomocup.Serve(context.Background(), in, out, brain); err != nil {
		fmt.Fprintln(errOut, "pbrain-tengen:", err)
		return 1
	}
	return 0
}
