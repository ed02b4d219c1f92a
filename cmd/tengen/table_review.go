package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"tengen/ai"
	"tengen/game"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/record"
	"tengen/web"
)

func init() {
	addCommand("table", &command{
		name:    "review",
		summary: "the one-page review of a game: evaluation graph, the move it turned on, the winning line, SGF, QR code",
		usage:   "RECORD [--id ID] [--nodes N] [--think D] [--http ADDR [--public] [--base-url URL]] [--json]",
		flags:   reviewFlags,
	})
}

// reviewJSON is "table review --json".
type reviewJSON struct {
	ID      string    `json:"id"`
	Moves   int       `json:"moves"`
	Evals   []int     `json:"evals"`
	Turn    *web.Turn `json:"turn"`
	WinLine []string  `json:"win_line"`
}

func reviewFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	id := fs.String("id", "", "the game's name in the review's address (default: the record's file name)")
	nodes := fs.Int64("nodes", 20000, "engine nodes per position for the evaluation graph")
	think := fs.Duration("think", reviewThink, "most engine time per position (0: nodes only, the same graph on any machine)")
	httpAddr := fs.String("http", "", "serve the review page on this address until stopped, e.g. :8080")
	public := fs.Bool("public", false, "allow serving on the network (phones scanning the QR code need it)")
	base := fs.String("base-url", "", "the page's address for phones, e.g. http://192.168.1.20:8080/ (default: this machine's LAN address)")
	asJSON := fs.Bool("json", false, `print {"id","moves","evals","turn","win_line"} on the last line`)
	return func(sio *stdio, args []string) error {
		if len(args) != 1 {
			return usageMsg("err.want-record")
		}
		data, err := os.ReadFile(args[0])
		if err != nil {
			return fmt.Errorf("reading the record: %w", err)
		}
		rec, err := record.Read(data, record.FormatUnknown)
		if err != nil {
			return fmt.Errorf("%s: %w", args[0], err)
		}
		if *id == "" {
			*id = reviewName(args[0])
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		rv, err := buildReview(ctx, *id, rec, *nodes, *think)
		if err != nil {
			return err
		}
		if rv.Turn != nil {
			fmt.Fprintf(sio.out, "turned at move %d (%s): %+d → %+d\n", rv.Turn.Move, rv.Turn.By, rv.Turn.From, rv.Turn.To)
		}
		if len(rv.WinLine) > 0 {
			fmt.Fprintf(sio.out, "winning line %s\n", strings.Join(rv.WinLine, " "))
		}
		if *httpAddr != "" {
			srv := web.New(web.Options{BaseURL: *base})
			srv.SetReview(rv)
			at, done, err := web.Serve(ctx, *httpAddr, *public, srv.Handler())
			if err != nil {
				return err
			}
			fmt.Fprintf(sio.err, "review page on http://%s/review.html?game=%s\n", at, rv.ID)
			if err := <-done; err != nil {
				return err
			}
		}
		if *asJSON {
			return printJSON(sio, reviewJSON{ID: rv.ID, Moves: len(rv.Moves), Evals: rv.Evals, Turn: rv.Turn, WinLine: rv.WinLine})
		}
		return nil
	}
}

// reviewAfter puts a finished game's review on the page srv and keeps
// serving it until ctx ends (the command is stopped); without a page it
// does nothing. A review that cannot be built is said on stderr: the
// game itself is over and recorded.
func reviewAfter(ctx context.Context, sio *stdio, srv *web.Server, id string, rec *record.Record, lang i18n.Lang) {
	if srv == nil {
		return
	}
	rv, err := buildReview(ctx, reviewName(id), rec, 20000, reviewThink)
	if err != nil {
		fmt.Fprintf(sio.err, "review: %v\n", err)
		return
	}
	srv.SetReview(rv)
	fmt.Fprintln(sio.err, (&i18n.Printer{Lang: lang}).T("cli.review-on-page"))
	<-ctx.Done()
}

