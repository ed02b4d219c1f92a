package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"tengen/i18n/errmsg"
	"time"

	"tengen/customs"
	"tengen/game"
	"tengen/i18n"
	"tengen/sim"
)

// tableNigiri plays 猜先 over the board before a game of play or exhibit:
// hide "person" (the person puts a handful on the board and the robot
// guesses) or "robot" (the robot hides stones, the person guesses on the
// page's visitors' panel or at the terminal). On the simulated robot a
// simulated person puts the handful down or guesses; with the page open,
// a guess given on its panel within pageWait is taken instead.
type tableNigiri struct {
	hide  string // "person" or "robot"
	eyes  game.Eyes
	hand  game.Hand
	voice game.Voice
	rb    *sim.Robot    // the simulated robot, nil on the real one
	desk  *customs.Desk // the page's visitors' panel, nil without a page
	// pageWait is how long a simulated run waits for the page's guess
	// before the simulated person guesses.
	pageWait time.Duration
	sio      *stdio
	p        *i18n.Printer // the terminal's language
	rng      *rand.Rand
}

func checkHide(flag, hide string) error {
	if hide != "person" && hide != "robot" {
		return usageMsg("err.bad-hide", flag, hide)
	}
	return nil
}

// play plays one 猜先 and returns it.
func (t *tableNigiri) play(ctx context.Context) (customs.Nigiri, error) {
	tb := customs.Table{Eyes: t.eyes, Hand: t.hand, Voice: t.voice}
	if t.hide == "person" {
		if t.rb != nil {
			// The simulated person puts a handful down once asked.
			var asked atomic.Bool
			h := &handful{rng: rand.New(rand.NewPCG(t.rng.Uint64(), 0x4a)), asked: asked.Load}
			tb.Voice = i18n.Voices{t.voice, voiceTo(func(m game.Message) {
				if m.Key == "nigiri-hide" {
					asked.Store(true)
				}
			})}
			tb.Eyes = steppedEyes{Eyes: t.eyes, actor: h, world: t.rb.World}
		}
		return tb.PersonHides(ctx, t.rng)
	}
	return tb.RobotHides(ctx, t.rng, t.guess)
}

// guess is the person's guess when the robot hides: from the page's
// panel, typed at the terminal, or simulated (on the simulated robot,
// when the page gives none in time).
func (t *tableNigiri) guess(ctx context.Context) (customs.Parity, error) {
	switch {
	case t.rb != nil:
		if t.desk != nil && t.pageWait > 0 {
			fmt.Fprintln(t.sio.out, t.p.T("cli.nigiri-page-wait", strconv.Itoa(int(t.pageWait.Round(time.Second)/time.Second))))
			wait, cancel := context.WithTimeout(ctx, t.pageWait)
			p, err := t.desk.WaitGuess(wait)
			cancel()
			if err == nil {
				fmt.Fprintln(t.sio.out, t.p.T("cli.nigiri-page-guess", p.String()))
				return p, nil
			}
			if ctx.Err() != nil {
				return p, ctx.Err()
			}
		}
		p := customs.Parity(t.rng.IntN(2))
		fmt.Fprintln(t.sio.out, t.p.T("cli.nigiri-sim-guess", p.String()))
		return p, nil
	case t.desk != nil:
		return t.desk.WaitGuess(ctx)
	}
	for {
		fmt.Fprintln(t.sio.out, t.p.T("cli.nigiri-ask"))
		line, err := t.sio.readLine(ctx)
		if errors.Is(err, io.EOF) {
			return customs.Odd, errmsg.New("err.no-guesser")
		}
		if err != nil {
			return customs.Odd, err
		}
		if p, err := customs.ParseParity(strings.TrimSpace(line)); err == nil {
			return p, nil
		}
	}
}

// nigiriEntry is the journal's record of a 猜先, after the game's
// settings (which seat the players by it).
func nigiriEntry(g customs.Nigiri) game.Entry {
	return game.Entry{Type: game.EntryEvent, Event: "nigiri", By: g.Hider.String(),
		Detail: fmt.Sprintf("%s hid %d, guess %s: %s plays Black", g.Hider, g.Count, g.Guess, g.Black())}
}

// steppedEyes lets a simulated actor act before each look.
type steppedEyes struct {
	game.Eyes
	actor sim.Actor
	world *sim.World
}

func (e steppedEyes) Look(ctx context.Context) (game.Sight, error) {
	if err := e.actor.Step(ctx, e.world); err != nil {
		return game.Sight{}, err
	}
	return e.Eyes.Look(ctx)
}
