package rig_test

import (
	"context"
	"fmt"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/arm/serial"
	"tengen/rig"
)

// ExampleVerify checks a calibration on the simulated arm: the nozzle
// visits the corners and the centre, and the arm's true tip is measured.
func ExampleVerify() {
	cal := armsim.SeedArm()
	drv, err := rig.OpenDriver("sim", cal, serial.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := arm.New(drv, cal, arm.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	got, err := rig.Verify(context.Background(), a, 15, 5, 1, rig.TipCheck(drv.(*armsim.Sim).Tip))
	fmt.Println(len(got), "points checked; within 1 mm:", err == nil)
	// Output: 5 points checked; within 1 mm: true
}
