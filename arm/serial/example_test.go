package serial_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"tengen/arm"
	"tengen/arm/serial"
	"tengen/rules"
)

// Move the arm along two setpoints and pick up with the vacuum pump.
func Example() {
	d, err := serial.Open("/dev/ttyUSB0", serial.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	err = d.Queue(ctx,
		arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}, Duration: 500 * time.Millisecond},
		arm.Setpoint{Pulses: arm.Pulses{1320, 1610, 1575}, Duration: 300 * time.Millisecond})
	if err != nil {
		log.Fatal(err)
	}
	if err := d.Drain(ctx); err != nil {
		log.Fatal(err)
	}
	// Pick a black stone: the device keeps its colour while the pump runs.
	if err := d.SetPump(true, rules.Black); err != nil {
		log.Fatal(err)
	}
	st, err := d.Status(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: vacuum %.1f kPa, holding %v, faults %v\n", st.Version, st.Vacuum, st.Load, st.Faults)
}

func ExampleVacuumKPa() {
	fmt.Printf("%.1f kPa\n", serial.VacuumKPa(542))
	// Output: 51.1 kPa
}
