package panel

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/host/v3"
)

// Buttons and LEDs a panel may have, by name. A game against the robot
// uses PlayButtons; a refereed game between two people uses
// RefereeButtons: each side's clock button, White's claim of a forbidden
// move, and ack to confirm a rebuilt position.
var (
	PlayButtons    = []string{"start", "swap", "resign", "draw", "takeback", "ack"}
	RefereeButtons = []string{"black", "white", "claim", "ack"}
	ButtonNames    = []string{"start", "swap", "resign", "draw", "takeback", "ack", "black", "white", "claim"}
	LEDNames       = []string{"turn", "thinking", "fault"}
)

// Config names the pin of each button and LED; a panel may have any of
// them. Example file:
//
//	buttons:
//	  swap: GPIO5
//	  resign: GPIO6
//	  ack: GPIO13
//	leds:
//	  turn: GPIO16
//	  thinking: GPIO20
//	  fault: GPIO21
//	debounce: 50ms
type Config struct {
	Buttons  map[string]string `yaml:"buttons"`
	LEDs     map[string]string `yaml:"leds"`
	Debounce time.Duration     `yaml:"-"`
}

// Parse reads a panel file. An unknown button, LED or key, a pin used
// twice or an unreadable debounce is an error naming it.
func Parse(data []byte) (Config, error) {
	var raw struct {
		Buttons  map[string]string `yaml:"buttons"`
		LEDs     map[string]string `yaml:"leds"`
		Debounce string            `yaml:"debounce"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&raw); err != nil && !errors.Is(err, io.EOF) { // an empty file is an empty panel
		return Config{}, fmt.Errorf("panel file: %w", err)
	}
	cfg := Config{Buttons: raw.Buttons, LEDs: raw.LEDs, Debounce: 50 * time.Millisecond}
	if raw.Debounce != "" {
		d, err := time.ParseDuration(raw.Debounce)
		if err != nil || d < 0 || d > time.Second {
			return Config{}, fmt.Errorf("panel file: debounce %q: want a duration from 0 to 1s, e.g. 50ms", raw.Debounce)
		}
		cfg.Debounce = d
	}
	used := map[string]string{}
	check := func(kind string, names []string, m map[string]string) error {
		for _, n := range sortedKeys(m) {
			if !slices.Contains(names, n) {
				return fmt.Errorf("panel file: unknown %s %q (want %s)", kind, n, strings.Join(names, ", "))
			}
			pin := strings.TrimSpace(m[n])
			if pin == "" {
				return fmt.Errorf("panel file: %s %q has no pin", kind, n)
			}
			if other, ok := used[pin]; ok {
				return fmt.Errorf("panel file: pin %s is wired to both %s and %s %s", pin, other, kind, n)
			}
			used[pin] = kind + " " + n
		}
		return nil
	}
	if err := check("button", ButtonNames, cfg.Buttons); err != nil {
		return Config{}, err
	}
	if err := check("LED", LEDNames, cfg.LEDs); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Serves returns an error naming the first of c's buttons that is not
// among names, the buttons of the command that opens the panel, so that a
// button wired for another use is not silently dead.
func (c Config) Serves(command string, names []string) error {
	for _, n := range sortedKeys(c.Buttons) {
		if !slices.Contains(names, n) {
			return fmt.Errorf("panel file: button %q does nothing in %s (its buttons: %s)", n, command, strings.Join(names, ", "))
		}
	}
	return nil
}

// Load reads the panel file at path.
func Load(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, err
	}
	cfg, err := Parse(data)
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", path, err)
	}
	return cfg, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Panel is the buttons and LEDs, open.
type Panel struct {
	buttons  map[string]gpio.PinIn
	leds     map[string]gpio.PinOut
	debounce time.Duration
	// Now is the debounce's time source [time.Now].
	Now func() time.Time

	mu  sync.Mutex
	lit map[string]bool
}

// Open finds cfg's pins with byName (nil: periph's gpioreg.ByName, once
// the host's drivers are initialised), sets the buttons' pins up as
// pulled-up inputs watching for falling edges, and turns the LEDs off.
func Open(cfg Config, byName func(string) gpio.PinIO) (*Panel, error) {
	if byName == nil {
		byName = gpioreg.ByName
	}
	p := &Panel{buttons: map[string]gpio.PinIn{}, leds: map[string]gpio.PinOut{}, debounce: cfg.Debounce, lit: map[string]bool{}}
	for _, n := range sortedKeys(cfg.Buttons) {
		pin := byName(cfg.Buttons[n])
		if pin == nil {
			return nil, fmt.Errorf("button %s: no GPIO pin %q on this machine", n, cfg.Buttons[n])
		}
		if err := pin.In(gpio.PullUp, gpio.FallingEdge); err != nil {
			return nil, fmt.Errorf("button %s on %v: %w", n, pin, err)
		}
		p.buttons[n] = pin
	}
	for _, n := range sortedKeys(cfg.LEDs) {
		pin := byName(cfg.LEDs[n])
		if pin == nil {
			return nil, fmt.Errorf("LED %s: no GPIO pin %q on this machine", n, cfg.LEDs[n])
		}
		if err := pin.Out(gpio.Low); err != nil {
			return nil, fmt.Errorf("LED %s on %v: %w", n, pin, err)
		}
		p.leds[n] = pin
	}
	return p, nil
}

// OpenHost initialises this machine's GPIO drivers (periph's host.Init)
// and opens the panel on its pins.
func OpenHost(cfg Config) (*Panel, error) {
	if _, err := host.Init(); err != nil {
		return nil, fmt.Errorf("GPIO drivers: %w", err)
	}
	return Open(cfg, gpioreg.ByName)
}

// Set lights or darkens an LED; an LED the panel does not have is
// ignored, so callers need not know the wiring.
func (p *Panel) Set(led string, on bool) error {
	pin, ok := p.leds[led]
	if !ok {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.lit[led] == on {
		return nil
	}
	if err := pin.Out(gpio.Level(on)); err != nil {
		return fmt.Errorf("LED %s on %v: %w", led, pin, err)
	}
	p.lit[led] = on
	return nil
}

// Watch calls press with the button's name on each press, until ctx
// ends, and returns ctx's error. press runs on the button's own
// goroutine.
func (p *Panel) Watch(ctx context.Context, press func(name string)) error {
	now := p.Now
	if now == nil {
		now = time.Now
	}
	var wg sync.WaitGroup
	for name, pin := range p.buttons {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var last time.Time
			for ctx.Err() == nil {
				// A bounded wait, so that the watch ends with ctx.
				if !pin.WaitForEdge(100*time.Millisecond) || pin.Read() != gpio.Low {
					continue
				}
				t := now()
				if !last.IsZero() && t.Sub(last) < p.debounce {
					continue
				}
				last = t
				press(name)
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}

// Close darkens the LEDs.
func (p *Panel) Close() error {
	var first error
	for _, n := range LEDNames {
		if err := p.Set(n, false); err != nil && first == nil {
			first = err
		}
	}
	return first
}
