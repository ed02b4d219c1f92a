package pi_test

import (
	"context"
	"fmt"
	"time"

	"tengen/arm"
	"tengen/arm/pi"
	"tengen/calibration"
)

// ExampleOpenHost centres the servos on a Pi wired as in the README.
func ExampleOpenHost() {
	s := calibration.Servo{ZeroUS: 1000, USPerDegree: 2000.0 / 180, MinUS: 500, MaxUS: 2500}
	d, err := pi.OpenHost([3]calibration.Servo{s, s, s}, pi.Sensor{ZeroV: 3.07, KPaPerV: 39.2})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Close()
	ctx := context.Background()
	d.Queue(ctx, arm.Setpoint{Pulses: arm.Pulses{1500, 1500, 1500}, Duration: 2 * time.Second})
	if err := d.Drain(ctx); err != nil {
		fmt.Println(err)
	}
	st, _ := d.Status(ctx)
	fmt.Printf("vacuum %.1f kPa\n", st.Vacuum)
}
