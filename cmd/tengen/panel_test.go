package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"

	"tengen/game"
	"tengen/referee"
	"tengen/rig/panel"
	"tengen/rules"
	"tengen/rules/opening"
)

// The panel's buttons reach the game as the page's actions do, the
// acknowledge button keeps the colours during the opening and resumes
// otherwise, and the LEDs follow the game.
func TestPanelInPlay(t *testing.T) {
	pins := map[string]*gpiotest.Pin{}
	for _, n := range []string{"GPIO5", "GPIO6", "GPIO13", "GPIO16", "GPIO20", "GPIO21"} {
		pins[n] = &gpiotest.Pin{N: n, EdgesChan: make(chan gpio.Level, 4)}
	}
	cfg, err := panel.Parse([]byte("buttons:\n  swap: GPIO5\n  resign: GPIO6\n  ack: GPIO13\nleds:\n  turn: GPIO16\n  thinking: GPIO20\n  fault: GPIO21\n"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := panel.Open(cfg, func(n string) gpio.PinIO { return pins[n] })
	if err != nil {
		t.Fatal(err)
	}
	l := &lights{p: p}
	ctl := newControls(15)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var errb bytes.Buffer
	go l.watch(ctx, ctl, &stdio{out: &errb, err: &errb})

	decision := func(want opening.ActionKind) {
		t.Helper()
		select {
		case a := <-ctl.decisions:
			if a.Kind != want {
				t.Errorf("decision %v, want %v", a, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no %v decision", want)
		}
	}
	request := func(want game.Request) {
		t.Helper()
		select {
		case r := <-ctl.reqs:
			if r != want {
				t.Errorf("request %v, want %v", r, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no request %v", want)
		}
	}
	level := func(n string) gpio.Level { pins[n].Lock(); defer pins[n].Unlock(); return pins[n].L }
	leds := func(turn, thinking, fault gpio.Level) {
		t.Helper()
		if level("GPIO16") != turn || level("GPIO20") != thinking || level("GPIO21") != fault {
			t.Errorf("LEDs turn %v thinking %v fault %v, want %v %v %v", level("GPIO16"), level("GPIO20"), level("GPIO21"), turn, thinking, fault)
		}
	}

	l.observe(game.Snapshot{Status: "thinking (opening)"})
	leds(gpio.Low, gpio.High, gpio.Low)
	l.observe(game.Snapshot{Status: "opening: the tentative White may swap"})
	leds(gpio.High, gpio.Low, gpio.Low)
	pins["GPIO5"].EdgesChan <- gpio.Low
	decision(opening.Swap)
	time.Sleep(60 * time.Millisecond) // past the debounce
	pins["GPIO13"].EdgesChan <- gpio.Low
	decision(opening.Keep)

	l.observe(game.Snapshot{Status: "thinking", Moves: make([]rules.Move, 5)})
	leds(gpio.Low, gpio.High, gpio.Low)
	l.observe(game.Snapshot{Status: "your move (black)", Moves: make([]rules.Move, 6)})
	l.Say(game.Message{Key: "board-differs"})
	leds(gpio.High, gpio.Low, gpio.High)
	time.Sleep(60 * time.Millisecond)
	pins["GPIO13"].EdgesChan <- gpio.Low
	request(game.RequestResume)
	leds(gpio.High, gpio.Low, gpio.Low)
	pins["GPIO6"].EdgesChan <- gpio.Low
	request(game.RequestResign)
	l.observe(game.Snapshot{Status: "your move (black)", Moves: make([]rules.Move, 6), Over: true})
	leds(gpio.Low, gpio.Low, gpio.Low)
	if errb.Len() > 0 {
		t.Errorf("said: %s", errb.String())
	}
}

// The controls refuse what is not an action of the game, and read the
// page's opening decisions.
func TestControls(t *testing.T) {
	for _, tc := range []struct {
		name string
		args map[string]string
		want string // the decision made, "" for an error
	}{
		{"opening", map[string]string{"do": "choose h8"}, "choose h8"},
		{"opening", map[string]string{"do": "declare 3"}, "declare 3"},
		{"opening", map[string]string{"do": "offer"}, "offer "},
		{"opening", map[string]string{"do": "choose z99"}, ""},
		{"opening", nil, ""},
		{"jog", nil, ""},
	} {
		c := newControls(15)
		err := c.do(tc.name, tc.args)
		if tc.want == "" {
			if err == nil {
				t.Errorf("%s %v accepted", tc.name, tc.args)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %v: %v", tc.name, tc.args, err)
			continue
		}
		if a := <-c.decisions; a.String() != tc.want {
			t.Errorf("%s %v: decision %q, want %q", tc.name, tc.args, a.String(), tc.want)
		}
	}
}

// A referee's panel: each side's clock button presses that clock, claim
// is White's claim, ack confirms for both players; a file wired for the
// game against the robot is refused by the referee, and one wired for
// the referee by the game, naming the button.
func TestPanelInReferee(t *testing.T) {
	pins := map[string]*gpiotest.Pin{}
	for _, n := range []string{"GPIO5", "GPIO6", "GPIO13", "GPIO19"} {
		pins[n] = &gpiotest.Pin{N: n, EdgesChan: make(chan gpio.Level, 4)}
	}
	cfg, err := panel.Parse([]byte("buttons:\n  black: GPIO5\n  white: GPIO6\n  claim: GPIO13\n  ack: GPIO19\n"))
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Serves("tengen referee", panel.RefereeButtons); err != nil {
		t.Error(err)
	}
	if err := cfg.Serves("tengen play", panel.PlayButtons); err == nil || !strings.Contains(err.Error(), `"black" does nothing in tengen play`) {
		t.Errorf("a referee's panel in play: %v", err)
	}
	p, err := panel.Open(cfg, func(n string) gpio.PinIO { return pins[n] })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	out := make(chan referee.Signal, 4)
	go panelSignals(ctx, p, out)
	for _, tc := range []struct {
		pin  string
		want []referee.Signal
	}{
		{"GPIO5", []referee.Signal{{Kind: referee.Press, Color: rules.Black}}},
		{"GPIO6", []referee.Signal{{Kind: referee.Press, Color: rules.White}}},
		{"GPIO13", []referee.Signal{{Kind: referee.Claim, Color: rules.White}}},
		{"GPIO19", []referee.Signal{{Kind: referee.Confirm, Player: opening.First}, {Kind: referee.Confirm, Player: opening.Second}}},
	} {
		pins[tc.pin].EdgesChan <- gpio.Low
		for _, w := range tc.want {
			select {
			case s := <-out:
				if s != w {
					t.Errorf("%s: signal %+v, want %+v", tc.pin, s, w)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: no signal %+v", tc.pin, w)
			}
		}
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "panel.yaml")
	if err := os.WriteFile(file, []byte("buttons:\n  swap: GPIO5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := openRefereePanel(ctx, file, out); err == nil || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), `"swap" does nothing in tengen referee`) {
		t.Errorf("a game's panel for the referee: %v", err)
	}
	_, errOut, code := runCLI(t, "", "referee", "--sim", "--panel", file)
	if code != 2 || !strings.Contains(errOut, "--panel") {
		t.Errorf("referee --sim --panel: exit %d, %q", code, errOut)
	}
}
