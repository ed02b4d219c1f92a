package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tengen/rules/record"
)

func init() {
	addCommand("", &command{name: "record", summary: "game records: SGF, Piskvork PSQ, plain move lists, Chinese score sheets"})
	addCommand("record", &command{
		name:    "convert",
		summary: "convert a game record between SGF, PSQ, a move list and a Chinese score sheet (the input's format is detected)",
		usage:   "IN --to sgf|psq|moves|chinese [--from FORMAT] [--out FILE]   (IN may be - for stdin)",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			to := fs.String("to", "", "output format: sgf, psq, moves or chinese (required)")
			from := fs.String("from", "", "input format: sgf, psq, moves or chinese (default: detect from the content)")
			out := fs.String("out", "", "write to this file instead of stdout")
			return func(sio *stdio, args []string) error {
				if len(args) != 1 {
					return usageError("want one input file (or - for stdin), got %d arguments", len(args))
				}
				if *to == "" {
					return usageError("--to is required (sgf, psq, moves or chinese)")
				}
				outFormat, err := record.ParseFormat(*to)
				if err != nil {
					return usageError("--to: %v", err)
				}
				inFormat := record.FormatUnknown
				if *from != "" {
					if inFormat, err = record.ParseFormat(*from); err != nil {
						return usageError("--from: %v", err)
					}
				}
				return convertRecord(sio, args[0], inFormat, outFormat, *out)
			}
		},
	})
}

func convertRecord(sio *stdio, in string, inFormat, outFormat record.Format, out string) error {
	var data []byte
	var err error
	if in == "-" {
		data, err = io.ReadAll(sio.in)
		in = "stdin"
	} else {
		data, err = os.ReadFile(in)
	}
	if err != nil {
		return fmt.Errorf("reading the record: %w", err)
	}
	r, err := record.Read(data, inFormat)
	if err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	enc, err := record.Write(r, outFormat)
	if err != nil {
		return fmt.Errorf("%s cannot be written as %v: %w", in, outFormat, err)
	}
	if lost := record.Dropped(r, outFormat); len(lost) > 0 {
		fmt.Fprintf(sio.err, "note: %v cannot hold the record's %s: left out\n", outFormat, strings.Join(lost, ", "))
	}
	if out == "" {
		_, err = sio.out.Write(enc)
		return err
	}
	if err := os.WriteFile(out, enc, 0o644); err != nil {
		return fmt.Errorf("writing the record: %w", err)
	}
	return nil
}
