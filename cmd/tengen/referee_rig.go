package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"time"

	"tengen/i18n"
	"tengen/referee"
	"tengen/rig/panel"
	"tengen/rules"
	"tengen/rules/clock"
	"tengen/rules/opening"
)

// refereeReal referees two people at the real board: the camera through
// the calibration, the arm (when there is one and --no-arm is not set) to
// rebuild a knocked board. The players answer Tengen on the page (--http)
// or at the terminal: a line "confirm" agrees to a rebuilt position,
// "claim" is White's claim of a forbidden move, "black" or "white" press
// that side's clock; a panel's buttons of the same names (ack confirms)
// do the same.
func refereeReal(ctx context.Context, sio *stdio, o refereeOptions, hw rigOptions, camera string) error {
	if !o.arm {
		*hw.arm = "none"
	}
	rg, err := hw.open(camera, sio)
	if err != nil {
		return err
	}
	defer rg.Close()
	ref, done, err := o.newReferee(sio, rg.Cal.Board.Size, nil)
	if err != nil {
		return err
	}
	defer done()
	ref.Eyes, ref.Now = rg.Eyes, time.Now
	if h := rg.Hand(); h != nil {
		ref.Hand = h
	}
	signals := make(chan referee.Signal, 16)
	go terminalSignals(ctx, sio, &i18n.Printer{Lang: o.lang}, signals)
	if o.panel != "" {
		p, clock, err := openRefereePanel(ctx, o.panel, signals)
		if err != nil {
			return err
		}
		defer p.Close()
		ref.Buttons = ref.Buttons || clock
	}
	ref.Panel = referee.ChanPanel(signals)
	if err := o.servePage(ctx, sio, ref); err != nil {
		return err
	}
	if err := o.setRules(ref, clock.System{}); err != nil {
		return err
	}
	return runReferee(ctx, sio, o, ref)
}

// terminalSignals turns the players' lines at the terminal into signals.
func terminalSignals(ctx context.Context, sio *stdio, lang *i18n.Printer, out chan<- referee.Signal) {
	sc := bufio.NewScanner(sio.in)
	for sc.Scan() && ctx.Err() == nil {
		sig := refereeSignals(strings.TrimSpace(strings.ToLower(sc.Text())))
		if sig == nil {
			fmt.Fprintln(sio.err, lang.T("cli.referee-keys"))
		}
		if !send(ctx, out, sig) {
			return
		}
	}
}

// openRefereePanel opens the panel file's buttons and carries their
// presses to out until ctx ends. It reports whether the panel has both
// clock buttons: then the players press the clock.
func openRefereePanel(ctx context.Context, path string, out chan<- referee.Signal) (p *panel.Panel, clock bool, err error) {
	cfg, err := panel.Load(path)
	if err != nil {
		return nil, false, err
	}
	if err := cfg.Serves("tengen referee", panel.RefereeButtons); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if p, err = panel.OpenHost(cfg); err != nil {
		return nil, false, err
	}
	go panelSignals(ctx, p, out)
	return p, cfg.Buttons["black"] != "" && cfg.Buttons["white"] != "", nil
}

// panelSignals carries the presses of p's buttons to out until ctx ends.
func panelSignals(ctx context.Context, p *panel.Panel, out chan<- referee.Signal) {
	p.Watch(ctx, func(name string) { send(ctx, out, refereeSignals(name)) })
}

// refereeSignals are the signals a player's word at the terminal, or a
// panel's button, stands for; nil for none.
func refereeSignals(word string) []referee.Signal {
	switch word {
	case "confirm", "ack":
		return []referee.Signal{{Kind: referee.Confirm, Player: opening.First}, {Kind: referee.Confirm, Player: opening.Second}}
	case "claim":
		return []referee.Signal{{Kind: referee.Claim, Color: rules.White}}
	case "black":
		return []referee.Signal{{Kind: referee.Press, Color: rules.Black}}
	case "white":
		return []referee.Signal{{Kind: referee.Press, Color: rules.White}}
	}
	return nil
}

// send puts sig on out; false when ctx ended first.
func send(ctx context.Context, out chan<- referee.Signal, sig []referee.Signal) bool {
	for _, s := range sig {
		select {
		case out <- s:
		case <-ctx.Done():
			return false
		}
	}
	return true
}
