package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"tengen/i18n/errmsg"
	"time"

	"tengen/ai"
	"tengen/arm"
	"tengen/game"
	"tengen/i18n"
	"tengen/referee"
	"tengen/rules"
	"tengen/rules/clock"
	"tengen/rules/opening"
	"tengen/rules/record"
	"tengen/sim"
	"tengen/web"
)

// The referee's commands run on the simulated table until the camera and
// arm are configured from the calibration file by the robot's device
// setup; --sim says so explicitly, so that a script written today keeps
// its meaning when the hardware path lands.
var errNeedSim error = errmsg.New("err.need-sim")

func init() {
	addCommand("", &command{
		name:    "referee",
		summary: "referee and record a game between two people: moves, clock, forbidden moves, faults, a knocked board",
		usage:   "[--sim] [flags]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			useSim := fs.Bool("sim", false, "referee two simulated people at the simulated table (without it: the real board, through --calibration, --camera and --arm)")
			rule := fs.String("rule", "renju", "rule set: freestyle, standard, renju or caro")
			proto := fs.String("opening", "", "opening protocol (rif, yamaguchi, soosorv-8, taraguchi-10, swap2, …; default none)")
			tc := fs.String("time", "", `time control, e.g. "10m", "10m+5s", "10m/3x30s", "60s/move" (default: untimed)`)
			buttons := fs.Bool("buttons", false, "the players press the clock (otherwise each move seen presses it)")
			byPlayer := fs.Bool("claim-by-player", false, "White must claim a forbidden move; Tengen only announces it")
			dir := fs.String("dir", "", "where the log, its evidence frames and the records go (default: a new folder under var/referee)")
			blackName := fs.String("black", "Black", "the first player's name (Black before any opening swap)")
			whiteName := fs.String("white", "White", "the second player's name")
			seed := fs.Uint64("seed", 1, "seed of the simulated table and players")
			levels := fs.String("levels", "3,3", "simulated people: engine levels of Black and White")
			movesB := fs.String("black-moves", "", "simulated Black plays these moves instead of an engine, e.g. \"h8 i8 j9\"")
			movesW := fs.String("white-moves", "", "simulated White plays these moves instead of an engine")
			push := fs.Float64("push-rate", 0, "chance per move that a simulated person pushes a stone")
			knock := fs.Int("knock-after", 0, "bump the simulated table after this move (0: never)")
			noArm := fs.Bool("no-arm", false, "rebuild a knocked board by showing people the steps, not with the arm")
			camera := fs.String("camera", "", "with --sim: top (exact; a stone laid on another hides it, the default) or rendered (read by the vision code); on a real board: a V4L2 device, a folder of images or a video file (default: TENGEN_CAMERA, else the calibration's camera.device)")
			httpAddr := fs.String("http", "", "serve the page (the game, and the players' buttons through its API) on this address, e.g. :8080")
			jsonOut := fs.Bool("json", false, "print a summary as JSON on the last line")
			lang := fs.String("lang", "en", "the referee's language on the terminal and in speech: en, zh-Hans or zh-Hant (the page lets each viewer choose)")
			voice := fs.String("voice", "off", "speech: off, on (the language's espeak-ng voice) or an espeak-ng voice")
			review := fs.Bool("review", false, "with --http: after the game, put its review on the page (graph, turning point, SGF, QR code) and keep serving until stopped")
			panelFile := fs.String("panel", "", "on the real board: a file naming the GPIO pins of the players' buttons (black and white: their clocks, which then need pressing; claim; ack: confirm a rebuilt position); see rig/panel")
			hw := rigFlags(fs)
			return localized(lang, func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return noArgs("referee")
				}
				if *useSim && *panelFile != "" {
					return badFlag("--panel", *panelFile, errors.New("the simulated people press no buttons; leave out --sim or --panel"))
				}
				r, err := rules.ParseRule(*rule)
				if err != nil {
					return usageMsg("err.bad-rule", *rule)
				}
				lg, err := parseLang(*lang)
				if err != nil {
					return err
				}
				var lv [2]int
				if _, err := fmt.Sscanf(*levels, "%d,%d", &lv[0], &lv[1]); err != nil {
					return usageMsg("err.bad-levels", *levels)
				}
				var pr *opening.Protocol
				if *proto != "" {
					p, err := opening.ByName(*proto)
					if err != nil {
						return usageMsg("err.bad-opening", *proto)
					}
					pr = &p
				}
				if !*useSim {
					ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
					defer stop()
					return refereeReal(ctx, sio, refereeOptions{rule: r, time: *tc, buttons: *buttons, byPlayer: *byPlayer,
						dir: *dir, names: [2]string{*blackName, *whiteName}, arm: !*noArm, json: *jsonOut, http: *httpAddr, opening: pr, lang: lg, voice: *voice, review: *review, panel: *panelFile},
						hw, *camera)
				}
				if *camera == "" {
					*camera = "top"
				}
				cam, err := refereeCamera(*camera)
				if err != nil {
					return fmt.Errorf("%w: %w", errUsage, err)
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				return refereeSim(ctx, sio, refereeOptions{rule: r, time: *tc, buttons: *buttons, byPlayer: *byPlayer,
					dir: *dir, names: [2]string{*blackName, *whiteName}, seed: *seed, levels: lv,
					moves: [2]string{*movesB, *movesW}, push: *push, knockAfter: *knock, arm: !*noArm, json: *jsonOut, http: *httpAddr, opening: pr, camera: cam, lang: lg, voice: *voice, review: *review})
			})
		},
	})
	addCommand("", &command{
		name:    "restore",
		summary: "rebuild a knocked or scattered position (复盘) from its record, with the arm or step by step",
		usage:   "RECORD --sim [flags]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			useSim := fs.Bool("sim", false, "on the simulated table: lay out the record, knock it, rebuild it")
			moves := fs.Int("moves", 0, "the position after this many moves (0: all)")
			seed := fs.Uint64("seed", 1, "seed of the simulated table and of the knock")
			fall := fs.Float64("fall", 0.2, "chance that a knocked stone falls off the board")
			noArm := fs.Bool("no-arm", false, "show the steps one at a time and wait for people to do each")
			yes := fs.Bool("yes", false, "take the rebuilt position as confirmed (otherwise Enter on stdin confirms it)")
			lang := fs.String("lang", "en", "language of what people are told: en, zh-Hans or zh-Hant")
			jsonOut := fs.Bool("json", false, `print {"steps":[…],"stones":N} on the last line`)
			return func(sio *stdio, args []string) error {
				p, want, err := simRecordArgs(args, *useSim, *lang, *moves)
				if err != nil {
					return err
				}
				return restoreSim(context.Background(), sio, p, want, *seed, *fall, !*noArm, *yes, *jsonOut)
			}
		},
	})
	addCommand("", &command{
		name:    "setup",
		summary: "lay out a position from a record (SGF, PSQ, move list) with the arm, for teaching or study",
		usage:   "RECORD --sim [--moves N] [--clear]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			useSim := fs.Bool("sim", false, "on the simulated table")
			moves := fs.Int("moves", 0, "the position after this many moves (0: all)")
			clear := fs.Bool("clear", false, "after the position is laid out, wait for Enter on stdin and clear the board")
			seed := fs.Uint64("seed", 1, "seed of the simulated table")
			jsonOut := fs.Bool("json", false, `print {"steps":[…],"stones":N,"cleared":bool} on the last line`)
			lang := fs.String("lang", "en", "language of what people are told: en, zh-Hans or zh-Hant")
			return func(sio *stdio, args []string) error {
				p, want, err := simRecordArgs(args, *useSim, *lang, *moves)
				if err != nil {
					return err
				}
				return setupSim(context.Background(), sio, p, want, *seed, *clear, *jsonOut)
			}
		},
	})
}

