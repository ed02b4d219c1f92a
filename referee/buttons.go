package referee

import (
	"context"
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// Button is a push button on a GPIO pin, wired from the pin to ground:
// the pin's pull-up holds it high and a press pulls it low.
type Button struct {
	Pin gpio.PinIn
	// Signal is what a press means: the clock of one side
	// ({Kind: Press, Color: rules.Black}), a player's confirmation, …
	Signal Signal
}

// Buttons watches push buttons and turns each press into its Signal.
type Buttons struct {
	Buttons []Button
	// Debounce ignores a second falling edge of the same button within
	// this time of the first: contacts bounce [50ms].
	Debounce time.Duration
	// Now is the time source for the debounce [time.Now].
	Now func() time.Time
}

// Watch sends each press on out until ctx ends; it returns ctx's error,
// or the error of a pin that cannot be set up as an input.
func (b *Buttons) Watch(ctx context.Context, out chan<- Signal) error {
	debounce, now := b.Debounce, b.Now
	if debounce == 0 {
		debounce = 50 * time.Millisecond
	}
	if now == nil {
		now = time.Now
	}
	for _, bt := range b.Buttons {
		if err := bt.Pin.In(gpio.PullUp, gpio.FallingEdge); err != nil {
			return fmt.Errorf("button %v (%v): %w", bt.Pin, bt.Signal, err)
		}
	}
	var wg sync.WaitGroup
	for _, bt := range b.Buttons {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var last time.Time
			for ctx.Err() == nil {
				// A bounded wait, so that the watch ends with ctx.
				if !bt.Pin.WaitForEdge(100*time.Millisecond) || bt.Pin.Read() != gpio.Low {
					continue
				}
				t := now()
				if !last.IsZero() && t.Sub(last) < debounce {
					continue
				}
				last = t
				select {
				case out <- bt.Signal:
				case <-ctx.Done():
				}
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
