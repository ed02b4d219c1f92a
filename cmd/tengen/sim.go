package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"tengen/game"
	"tengen/i18n"
	"tengen/i18n/errmsg"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/sim"
	"tengen/web"
)

func init() {
	addCommand("", &command{
		name:    "sim",
		summary: "play the whole robot in simulation: arm, camera and a simulated person",
		usage:   "[flags]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			games := fs.Int("games", 1, "number of games to play")
			seed := fs.Uint64("seed", 1, "seed of the simulated world and players")
			rule := fs.String("rule", "renju", "rule set: freestyle, standard, renju or caro")
			level := fs.Int("level", 8, "the robot's engine level, 1-10")
			personLevel := fs.Int("person-level", 3, "the simulated person's engine level, 1-10")
			think := fs.Duration("think", 300*time.Millisecond, "the robot's time per move")
			push := fs.Float64("push-rate", 0.05, "chance per move that the person pushes a stone")
			camera := fs.String("camera", "rendered", "rendered (read by the vision code) or truth (exact, for quick runs)")
			sun := fs.Float64("sun", 0, "strength (0-1) of patches of sunlight on the board all run long, placed by --seed (rendered camera)")
			dir := fs.String("dir", "", "where journals and records go (default: a new folder under var/sim)")
			httpAddr := fs.String("http", "", "serve the web page on this address while the simulation runs, e.g. :8080")
			firmware := fs.Bool("firmware", false, "drive the arm through the serial driver to the real firmware in simavr (built in the data folder's firmware/) instead of the in-process armsim, through a pty proxy that can upset the line (serial-* faults); runs in real time")
			faults := fs.String("faults", "", "faults to inject and survive: "+sim.FaultSpecHelp)
			openingName := fs.String("opening", "", "opening protocol played over the board before each game (tengen rules openings lists them; \"free\" for none); default: rif for renju, swap2 for the other rules")
			jsonOut := fs.Bool("json", false, "print the summary as JSON on the last line (its keys do not change with --lang)")
			lang := fs.String("lang", "en", "language of the lines a person reads (the game's, the faults', the summary): en, zh-Hans or zh-Hant")
			return localized(lang, func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return noArgs("sim")
				}
				r, err := rules.ParseRule(*rule)
				if err != nil {
					return usageMsg("err.bad-rule", *rule)
				}
				spec, err := sim.ParseFaults(*faults)
				if err != nil {
					return badFlag("--faults", *faults, err)
				}
				lg, err := parseLang(*lang)
				if err != nil {
					return err
				}
				pr := &i18n.Printer{Lang: lg}
				cam, err := simCamera(*camera)
				if err != nil {
					return fmt.Errorf("%w: %w", errUsage, err)
				}
				if *sun != 0 {
					s, ok := cam.(sunlit)
					if !ok || *sun < 0 || *sun > 1 {
						return usageMsg("err.bad-sun", fmt.Sprint(*sun), *camera)
					}
					s.SetSun(*sun, int64(*seed))
				}
				if *dir == "" {
					if *dir, err = newRunPath("sim", ""); err != nil {
						return err
					}
				}
				if err := os.MkdirAll(*dir, 0o755); err != nil {
					return err
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				if *openingName == "" {
					*openingName = game.DefaultOpening(r)
				}
				if _, err := opening.ByName(*openingName); err != nil {
					return usageMsg("err.bad-opening", *openingName)
				}
				opt := sim.Options{Games: *games, Seed: *seed, Rule: r, RobotLevel: *level, PersonLevel: *personLevel,
					Think: *think, PushRate: *push, Camera: cam, Dir: *dir, Log: sio.out, Faults: spec, Opening: *openingName,
					Words: pr.Msg, Say: pr.Message}
				if *firmware {
					opt.Firmware = dataPath("firmware")
				}
				if *httpAddr != "" {
					ctl := newControls(15)
					srv, err := startWebControl(ctx, *httpAddr, false, sio, ctl)
					if err != nil {
						return err
					}
					opt.Control = ctl.reqs
					opt.Observe = func(s game.Snapshot) { srv.Publish(pageState(r, 15, s)) }
				}
				sum, err := sim.Run(ctx, opt)
				if err != nil {
					return err
				}
				if *jsonOut {
					return printJSON(sio, sum)
				}
				_, err = fmt.Fprint(sio.out, "\n"+simSummary(pr, sum))
				return err
			})
		},
	})
}

// simSummary is the summary of a run as a person reads it, in pr's
// language (--json gives the same figures under fixed keys).
func simSummary(pr *i18n.Printer, sum sim.Summary) string {
	var b strings.Builder
	fmt.Fprintln(&b, pr.Msg(errmsg.M("sim.summary", sum.Games, sum.Moves, sum.MisreadMoves, sum.StonesLost,
		sum.StonesMisplaced, sum.FaultsInjected, sum.FaultsRecovered, sum.FaultsReported, fmt.Sprintf("%.2f", sum.MedianCycleS))))
	for _, n := range sim.FaultNames() {
		if c, ok := sum.Faults[n]; ok {
			fmt.Fprintln(&b, "  "+pr.Msg(errmsg.M("sim.fault-line", fmt.Sprintf("%-11s", n), c.Injected, c.Recovered, c.Reported)))
		}
	}
	for _, p := range sum.Records {
		fmt.Fprintln(&b, pr.Msg(errmsg.M("sim.record", p)))
	}
	return b.String()
}

func simCamera(name string) (sim.Camera, error) {
	switch name {
	case "truth":
		return sim.TruthCamera{}, nil
	case "rendered":
		return renderedCamera()
	}
	return nil, errmsg.New("err.bad-camera", name)
}

// sunlit is a camera that can have sunlight on the board
// (sim.RenderedCamera).
type sunlit interface {
	SetSun(strength float64, seed int64)
}

// pageState turns a game snapshot into what the page shows.
func pageState(rule rules.Rule, size int, s game.Snapshot) web.State {
	st := web.State{Title: "Tengen", Rule: rule.String(), Size: size, Status: s.Status, Paused: s.Paused,
		EvalHistory: s.Evals, Events: s.Events}
	if !s.Over {
		st.ToMove = s.ToMove.String()
	} else {
		st.Result = s.Outcome.String()
	}
	for i, m := range s.Moves {
		st.Moves = append(st.Moves, web.Move{N: i + 1, Color: m.C.String(), Point: m.P.String()})
	}
	if st.Opening = openingState(s.Opening); st.Opening != nil && len(s.Opening.Moves) > len(s.Moves) {
		st.Moves = openingMoves(s.Opening)
	}
	for _, f := range s.Forbidden {
		st.Forbidden = append(st.Forbidden, web.Mark{Point: f.P.String(), Kind: f.Kind.String()})
	}
	for i, face := range s.Clocks {
		c := []rules.Color{rules.Black, rules.White}[i]
		st.Clocks = append(st.Clocks, web.Clock{Color: c.String(), Display: face, Running: s.Running == c})
	}
	if s.Info.Depth > 0 {
		e := &web.Eval{Score: s.Info.Score, Depth: s.Info.Depth}
		for _, p := range s.Info.PV {
			e.PV = append(e.PV, p.String())
		}
		st.Eval = e
	}
	return st
}
