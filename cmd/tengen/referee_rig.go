package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"
	"time"

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
