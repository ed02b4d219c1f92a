package panel

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, file, err string
		buttons, leds   int
		debounce        time.Duration
	}{
		{"empty", "", "", 0, 0, 50 * time.Millisecond},
		{"full", "buttons:\n  start: GPIO5\n  swap: GPIO6\n  resign: GPIO13\n  draw: GPIO19\n  takeback: GPIO26\n  ack: P1_40\nleds:\n  turn: GPIO16\n  thinking: GPIO20\n  fault: GPIO21\ndebounce: 30ms\n", "", 6, 3, 30 * time.Millisecond},
		{"unknown button", "buttons:\n  pause: GPIO5\n", `unknown button "pause"`, 0, 0, 0},
		{"unknown LED", "leds:\n  power: GPIO5\n", `unknown LED "power"`, 0, 0, 0},
		{"unknown key", "button:\n  swap: GPIO5\n", "field button not found", 0, 0, 0},
		{"pin twice", "buttons:\n  swap: GPIO5\nleds:\n  turn: GPIO5\n", "pin GPIO5 is wired to both", 0, 0, 0},
		{"no pin", "buttons:\n  swap: ''\n", `button "swap" has no pin`, 0, 0, 0},
		{"bad debounce", "debounce: soon\n", `debounce "soon"`, 0, 0, 0},
		{"long debounce", "debounce: 5s\n", `debounce "5s"`, 0, 0, 0},
		{"not a mapping", "- GPIO5\n", "panel file", 0, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Parse([]byte(tc.file))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(cfg.Buttons) != tc.buttons || len(cfg.LEDs) != tc.leds || cfg.Debounce != tc.debounce {
				t.Errorf("config %+v", cfg)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add("buttons:\n  swap: GPIO5\nleds:\n  turn: GPIO16\ndebounce: 20ms\n")
	f.Add("buttons: [1, 2]\n")
	f.Add("debounce: -1s\n")
	f.Add("leds:\n  fault: GPIO5\n  turn: GPIO5\n")
	f.Fuzz(func(t *testing.T, s string) {
		cfg, err := Parse([]byte(s))
		if err != nil {
			return
		}
		for n := range cfg.Buttons {
			if !contains(ButtonNames, n) {
				t.Errorf("accepted button %q", n)
			}
		}
		if cfg.Debounce < 0 || cfg.Debounce > time.Second {
			t.Errorf("accepted debounce %v", cfg.Debounce)
		}
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// fakePins are gpiotest pins by name, as gpioreg would find them.
func fakePins(names ...string) (map[string]*gpiotest.Pin, func(string) gpio.PinIO) {
	pins := map[string]*gpiotest.Pin{}
	for i, n := range names {
		pins[n] = &gpiotest.Pin{N: n, Num: i, EdgesChan: make(chan gpio.Level, 8)}
	}
	return pins, func(n string) gpio.PinIO {
		if p, ok := pins[n]; ok {
			return p
		}
		return nil
	}
}

func TestOpenUnknownPin(t *testing.T) {
	_, byName := fakePins("GPIO5")
	_, err := Open(Config{Buttons: map[string]string{"swap": "GPIO99"}}, byName)
	if err == nil || !strings.Contains(err.Error(), `button swap: no GPIO pin "GPIO99"`) {
		t.Errorf("error %v", err)
	}
}

func TestLEDs(t *testing.T) {
	pins, byName := fakePins("GPIO16", "GPIO20")
	pins["GPIO16"].L = gpio.High // left lit by an earlier run
	p, err := Open(Config{LEDs: map[string]string{"turn": "GPIO16", "fault": "GPIO20"}}, byName)
	if err != nil {
		t.Fatal(err)
	}
	level := func(n string) gpio.Level { pins[n].Lock(); defer pins[n].Unlock(); return pins[n].L }
	if level("GPIO16") != gpio.Low {
		t.Error("Open left the turn LED lit")
	}
	p.Set("fault", true)
	p.Set("thinking", true) // not wired: ignored
	if level("GPIO20") != gpio.High || level("GPIO16") != gpio.Low {
		t.Errorf("after lighting fault: turn %v, fault %v", level("GPIO16"), level("GPIO20"))
	}
	p.Close()
	if level("GPIO20") != gpio.Low {
		t.Error("Close left the fault LED lit")
	}
}

// Presses come through once each: a bounce within the debounce time is
// ignored, a rising edge (the release) is no press, and a second press
// after the debounce time counts.
func TestButtonsDebounced(t *testing.T) {
	pins, byName := fakePins("GPIO5", "GPIO6")
	p, err := Open(Config{Buttons: map[string]string{"swap": "GPIO5", "resign": "GPIO6"}, Debounce: 50 * time.Millisecond}, byName)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	now := time.Unix(0, 0)
	p.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	presses := make(chan string, 8)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- p.Watch(ctx, func(n string) { presses <- n }) }()
	for _, n := range []string{"GPIO5", "GPIO6"} {
		if pins[n].P != gpio.PullUp {
			t.Errorf("%s is not pulled up", n)
		}
	}
	want := func(name string) {
		t.Helper()
		select {
		case got := <-presses:
			if got != name {
				t.Errorf("press of %s, want %s", got, name)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no press of %s", name)
		}
	}
	none := func() {
		t.Helper()
		select {
		case got := <-presses:
			t.Errorf("unexpected press of %s", got)
		case <-time.After(300 * time.Millisecond):
		}
	}
	pins["GPIO5"].EdgesChan <- gpio.Low
	want("swap")
	advance(5 * time.Millisecond)
	pins["GPIO5"].EdgesChan <- gpio.High // the contact bounces
	pins["GPIO5"].EdgesChan <- gpio.Low
	none()
	pins["GPIO5"].EdgesChan <- gpio.High // released
	none()
	advance(time.Second)
	pins["GPIO6"].EdgesChan <- gpio.Low
	want("resign")
	pins["GPIO5"].EdgesChan <- gpio.Low
	want("swap")
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Watch returned %v", err)
	}
}

// The example file in this folder parses.
func TestExampleFile(t *testing.T) {
	cfg, err := Load("panel.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Buttons) != 5 || len(cfg.LEDs) != 3 {
		t.Errorf("example file: %+v", cfg)
	}
}
