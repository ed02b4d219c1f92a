package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"tengen/rules/record"
)

func init() {
	addCommand("", &command{name: "record", summary: "game records: SGF, Piskvork PSQ, plain move lists"})
	addCommand("record", &command{
		name:    "convert",
		summary: "convert a game record between SGF, PSQ and a move list (the input's format is detected)",
		usage:   "IN --to sgf|psq|moves [--from FORMAT] [--out FILE]   (IN may be - for stdin)",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			to := fs.String("to", "", "output format: sgf, psq or moves (required)")
			from := fs.String("from", "", "input format: sgf, psq or moves (default: detect from the content)")
			out := fs.String("out", "", "write to this file instead of stdout")
			return func(sio *stdio, args []string) error {
				if len(args) != 1 {
					return usageError("want one input file (or - for stdin), got %d arguments", len(args))
				}
				if *to == "" {
					return usageError("--to is required (sgf, psq or moves)")
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
	if out == "" {
		_, err = sio.out.Write(enc)
		return err
	}
	if err := os.WriteFile(out, enc, 0o644); err != nil {
		return fmt.Errorf("writing the record: %w", err)
	}
	return nil
}