// simRecordArgs checks restore's and setup's common arguments (one
// record, --sim, --lang) and returns the printer and the position after
// moves moves.
func simRecordArgs(args []string, useSim bool, lang string, moves int) (*i18n.Printer, *rules.Board, error) {
	if len(args) != 1 {
		return nil, nil, usageMsg("err.want-record")
	}
	if !useSim {
		return nil, nil, errNeedSim
	}
	lg, err := parseLang(lang)
	if err != nil {
		return nil, nil, err
	}
	want, err := recordPosition(args[0], moves)
	return &i18n.Printer{Lang: lg}, want, err
}

// recordPosition reads a record file and returns the position after n
// moves (all when n is 0).
func recordPosition(path string, n int) (*rules.Board, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	rec, err := record.Read(data, record.FormatUnknown)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if n < 0 || n > len(rec.Moves) {
		return nil, usageMsg("err.bad-moves", n, len(rec.Moves))
	}
	if n > 0 {
		rec.Moves = rec.Moves[:n]
	}
	b, err := rec.Board()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

type refereeOptions struct {
	rule              rules.Rule
	time              string
	buttons, byPlayer bool
	dir               string
	names             [2]string
	seed              uint64
	levels            [2]int
	moves             [2]string
	push              float64
	knockAfter        int
	arm               bool
	json              bool
	http              string
	opening           *opening.Protocol
	camera            sim.Camera
	lang              i18n.Lang
	voice             string // off, on, or an espeak-ng voice
	review            bool   // with http: the game's review on the page afterwards
	panel             string // the players' buttons' panel file, "" for none
	page              *web.Server
}

// speaker returns the referee's speech for o.voice, nil when off; a
// missing voice is said on stderr and the referee goes on in text.
func (o refereeOptions) speaker(sio *stdio) *i18n.SpeakingVoice {
	if o.voice == "off" || o.voice == "" {
		return nil
	}
	opt := i18n.SpeechOptions{Lang: o.lang}
	if o.voice != "on" {
		opt.Voice = o.voice
	}
	v, err := i18n.NewSpeakingVoice(opt)
	if err != nil {
		p := &i18n.Printer{Lang: o.lang}
		fmt.Fprintln(sio.err, p.T("cli.no-voice", p.Error(err)))
		return nil
	}
	return v
}

func refereeCamera(name string) (sim.Camera, error) {
	switch name {
	case "top":
		return sim.TopCamera{}, nil
	case "rendered":
		return renderedCamera()
	}
	return nil, errmsg.New("err.bad-referee-camera", name)
}

// refereeSummary is what `tengen referee --json` prints.
type refereeSummary struct {
	Moves   int            `json:"moves"`
	Result  string         `json:"result"`
	Faults  map[string]int `json:"faults"`
	Record  string         `json:"record"`
	Sheet   string         `json:"sheet"`
	Log     string         `json:"log"`
	Rebuilt int            `json:"rebuilt"`
}

// quietFrames is how long a simulated person thinks before moving.
const quietFrames = 8

// newReferee starts what both referees (simulated and real) share: the
// run folder, the game, its log there, and the voices: the terminal's
// text (each message passed to heard first, when given) and speech when
// asked. done closes the log and the speech.
func (o *refereeOptions) newReferee(sio *stdio, size int, heard func(game.Message)) (ref *referee.Referee, done func(), err error) {
	if o.dir == "" {
		if o.dir, err = newRunPath("referee", ""); err != nil {
			return nil, nil, err
		}
	}
	g, err := rules.NewGame(size, o.rule, rules.ReadingRIF)
	if err != nil {
		return nil, nil, err
	}
	log, err := referee.CreateLog(filepath.Join(o.dir, "referee.log"))
	if err != nil {
		return nil, nil, err
	}
	done = func() { log.Close() }
	voices := i18n.Voices{voiceTo(func(m game.Message) {
		if heard != nil {
			heard(m)
		}
		fmt.Fprintln(sio.out, (&i18n.Printer{Lang: o.lang}).Message(m))
	})}
	if sp := o.speaker(sio); sp != nil {
		done = func() { sp.Close(); log.Close() }
		voices = append(voices, sp)
	}
	return &referee.Referee{Game: g, Log: log, Names: o.names, Buttons: o.buttons,
		ClaimByPlayer: o.byPlayer, Voice: voices}, done, nil
}

// servePage, with --http, serves the referee's web page: it shows each
// state, and its buttons add to the signals of ref's panel.
func (o *refereeOptions) servePage(ctx context.Context, sio *stdio, ref *referee.Referee) error {
	if o.http == "" {
		return nil
	}
	size := ref.Game.Size()
	page := make(chan referee.Signal, 16)
	srv, err := refereeWeb(ctx, o.http, sio, size, page)
	if err != nil {
		return err
	}
	o.page = srv
	ref.Observe = func(st referee.State) { srv.Publish(refereePage(o.rule, size, st)) }
	players := ref.Panel
	ref.Panel = referee.PanelFunc(func() []referee.Signal {
		return append(players.Signals(), referee.ChanPanel(page).Signals()...)
	})
	return nil
}

// setRules gives ref the opening protocol and the clock (on time from
// src) the options ask for.
func (o refereeOptions) setRules(ref *referee.Referee, src clock.Source) error {
	var err error
	if o.opening != nil {
		if ref.Opening, err = opening.New(*o.opening, ref.Game.Size()); err != nil {
			return err
		}
	}
	if o.time != "" {
		ctl, err := clock.Parse(o.time)
		if err != nil {
			return badFlag("--time", o.time, err)
		}
		if ref.Clock, err = clock.New(ctl, src); err != nil {
			return err
		}
	}
	return nil
}

// refereeSim referees two simulated people at the simulated table.
func refereeSim(ctx context.Context, sio *stdio, o refereeOptions) error {
	robot, err := sim.NewRobot(o.seed, o.camera)
	if err != nil {
		return err
	}
	defer robot.Close()
	stage := &sim.Stage{World: robot.World, Camera: o.camera, Start: time.Now().UTC(), Frame: 100 * time.Millisecond}
	var mu sync.Mutex
	last, count := "", 0
	ref, done, err := o.newReferee(sio, robot.World.Layout.Size, func(m game.Message) {
		mu.Lock()
		last = m.Key
		count++
		mu.Unlock()
	})
	if err != nil {
		return err
	}
	defer done()
	g := ref.Game
	ref.Eyes, ref.Now, ref.MaxViews = stage, stage.Now, 20000
	// The simulated players confirm a rebuilt position when asked, and
	// hold back while Tengen has stopped play.
	// White claims a forbidden move as soon as it is announced, and with
	// clock buttons each player presses right after moving.
	claimed := 0
	ref.Panel = referee.PanelFunc(func() []referee.Signal {
		mu.Lock()
		defer mu.Unlock()
		var out []referee.Signal
		switch last {
		case "confirm":
			out = append(out, referee.Signal{Kind: referee.Confirm, Player: opening.First}, referee.Signal{Kind: referee.Confirm, Player: opening.Second})
		case "forbidden-claimable":
			if n := len(g.Moves()); o.byPlayer && claimed < n {
				claimed = n
				out = append(out, referee.Signal{Kind: referee.Claim, Color: rules.White})
			}
		}
		if moves := g.Moves(); o.buttons && ref.Clock != nil && len(moves) > 0 && moves[len(moves)-1].C == ref.Clock.Turn() {
			out = append(out, referee.Signal{Kind: referee.Press, Color: ref.Clock.Turn()})
		}
		return out
	})
	if err := o.servePage(ctx, sio, ref); err != nil {
		return err
	}
	said := func(keys ...string) bool {
		mu.Lock()
		defer mu.Unlock()
		return slices.Contains(keys, last)
	}
	faulted := func() bool {
		return said("pushed", "pushed-move", "lifted", "lifted-move", "occupied", "two-in-a-row", "extra", "wrong")
	}
	stopped := func() bool {
		return faulted() || said("scattered", "rebuild", "fix-remove", "fix-move", "fix-add", "confirm") || (ref.Opening != nil && !ref.Opening.Done())
	}
	if o.arm {
		ref.Hand = arm.Hand{Arm: robot.Arm}
	}
	if err := o.setRules(ref, stage); err != nil {
		return err
	}
	if ref.Opening != nil {
		declared := make(chan referee.Signal, 4)
		stage.Actors = append(stage.Actors, &openingPlayers{ref: ref, rng: rand.New(rand.NewPCG(o.seed, 0x0e)),
			said: func() int { mu.Lock(); defer mu.Unlock(); return count },
			send: func(s referee.Signal) { declared <- s }})
		people := ref.Panel
		ref.Panel = referee.PanelFunc(func() []referee.Signal {
			return append(people.Signals(), referee.ChanPanel(declared).Signals()...)
		})
	}
	for i, c := range []rules.Color{rules.Black, rules.White} {
		var pl ai.Player = ai.NewEngine(ai.EngineOptions{Level: o.levels[i], Seed: o.seed*10 + uint64(i), Threads: 1})
		if o.moves[i] != "" {
			pts, err := rules.ParsePoints(o.moves[i], g.Size())
			if err != nil {
				return badFlag("--"+c.String()+"-moves", o.moves[i], err)
			}
			pl = &sim.ListPlayer{Moves: pts}
		}
		p := sim.NewPerson(c, pl, o.rule, o.seed*100+uint64(i))
		p.Limits = ai.Limits{TurnTime: 100 * time.Millisecond}
		p.PushRate = o.push
		p.Done = g.Over
		stage.Actors = append(stage.Actors, &sim.Paced{Person: p, Quiet: quietFrames, Wait: stopped})
	}
	if o.knockAfter > 0 {
		stage.Actors = append(stage.Actors, &sim.Script{Steps: []sim.ScriptStep{{
			When: func(*sim.World) bool { return len(g.Moves()) >= o.knockAfter && !stopped() },
			Do: func(w *sim.World) {
				moved, fell := w.Knock(o.seed, rules.Centre(g.Size()), 8, 2, 0.2)
				fmt.Fprintf(sio.out, "(the table is bumped: %d stones slide, %d fall off)\n", moved, fell)
			},
		}}})
	}
	if !o.arm {
		stage.Actors = append(stage.Actors, &guidedPeople{ref: ref})
	}
	// The people put right what Tengen says is wrong.
	stage.Actors = append(stage.Actors, &tidyPeople{want: g.Board, faulted: faulted})
	return runReferee(ctx, sio, o, ref)
}

// runReferee runs ref to the game's end, writing the record as it goes,
// and prints the summary.
func runReferee(ctx context.Context, sio *stdio, o refereeOptions, ref *referee.Referee) error {
	log := ref.Log
	g := ref.Game
	sgfPath, sheetPath := filepath.Join(o.dir, "game.sgf"), filepath.Join(o.dir, "game.txt")
	var recErr error
	ref.Recorded = func(rec *record.Record) {
		if err := writeRecords(rec, sgfPath, sheetPath); err != nil && recErr == nil {
			recErr = err
			fmt.Fprintln(sio.err, "writing the record:", err)
		}
	}
	out, runErr := ref.Run(ctx)
	if recErr != nil {
		return recErr
	}
	if runErr != nil {
		return fmt.Errorf("%w (%w)", runErr, errmsg.New("err.record-so-far", sgfPath))
	}
	entries, err := referee.ReadLog(log.Path())
	if err != nil {
		return err
	}
	sum := refereeSummary{Moves: len(g.Moves()), Result: out.String(), Faults: map[string]int{}, Record: sgfPath, Sheet: sheetPath, Log: log.Path()}
	for _, e := range entries {
		switch e.Event {
		case referee.EventPushed, referee.EventLifted, referee.EventOccupied, referee.EventTwoInARow, referee.EventExtra, referee.EventWrong, referee.EventForbidden:
			sum.Faults[e.Event]++
		case referee.EventScattered:
			sum.Rebuilt++
		}
	}
	p := &i18n.Printer{Lang: o.lang}
	if o.json {
		if err := printJSON(sio, sum); err != nil {
			return err
		}
	} else {
		// The referee has said the result; the files are for the players.
		fmt.Fprintf(sio.out, "\n%s\n%s\n%s\n", p.T("cli.record-saved", sgfPath), p.T("cli.sheet-saved", sheetPath), p.T("cli.log-saved", log.Path()))
	}
	if o.review {
		reviewAfter(ctx, sio, o.page, filepath.Base(o.dir), ref.Record(), o.lang)
	}
	return nil
}

// guidedPeople are the simulated players doing each rebuilding step
// Tengen shows when it has no arm.
type guidedPeople struct {
	ref   *referee.Referee
	reach int
	step  referee.Step
}

func (g *guidedPeople) Step(_ context.Context, w *sim.World) error {
	if g.reach > 0 {
		g.reach--
		if g.reach == 0 {
			w.SetHand(nil)
			doStep(w, g.step)
		}
		return nil
	}
	st := g.ref.State()
	if len(st.Restore) == 1 && st.Restore[0] != g.step && w.HandOver() == nil {
		g.step, g.reach = st.Restore[0], 3
		w.SetHand(&sim.Hand{Radius: 60})
	}
	return nil
}

// tidyPeople are the simulated players putting the board right after a
// fault Tengen announced: one stone at a time, as the record wants it.
type tidyPeople struct {
	want    func() *rules.Board
	faulted func() bool
	reach   int
	step    referee.Step
}

func (p *tidyPeople) Step(_ context.Context, w *sim.World) error {
	if p.reach > 0 {
		p.reach--
		if p.reach == 0 {
			w.SetHand(nil)
			doStep(w, p.step)
		}
		return nil
	}
	if !p.faulted() || w.HandOver() != nil {
		return nil
	}
	truth, _ := w.Truth()
	if steps := referee.Plan(p.want(), truth); len(steps) > 0 {
		p.step, p.reach = steps[0], 3
		w.SetHand(&sim.Hand{Radius: 60})
	}
	return nil
}

func doStep(w *sim.World, s referee.Step) {
	switch s.Kind {
	case referee.Remove:
		w.LiftStone(s.From)
	case referee.Move:
		w.MoveStone(s.From, s.To, 0.5, -0.5)
	case referee.Add:
		w.Put(s.C, s.To, 0.5, -0.5)
	}
}

// writeRecords writes the game as SGF and as a Chinese score sheet, each
// replaced whole (written aside, synced, renamed) so a crash never leaves
// half a record.
func writeRecords(rec *record.Record, sgfPath, sheetPath string) error {
	sgf, err := record.WriteSGF(rec)
	if err != nil {
		return err
	}
	sheet, err := record.WriteChinese(rec)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(sgfPath, sgf); err != nil {
		return err
	}
	return writeFileAtomic(sheetPath, sheet)
}

func writeFileAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// restoreSummary is what `tengen restore --json` and `tengen setup --json`
// print.
type restoreSummary struct {
	Steps   []string `json:"steps"`
	Stones  int      `json:"stones"`
	Cleared bool     `json:"cleared,omitempty"`
}

// restoreSim lays want out on the simulated board, knocks the table, and
// rebuilds the position: with the arm, or by showing the steps to
// simulated people; then asks for confirmation on stdin.
func restoreSim(ctx context.Context, sio *stdio, p *i18n.Printer, want *rules.Board, seed uint64, fall float64, withArm, yes, jsonOut bool) error {
	robot, err := sim.NewRobot(seed, sim.TopCamera{})
	if err != nil {
		return err
	}
	defer robot.Close()
	w := robot.World
	size := want.Size()
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if c := want.At(rules.Point{X: x, Y: y}); c != rules.Empty {
				w.Put(c, rules.Point{X: x, Y: y}, 0, 0)
			}
		}
	}
	moved, fell := w.Knock(seed, rules.Centre(size), 0, 2, fall)
	fmt.Fprintf(sio.out, "the table is bumped: %d stones slide, %d fall off\n", moved, fell)
	stage := &sim.Stage{World: w, Camera: sim.TopCamera{}}
	var steps []referee.Step
	if withArm {
		steps, err = referee.Restore(ctx, stage, arm.Hand{Arm: robot.Arm}, want, func(m game.Message) { fmt.Fprintln(sio.out, p.Message(m)) })
	} else {
		people := &stepPeople{}
		stage.Actors = []sim.Actor{people}
		steps, err = referee.Guide(ctx, stage, want, func(s referee.Step) {
			fmt.Fprintln(sio.out, p.Message(s.Message()))
			people.todo = append(people.todo, s)
		}, 1000)
	}
	if err != nil {
		return err
	}
	sum := restoreSummary{Stones: want.Count(rules.Black) + want.Count(rules.White)}
	for i, s := range steps {
		sum.Steps = append(sum.Steps, s.String())
		if withArm {
			fmt.Fprintf(sio.out, "%d. %s\n", i+1, p.Message(s.Message()))
		}
	}
	fmt.Fprintf(sio.out, "%s\n%s", p.T("cli.rebuilt", strconv.Itoa(sum.Stones)), want)
	if !yes {
		// Both players look at the position before play goes on.
		fmt.Fprintln(sio.out, p.T("cli.enter-to-confirm"))
		if _, err := bufio.NewReader(sio.in).ReadString('\n'); err != nil {
			return errmsg.Wrap(err, "err.not-confirmed")
		}
		fmt.Fprintln(sio.out, p.T("cli.confirmed"))
	}
	if jsonOut {
		return printJSON(sio, sum)
	}
	return nil
}

