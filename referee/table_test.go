package referee_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tengen/arm"
	"tengen/game"
	"tengen/i18n"
	"tengen/referee"
	"tengen/rules"
	"tengen/rules/clock"
	"tengen/rules/opening"
	"tengen/sim"
)

// table is a simulated table with two people and Tengen refereeing.
type table struct {
	t      *testing.T
	robot  *sim.Robot
	stage  *sim.Stage
	ref    *referee.Referee
	script *sim.Script
	people [2]*sim.Paced
	dir    string

	mu     sync.Mutex
	said   []game.Message
	signal []referee.Signal
}

type tableOptions struct {
	rule          rules.Rule
	black, white  string // the people's moves, in order
	opening       string // protocol name, "" for none
	clock         string // time control, "" for none
	arm           bool   // a Hand for rebuilding
	buttons       bool
	claimByPlayer bool
}

var start = time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)

func newTable(t *testing.T, o tableOptions) *table {
	t.Helper()
	robot, err := sim.NewRobot(1, sim.TopCamera{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { robot.Close() })
	tb := &table{t: t, robot: robot, script: &sim.Script{}, dir: t.TempDir()}
	tb.stage = &sim.Stage{World: robot.World, Camera: sim.TopCamera{}, Start: start, Frame: 100 * time.Millisecond}
	g, err := rules.NewGame(15, o.rule, rules.ReadingRIF)
	if err != nil {
		t.Fatal(err)
	}
	log, err := referee.CreateLog(filepath.Join(tb.dir, "referee.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { log.Close() })
	tb.ref = &referee.Referee{Game: g, Eyes: tb.stage, Now: tb.stage.Now, Log: log, Names: [2]string{"Ann", "Bob"},
		Buttons: o.buttons, ClaimByPlayer: o.claimByPlayer, MaxViews: 400,
		Voice: voice(func(m game.Message) {
			checkWorded(t, m)
			tb.mu.Lock()
			tb.said = append(tb.said, m)
			tb.mu.Unlock()
		}),
		Panel: referee.PanelFunc(tb.signals)}
	if o.arm {
		tb.ref.Hand = arm.Hand{Arm: robot.Arm}
	}
	if o.opening != "" {
		p, err := opening.ByName(o.opening)
		if err != nil {
			t.Fatal(err)
		}
		if tb.ref.Opening, err = opening.New(p, 15); err != nil {
			t.Fatal(err)
		}
	}
	if o.clock != "" {
		ctl, err := clock.Parse(o.clock)
		if err != nil {
			t.Fatal(err)
		}
		if tb.ref.Clock, err = clock.New(ctl, tb.stage); err != nil {
			t.Fatal(err)
		}
	}
	for i, spec := range []string{o.black, o.white} {
		if spec == "" {
			continue
		}
		pts, err := rules.ParsePoints(spec, 15)
		if err != nil {
			t.Fatal(err)
		}
		c := []rules.Color{rules.Black, rules.White}[i]
		p := sim.NewPerson(c, &sim.ListPlayer{Moves: pts}, o.rule, uint64(10+i))
		p.Noise = 1
		p.Done = g.Over
		// People hold back while Tengen has stopped play or rebuilds.
		tb.people[i] = &sim.Paced{Person: p, Quiet: 8, Wait: tb.stopped}
		tb.stage.Actors = append(tb.stage.Actors, tb.people[i])
	}
	tb.stage.Actors = append(tb.stage.Actors, tb.script)
	return tb
}

// stopped reports whether Tengen has stopped play: its last word was a
// fault, or it is rebuilding or waiting for a confirmation.
func (tb *table) stopped() bool {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if len(tb.said) == 0 {
		return false
	}
	switch tb.said[len(tb.said)-1].Key {
	case "pushed", "pushed-move", "lifted", "lifted-move", "occupied", "two-in-a-row", "extra", "wrong", "scattered", "rebuild",
		"fix-remove", "fix-move", "fix-add", "confirm", "take-offers":
		return true
	}
	return false
}

// checkWorded fails the test when a message the referee says cannot be
// worded in every language: a key missing from package i18n's catalogue
// or arguments that do not fit it.
func checkWorded(t *testing.T, m game.Message) {
	t.Helper()
	for _, l := range i18n.Langs {
		if _, err := (&i18n.Printer{Lang: l}).Format(m.Key, m.Args...); err != nil {
			t.Errorf("the referee said %q (%q): %v", m.Key, m.Text, err)
		}
	}
}

// heard reports whether Tengen said something with this key.
func (tb *table) heard(key string) bool {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, m := range tb.said {
		if m.Key == key {
			return true
		}
	}
	return false
}

func (tb *table) transcript() string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var b strings.Builder
	for _, m := range tb.said {
		b.WriteString(m.Key + ": " + m.Text + "\n")
	}
	return b.String()
}

// send queues a signal for the referee's next look at the panel.
func (tb *table) send(s ...referee.Signal) {
	tb.mu.Lock()
	tb.signal = append(tb.signal, s...)
	tb.mu.Unlock()
}

func (tb *table) signals() []referee.Signal {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	out := tb.signal
	tb.signal = nil
	// Both players confirm a rebuilt position as soon as they are asked.
	if n := len(tb.said); n > 0 && tb.said[n-1].Key == "confirm" {
		out = append(out, referee.Signal{Kind: referee.Confirm, Player: opening.First}, referee.Signal{Kind: referee.Confirm, Player: opening.Second})
	}
	return out
}

func (tb *table) run() rules.Outcome {
	tb.t.Helper()
	out, err := tb.ref.Run(tb.t.Context())
	if err != nil {
		tb.t.Fatalf("%v\n%s", err, tb.transcript())
	}
	return out
}

// events reads the referee's log and returns its entries of kind ev.
func (tb *table) events(ev string) []referee.Entry {
	tb.t.Helper()
	all, err := referee.ReadLog(tb.ref.Log.Path())
	if err != nil {
		tb.t.Fatal(err)
	}
	var out []referee.Entry
	for _, e := range all {
		if e.Event == ev {
			out = append(out, e)
		}
	}
	return out
}

type voice func(game.Message)

func (v voice) Say(m game.Message) { v(m) }
