package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	"tengen/ai/match"
	"tengen/arm"
	"tengen/customs"
	"tengen/game"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/record"
	"tengen/sim"
	"tengen/web"
)

// visitorHooks join an exhibition's visitors to the page: the visitors'
// desk (a nickname, the level by question, the day's streak) and each
// game's review. A nil *visitorHooks (no page) does nothing.
type visitorHooks struct {
	ctx  context.Context
	desk *customs.Desk
	srv  *web.Server
	out  *stdio

	mu    sync.Mutex
	games map[int]visitorGame
}

type visitorGame struct {
	nick  string // "" for an anonymous visitor
	level int
}

// newVisitorHooks opens the desk on srv with the day's streaks kept in
// the data folder; nil when there is no page.
func newVisitorHooks(ctx context.Context, srv *web.Server, sio *stdio) (*visitorHooks, error) {
	if srv == nil {
		return nil, nil
	}
	st, err := customs.OpenStreaks(dataPath("visitors"), nil)
	if st == nil {
		return nil, err
	}
	if err != nil {
		fmt.Fprintf(sio.err, "visitors: %v\n", err) // a corrupt file was moved aside
	}
	h := &visitorHooks{ctx: ctx, desk: customs.NewDesk(st), srv: srv, out: sio, games: map[int]visitorGame{}}
	h.desk.Changed = srv.Republish
	srv.SetVisitors(h.desk)
	return h, nil
}

// speak lets the desk greet visitors through the robot's voice.
func (h *visitorHooks) speak(v game.Voice) {
	if h != nil {
		h.desk.Voice = v
	}
}

// next names visitor n's game: the nickname given on the page and an
// engine at the level they asked for (or their day's), else "visitor n"
// and spec as it is.
func (h *visitorHooks) next(n int, spec match.Spec) (string, match.Spec) {
	name := anonymous(n)
	if h == nil {
		return name, spec
	}
	def, _ := strconv.Atoi(spec.Params["level"])
	nick, level, ok := h.desk.Next(def)
	if !ok {
		return name, spec
	}
	h.mu.Lock()
	h.games[n] = visitorGame{nick: nick, level: level}
	h.mu.Unlock()
	if spec.Kind == "tengen" && level > 0 {
		spec.Params = maps.Clone(spec.Params)
		if spec.Params == nil {
			spec.Params = map[string]string{}
		}
		spec.Params["level"] = strconv.Itoa(level)
	}
	return nick, spec
}

// anonymous is the name of visitor n who gave no nickname.
func anonymous(n int) string { return fmt.Sprintf("visitor %d", n) }

// resumed takes back visitor n's game after a restart, as the journal
// names them, so that its result counts in their day's streak. A visitor
// who gave no nickname has none.
func (h *visitorHooks) resumed(n int, name string, spec match.Spec) {
	if h == nil || name == anonymous(n) {
		return
	}
	level, _ := strconv.Atoi(spec.Params["level"])
	h.mu.Lock()
	h.games[n] = visitorGame{nick: name, level: level}
	h.mu.Unlock()
}

// finished records visitor n's result in the day's streaks (the visitor
// holds colour c, unless the record names them with the other), and
// reviews the game on the page, in the background.
func (h *visitorHooks) finished(n int, id string, out rules.Outcome, c rules.Color, rec *record.Record) {
	if h == nil {
		return
	}
	h.mu.Lock()
	g, ok := h.games[n]
	delete(h.games, n)
	h.mu.Unlock()
	if ok {
		// After an opening's swap the record names the visitor's colour.
		switch g.nick {
		case rec.Black:
			c = rules.Black
		case rec.White:
			c = rules.White
		}
		r := customs.Draw
		switch out.Winner {
		case c:
			r = customs.Win
		case c.Opponent():
			r = customs.Loss
		}
		if _, err := h.desk.Finished(g.nick, r, g.level); err != nil {
			fmt.Fprintf(h.out.err, "visitors: %v\n", err)
		}
	}
	go func() {
		rv, err := buildReview(h.ctx, reviewName(id), rec, 20000, reviewThink)
		if err != nil {
			fmt.Fprintf(h.out.err, "review of %s: %v\n", id, err)
			return
		}
		h.srv.SetReview(rv)
	}()
}

func init() {
	addCommand("table", &command{
		name:    "nigiri",
		summary: "猜先 on the simulated table: who plays Black (the robot hides stones and you guess, or the reverse)",
		usage:   "--sim [--hide robot|person] [--guess odd|even | --http ADDR] [--lang L] [--json]",
		flags:   nigiriFlags,
	})
}

// nigiriJSON is "table nigiri --json".
type nigiriJSON struct {
	Hider string `json:"hider"`
	Guess string `json:"guess"`
	Count int    `json:"count"`
	Black string `json:"black"` // "robot" or "person"
}

