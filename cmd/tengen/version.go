package main

import (
	"flag"
	"fmt"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func init() {
	addCommand("", &command{
		name:    "version",
		summary: "print the program's version",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("version takes no arguments")
				}
				_, err := fmt.Fprintln(sio.out, "tengen", version)
				return err
			}
		},
	})
}
