// Command pbrain-tengen is Tengen's engine as a Gomocup brain: it speaks
// the Gomocup (Piskvork) protocol on stdin and stdout, so any Gomocup
// manager (Piskvork, the Gomocup judge, Yixin-Board, c-gomoku-cli) can run
// it. See package tengen/ai/gomocup for the protocol.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"tengen/ai"
	"tengen/ai/gomocup"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	fs := flag.NewFlagSet("pbrain-tengen", flag.ContinueOnError)
	seed := fs.Int64("seed", 1, "seed for the player's random choices")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: pbrain-tengen [flags]\n\nTengen's engine as a Gomocup brain on stdin/stdout.\n\nflags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(os.Args[1:]); err != nil {
		if err == flag.ErrHelp {
			os.Exit(0)
		}
		os.Exit(2)
	}
	brain := gomocup.Brain{
		NewPlayer: func(s gomocup.Settings) (ai.Player, error) { return ai.NewGreedy(*seed), nil },
		About:     fmt.Sprintf(`name="Tengen", version="%s", author="Tengen developers", country="Earth"`, version),
	}
	if err := gomocup.Serve(context.Background(), os.Stdin, os.Stdout, brain); err != nil {
		fmt.Fprintln(os.Stderr, "pbrain-tengen:", err)
		os.Exit(1)
	}
}
