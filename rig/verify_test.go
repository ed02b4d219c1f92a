package rig

import (
	"context"
	"strings"
	"testing"

	"tengen/arm/armsim"
	"tengen/calibration"
)

// TestVerify: the arm visits the corners and the centre and the simulated
// arm's true tip is compared with the intended place. With servos as
// calibrated it passes; with one servo's zero 20 µs off (about 2°) the
// nozzle misses and verify says so.
func TestVerify(t *testing.T) {
	cal := armsim.SeedArm()
	bent := cal.Servos
	bent[0].ZeroUS += 20
	tests := []struct {
		name    string
		servos  [3]calibration.Servo
		wantErr string
	}{
		{"as calibrated", cal.Servos, ""},
		{"servo 1 off", bent, "mm off over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, sim := simArmTrue(t, cal, tc.servos)
			got, err := Verify(context.Background(), a, 15, 10, 1, TipCheck(sim.Tip))
			if len(got) != 5 {
				t.Fatalf("%d points visited, want 5 (%v)", len(got), err)
			}
			if tc.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range got {
					if v.Off > 0.5 { // pulses are whole µs: a few tenths of a mm
						t.Errorf("%s: %.2f mm off with exact servos", v.Point, v.Off)
					}
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("error %v, want it to say %q", err, tc.wantErr)
			}
		})
	}
}

func TestAskCheck(t *testing.T) {
	var out strings.Builder
	check := AskCheck(strings.NewReader("maybe\ny\n0.5\nn\n"), &out, nil)
	for i, want := range []float64{0, 0.5, -1} {
		got, err := check(Marks(15)[i], [3]float64{})
		if err != nil || (want >= 0 && got != want) || (want < 0 && got < 1e9) {
			t.Errorf("answer %d: %v %v, want %v", i, got, err, want)
		}
	}
	if _, err := check(Marks(15)[3], [3]float64{}); err != ErrAborted {
		t.Errorf("after the input ended: %v, want ErrAborted", err)
	}
	if !strings.Contains(out.String(), `"maybe": answer y, n`) {
		t.Errorf("dialogue:\n%s", out.String())
	}
}
