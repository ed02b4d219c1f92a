package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"tengen/ai"
	"tengen/ai/match"
	"tengen/customs"
	"tengen/game"
	"tengen/i18n"
	"tengen/i18n/errmsg"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/rules/swiss"
	"tengen/sim"
	"tengen/web"
)

func init() {
	addCommand("", &command{
		name:    "exhibit",
		summary: "run unattended: visitor after visitor, or a Swiss tournament of engines on the board",
		usage:   "[flags]",
		flags:   exhibitFlags,
	})
}

func exhibitFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	rule := fs.String("rule", "renju", "rule set: freestyle, standard, renju or caro")
	engine := fs.String("engine", "tengen:level=5", "the robot's player against visitors")
	visitors := fs.Int("visitors", 0, "play this many visitors, then stop (0: until stopped)")
	tournament := fs.String("tournament", "", `a Swiss tournament among these players instead of visitors, separated by ";", e.g. "tengen:level=3;tengen:level=6;greedy"`)
	rounds := fs.Int("rounds", 3, "rounds of the tournament")
	matchGames := fs.Int("match-games", 1, "with --tournament: each pairing a match of this many games (odd), the colours alternating, the pairing's Black first; a tie is a drawn match")
	openingName := fs.String("opening", "", "the opening protocol visitors play, the visitor as the first player (default: rif for renju, swap2 for the other rules; tournaments play without)")
	think := fs.Duration("think", time.Second, "time per move")
	event := eventFlag(fs)
	abandon := fs.Duration("abandon", 10*time.Minute, "a visitor who makes no move and moves nothing on the board for this long is taken to have left: the game ends as their loss and the next visitor's begins (0: wait for ever)")
	simulate := fs.Bool("sim", false, "on the simulated robot, with simulated visitors")
	camera := fs.String("camera", "", "with --sim: rendered (the default) or truth; on the real board: a V4L2 device, a folder of images or a video file (default: TENGEN_CAMERA, else the calibration's camera.device)")
	hw := rigFlags(fs)
	seed := fs.Uint64("seed", 1, "seed of the draw and the simulation")
	dir := fs.String("dir", "", "where journals and records go; an exhibition goes on there after a restart, finishing a visitor's game left unfinished (default: the day's folder under var/exhibit; a tournament's: a new folder there, and one run again over the same --dir goes on)")
	httpAddr := fs.String("http", "", "serve the web page on this address, e.g. :8080")
	public := fs.Bool("public", false, "allow serving the web page on the network")
	lang := fs.String("lang", "en", "the robot's language: en, zh-Hans or zh-Hant")
	voice := fs.String("voice", "off", "speech: off, on (the language's voice) or an espeak-ng voice")
	panelFile := fs.String("panel", "", "a file naming the GPIO pins of the buttons and LEDs (see play --panel)")
	guessWait := fs.Duration("guess-wait", 20*time.Second, "with --sim, --nigiri robot and --http: how long the page's visitors' panel has to give the 猜先 guess before the simulated visitor guesses")
	nigiriHide := fs.String("nigiri", "", "decide each visitor's colours by 猜先 over the board: person (the visitor hides a handful, the robot guesses) or robot (the robot hides, the visitor guesses on the page or at the terminal); default: the visitor plays Black")
	return localized(lang, func(sio *stdio, args []string) error {
		if len(args) > 0 {
			return noArgs("exhibit")
		}
		r, err := rules.ParseRule(*rule)
		if err != nil {
			return usageMsg("err.bad-rule", *rule)
		}
		if _, err := eventConfig(*event, "loss"); err != nil {
			return err
		}
		if *nigiriHide != "" {
			if err := checkHide("--nigiri", *nigiriHide); err != nil {
				return err
			}
			if *tournament != "" {
				return usageMsg("err.nigiri-tournament")
			}
		}
		if *matchGames != 1 {
			if *tournament == "" {
				return usageMsg("err.needs", "--match-games", "--tournament")
			}
			if _, err := swiss.NewMatch(swiss.MatchFormat{BestOf: *matchGames}); err != nil {
				return badFlag("--match-games", strconv.Itoa(*matchGames), err)
			}
		}
		var entrants []game.Entrant
		if *tournament != "" {
			if entrants, err = parseEntrants(*tournament, *seed); err != nil {
				return badFlag("--tournament", *tournament, err)
			}
		}
		spec, err := match.ParseSpec(*engine)
		if err != nil {
			return badFlag("--engine", *engine, err)
		}
		if *openingName == "" {
			*openingName = game.DefaultOpening(r)
		}
		proto, err := opening.ByName(*openingName)
		if err != nil {
			return usageMsg("err.bad-opening", *openingName)
		}
		switch {
		case *dir == "" && *tournament != "":
			if *dir, err = newRunPath("exhibit", ""); err != nil {
				return err
			}
		case *dir == "":
			*dir = dataPath("exhibit", time.Now().Format("2006-01-02"))
		}
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			return err
		}
		last, unfinished, err := lastVisitor(*dir)
		if err != nil {
			return err
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		// The simulated board is kept in the folder, as a real one stays on
		// the table, for a game resumed after a restart.
		world := ""
		if *simulate {
			world = filepath.Join(*dir, "exhibit.world")
		}
		dev, err := openDevices(ctx, sio, deviceOptions{simulate: *simulate, camera: *camera, seed: *seed, world: world, hw: hw, command: "exhibit", doing: "exhibiting"})
		if err != nil {
			return err
		}
		defer dev.Close(ctx)
		eyes, hand, size, rb := dev.eyes, dev.hand, dev.size, dev.rb

		lg, err := parseLang(*lang)
		if err != nil {
			return err
		}
		page := &pageHub{rule: r, size: size, lang: lg}
		pr := &i18n.Printer{Lang: lg}
		ctl := newControls(size)
		reqs := ctl.reqs
		if *httpAddr != "" {
			srv, err := startWebControl(ctx, *httpAddr, *public, sio, ctl)
			if err != nil {
				return err
			}
			page.srv = srv
		}
		hooks, err := newVisitorHooks(ctx, page.srv, sio) // table_visitors.go
		if err != nil {
			return err
		}
		say := page.outputs(sio, *voice)
		observe, closePanel, err := withPanel(ctx, *panelFile, ctl, sio, say, page.observe)
		if err != nil {
			return err
		}
		defer closePanel()
		defer say.Close()
		hooks.speak(say)
		// session is a game's session before its settings: how the
		// robot plays and reports, in every game of the run.
		session := func() *game.Session {
			return &game.Session{Limits: ai.Limits{TurnTime: *think}, Voice: say, Control: reqs, Observe: observe,
				MaxWrongViews: 500, Abandon: *abandon}
		}
		newSession := func(name string, cfg game.Config) (*game.Session, error) {
			ref, err := game.NewReferee(cfg)
			if err != nil {
				return nil, err
			}
			j, err := game.CreateJournal(filepath.Join(*dir, name+".journal"))
			if err != nil {
				return nil, err
			}
			if err := j.Append(game.Entry{Type: game.EntryStart, Config: &cfg}); err != nil {
				return nil, err
			}
			s := session()
			s.Config, s.Referee, s.Journal = cfg, ref, j
			return s, applyPolicy(s)
		}
		operator := faultOperator(sio, pr, *simulate, ctl, *httpAddr != "" || *panelFile != "", say)
		writeRecord := func(name string, s *game.Session) {
			path := filepath.Join(*dir, name+".sgf")
			if err := s.WriteRecord(path); err != nil {
				fmt.Fprintf(sio.err, "writing %s: %v\n", path, err)
				return
			}
			fmt.Fprintln(sio.out, pr.T("cli.record-saved", path))
		}

		if entrants != nil {
			// A pairing's games are named by round and board, and by game
			// when it is a match.
			gameName := func(round, board, n int) string {
				if *matchGames > 1 {
					return fmt.Sprintf("round%d-board%d-game%d", round, board, n)
				}
				return fmt.Sprintf("round%d-board%d", round, board)
			}
			t := &game.Tournament{Entrants: entrants, Rounds: *rounds, Seed: *seed, Eyes: eyes, Hand: hand, Voice: say,
				Operator: operator, Match: swiss.MatchFormat{BestOf: *matchGames},
				NewSession: func(round, board, n int, black, white string) (*game.Session, error) {
					cfg := game.Config{Rule: r.String(), Size: size, Black: black, White: white}
					if *matchGames > 1 {
						cfg.Match = game.MatchGame{BestOf: *matchGames, Game: n}
					}
					return newSession(gameName(round, board, n), cfg)
				},
				Standings: func(round int, st []swiss.Standing) { page.standings(round, st) },
				// Run again over the same --dir, the tournament goes on.
				Journaled: func(round, board, n int, black, white string) (*game.Session, game.Replayed, bool, error) {
					path := filepath.Join(*dir, gameName(round, board, n)+".journal")
					if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
						return nil, game.Replayed{}, false, nil
					}
					s := session()
					rp, err := s.Load(path)
					if rp.End != nil {
						err = nil // played: its result counts
					}
					if err == nil && (s.Config.Black != black || s.Config.White != white) {
						err = errmsg.New("err.tournament-differs", path, s.Config.Black, s.Config.White, black, white)
					}
					if err == nil && rp.End == nil {
						fmt.Fprintln(sio.out, pr.T("cli.resuming-at", path, strconv.Itoa(len(s.Referee.Moves()))))
					}
					return s, rp, true, err
				},
			}
			st, err := t.Run(ctx)
			if err != nil {
				return err
			}
			fmt.Fprintln(sio.out, "\n"+pr.T("cli.final-standings"))
			for _, s := range st {
				fmt.Fprintf(sio.out, "%3d. %-28s %4s  %s %s\n", s.Rank, s.Name, s.Score, pr.T("ui.buchholz"), s.Buchholz)
			}
			return nil
		}

		rng := rand.New(rand.NewPCG(*seed, 0xe7))
		// seat gives game n its players: the robot (vspec) as robot, the
		// visitor (simulated with --sim) as the other colour; m is the
		// opening still to play, nil if none.
		seat := func(n int, s *game.Session, vspec match.Spec, robot rules.Color, m *opening.Machine, unchosen []rules.Point) error {
			player, err := vspec.New(int64(*seed)+int64(n), nil)
			if err != nil {
				return err
			}
			robotSeat := opening.Second
			if robot == rules.Black {
				s.Black, robotSeat = player, opening.First
			} else {
				s.White = player
			}
			if m != nil {
				s.Opening = &game.Opening{Machine: m, Robot: robotSeat, Decisions: ctl.decisions, Unchosen: unchosen, StepMessage: i18n.StepMessage,
					Decider: game.EngineDecider{Engine: openingEngine(player, *seed), Me: robotSeat, Rule: r, Reading: rules.ReadingRIF}}
			}
			visitor := s.Config.Black
			if robot == rules.Black {
				visitor = s.Config.White
			}
			if !*simulate {
				if robot == rules.White {
					fmt.Fprintln(sio.out, pr.T("cli.visitor-start", visitor))
				}
				return nil
			}
			level := 1 + rng.IntN(6)
			pe := ai.NewEngine(ai.EngineOptions{Level: level, Seed: *seed + uint64(n), Threads: 1})
			p := sim.NewPerson(robot.Opponent(), pe, r, *seed+uint64(n))
			p.Limits = ai.Limits{TurnTime: *think / 3}
			p.Follow(s.Referee)
			if s.Opening != nil {
				p.Opening = &sim.OpeningSeat{Machine: m, Me: robotSeat.Other(), Engine: pe, Reading: rules.ReadingRIF, Say: ctl.decisions}
			}
			rb.Eyes.People = []*sim.Person{p}
			fmt.Fprintln(sio.out, pr.T("cli.visitor-sits", visitor, strconv.Itoa(level), robot.Opponent().String()))
			return nil
		}
		// The visitor's colour, and the 猜先 that decided it (nil: none).
		visitorColour := rules.Black
		var played *customs.Nigiri
		e := &game.Exhibition{Eyes: eyes, Hand: hand, Voice: say, Games: *visitors, Operator: operator, First: last + 1,
			Next: func(n int) (*game.Session, error) {
				visitor, vspec := hooks.next(n, spec)
				robot := visitorColour.Opponent()
				cfg := game.Config{Rule: r.String(), Size: size, Opening: proto.Name(), Black: visitor, White: vspec.String(), Robot: vspec.String(), Event: *event}
				if robot == rules.Black {
					cfg.Black, cfg.White = vspec.String(), visitor
				}
				s, err := newSession(visitorName(n), cfg)
				if err != nil {
					return nil, err
				}
				if played != nil {
					if err := s.Journal.Append(nigiriEntry(*played)); err != nil {
						return nil, err
					}
				}
				m, err := opening.New(proto, size)
				if err != nil {
					return nil, err
				}
				if m.Done() {
					m = nil
				}
				return s, seat(n, s, vspec, robot, m, nil)
			},
			Finished: func(n int, out rules.Outcome, s *game.Session) {
				om := game.OutcomeMessage(out)
				fmt.Fprintln(sio.out, pr.T("cli.visitor-result", strconv.Itoa(n), pr.T(om.Key, om.Args...)))
				writeRecord(visitorName(n), s)
				hooks.finished(n, visitorName(n), out, visitorColour, s.Record())
				s.Journal.Close()
			},
		}
		if unfinished {
			if err := resumeVisitor(e, last, filepath.Join(*dir, visitorName(last)+".journal"), session(), seat, hooks, sio, pr); err != nil {
				return err
			}
		}
		if *nigiriHide != "" {
			t := &tableNigiri{hide: *nigiriHide, eyes: eyes, hand: hand, voice: say, rb: rb, sio: sio, p: pr, rng: customs.NewRand(*seed), pageWait: *guessWait}
			if hooks != nil {
				t.desk = hooks.desk
			}
			e.Colours = func(ctx context.Context, n int) error {
				g, err := t.play(ctx)
				if err != nil {
					return err
				}
				played, visitorColour = &g, rules.Black
				if g.Black() == customs.Robot {
					visitorColour = rules.White
				}
				fmt.Fprintln(sio.out, pr.T("cli.visitor-result", strconv.Itoa(n), nigiriEntry(g).Detail))
				return nil
			}
		}
		return e.Run(ctx)
	})
}

