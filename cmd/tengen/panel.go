package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"tengen/game"
	"tengen/i18n"
	"tengen/rig/panel"
)

// lights keep the panel's LEDs and its acknowledge button in step with the
// game: the turn LED while the person is to act, the thinking LED while
// the robot thinks or moves, the fault LED from a complaint about the
// board until the game moves on.
type lights struct {
	p *panel.Panel

	mu      sync.Mutex
	status  string
	moves   int
	warned  bool
	person  bool // the person is to act
	robotOn bool
}

// complaints are what the robot says when the board needs putting right
// or a fault waits for the operator.
var complaints = map[string]bool{"board-differs": true, "extra-stones": true, "wrong-colour": true,
	"stone-moved": true, "stone-missing": true, "opening-refused": true, "takeback-lift": true, "fault": true}

// openPanel opens the panel file's buttons and LEDs and carries the
// presses to the game through ctl until ctx ends.
func openPanel(ctx context.Context, path string, ctl *controls, sio *stdio) (*lights, error) {
	cfg, err := panel.Load(path)
	if err != nil {
		return nil, err
	}
	if err := cfg.Serves("tengen play", panel.PlayButtons); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	p, err := panel.OpenHost(cfg)
	if err != nil {
		return nil, err
	}
	l := &lights{p: p}
	go l.watch(ctx, ctl, sio)
	return l, nil
}

// withPanel opens the panel that path names (none when it is empty): its
// lights join say's voices and see every snapshot observe (nil: none)
// sees. It returns the observer to use and a function that closes the
// panel.
func withPanel(ctx context.Context, path string, ctl *controls, sio *stdio, say *i18n.Outputs, observe func(game.Snapshot)) (func(game.Snapshot), func(), error) {
	if path == "" {
		return observe, func() {}, nil
	}
	l, err := openPanel(ctx, path, ctl, sio)
	if err != nil {
		return nil, nil, err
	}
	say.Voices = append(say.Voices, l)
	return func(sn game.Snapshot) {
		if observe != nil {
			observe(sn)
		}
		l.observe(sn)
	}, func() { l.Close() }, nil
}

// watch carries the presses to the game until ctx ends.
func (l *lights) watch(ctx context.Context, ctl *controls, sio *stdio) {
	l.p.Watch(ctx, func(name string) {
		if err := l.press(ctl, name); err != nil {
			fmt.Fprintf(sio.err, "button %s: %v\n", name, err)
		}
	})
}

// press carries out a button: start and acknowledge resume a paused or
// stopped game, and acknowledge keeps the colours while the opening runs.
func (l *lights) press(ctl *controls, name string) error {
	switch name {
	case "start":
		return ctl.do("resume", nil)
	case "ack":
		l.mu.Lock()
		opening := strings.HasPrefix(l.status, "opening")
		l.warned = false
		l.mu.Unlock()
		l.show()
		if opening {
			return ctl.do("keep", nil)
		}
		return ctl.do("resume", nil)
	}
	return ctl.do(name, nil)
}

// observe follows the game's snapshots.
func (l *lights) observe(s game.Snapshot) {
	l.mu.Lock()
	l.status = s.Status
	if len(s.Moves) != l.moves {
		l.moves, l.warned = len(s.Moves), false
	}
	l.robotOn = strings.HasPrefix(s.Status, "thinking") || strings.HasPrefix(s.Status, "placing")
	l.person = !s.Over && (strings.HasPrefix(s.Status, "your move") || strings.HasPrefix(s.Status, "opening"))
	l.mu.Unlock()
	l.show()
}

// Say implements game.Voice: a complaint lights the fault LED.
func (l *lights) Say(m game.Message) {
	if !complaints[m.Key] {
		return
	}
	l.mu.Lock()
	l.warned = true
	l.mu.Unlock()
	l.show()
}

func (l *lights) show() {
	l.mu.Lock()
	turn, thinking, fault := l.person && !l.robotOn, l.robotOn, l.warned
	l.mu.Unlock()
	l.p.Set("turn", turn)
	l.p.Set("thinking", thinking)
	l.p.Set("fault", fault)
}

// Close darkens the LEDs.
func (l *lights) Close() error { return l.p.Close() }
