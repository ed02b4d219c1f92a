package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"tengen/customs"
	"tengen/game"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/record"
)

func init() {
	addCommand("", &command{name: "table", summary: "at the table: the robot's languages, Chinese records, the customs of the game"})
	addCommand("table", &command{
		name:    "say",
		summary: "word a message in a language and speak it (espeak-ng), or list the messages",
		usage:   "[--lang en|zh-Hans|zh-Hant] [--voice V] [--wav FILE] [--quiet] KEY [ARG…] | --list",
		flags:   sayFlags,
	})
	addCommand("table", &command{
		name:    "record",
		summary: "write a game record in the Chinese notation (Black's numbers circled, A–O/1–15)",
		usage:   "IN [--lang zh-Hans|zh-Hant|en] [--out FILE]   (IN: SGF, PSQ or a move list; - for stdin)",
		flags:   chineseRecordFlags,
	})
	addCommand("table", &command{
		name:    "fours",
		summary: "count each side's fours (冲四, 活四): the casual rule for a game over its time",
		usage:   `--black "h8 …" --white "…" [--rule R] [--size N] [--lang L] [--json]`,
		flags:   foursFlags,
	})
	addCommand("table", &command{
		name:    "explain",
		summary: "explain why Black's move is forbidden: the lines that make the shape",
		usage:   `--black "…" --white "…" --point P [--size N] [--reading rif|gomocup] [--lang L] [--json]`,
		flags:   explainFlags,
	})
	addCommand("table", &command{
		name:    "level",
		summary: "the engine level for an answer to \"have you played before?\" or for a rating",
		usage:   "--answer never|rules|sometimes|often|club | --rating N",
		flags:   levelFlags,
	})
}

func sayFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	lang := fs.String("lang", "en", "language: en, zh-Hans or zh-Hant")
	voice := fs.String("voice", "", "espeak-ng voice (default: the best for the language)")
	wav := fs.String("wav", "", "write the speech to this WAV file instead of playing it")
	quiet := fs.Bool("quiet", false, "print the text only, do not speak")
	list := fs.Bool("list", false, "list the message keys and their arguments")
	return localized(lang, func(sio *stdio, args []string) error {
		l, err := parseLang(*lang)
		if err != nil {
			return err
		}
		if *list {
			for _, k := range i18n.Keys() {
				a, _ := i18n.Args(k)
				fmt.Fprintln(sio.out, k, a)
			}
			return nil
		}
		if len(args) < 1 {
			return usageError("want a message key (see --list)")
		}
		text, err := (&i18n.Printer{Lang: l}).Format(args[0], args[1:]...)
		if err != nil {
			return usageError("%v", err)
		}
		fmt.Fprintln(sio.out, text)
		if *quiet {
			return nil
		}
		opt := i18n.SpeechOptions{Lang: l, Voice: *voice}
		if *wav != "" {
			opt.WAV = func(int) string { return *wav }
		}
		v, err := i18n.NewSpeakingVoice(opt)
		if err != nil {
			p := &i18n.Printer{Lang: l}
			fmt.Fprintln(sio.err, p.T("cli.no-voice", p.Error(err)))
			return nil
		}
		defer v.Close()
		v.Say(game.Message{Key: args[0], Args: args[1:]})
		return v.Flush()
	})
}

func chineseRecordFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	lang := fs.String("lang", "zh-Hans", "language of the headings: zh-Hans, zh-Hant or en")
	out := fs.String("out", "", "write to this file instead of stdout")
	return localized(lang, func(sio *stdio, args []string) error {
		if len(args) != 1 {
			return usageError("want one input file (or - for stdin), got %d arguments", len(args))
		}
		l, err := parseLang(*lang)
		if err != nil {
			return err
		}
		var data []byte
		in := args[0]
		if in == "-" {
			data, err = io.ReadAll(sio.in)
			in = "stdin"
		} else {
			data, err = os.ReadFile(in)
		}
		if err != nil {
			return fmt.Errorf("reading the record: %w", err)
		}
		r, err := record.Read(data, record.FormatUnknown)
		if err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		enc, err := i18n.WriteRecord(r, &i18n.Printer{Lang: l})
		if err != nil {
			return fmt.Errorf("%s: %w", in, err)
		}
		if *out == "" {
			_, err = sio.out.Write(enc)
			return err
		}
		return os.WriteFile(*out, enc, 0o644)
	})
}

// position reads --black/--white into a board.
func position(size int, black, white string) (*rules.Board, error) {
	b, err := rules.NewBoard(size)
	if err != nil {
		return nil, usageError("--size: %v", err)
	}
	bs, err := rules.ParsePoints(black, size)
	if err != nil {
		return nil, usageError("--black: %v", err)
	}
	ws, err := rules.ParsePoints(white, size)
	if err != nil {
		return nil, usageError("--white: %v", err)
	}
	if err := b.Place(bs, ws); err != nil {
		return nil, usageError("%v", err)
	}
	return b, nil
}