// parseEntrants reads tournament players separated by ";".
func parseEntrants(list string, seed uint64) ([]game.Entrant, error) {
	var out []game.Entrant
	for i, f := range strings.Split(list, ";") {
		spec, err := match.ParseSpec(f)
		if err != nil {
			return nil, fmt.Errorf("player %d: %w", i+1, err)
		}
		name := spec.String()
		for n := 2; contains(out, name); n++ {
			name = fmt.Sprintf("%s #%d", spec.String(), n)
		}
		s := int64(seed) + int64(i)
		out = append(out, game.Entrant{Name: name, New: func() (ai.Player, error) { return spec.New(s, nil) }})
	}
	if len(out) < 2 {
		return nil, errors.New("a tournament needs at least 2 players")
	}
	return out, nil
}

func contains(es []game.Entrant, name string) bool {
	for _, e := range es {
		if e.Name == name {
			return true
		}
	}
	return false
}

// pageHub keeps what the page shows across games: the current game and
// the standings.
type pageHub struct {
	rule rules.Rule
	size int
	srv  *web.Server
	lang i18n.Lang
	log  *i18n.PageLog // what the robot said, for the page in every language

	mu       sync.Mutex
	table    []web.Standing
	evidence image.Image   // the camera frame last sent
	last     game.Snapshot // for republishing when the robot says something
}

