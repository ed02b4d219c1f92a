package kinematics

import (
	"math"
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

// TestLayoutMoved carries a board by a shift and a turn and gives Moved
// its corners before and after (once exactly, once with a millimetre of
// error on each, which cancels out): every point of the moved layout must
// lie where the motion takes it.
func TestLayoutMoved(t *testing.T) {
	l := DefaultLayout
	n := l.Size - 1
	corners := []rules.Point{{X: 0, Y: 0}, {X: n, Y: 0}, {X: n, Y: n}, {X: 0, Y: n}}
	for _, tc := range []struct {
		name           string
		dx, dy, deg    float64
		jitter, within float64
	}{
		{"still", 0, 0, 0, 0, 1e-9},
		{"shifted", 4, -3, 0, 0, 1e-9},
		{"turned", 0, 0, 1.5, 0, 1e-9},
		{"bumped", -2.5, 5, -1, 0, 1e-9},
		{"bumped, corners seen 1 mm off", -2.5, 5, -1, 1, 0.75},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sin, cos := math.Sincos(tc.deg * math.Pi / 180)
			move := func(v Vec3) Vec3 { // about the board's centre
				c := l.Intersection(rules.Point{X: n / 2, Y: n / 2})
				x, y := v[0]-c[0], v[1]-c[1]
				return Vec3{c[0] + cos*x - sin*y + tc.dx, c[1] + sin*x + cos*y + tc.dy, v[2]}
			}
			var from, to [4][2]float64
			for i, p := range corners {
				a, b := l.Intersection(p), move(l.Intersection(p))
				// Errors that sum to nothing: along x on two
				// corners, against it on the other two.
				e := tc.jitter * float64(1-2*(i%2))
				from[i], to[i] = [2]float64{a[0], a[1]}, [2]float64{b[0] + e, b[1]}
			}
			m := l.Moved(from, to)
			for _, p := range []rules.Point{{X: 0, Y: 0}, {X: 7, Y: 7}, {X: n, Y: 3}, {X: 2, Y: n}} {
				got, want := m.Intersection(p), move(l.Intersection(p))
				if d := got.Sub(want).Norm(); d > tc.within {
					t.Errorf("%v lies %.3f mm from where the board took it", p, d)
				}
			}
		})
	}
}