func nigiriFlags(fs *flag.FlagSet) func(*stdio, []string) error {
	useSim := fs.Bool("sim", false, "on the simulated table (the only table this command drives yet)")
	hide := fs.String("hide", "robot", "who hides the stones: robot (you guess) or person (a simulated person puts a handful down)")
	guess := fs.String("guess", "", "with --hide robot: your guess, odd or even (or give it on the page with --http)")
	httpAddr := fs.String("http", "", "with --hide robot: serve the page, take the guess from its visitors' panel, show what the robot says; the page stays up until stopped")
	public := fs.Bool("public", false, "allow serving the page on the network")
	lang := fs.String("lang", "en", "the robot's language: en, zh-Hans or zh-Hant")
	seed := fs.Uint64("seed", 1, "seed of the simulated table, the handful and the robot's choices")
	asJSON := fs.Bool("json", false, `print {"hider","guess","count","black"} on the last line`)
	return localized(lang, func(sio *stdio, args []string) error {
		if len(args) > 0 {
			return noArgs("nigiri")
		}
		if !*useSim {
			return errNeedSim
		}
		l, err := parseLang(*lang)
		if err != nil {
			return err
		}
		if err := checkHide("--hide", *hide); err != nil {
			return err
		}
		if *hide == "robot" && (*guess == "") == (*httpAddr == "") {
			return usageMsg("err.guess-or-http")
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		robot, err := sim.NewRobot(*seed, sim.TopCamera{})
		if err != nil {
			return err
		}
		defer robot.Close()
		stage := &sim.Stage{World: robot.World, Camera: sim.TopCamera{}, Start: time.Now().UTC(), Frame: 100 * time.Millisecond}
		p := &i18n.Printer{Lang: l}
		var mu sync.Mutex
		var said []string
		voices := i18n.Voices{voiceTo(func(m game.Message) {
			mu.Lock()
			said = append(said, m.Key)
			mu.Unlock()
			fmt.Fprintln(sio.out, p.Message(m))
		})}
		var page *nigiriPage
		guessFrom := func(context.Context) (customs.Parity, error) { return customs.ParseParity(*guess) }
		if *httpAddr != "" {
			if page, err = newNigiriPage(ctx, *httpAddr, *public, l); err != nil {
				return err
			}
			fmt.Fprintf(sio.err, "guess on the page: %s\n", page.url)
			voices = append(voices, page.log)
			guessFrom = page.desk.WaitGuess
		}
		t := customs.Table{Eyes: stage, Hand: arm.Hand{Arm: robot.Arm}, Voice: voices}
		rng := customs.NewRand(*seed)
		var g customs.Nigiri
		if *hide == "person" {
			stage.Actors = append(stage.Actors, &handful{rng: rand.New(rand.NewPCG(*seed, 0x4a)), asked: func() bool {
				mu.Lock()
				defer mu.Unlock()
				return len(said) > 0
			}})
			g, err = t.PersonHides(ctx, rng)
		} else {
			g, err = t.RobotHides(ctx, rng, guessFrom)
		}
		if err != nil {
			return err
		}
		if *asJSON {
			if err := printJSON(sio, nigiriJSON{g.Hider.String(), g.Guess.String(), g.Count, g.Black().String()}); err != nil {
				return err
			}
		}
		if page != nil {
			<-ctx.Done() // the page shows the result until the command is stopped
		}
		return nil
	})
}

// nigiriPage is the page of "table nigiri --http": the visitors' panel
// takes the guess, and the robot's words are shown in each viewer's
// language.
type nigiriPage struct {
	srv  *web.Server
	desk *customs.Desk
	log  *i18n.PageLog
	url  string
}

func newNigiriPage(ctx context.Context, addr string, public bool, l i18n.Lang) (*nigiriPage, error) {
	st, err := customs.OpenStreaks(dataPath("visitors"), nil)
	if st == nil {
		return nil, err
	}
	pg := &nigiriPage{desk: customs.NewDesk(st), log: &i18n.PageLog{}}
	pg.srv = web.New(web.Options{Visitors: pg.desk})
	publish := func() {
		pg.srv.Publish(web.State{Title: "Tengen", Size: rules.DefaultSize, Lang: l.String(), Messages: pg.log.Messages(),
			Status: "猜先", StatusSaid: &web.Said{Key: "term.nigiri", Text: "deciding colours"}})
	}
	pg.desk.Changed, pg.log.Changed = pg.srv.Republish, publish
	publish()
	at, _, err := web.Serve(ctx, addr, public, pg.srv.Handler())
	if err != nil {
		return nil, err
	}
	pg.url = "http://" + at.String() + "/"
	return pg, nil
}

// handful is a simulated person who, once asked, puts a handful of white
// stones down near the centre, each a little off its point.
type handful struct {
	rng   *rand.Rand
	asked func() bool
	done  bool
}

func (h *handful) Step(ctx context.Context, w *sim.World) error {
	if h.done || !h.asked() {
		return nil
	}
	h.done = true
	b, _ := w.Truth()
	n := 1 + h.rng.IntN(12)
	for put := 0; put < n; {
		p := rules.Point{X: 4 + h.rng.IntN(7), Y: 4 + h.rng.IntN(7)}
		if b.At(p) != rules.Empty {
			continue
		}
		b.Set(p, rules.White)
		w.Put(rules.White, p, (h.rng.Float64()-0.5)*0.1, (h.rng.Float64()-0.5)*0.1)
		put++
	}
	return nil
}
