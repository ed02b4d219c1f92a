package main

import (
	"strings"
	"tengen/i18n/errmsg"

	"tengen/game"
	"tengen/rules/opening"
)

// controls carry the person's and the operator's requests into a game,
// from the web page and the GPIO buttons alike.
type controls struct {
	reqs      chan game.Request
	decisions chan opening.Action
	size      int
}

func newControls(size int) *controls {
	return &controls{reqs: make(chan game.Request, 8), decisions: make(chan opening.Action, 1), size: size}
}

// requests maps action names to the game's requests; the page's start,
// as the panel's start button, resumes a paused or stopped game.
var requests = map[string]game.Request{"pause": game.RequestPause, "resume": game.RequestResume, "ack": game.RequestResume, "start": game.RequestResume,
	"resign": game.RequestResign, "takeback": game.RequestTakeback, "draw": game.RequestDraw}

// do carries out the action name: a request to the game, or a decision in
// the opening ("swap"; "opening" with args do=keep|swap|pass|offer,
// "declare N" or "choose h8"; "keep").
func (c *controls) do(name string, args map[string]string) error {
	if r, ok := requests[name]; ok {
		select {
		case c.reqs <- r:
			return nil
		default:
			return errmsg.New("err.busy")
		}
	}
	var a opening.Action
	switch name {
	case "swap":
		a.Kind = opening.Swap
	case "keep":
		a.Kind = opening.Keep
	case "opening":
		do := strings.TrimSpace(args["do"])
		if do == "offer" { // the person's word that offers follow
			a.Kind = opening.Offer
			break
		}
		var err error
		if a, err = game.ParseAction(do, c.size); err != nil {
			return err
		}
	default:
		return errmsg.New("err.not-available", name)
	}
	select {
	case c.decisions <- a:
		return nil
	default:
		return errmsg.New("err.decision-pending")
	}
}
