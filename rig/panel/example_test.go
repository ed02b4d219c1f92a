package panel_test

import (
	"context"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"

	"tengen/rig/panel"
)

// A swap button and a turn LED, on pins named in the panel file. On the
// Pi, pass nil to Open to find the pins with gpioreg after
// host.Init(); here gpiotest pins stand in for them.
func Example() {
	cfg, err := panel.Parse([]byte("buttons:\n  swap: GPIO5\nleds:\n  turn: GPIO16\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	swap := &gpiotest.Pin{N: "GPIO5", EdgesChan: make(chan gpio.Level, 1)}
	turn := &gpiotest.Pin{N: "GPIO16"}
	p, err := panel.Open(cfg, func(name string) gpio.PinIO {
		return map[string]gpio.PinIO{"GPIO5": swap, "GPIO16": turn}[name]
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	p.Set("turn", true)
	fmt.Println("turn LED:", turn.Read())

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	pressed := make(chan string, 1)
	go p.Watch(ctx, func(name string) { pressed <- name })
	swap.EdgesChan <- gpio.Low // someone presses swap
	fmt.Println("pressed:", <-pressed)
	// Output:
	// turn LED: High
	// pressed: swap
}
