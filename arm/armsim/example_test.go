package armsim_test

import (
	"context"
	"fmt"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/kinematics"
)

// Example drives the simulated servos directly and reads where the nozzle
// went, on the virtual clock.
func Example() {
	cal := armsim.SeedArm()
	sim, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos}, arm.Pulses{1222, 1222, 1222})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sim.Close()
	ctx := context.Background()
	// All three servos 10° further down over half a second: straight down.
	sim.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1333, 1333, 1333}, Duration: 500 * time.Millisecond})
	if err := sim.Drain(ctx); err != nil {
		fmt.Println(err)
		return
	}
	tip, _ := sim.Tip()
	fmt.Printf("after %v: nozzle at (%.1f, %.1f, %.1f)\n", sim.Now(), tip[0], tip[1], tip[2])
	// Output: after 500ms: nozzle at (0.0, 0.0, -481.6)
}