// observe publishes a game's snapshot, with the standings and, when the
// camera saw something new, its frame.
func (h *pageHub) observe(s game.Snapshot) {
	if h.srv == nil {
		return
	}
	st := pageState(h.rule, h.size, s)
	i18n.FillPage(&st, h.lang, h.log, s, rules.ReadingRIF)
	h.mu.Lock()
	h.last = s
	st.Standings = h.table
	fresh := s.Evidence != nil && s.Evidence != h.evidence
	if fresh {
		h.evidence = s.Evidence
	}
	h.mu.Unlock()
	if fresh {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, s.Evidence, &jpeg.Options{Quality: 75}); err == nil {
			h.srv.SetCamera(b.Bytes())
		}
	}
	st.HasCamera = h.evidence != nil
	h.srv.Publish(st)
}

// said republishes the last snapshot with what the robot has just said.
func (h *pageHub) said() {
	h.mu.Lock()
	s := h.last
	h.mu.Unlock()
	h.observe(s)
}

// outputs makes what the robot says: the terminal, speech (voice "off":
// none; "on": the language's best espeak-ng voice; else that voice) and
// the page's log, in the page's language.
func (h *pageHub) outputs(sio *stdio, voice string) *i18n.Outputs {
	espeak := voice
	if voice == "on" {
		espeak = ""
	}
	out, err := i18n.NewOutputs(h.lang, sio.out, voice != "off", espeak, h.said)
	if err != nil {
		fmt.Fprintln(sio.err, (&i18n.Printer{Lang: h.lang}).T("cli.no-voice", (&i18n.Printer{Lang: h.lang}).Error(err)))
	}
	h.log = out.Log
	return out
}

