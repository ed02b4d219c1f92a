package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
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
	// Match is the score of a --best-of match, whose last game the keys
	// above describe.
	Match *matchResult `json:"match,omitempty"`
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
	camera := fs.String("camera", "", "with --sim: rendered (read by the vision code, the default) or truth; on the real board: a V4L2 device (/dev/video0), a folder of images or a video file (default: TENGEN_CAMERA, else the calibration's camera.device)")
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
	bestOf := fs.Int("best-of", 0, "play a match of this many games against the robot: 1, 3, 5 or 7, colours alternating, the board cleared and the score said between games; the games' journals are --journal's name with -game1, -game2, … (0: a single game)")
	deciders := fs.Int("deciders", 1, "with --best-of: extra games on a tie, the first won deciding the match (0: a tie is a drawn match)")
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
		byNigiri := *robotColour == "nigiri"
		robot := rules.White // until 猜先 decides
		if byNigiri {
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
		if *tc != "" {
			if _, err = clock.Parse(*tc); err != nil {
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
		if err := checkMatchFlags(fs, *bestOf, *deciders); err != nil {
			return err
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
		if *resume {
			// The journal's settings rule the resumed game, not the flags:
			// the page shows its rule.
			path := *journalPath
			if *bestOf != 0 {
				path = matchGamePath(*journalPath, 1)
			}
			if r, err = journalRule(path); err != nil {
				return err
			}
		}
		dev, err := openDevices(ctx, sio, deviceOptions{simulate: *simulate, firmware: *firmware, camera: *camera, world: *worldPath, seed: *seed, hw: hw, command: "play", doing: "playing"})
		if err != nil {
			return err
		}
		defer dev.Close(ctx)

		p := &playRun{sio: sio, pr: pr, eyes: dev.eyes, hand: dev.hand, size: dev.size, rb: dev.rb, spec: spec,
			seed: *seed, think: *think, ponder: *ponder, simulate: *simulate, personLevel: *personLevel,
			ctl: newControls(dev.size), cfg: game.Config{Rule: r.String(), Size: dev.size, Reading: *reading, TimeControl: *tc,
				Opening: proto.Name(), Event: evCfg.Event, OnTime: evCfg.OnTime}, proto: proto}
		page := &pageHub{rule: r, size: dev.size, lang: lg}
		say := page.outputs(sio, *voice)
		defer say.Close()
		p.say = say
		if *httpAddr != "" {
			srv, err := startWebControl(ctx, *httpAddr, *public, sio, p.ctl)
			if err != nil {
				return err
			}
			page.srv = srv
			p.observe = page.observe
		}
		observe, closePanel, err := withPanel(ctx, *panelFile, p.ctl, sio, say, p.observe)
		if err != nil {
			return err
		}
		defer closePanel()
		p.observe = observe
		// A fault the arm cannot get past pauses the game for the person
		// to put it right, as in an exhibition.
		p.operator = faultOperator(sio, pr, *simulate, p.ctl, *httpAddr != "" || *panelFile != "", say)
		// nigiri plays 猜先 over the board, before a new game or match.
		nigiri := func() (*customs.Nigiri, error) {
			if !byNigiri {
				return nil, nil
			}
			hooks, err := newVisitorHooks(ctx, page.srv, sio) // the page's panel takes the guess
			if err != nil {
				return nil, err
			}
			t := &tableNigiri{hide: *hide, eyes: dev.eyes, hand: dev.hand, voice: say, rb: dev.rb, sio: sio, p: pr, rng: customs.NewRand(*seed), pageWait: *guessWait}
			if hooks != nil {
				t.desk = hooks.desk
			}
			played, err := t.play(ctx)
			if err != nil {
				return nil, fmt.Errorf("猜先: %w", err)
			}
			return &played, nil
		}

		var (
			res playResult
			s   *game.Session
		)
		if *bestOf != 0 {
			var last *playedGame
			if res, last, err = p.match(ctx, matchPlan{base: *journalPath, bestOf: *bestOf, deciders: *deciders, resume: *resume, robot: robot, nigiri: nigiri}); err != nil {
				return err
			}
			if last == nil { // decided before this run: nothing was played
				if *jsonOut {
					return printJSON(sio, res)
				}
				return nil
			}
			s = last.s
		} else {
			g := playGame{journal: *journalPath, resume: *resume, robot: robot, seed: *seed}
			if !*resume {
				if g.nigiri, err = nigiri(); err != nil {
					return err
				}
				if g.nigiri != nil && g.nigiri.Black() == customs.Robot {
					g.robot = rules.Black
				}
			}
			played, err := p.game(ctx, g)
			if err != nil {
				return err
			}
			s, res = played.s, played.result()
		}
		if *review { // table_review.go
			defer reviewAfter(ctx, sio, page.srv, filepath.Base(strings.TrimSuffix(res.Journal, ".journal")), s.Record(), lg)
		}
		if !*jsonOut {
			return nil
		}
		return printJSON(sio, res)
	})
}

// playRun is what every game of a `tengen play` run shares: the devices,
// the robot's player, how it speaks and takes requests, and the settings
// of a new game from the flags.
type playRun struct {
	sio              *stdio
	pr               *i18n.Printer
	eyes             game.Eyes
	hand             game.Hand
	size             int
	rb               *sim.Robot // the simulated robot, nil on the real one
	spec             match.Spec
	seed             uint64
	think            time.Duration
	ponder, simulate bool
	personLevel      int
	say              game.Voice
	ctl              *controls
	observe          func(game.Snapshot)
	operator         func(context.Context, error) error
	cfg              game.Config // a new game's settings but its players
	proto            opening.Protocol
}

// playGame is one game of a run: a new one, or the one in its journal
// carried on (resume).
type playGame struct {
	journal string
	resume  bool
	// A new game's: the robot's seat (the tentative colour under an
	// opening protocol), the 猜先 that decided it (nil: none), the match
	// it is a game of.
	robot  rules.Color
	nigiri *customs.Nigiri
	match  game.MatchGame
	seed   uint64 // the robot's player's
}

// playedGame is a game played to its end.
type playedGame struct {
	s       *game.Session
	out     rules.Outcome
	journal string
	record  string
}

// result is the game's --json summary.
func (g *playedGame) result() playResult {
	res := playResult{Result: g.out.String(), Reason: g.out.Code(), Record: g.record, Journal: g.journal, Winner: "draw"}
	if g.out.Winner != rules.Empty {
		res.Winner = g.out.Winner.String()
	}
	for _, m := range g.s.Referee.Moves() {
		res.Moves = append(res.Moves, m.P.String())
	}
	return res
}

// overGame is the game over that the journal at path holds, its record
// written if the program stopped between the game's end and its record.
func overGame(path string) (*playedGame, error) {
	s, out, err := game.LoadOver(path)
	if err != nil {
		return nil, err
	}
	g := &playedGame{s: s, out: out, journal: path, record: strings.TrimSuffix(path, ".journal") + ".sgf"}
	if _, err := os.Stat(g.record); errors.Is(err, fs.ErrNotExist) {
		if err := s.WriteRecord(g.record); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// game plays g to its end and writes its record. Resumed, a game the
// journal ends is not played again: its record is made sure of.
func (p *playRun) game(ctx context.Context, g playGame) (*playedGame, error) {
	sio, pr := p.sio, p.pr
	if g.resume {
		if over, err := overGame(g.journal); err == nil {
			return p.ended(over), nil
		}
	}
	player, err := p.spec.New(int64(g.seed), nil)
	if err != nil {
		return nil, err
	}
	defer match.ClosePlayer(player)

	s := &game.Session{Limits: ai.Limits{TurnTime: p.think}, Eyes: p.eyes, Hand: p.hand, MaxWrongViews: 500, Ponder: p.ponder,
		Voice: p.say, Control: p.ctl.reqs, Observe: p.observe}
	var (
		replayed game.Replayed
		m        *opening.Machine // the opening still to play, if any
		robot    = g.robot
		tcl      clock.Control
	)
	if g.resume {
		if replayed, err = s.Load(g.journal); err != nil {
			return nil, err
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
		fmt.Fprintln(sio.out, pr.T("cli.resuming-at", g.journal, strconv.Itoa(len(s.Referee.Moves()))))
	} else {
		s.Config = p.cfg
		s.Config.Match = g.match
		s.Config.Black, s.Config.White = p.spec.String(), "person"
		if robot == rules.White {
			s.Config.Black, s.Config.White = "person", p.spec.String()
		}
		if m, err = opening.New(p.proto, p.size); err != nil {
			return nil, err
		}
		if s.Referee, err = game.NewReferee(s.Config); err != nil {
			return nil, err
		}
		if s.Journal, err = game.CreateJournal(g.journal); err != nil {
			return nil, err
		}
		if err := s.Journal.Append(game.Entry{Type: game.EntryStart, Config: &s.Config}); err != nil {
			s.Journal.Close()
			return nil, err
		}
		if g.nigiri != nil {
			if err := s.Journal.Append(nigiriEntry(*g.nigiri)); err != nil {
				s.Journal.Close()
				return nil, err
			}
		}
	}
	defer s.Journal.Close()
	// The journal's settings rule a resumed game, not the flags.
	r, err := rules.ParseRule(s.Config.Rule)
	if err != nil {
		return nil, errmsg.Wrap(err, "err.journal", g.journal)
	}
	if s.Config.TimeControl != "" {
		if tcl, err = clock.Parse(s.Config.TimeControl); err != nil {
			return nil, errmsg.Wrap(err, "err.journal", g.journal)
		}
	}
	if err := applyPolicy(s); err != nil {
		return nil, err
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
		s.Opening = &game.Opening{Machine: m, Robot: seat, Decisions: p.ctl.decisions, Unchosen: replayed.Unchosen, StepMessage: i18n.StepMessage,
			Decider: game.EngineDecider{Engine: openingEngine(player, p.seed), Me: seat, Rule: r, Reading: rd}}
	}
	if p.simulate {
		personEngine := ai.NewEngine(ai.EngineOptions{Level: p.personLevel, Seed: g.seed + 7, Threads: 1})
		person := sim.NewPerson(robot.Opponent(), personEngine, r, g.seed)
		person.Limits = ai.Limits{TurnTime: p.think / 3}
		person.Follow(s.Referee)
		if s.Opening != nil {
			person.Opening = &sim.OpeningSeat{Machine: m, Me: seat.Other(), Engine: personEngine, Reading: rd, Say: p.ctl.decisions}
		}
		p.rb.Eyes.People = []*sim.Person{person}
	}
	if !tcl.Unlimited() {
		if s.Clock, err = clock.New(tcl, clock.System{}); err != nil {
			return nil, err
		}
		if err := s.RestoreClock(replayed.Clock, replayed.Used); err != nil {
			return nil, err
		}
	}
	if s.Opening != nil {
		fmt.Fprintln(sio.out, pr.T("cli.game-opening", s.Config.Rule, s.Config.Opening, s.Config.Black, s.Config.White, g.journal))
	} else {
		fmt.Fprintln(sio.out, pr.T("cli.game-start", s.Config.Rule, s.Config.Black, s.Config.White, g.journal))
	}
	play := s.Play
	if g.resume {
		play = func(ctx context.Context) (rules.Outcome, error) { return s.Resume(ctx, replayed.Pending) }
	}
	out, err := game.ThroughFaults(ctx, s, play, p.operator)
	if err != nil {
		return nil, err
	}
	recPath := strings.TrimSuffix(g.journal, ".journal") + ".sgf"
	if err := s.WriteRecord(recPath); err != nil {
		return nil, err
	}
	return p.ended(&playedGame{s: s, out: out, journal: g.journal, record: recPath}), nil
}

// ended prints how g ended and where its record is, and returns g.
func (p *playRun) ended(g *playedGame) *playedGame {
	om := game.OutcomeMessage(g.out)
	fmt.Fprintln(p.sio.out, p.pr.T(om.Key, om.Args...), p.pr.T("cli.record-saved", g.record))
	return g
}

// journalRule is the rule a journal's game is played under.
func journalRule(path string) (rules.Rule, error) {
	j, entries, err := game.OpenJournal(path)
	if err != nil {
		return 0, err
	}
	j.Close()
	if len(entries) == 0 || entries[0].Config == nil {
		return 0, errmsg.Wrap(errmsg.New("err.journal-no-settings"), "err.journal", path)
	}
	r, err := rules.ParseRule(entries[0].Config.Rule)
	if err != nil {
		return 0, errmsg.Wrap(err, "err.journal", path)
	}
	return r, nil
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
