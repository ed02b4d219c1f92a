package main

import (
	"context"
	"fmt"
	"time"

	"tengen/game"
	"tengen/rules"
	"tengen/sdnotify"
)

// service tells systemd how a long-running command is doing (the unit in
// deploy/tengen.service is Type=notify with a watchdog): ready once the
// devices are open, a heartbeat while the game's loop keeps turning, and
// stopping on the way out. Outside systemd it does nothing.
type service struct {
	n        *sdnotify.Notifier
	progress sdnotify.Progress
}

// stallLimit is how long the loop may show no sign of life (no steady view,
// no arm move finished) before the heartbeat stops and systemd restarts us.
const stallLimit = 90 * time.Second

func startService(ctx context.Context, sio *stdio, what string) *service {
	n, err := sdnotify.FromEnv()
	if err != nil {
		fmt.Fprintf(sio.err, "systemd notification off: %v\n", err)
	}
	s := &service{n: n}
	if !n.Enabled() {
		return s
	}
	s.progress.Mark()
	n.Ready(what)
	go n.Heartbeat(ctx, s.progress.Within(stallLimit))
	return s
}

// stopping says the program is on its way out, and why.
func (s *service) stopping(why string) {
	if s.n.Enabled() {
		s.n.Stopping(why)
	}
}

// eyes and hand mark progress on every view and every arm move.
func (s *service) eyes(e game.Eyes) game.Eyes { return livelyEyes{e, s} }
func (s *service) hand(h game.Hand) game.Hand { return livelyHand{h, s} }

type livelyEyes struct {
	game.Eyes
	s *service
}

func (e livelyEyes) Look(ctx context.Context) (game.Sight, error) { return e.LookFor(ctx, nil) }

// LookFor implements game.Expecter for the eyes that can, and Look's
// view for the rest.
func (e livelyEyes) LookFor(ctx context.Context, want game.Expect) (game.Sight, error) {
	v, err := game.LookFor(ctx, e.Eyes, want)
	e.s.progress.Mark()
	return v, err
}

// NotifyDoubt implements game.Doubter for the eyes that can.
func (e livelyEyes) NotifyDoubt(f func(stones, empty []rules.Point)) {
	if d, ok := e.Eyes.(game.Doubter); ok {
		d.NotifyDoubt(f)
	}
}

type livelyHand struct {
	game.Hand
	s *service
}

func (h livelyHand) Park(ctx context.Context) error {
	err := h.Hand.Park(ctx)
	h.s.progress.Mark()
	return err
}

// Drops implements game.Dropper for the hands that can.
func (h livelyHand) Drops() []game.Drop {
	if d, ok := h.Hand.(game.Dropper); ok {
		return d.Drops()
	}
	return nil
}

// parkOnStop parks the arm when the command is stopped (SIGTERM from
// systemd, Ctrl-C): every move is already in the journal.
func parkOnStop(ctx context.Context, h game.Hand, s *service) {
	if ctx.Err() == nil || h == nil {
		return
	}
	s.stopping("stopped: parking the arm; the game is in its journal")
	pctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	h.Park(pctx)
}
