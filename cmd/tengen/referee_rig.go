package main

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"tengen/game"
	"tengen/i18n"
	"tengen/referee"
	"tengen/rules"
	"tengen/rules/clock"
	"tengen/rules/opening"
)

// refereeReal referees two people at the real board: the camera through
// the calibration, the arm (when there is one and --no-arm is not set) to
// rebuild a knocked board. The players answer Tengen on the page (--http)
// or at the terminal: a line "confirm" agrees to a rebuilt position,
// "claim" is White's claim of a forbidden move, "black" or "white" press
// that side's clock.
func refereeReal(ctx context.Context, sio *stdio, o refereeOptions, hw rigOptions, camera string) error {
	if o.dir == "" {
		var err error
		if o.dir, err = newRunPath("referee", ""); err != nil {
			return err
		}
	}
	if !o.arm {
		*hw.arm = "none"
	}
	rg, err := hw.open(camera, sio)
	if err != nil {
		return err
	}
	defer rg.Close()
	g, err := rules.NewGame(rg.Cal.Board.Size, o.rule, rules.ReadingRIF)
	if err != nil {
		return err
	}
	log, err := referee.CreateLog(filepath.Join(o.dir, "referee.log"))
	if err != nil {
		return err
	}
	defer log.Close()
	voices := i18n.Voices{voiceTo(func(m game.Message) { fmt.Fprintln(sio.out, (&i18n.Printer{Lang: o.lang}).Message(m)) })}
	if sp := o.speaker(sio); sp != nil {
		defer sp.Close()
		voices = append(voices, sp)
	}
	ref := &referee.Referee{Game: g, Eyes: rg.Eyes, Now: time.Now, Log: log, Names: o.names, Buttons: o.buttons,
		ClaimByPlayer: o.byPlayer, Voice: voices}
	if h := rg.Hand(); h != nil {
		ref.Hand = h
	}
	signals := make(chan referee.Signal, 16)
	go terminalSignals(ctx, sio, &i18n.Printer{Lang: o.lang}, signals)
	ref.Panel = referee.ChanPanel(signals)
	if o.http != "" {
		page := make(chan referee.Signal, 16)
		srv, err := refereeWeb(ctx, o.http, sio, g.Size(), page)
		if err != nil {
			return err
		}
		o.page = srv
		ref.Observe = func(st referee.State) { srv.Publish(refereePage(o.rule, g.Size(), st)) }
		ref.Panel = referee.PanelFunc(func() []referee.Signal {
			return append(referee.ChanPanel(signals).Signals(), referee.ChanPanel(page).Signals()...)
		})
	}
	if o.opening != nil {
		if ref.Opening, err = opening.New(*o.opening, g.Size()); err != nil {
			return err
		}
	}
	if o.time != "" {
		ctl, err := clock.Parse(o.time)
		if err != nil {
			return badFlag("--time", o.time, err)
		}
		if ref.Clock, err = clock.New(ctl, clock.System{}); err != nil {
			return err
		}
	}
	return runReferee(ctx, sio, o, ref, log)
}

// terminalSignals turns the players' lines at the terminal into signals.
func terminalSignals(ctx context.Context, sio *stdio, lang *i18n.Printer, out chan<- referee.Signal) {
	sc := bufio.NewScanner(sio.in)
	for sc.Scan() && ctx.Err() == nil {
		var sig []referee.Signal
		switch strings.TrimSpace(strings.ToLower(sc.Text())) {
		case "confirm":
			sig = []referee.Signal{{Kind: referee.Confirm, Player: opening.First}, {Kind: referee.Confirm, Player: opening.Second}}
		case "claim":
			sig = []referee.Signal{{Kind: referee.Claim, Color: rules.White}}
		case "black":
			sig = []referee.Signal{{Kind: referee.Press, Color: rules.Black}}
		case "white":
			sig = []referee.Signal{{Kind: referee.Press, Color: rules.White}}
		default:
			fmt.Fprintln(sio.err, lang.T("cli.referee-keys"))
		}
		for _, s := range sig {
			select {
			case out <- s:
			case <-ctx.Done():
				return
			}
		}
	}
}