// stepPeople do the steps shown to them, one reach each.
type stepPeople struct {
	todo  []referee.Step
	reach int
}

func (p *stepPeople) Step(_ context.Context, w *sim.World) error {
	if p.reach > 0 {
		p.reach--
		if p.reach == 0 {
			w.SetHand(nil)
			doStep(w, p.todo[0])
			p.todo = p.todo[1:]
		}
		return nil
	}
	if len(p.todo) > 0 {
		p.reach = 3
		w.SetHand(&sim.Hand{Radius: 60})
	}
	return nil
}

// setupSim lays want out with the simulated arm and, with clear, takes it
// off again once Enter is read.
func setupSim(ctx context.Context, sio *stdio, p *i18n.Printer, want *rules.Board, seed uint64, clear, jsonOut bool) error {
	robot, err := sim.NewRobot(seed, sim.TopCamera{})
	if err != nil {
		return err
	}
	defer robot.Close()
	stage := &sim.Stage{World: robot.World, Camera: sim.TopCamera{}}
	hand := arm.Hand{Arm: robot.Arm}
	steps, err := referee.Setup(ctx, stage, hand, want)
	if err != nil {
		return err
	}
	sum := restoreSummary{Stones: want.Count(rules.Black) + want.Count(rules.White)}
	for i, s := range steps {
		sum.Steps = append(sum.Steps, s.String())
		fmt.Fprintf(sio.out, "%d. %s\n", i+1, p.Message(s.Message()))
	}
	fmt.Fprintf(sio.out, "%s\n%s", p.T("cli.laid-out", strconv.Itoa(sum.Stones)), want)
	if clear {
		fmt.Fprintln(sio.out, p.T("cli.enter-to-clear"))
		if _, err := bufio.NewReader(sio.in).ReadString('\n'); err != nil {
			return errmsg.Wrap(err, "err.waiting-enter")
		}
		if err := referee.Clear(ctx, stage, hand); err != nil {
			return err
		}
		sum.Cleared = true
		fmt.Fprintln(sio.out, p.T("cli.cleared"))
	}
	if jsonOut {
		return printJSON(sio, sum)
	}
	return nil
}

type voiceTo func(game.Message)

func (v voiceTo) Say(m game.Message) { v(m) }