// foursJSON is the "table fours --json" answer.
type foursJSON struct {
	Black  int    `json:"black"`
	White  int    `json:"white"`
	Winner string `json:"winner"` // "black", "white" or "draw"
}

func foursFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	black := fs.String("black", "", "Black's stones")
	white := fs.String("white", "", "White's stones")
	ruleName := fs.String("rule", "renju", "rule set: freestyle, standard, renju or caro")
	size := fs.Int("size", rules.DefaultSize, "board size")
	asJSON := fs.Bool("json", false, `print {"black":N,"white":N,"winner":"black|white|draw"} on the last line`)
	lang := fs.String("lang", "en", "language of the text output: en, zh-Hans or zh-Hant")
	return localized(lang, func(sio *stdio, args []string) error {
		r, err := rules.ParseRule(*ruleName)
		if err != nil {
			return usageMsg("err.bad-rule", *ruleName)
		}
		lg, err := parseLang(*lang)
		if err != nil {
			return err
		}
		p := &i18n.Printer{Lang: lg}
		b, err := position(*size, *black, *white)
		if err != nil {
			return err
		}
		fc := customs.DecideByFours(b, r)
		winner := "draw"
		if fc.Winner != rules.Empty {
			winner = fc.Winner.String()
		}
		if *asJSON {
			return printJSON(sio, foursJSON{fc.Black, fc.White, winner})
		}
		for _, c := range []rules.Color{rules.Black, rules.White} {
			for _, f := range customs.Fours(b, c, r) {
				key := "cli.four"
				if f.Open() {
					key = "cli.open-four"
				}
				fmt.Fprintln(sio.out, p.T(key, c.String(), rules.FormatPoints(f.Stones), rules.FormatPoints(f.Completions)))
			}
		}
		result := map[string]string{"black": "result.black-wins", "white": "result.white-wins", "draw": "result.draw"}[winner]
		fmt.Fprintln(sio.out, p.T("cli.fours-count", strconv.Itoa(fc.Black), strconv.Itoa(fc.White), p.T(result)))
		return nil
	})
}

// explainJSON is the "table explain --json" answer, as web.Explain.
type explainJSON struct {
	Point string     `json:"point"`
	Kind  string     `json:"kind"`
	Lines [][]string `json:"lines"`
}

func explainFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	black := fs.String("black", "", "Black's stones")
	white := fs.String("white", "", "White's stones")
	point := fs.String("point", "", "Black's move to explain (required)")
	size := fs.Int("size", rules.DefaultSize, "board size")
	reading := fs.String("reading", "rif", "renju threes whose four point also makes five: rif or gomocup")
	asJSON := fs.Bool("json", false, `print {"point":"h8","kind":"…","lines":[["g8","h8","i8"],…]} on the last line`)
	lang := fs.String("lang", "en", "language of the text output: en, zh-Hans or zh-Hant")
	return localized(lang, func(sio *stdio, args []string) error {
		lg, err := parseLang(*lang)
		if err != nil {
			return err
		}
		pr := &i18n.Printer{Lang: lg}
		rd, err := rules.ParseReading(*reading)
		if err != nil {
			return usageError("--reading: %v", err)
		}
		b, err := position(*size, *black, *white)
		if err != nil {
			return err
		}
		p, err := rules.ParsePoint(*point, *size)
		if err != nil {
			return usageError("--point: %v", err)
		}
		sh, err := customs.Explain(b, p, rd)
		if err != nil {
			return err
		}
		if *asJSON {
			return printJSON(sio, explainJSON{p.String(), sh.Kind.String(), sh.LineStrings()})
		}
		fmt.Fprintln(sio.out, pr.T("cli.explain", p.String(), sh.Kind.String()))
		for _, l := range sh.LineStrings() {
			fmt.Fprintln(sio.out, "  "+pr.Points(l))
		}
		return nil
	})
}

func levelFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	answer := fs.String("answer", "", "answer to \"have you played before?\": never, rules, sometimes, often or club")
	rating := fs.Int("rating", -1, "the player's rating (Elo scale)")
	return func(sio *stdio, args []string) error {
		switch {
		case *answer != "" && *rating >= 0:
			return usageError("give --answer or --rating, not both")
		case *answer != "":
			a, err := customs.ParseAnswer(*answer)
			if err != nil {
				return usageError("--answer: %v", err)
			}
			fmt.Fprintln(sio.out, customs.LevelFor(a))
		case *rating >= 0:
			fmt.Fprintln(sio.out, customs.LevelForRating(*rating))
		default:
			return usageError("give --answer or --rating")
		}
		return nil
	}
}
