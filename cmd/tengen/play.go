package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"tengen/ai"
	"tengen/ai/match"
	"tengen/customs"
	"tengen/game"
	"tengen/i18n"
	"tengen/i18n/errmsg"
	"tengen/rules"
	"tengen/rules/clock"
	"tengen/rules/opening"
	"tengen/sim"
	"tengen/web"
)

func init() {
	addCommand("", &command{
		name:    "play",
		summary: "play a game against the robot (--sim: on the simulated robot, against a simulated person)",
		usage:   "[flags]",
		flags:   playFlags,
	})
}

// playResult is play's --json summary.
type playResult struct {
	Result  string   `json:"result"`
	Winner  string   `json:"winner"`
	Reason  string   `json:"reason"`
	Moves   []string `json:"moves"`
	Record  string   `json:"record"`
	Journal string   `json:"journal"`
}

func playFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	rule := fs.String("rule", "renju", "rule set: freestyle, standard, renju or caro")
	reading := fs.String("reading", "rif", "renju reading of threes: rif or gomocup")
	robotColour := fs.String("robot", "white", "the colour the robot plays: black, white, or nigiri (decided by 猜先 over the board before the game, see --hide); under an opening protocol that decides the colours, black makes the robot the first player (the tentative Black)")
	hide := fs.String("hide", "person", "with --robot nigiri: who hides the stones, person (a handful put on the board, the robot guesses) or robot (the person guesses on the page with --http, else at the terminal)")
	openingName := fs.String("opening", "", "opening protocol (tengen rules openings lists them): free, centre, rif, yamaguchi, five-move-n, yamaguchi-52, yamaguchi-centre, tarannikov, taraguchi-N, soosorv-N, swap, swap2 (default: rif for renju, swap2 for the other rules)")
	engine := fs.String("engine", "tengen:level=5", `the robot's player: "tengen:level=N" (1-10), "greedy", or an external Gomocup brain's command line`)
	think := fs.Duration("think", 2*time.Second, "the robot's longest think per move")
	tc := fs.String("time", "", `time control, e.g. "10m", "10m+5s" (Fischer), "10m/3x30s" (byo-yomi); empty: untimed`)
	event := eventFlag(fs)
	onTime := fs.String("on-time", "loss", "with --time, a game over its time: loss (the person out of time loses) or fours (the side with more fours on the board wins, equal counts draw: a casual custom)")
	simulate := fs.Bool("sim", false, "play on the simulated robot against a simulated person")
	camera := fs.String("camera", "", "with --sim: rendered (read by the vision code, the default) or truth; on the real board: a V4L2 device (/dev/video0), a folder of images or a video file (default: the calibration's camera.device)")
	hw := rigFlags(fs)
	personLevel := fs.Int("person-level", 3, "with --sim: the simulated person's engine level")
	seed := fs.Uint64("seed", 1, "with --sim: seed of the world and the person")
	firmware := fs.Bool("firmware", false, "with --sim: the arm runs on the real firmware in simavr (built in the data folder's firmware/), through the serial driver; real time")
	worldPath := fs.String("world", "", "with --sim: file the simulated board is kept in (it survives a restart, as a real board does)")
	journalPath := fs.String("journal", "", "the game's journal (default: a new file under var/games)")
	resume := fs.Bool("resume", false, "carry on the game in --journal after a crash or a kill")
	httpAddr := fs.String("http", "", "serve the web page on this address, e.g. :8080")
	public := fs.Bool("public", false, "allow serving the web page on the network, not only this machine")
	voice := fs.String("voice", "off", "speech: off, on (the language's voice) or an espeak-ng voice")
	lang := fs.String("lang", "en", "the robot's language: en, zh-Hans or zh-Hant")
	ponder := fs.Bool("ponder", true, "let the engine think on the person's time")
	jsonOut := fs.Bool("json", false, "print a summary as JSON on the last line")
	panelFile := fs.String("panel", "", "a file naming the GPIO pins of the buttons (start, swap, resign, draw, takeback, ack) and LEDs (turn, thinking, fault); see rig/panel")
	guessWait := fs.Duration("guess-wait", 20*time.Second, "with --sim, --robot nigiri --hide robot and --http: how long the page's visitors' panel has to give the 猜先 guess before the simulated person guesses")
	review := fs.Bool("review", false, "with --http: after the game, put its review on the page (graph, turning point, SGF, QR code) and keep serving until stopped")
	return localized(lang, func(sio *stdio, args []string) error {
		if len(args) > 0 {
			return noArgs("play")
		}
		r, err := rules.ParseRule(*rule)
		if err != nil {
			return usageMsg("err.bad-rule", *rule)
		}
		if _, err := rules.ParseReading(*reading); err != nil {
			return badFlag("--reading", *reading, err)
		}
		nigiri := *robotColour == "nigiri"
		robot := rules.White // until 猜先 decides
		if nigiri {
			if err := checkHide("--hide", *hide); err != nil {
				return err
			}
		} else if robot, err = rules.ParseColor(*robotColour); err != nil {
			return usageMsg("err.bad-robot", *robotColour)
		}
		spec, err := match.ParseSpec(*engine)
		if err != nil {
			return badFlag("--engine", *engine, err)
		}
		var tcl clock.Control
		if *tc != "" {
			if tcl, err = clock.Parse(*tc); err != nil {
				return badFlag("--time", *tc, err)
			}
		}
		evCfg, err := eventConfig(*event, *onTime)
		if err != nil {
			return err
		}
		if *resume && *journalPath == "" {
			return usageMsg("err.needs", "--resume", "--journal")
		}
		if *openingName == "" {
			*openingName = game.DefaultOpening(r)
		}
		proto, err := opening.ByName(*openingName)
		if err != nil {
			return usageMsg("err.bad-opening", *openingName)
		}
		lg, err := parseLang(*lang)
		if err != nil {
			return err
		}
		pr := &i18n.Printer{Lang: lg}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()

		if *journalPath == "" {
			var err error
			if *journalPath, err = newRunPath("games", ".journal"); err != nil {
				return err
			}
		}
		if err := os.MkdirAll(filepath.Dir(*journalPath), 0o755); err != nil {
			return err
		}
		if *simulate && *worldPath == "" {
			*worldPath = strings.TrimSuffix(*journalPath, ".journal") + ".world"
		}
		dev, err := openDevices(ctx, sio, deviceOptions{simulate: *simulate, firmware: *firmware, camera: *camera, world: *worldPath, seed: *seed, hw: hw, command: "play", doing: "playing"})
		if err != nil {
			return err
		}
		defer dev.Close(ctx)
		eyes, hand, size, rb := dev.eyes, dev.hand, dev.size, dev.rb
		player, err := spec.New(int64(*seed), nil)
		if err != nil {
			return err
		}
		defer match.ClosePlayer(player)

		s := &game.Session{Limits: ai.Limits{TurnTime: *think}, Eyes: eyes, Hand: hand, MaxWrongViews: 500, Ponder: *ponder}
		ctl := newControls(size)
		var (
			replayed game.Replayed
			m        *opening.Machine // the opening still to play, if any
		)
		if *resume {
			if replayed, err = s.Load(*journalPath); err != nil {
				return err
			}
			// The journal's settings rule the resumed game, not the flags.
			if r, err = rules.ParseRule(s.Config.Rule); err != nil {
				return errmsg.Wrap(err, "err.journal", *journalPath)
			}
			tcl = clock.Control{}
			if s.Config.TimeControl != "" {
				if tcl, err = clock.Parse(s.Config.TimeControl); err != nil {
					return errmsg.Wrap(err, "err.journal", *journalPath)
				}
			}
			// Before the opening is over the names are the tentative
			// colours': the robot's seat.
			robot = rules.Black
			if s.Config.Black == "person" {
				robot = rules.White
			}
			if replayed.OpeningLeft(s.Referee) {
				m = replayed.Opening
			}
			fmt.Fprintln(sio.out, pr.T("cli.resuming-at", *journalPath, strconv.Itoa(len(s.Referee.Moves()))))
		}
		page := &pageHub{rule: r, size: size, lang: lg}
		say := page.outputs(sio, *voice)
		defer say.Close()
		s.Voice = say
		s.Control = ctl.reqs
		if *httpAddr != "" {
			srv, err := startWebControl(ctx, *httpAddr, *public, sio, ctl)
			if err != nil {
				return err
			}
			page.srv = srv
			s.Observe = page.observe
		}
		observe, closePanel, err := withPanel(ctx, *panelFile, ctl, sio, say, s.Observe)
		if err != nil {
			return err
		}
		defer closePanel()
		s.Observe = observe
		if !*resume {
			var g *customs.Nigiri
			if nigiri {
				hooks, err := newVisitorHooks(ctx, page.srv, sio) // the page's panel takes the guess
				if err != nil {
					return err
				}
				t := &tableNigiri{hide: *hide, eyes: eyes, hand: hand, voice: say, rb: rb, sio: sio, p: pr, rng: customs.NewRand(*seed), pageWait: *guessWait}
				if hooks != nil {
					t.desk = hooks.desk
				}
				played, err := t.play(ctx)
				if err != nil {
					return fmt.Errorf("猜先: %w", err)
				}
				g = &played
				if g.Black() == customs.Robot {
					robot = rules.Black
				}
			}
			s.Config = game.Config{Rule: r.String(), Size: size, Reading: *reading, TimeControl: *tc,
				Opening: proto.Name(), Black: spec.String(), White: "person", Event: evCfg.Event, OnTime: evCfg.OnTime}
			if m, err = opening.New(proto, size); err != nil {
				return err
			}
			if robot == rules.White {
				s.Config.Black, s.Config.White = "person", spec.String()
			}
			if s.Referee, err = game.NewReferee(s.Config); err != nil {
				return err
			}
			if s.Journal, err = game.CreateJournal(*journalPath); err != nil {
				return err
			}
			if err := s.Journal.Append(game.Entry{Type: game.EntryStart, Config: &s.Config}); err != nil {
				return err
			}
			if g != nil {
				if err := s.Journal.Append(nigiriEntry(*g)); err != nil {
					return err
				}
			}
		}
		defer s.Journal.Close()
		if err := applyPolicy(s); err != nil {
			return err
		}
		if robot == rules.Black {
			s.Black = player
		} else {
			s.White = player
		}
		rd, _ := rules.ParseReading(s.Config.Reading)
		seat := opening.Second
		if robot == rules.Black {
			seat = opening.First
		}
		if m != nil && !m.Done() || replayed.OpeningLeft(s.Referee) {
			s.Opening = &game.Opening{Machine: m, Robot: seat, Decisions: ctl.decisions, Unchosen: replayed.Unchosen, StepMessage: i18n.StepMessage,
				Decider: game.EngineDecider{Engine: openingEngine(player, *seed), Me: seat, Rule: r, Reading: rd}}
		}
		if *simulate {
			personEngine := ai.NewEngine(ai.EngineOptions{Level: *personLevel, Seed: *seed + 7, Threads: 1})
			person := sim.NewPerson(robot.Opponent(), personEngine, r, *seed)
			person.Limits = ai.Limits{TurnTime: *think / 3}
			person.Follow(s.Referee)
			if s.Opening != nil {
				person.Opening = &sim.OpeningSeat{Machine: m, Me: seat.Other(), Engine: personEngine, Reading: rd, Say: ctl.decisions}
			}
			rb.Eyes.People = []*sim.Person{person}
		}
		if !tcl.Unlimited() {
			if s.Clock, err = clock.New(tcl, clock.System{}); err != nil {
				return err
			}
			if err := s.RestoreClock(replayed.Clock, replayed.Used); err != nil {
				return err
			}
		}
		if s.Opening != nil {
			fmt.Fprintln(sio.out, pr.T("cli.game-opening", s.Config.Rule, s.Config.Opening, s.Config.Black, s.Config.White, *journalPath))
		} else {
			fmt.Fprintln(sio.out, pr.T("cli.game-start", s.Config.Rule, s.Config.Black, s.Config.White, *journalPath))
		}
		play := s.Play
		if *resume {
			play = func(ctx context.Context) (rules.Outcome, error) { return s.Resume(ctx, replayed.Pending) }
		}
		// A fault the arm cannot get past pauses the game for the person
		// to put it right, as in an exhibition.
		operator := faultOperator(sio, pr, *simulate, ctl, *httpAddr != "" || *panelFile != "", say)
		out, err := game.ThroughFaults(ctx, s, play, operator)
		if err != nil {
			return err
		}
		recPath := strings.TrimSuffix(*journalPath, ".journal") + ".sgf"
		if err := s.WriteRecord(recPath); err != nil {
			return err
		}
		om := game.OutcomeMessage(out)
		fmt.Fprintln(sio.out, pr.T(om.Key, om.Args...), pr.T("cli.record-saved", recPath))
		if *review { // table_review.go
			defer reviewAfter(ctx, sio, page.srv, filepath.Base(strings.TrimSuffix(*journalPath, ".journal")), s.Record(), lg)
		}
		if !*jsonOut {
			return nil
		}
		res := playResult{Result: out.String(), Reason: out.Code(), Record: recPath, Journal: *journalPath, Winner: "draw"}
		if out.Winner != rules.Empty {
			res.Winner = out.Winner.String()
		}
		for _, m := range s.Referee.Moves() {
			res.Moves = append(res.Moves, m.P.String())
		}
		return printJSON(sio, res)
	})
}

// openingEngine is what makes the robot's opening decisions: its own
// player when that can, else a Tengen engine (an external Gomocup brain
// knows no opening protocols but swap2).
func openingEngine(p ai.Player, seed uint64) game.OpeningEngine {
	if e, ok := p.(game.OpeningEngine); ok {
		return e
	}
	return ai.NewEngine(ai.EngineOptions{Level: 5, Seed: seed, Threads: 1})
}

// startWebControl serves the page and carries the operator's actions to
// the game through ctl.
func startWebControl(ctx context.Context, addr string, public bool, sio *stdio, ctl *controls) (*web.Server, error) {
	tokenPath := dataPath("operator-token")
	tok, err := web.LoadOrCreateToken(tokenPath)
	if err != nil {
		return nil, err
	}
	srv := web.New(web.Options{Token: tok, Operator: func(a web.Action) error { return forPage(ctl.do(a.Name, a.Args)) }})
	at, _, err := web.Serve(ctx, addr, public, srv.Handler())
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(sio.err, "web page on http://%s/ (operator token in %s)\n", at, tokenPath)
	return srv, nil
}
