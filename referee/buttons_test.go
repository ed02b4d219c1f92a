package referee_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"

	"tengen/referee"
	"tengen/rules"
	"tengen/rules/clock"
)

func TestButtons(t *testing.T) {
	black := &gpiotest.Pin{N: "GPIO17", Num: 17, EdgesChan: make(chan gpio.Level, 8)}
	white := &gpiotest.Pin{N: "GPIO27", Num: 27, EdgesChan: make(chan gpio.Level, 8)}
	src := clock.NewManual(time.Unix(0, 0))
	var mu sync.Mutex
	calls := 0
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		calls++
		return src.Now()
	}
	// until waits (boundedly) for a condition on the watcher's state.
	until := func(what string, ok func() bool) {
		t.Helper()
		for i := 0; !ok(); i++ {
			if i > 5000 {
				t.Fatalf("timed out waiting until %s", what)
			}
			time.Sleep(time.Millisecond)
		}
	}
	b := &referee.Buttons{Now: now, Debounce: 50 * time.Millisecond, Buttons: []referee.Button{
		{Pin: black, Signal: referee.Signal{Kind: referee.Press, Color: rules.Black}},
		{Pin: white, Signal: referee.Signal{Kind: referee.Press, Color: rules.White}},
	}}
	ctx, cancel := context.WithCancel(t.Context())
	out := make(chan referee.Signal, 8)
	done := make(chan error)
	go func() { done <- b.Watch(ctx, out) }()
	pulledUp := func(p *gpiotest.Pin) bool { p.Lock(); defer p.Unlock(); return p.P == gpio.PullUp }
	until("the pins are inputs", func() bool { return pulledUp(black) && pulledUp(white) })
	reads := func(n int) func() bool {
		return func() bool { mu.Lock(); defer mu.Unlock(); return calls >= n }
	}
	want := func(c rules.Color) {
		t.Helper()
		select {
		case s := <-out:
			if s.Kind != referee.Press || s.Color != c {
				t.Errorf("got %v, want %s's press", s, c)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no press of %s", c)
		}
	}
	// Black presses: the contact bounces (low, high, low) within the
	// debounce time, and counts once.
	black.EdgesChan <- gpio.Low
	want(rules.Black)
	black.EdgesChan <- gpio.High
	black.EdgesChan <- gpio.Low
	until("the bounce is read", reads(2))
	// White presses; then Black again, well after the debounce time.
	white.EdgesChan <- gpio.Low
	want(rules.White)
	mu.Lock()
	src.Advance(time.Second)
	mu.Unlock()
	black.EdgesChan <- gpio.Low
	want(rules.Black)
	select {
	case s := <-out:
		t.Errorf("an extra signal %v: the bounce was not ignored", s)
	case <-time.After(300 * time.Millisecond):
	}
	cancel()
	if err := <-done; err != context.Canceled {
		t.Errorf("Watch returned %v", err)
	}
}
