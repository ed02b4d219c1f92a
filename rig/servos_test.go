package rig

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/calibration"
	"tengen/kinematics"
)

// TestServoJog: the servos truly sit 40 µs, -25 µs and 0 µs off the
// nominal zero and turn 11.6 µs per degree; the scripted person jogs each
// to 0° and 90°. The measured servos must be the true ones, and an arm
// calibrated with them must then pass verify, which the nominal fails.
func TestServoJog(t *testing.T) {
	cal := armsim.SeedArm()
	truth := cal.Servos
	offs := [3]float64{40, -25, 0}
	var script strings.Builder
	script.WriteString("10\n") // a typo, explained and skipped
	for i := range truth {
		truth[i].ZeroUS += offs[i]
		truth[i].USPerDegree = 11.6
		fmt.Fprintf(&script, "%+d\nok\n%+d\nok\n", int(offs[i]), int(math.Round(11.6*90)))
	}
	sim, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: truth}, arm.Pulses{})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	sj := &ServoJog{Driver: sim, In: strings.NewReader(script.String()), Out: &out}
	got, err := sj.Run(context.Background(), cal.Servos)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for i := range got {
		if got[i].ZeroUS != truth[i].ZeroUS || math.Abs(got[i].USPerDegree-11.6) > 0.01 {
			t.Errorf("servo %d: %+v, want %+v", i+1, got[i], truth[i])
		}
	}
	if !strings.Contains(out.String(), `"10": want +N or -N`) {
		t.Errorf("dialogue:\n%s", out.String())
	}
	for _, tc := range []struct {
		name   string
		servos [3]calibration.Servo
		ok     bool
	}{{"measured", got, true}, {"nominal", cal.Servos, false}} {
		c := cal
		c.Servos = tc.servos
		a, sim := simArmTrue(t, c, truth)
		_, err := Verify(context.Background(), a, 15, 10, 1, TipCheck(sim.Tip))
		if (err == nil) != tc.ok {
			t.Errorf("verify with the %s servos: %v", tc.name, err)
		}
	}
}