// reviewName makes a review id from a file name.
func reviewName(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	var b strings.Builder
	for _, r := range base {
		if r < 128 && (r == '-' || r == '_' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "game"
	}
	return b.String()[:min(b.Len(), 64)]
}

// buildReview evaluates every position of rec with the engine (nodes and
// at most think a position; think 0: nodes only) and builds
// its review, with the record as SGF and the result as a message.
func buildReview(ctx context.Context, id string, rec *record.Record, nodes int64, think time.Duration) (*web.Review, error) {
	evals, five, err := evaluate(ctx, rec, nodes, think)
	if err != nil {
		return nil, err
	}
	if five != rules.Empty && rec.Result.Winner == rules.Empty && !rec.Result.Draw {
		// A bare move list ending in a five: the five is the result.
		r := *rec
		r.Result = record.Result{Winner: five}
		rec = &r
	}
	sgf, err := record.Write(rec, record.FormatSGF)
	if err != nil {
		return nil, err
	}
	rv, err := web.NewReview(id, rec, evals, sgf)
	if err != nil {
		return nil, err
	}
	if rec.Result.Winner != rules.Empty || rec.Result.Draw {
		if out, ok := outcomeOf(rec); ok {
			said := i18n.Said(game.OutcomeMessage(out))
			rv.ResultSaid = &said
		}
	}
	return rv, nil
}

// outcomeOf reads the record's result as the rules' outcome, when it is
// one the rules name.
func outcomeOf(rec *record.Record) (rules.Outcome, bool) {
	o := rules.Outcome{Over: true, Winner: rec.Result.Winner, Move: len(rec.Moves)}
	switch {
	case rec.Result.Draw:
		o.Reason = rules.Agreement
	case rec.Result.Reason == "":
		o.Reason = rules.Five
	case rec.Result.Reason == record.ReasonResign:
		o.Reason = rules.Resignation
	case rec.Result.Reason == record.ReasonTime:
		o.Reason = rules.Time
	default:
		return o, false
	}
	return o, true
}

// reviewThink caps the engine's time on one position of a review.
const reviewThink = 150 * time.Millisecond

// mateScore is the evaluation of a position already won (centi-stones).
const mateScore = 10000

// evaluate gives Black's evaluation after every move of rec: the engine's
// score of the position for the side to move, turned to Black's view; a
// five already on the board is a won position, and its colour is returned.
func evaluate(ctx context.Context, rec *record.Record, nodes int64, think time.Duration) ([]int, rules.Color, error) {
	rule := rec.Rule
	if rule == record.NoRule {
		rule = rules.Renju
	}
	eng := ai.NewEngine(ai.EngineOptions{Level: 10, Seed: 1, Threads: 1})
	lim := ai.Limits{Nodes: nodes, TurnTime: think, NoTurnLimit: think == 0}
	b, err := rules.NewBoard(rec.Size)
	if err != nil {
		return nil, rules.Empty, err
	}
	var stones []ai.Stone
	evals := make([]int, 0, len(rec.Moves))
	for i, m := range rec.Moves {
		if !m.Point.IsPass() {
			if !m.Point.In(rec.Size) || b.At(m.Point) != rules.Empty {
				return nil, rules.Empty, fmt.Errorf("move %d on %v: off the board or taken", i+1, m.Point)
			}
			if b.Wins(m.Point, m.Color, rule) {
				evals = append(evals, map[rules.Color]int{rules.Black: mateScore, rules.White: -mateScore}[m.Color])
				return smooth(evals), m.Color, nil // nothing after a five is played
			}
			b.Set(m.Point, m.Color)
			stones = append(stones, ai.Stone{P: m.Point, C: m.Color})
		}
		// One engine for the whole game: what it learnt of a position
		// helps with the next. Nodes bound the work; the time cap keeps a
		// position full of threats (the engine reads them all) from
		// holding the review up.
		next := m.Color.Opponent()
		res, err := eng.Think(ctx, ai.Position{Size: rec.Size, Rule: rule, Reading: rules.ReadingRIF, Stones: stones, ToMove: next},
			lim, nil)
		if err != nil {
			return nil, rules.Empty, fmt.Errorf("evaluating after move %d: %w", i+1, err)
		}
		score := min(max(res.Score, -mateScore), mateScore)
		if next == rules.White {
			score = -score
		}
		evals = append(evals, score)
	}
	return smooth(evals), rules.Empty, nil
}

// smooth averages each evaluation with the one before. A short search
// favours the side to move (in Gomoku the move in hand is worth much), so
// the raw scores swing with every move; the mean of two neighbours takes
// that tempo out. A won position (±mateScore) stays as it is.
func smooth(raw []int) []int {
	out := make([]int, len(raw))
	for i, v := range raw {
		out[i] = v
		if i > 0 && abs(v) < mateScore {
			out[i] = (v + raw[i-1]) / 2
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
