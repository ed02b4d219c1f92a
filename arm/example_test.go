package arm_test

import (
	"context"
	"fmt"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/kinematics"
	"tengen/rules"
)

// Example plays one move with the simulated driver: a stone from the
// black bowl onto h8, then the arm parks.
func Example() {
	cal := armsim.SeedArm()
	table := armsim.NewTable(kinematics.DefaultLayout, 8, 45, 20, 1)
	sim, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos, World: table}, arm.Pulses{})
	if err != nil {
		fmt.Println(err)
		return
	}
	a, err := arm.New(sim, cal, arm.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	ctx := context.Background()
	h8 := rules.Point{X: 7, Y: 7}
	for _, step := range []func() error{
		func() error { return a.Home(ctx) },
		func() error { return a.Pick(ctx, rules.Black) },
		func() error { return a.Place(ctx, h8) },
		func() error { return a.Park(ctx) },
	} {
		if err := step(); err != nil {
			fmt.Println(err)
			return
		}
	}
	s, d, _ := table.Nearest(h8)
	fmt.Printf("%s stone within 1 mm of h8: %v\n", s.Colour, d < 1)
	// Output: black stone within 1 mm of h8: true
}
