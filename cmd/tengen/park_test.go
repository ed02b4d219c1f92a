package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/kinematics"
	"tengen/rules"
)

// TestParkAfterACrash: the program died with a stone on the nozzle, the
// driver keeping it; park takes a stone of known colour to its bowl, and
// holds one of unknown colour until a person says it is off (or, with
// nobody at a terminal, lets the pump go off).
func TestParkAfterACrash(t *testing.T) {
	cases := []struct {
		name      string
		forget    bool   // the driver lost the stone's colour
		input     string // what the person types
		wantErr   bool
		wantWhite int // stones in the white bowl afterwards, against before
	}{
		{name: "known colour", wantWhite: 0},
		{name: "unknown colour, a person takes it", forget: true, input: "\n", wantWhite: -1},
		{name: "unknown colour, nobody there", forget: true, input: "", wantErr: true, wantWhite: -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			cal := armsim.SeedArm()
			table := armsim.NewTable(kinematics.DefaultLayout, 8, 45, 30, 1)
			sim, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos, World: table, Seed: 7}, arm.Pulses{})
			if err != nil {
				t.Fatal(err)
			}
			first, err := arm.New(sim, cal, arm.Options{})
			if err != nil {
				t.Fatal(err)
			}
			whites := table.InBowl(rules.White)
			if err := first.Home(ctx); err != nil {
				t.Fatal(err)
			}
			if err := first.Pick(ctx, rules.White); err != nil {
				t.Fatal(err)
			}
			// The program dies here; the driver keeps the pump on.
			if c.forget {
				if err := sim.SetPump(true, rules.Empty); err != nil {
					t.Fatal(err)
				}
			}
			again, err := arm.New(sim, cal, arm.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			err = park(ctx, &stdio{in: strings.NewReader(c.input), out: &out, err: &out}, again)
			again.Close()
			if (err != nil) != c.wantErr || c.wantErr && !errors.Is(err, arm.ErrUnknownStone) {
				t.Fatalf("park: %v; want an error %v\n%s", err, c.wantErr, &out)
			}
			if c.forget && !strings.Contains(out.String(), "press Enter") {
				t.Errorf("nobody was asked to take the stone off:\n%s", &out)
			}
			if got := table.InBowl(rules.White) - whites; got != c.wantWhite {
				t.Errorf("white bowl %+d stones, want %+d", got, c.wantWhite)
			}
			if len(table.Board()) != 0 {
				t.Errorf("%d stones fell on the board", len(table.Board()))
			}
			if c.wantWhite == 0 {
				tip, _ := sim.Tip()
				if d := tip.Sub(kinematics.Vec3(cal.Park)).Norm(); d > 1 {
					t.Errorf("the arm is %.1f mm from its parking spot", d)
				}
			}
		})
	}
}