func (h *pageHub) standings(round int, st []swiss.Standing) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.table = h.table[:0]
	for _, s := range st {
		h.table = append(h.table, web.Standing{Rank: s.Rank, Name: s.Name, Score: float64(s.Score) / 2,
			Buchholz: float64(s.Buchholz) / 2, Games: round - s.Byes})
	}
}

// visitorName names visitor n's journal and record.
func visitorName(n int) string { return fmt.Sprintf("visitor%03d", n) }

// lastVisitor finds the highest visitor number with a journal in dir, and
// whether that game was left unfinished (its journal has no end).
func lastVisitor(dir string) (n int, unfinished bool, err error) {
	names, err := filepath.Glob(filepath.Join(dir, "visitor*.journal"))
	if err != nil {
		return 0, false, err
	}
	for _, name := range names {
		var k int
		if _, err := fmt.Sscanf(filepath.Base(name), "visitor%d.journal", &k); err == nil && k > n {
			n = k
		}
	}
	if n == 0 {
		return 0, false, nil
	}
	j, entries, err := game.OpenJournal(filepath.Join(dir, visitorName(n)+".journal"))
	if err != nil {
		return 0, false, err
	}
	j.Close()
	for _, e := range entries {
		if e.Type == game.EntryEnd {
			return n, false, nil
		}
	}
	return n, true, nil
}

