package kinematics

import (
	"strings"
	"testing"

	"tengen/rules"
)

func pt(x, y int) rules.Point { return rules.Point{X: x, Y: y} }

var seedUS = [3]float64{2000.0 / 180, 2000.0 / 180, 2000.0 / 180}

func TestWorkspaceSeed(t *testing.T) {
	rep, err := SeedGeometry.Workspace(TypicalServo, seedUS, DefaultLayout, 5)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK {
		for _, p := range rep.Places {
			if !p.OK {
				t.Errorf("%s at %v: %s", p.Name, p.At, p.Error)
			}
		}
	}
	if want := 2*15*15 + 6; len(rep.Places) != want {
		t.Errorf("%d places checked, want %d", len(rep.Places), want)
	}
	// 1 µs is 0.09°: on 100 mm arms the tool moves a fraction of a mm.
	if rep.WorstResolution <= 0.01 || rep.WorstResolution > 0.5 {
		t.Errorf("worst resolution %g mm/µs implausible", rep.WorstResolution)
	}
	if rep.WorstHeadroom <= 0 {
		t.Errorf("worst headroom %g°", rep.WorstHeadroom)
	}
	t.Logf("worst headroom %.1f°, worst resolution %.3f mm/µs", rep.WorstHeadroom, rep.WorstResolution)
}

func TestWorkspaceTooFar(t *testing.T) {
	lay := DefaultLayout
	lay.WhiteBowl = Vec3{300, 0, -440} // beyond the working circle
	rep, err := SeedGeometry.Workspace(TypicalServo, seedUS, lay, 5)
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK {
		t.Fatal("a bowl out of reach passed")
	}
	bad := 0
	for _, p := range rep.Places {
		if !p.OK {
			bad++
			if !strings.HasPrefix(p.Name, "white bowl") || p.Error == "" {
				t.Errorf("unexpected failure %s: %s", p.Name, p.Error)
			}
		}
	}
	if bad == 0 {
		t.Error("no failing place reported")
	}
	// A bigger board runs off the circle at the corners, but only with margin.
	lay = DefaultLayout
	lay.A1 = Vec3{-190, -190, -455}
	lay.StepX, lay.StepY = Vec3{27.2, 0, 0}, Vec3{0, 27.2, 0}
	rep, _ = SeedGeometry.Workspace(TypicalServo, seedUS, lay, 5)
	if rep.OK {
		t.Error("a 27 mm board passed the 5 mm margin")
	}
	if _, err := SeedGeometry.Workspace(TypicalServo, [3]float64{11, 0, 11}, DefaultLayout, 5); err == nil {
		t.Error("0 µs per degree accepted")
	}
}
