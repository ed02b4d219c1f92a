package kinematics_test

import (
	"fmt"

	"tengen/kinematics"
	"tengen/rules"
)

func ExampleGeometry_IK() {
	g := kinematics.SeedGeometry // f=200, e=60, rf=100, re=450
	th, err := g.IK(kinematics.Vec3{50, -80, -440})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("θ = %.3f°, %.3f°, %.3f°\n", th[0], th[1], th[2])
	p, _ := g.FK(th)
	fmt.Printf("back at (%.3f, %.3f, %.3f)\n", p[0], p[1], p[2])
	_, err = g.IK(kinematics.Vec3{400, 0, -440})
	fmt.Println(err)
	// Output:
	// θ = -1.788°, 12.216°, 27.295°
	// back at (50.000, -80.000, -440.000)
	// point (400, 0, -440): arm 1: out of reach: the forearm falls 76.2 mm short: unreachable
}

func ExampleGeometry_PlanTransfer() {
	g, lay := kinematics.SeedGeometry, kinematics.DefaultLayout
	to := lay.Intersection(rules.Point{X: 7, Y: 7}) // h8
	tr, err := g.PlanTransfer(kinematics.TypicalServo, lay.BlackBowl, to, lay.TravelZ, kinematics.DefaultStep)
	if err != nil {
		fmt.Println(err)
		return
	}
	last := tr.Samples[len(tr.Samples)-1]
	fmt.Printf("%d setpoints over %v, ending at θ = %.2f°, %.2f°, %.2f°\n",
		len(tr.Samples), tr.Duration().Round(10e6), last.Theta[0], last.Theta[1], last.Theta[2])
	// Output:
	// 34 setpoints over 680ms, ending at θ = 15.26°, 15.26°, 15.26°
}

func ExampleGeometry_Workspace() {
	us := 2000.0 / 180 // 500–2500 µs over 180°
	rep, err := kinematics.SeedGeometry.Workspace(kinematics.TypicalServo, [3]float64{us, us, us}, kinematics.DefaultLayout, 5)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("all in reach: %v; %d places; coarsest %.2f mm/µs\n", rep.OK, len(rep.Places), rep.WorstResolution)
	// Output:
	// all in reach: true; 456 places; coarsest 0.40 mm/µs
}