// resumeVisitor rebuilds visitor n's unfinished game from its journal at
// path into s and hands it to the exhibition to finish first. A journal
// that does not name the robot's side (written before it did) is left as
// it is, with a note.
func resumeVisitor(e *game.Exhibition, n int, path string, s *game.Session,
	seat func(int, *game.Session, match.Spec, rules.Color, *opening.Machine, []rules.Point) error, hooks *visitorHooks, sio *stdio, pr *i18n.Printer) error {
	replayed, err := s.Load(path)
	if err != nil {
		return err
	}
	if err := applyPolicy(s); err != nil {
		return err
	}
	if s.Config.Robot == "" {
		s.Journal.Close()
		fmt.Fprintln(sio.out, pr.T("cli.cannot-resume", path))
		return nil
	}
	vspec, err := match.ParseSpec(s.Config.Robot)
	if err != nil {
		s.Journal.Close()
		return errmsg.Wrap(err, "err.journal", path)
	}
	// Before the opening is over the names are the tentative colours':
	// the robot's seat.
	robot := rules.White
	if s.Config.Black == s.Config.Robot {
		robot = rules.Black
	}
	var m *opening.Machine
	if replayed.OpeningLeft(s.Referee) {
		m = replayed.Opening
	}
	if err := seat(n, s, vspec, robot, m, replayed.Unchosen); err != nil {
		s.Journal.Close()
		return err
	}
	visitor := s.Config.Black
	if robot == rules.Black {
		visitor = s.Config.White
	}
	hooks.resumed(n, visitor, vspec)
	fmt.Fprintln(sio.out, pr.T("cli.resuming-at", path, strconv.Itoa(len(s.Referee.Moves()))))
	e.Unfinished, e.Pending = s, replayed.Pending
	return nil
}
