package simavr_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"tengen/firmware/simavr"
)

// Run the firmware in simavr and read the servo pulses it generates; the
// serial driver opens sim.PTY like a USB port.
func Example() {
	dir, err := os.MkdirTemp("", "fw")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	b, err := simavr.BuildAll(context.Background(), dir)
	if err != nil {
		log.Fatal(err)
	}
	sim, err := simavr.Start(b, false)
	if err != nil {
		log.Fatal(err)
	}
	defer sim.Close()
	ps, err := sim.Pulses()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("firmware UART on", sim.PTY, "servo 1 pulse", ps[0].LastMicros(), "µs")
}
