package rig

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/calibration"
	"tengen/i18n"
	"tengen/kinematics"
)

func simArm(t *testing.T, cal calibration.Arm) *arm.Arm {
	a, _ := simArmTrue(t, cal, cal.Servos)
	return a
}

// simArmTrue is the arm calibrated as cal whose servos truly are servos.
func simArmTrue(t *testing.T, cal calibration.Arm, servos [3]calibration.Servo) (*arm.Arm, *armsim.Sim) {
	return simArmIn(t, cal, servos, nil)
}

// simArmIn is simArmTrue with stones in world.
func simArmIn(t *testing.T, cal calibration.Arm, servos [3]calibration.Servo, world armsim.World) (*arm.Arm, *armsim.Sim) {
	t.Helper()
	sim, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: servos, World: world}, arm.Pulses{})
	if err != nil {
		t.Fatal(err)
	}
	a, err := arm.New(sim, cal, arm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a, sim
}

// TestTouchOff: the board and bowls really lie 2 mm, -1.5 mm and 1 mm off
// the calibration; the scripted person jogs onto each mark, and the fit
// must find exactly that offset. A mistyped line is explained and skipped.
func TestTouchOff(t *testing.T) {
	cal := armsim.SeedArm()
	onto := "x 2\ny -1.5\nz -9\nok\n" // each place starts 10 mm above where it was
	script := "w 3\nz 99\n" + strings.Repeat(onto, 5+2) + "ok\n"
	var out strings.Builder
	// The true table: the seed layout moved by the shift, with stones in
	// the bowls for the vacuum readings.
	lay := kinematics.DefaultLayout
	for _, v := range []*kinematics.Vec3{&lay.A1, &lay.BlackBowl, &lay.WhiteBowl} {
		*v = v.Add(kinematics.Vec3{2, -1.5, 1})
	}
	table := armsim.NewTable(lay, 8, 45, 20, 1)
	a, sim := simArmIn(t, cal, cal.Servos, table)
	to := &TouchOff{Arm: a, Driver: sim, In: strings.NewReader(script), Out: &out}
	got, fit, err := to.Run(context.Background(), cal, 15)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	shift := calibration.Vec3{2, -1.5, 1}
	near := func(name string, a, b calibration.Vec3) {
		for i := range a {
			if math.Abs(a[i]-b[i]) > 1e-6 {
				t.Errorf("%s = %v, want %v", name, a, b)
				return
			}
		}
	}
	add := func(a, b calibration.Vec3) calibration.Vec3 {
		return calibration.Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]}
	}
	near("board_a1", got.BoardA1, add(cal.BoardA1, shift))
	near("board_step_x", got.BoardStepX, cal.BoardStepX)
	near("board_step_y", got.BoardStepY, cal.BoardStepY)
	near("black_bowl", got.BlackBowl, add(cal.BlackBowl, shift))
	near("white_bowl", got.WhiteBowl, add(cal.WhiteBowl, shift))
	near("park", got.Park, add(cal.Park, calibration.Vec3{0, 0, 10}))
	// armsim reads 40 kPa on a stone and 2 kPa open.
	if math.Abs(got.VacuumThreshold-21) > 2 {
		t.Errorf("vacuum threshold %.1f kPa, want about 21\n%s", got.VacuumThreshold, out.String())
	}
	if fit.Max > 1e-6 || len(fit.Residuals) != 5 {
		t.Errorf("fit residuals %v", fit.Residuals)
	}
	for _, want := range []string{`"w 3": want an axis`, `"99": millimetres must be`, "board fitted: RMS 0.00 mm", "h8"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the dialogue does not say %q:\n%s", want, out.String())
		}
	}
}

// TestTouchOffStopped: the input ends halfway; the step reports that
// nothing was changed.
func TestTouchOffStopped(t *testing.T) {
	cal := armsim.SeedArm()
	to := &TouchOff{Arm: simArm(t, cal), In: strings.NewReader("ok\nok\n"), Out: &strings.Builder{}}
	if _, _, err := to.Run(context.Background(), cal, 15); !errors.Is(err, ErrAborted) {
		t.Errorf("stopped touch-off: %v, want ErrAborted", err)
	}
}

// TestStepsSpeakTheLanguage: the guided steps say their lines, and explain
// a wrong answer, in the language they are given.
func TestStepsSpeakTheLanguage(t *testing.T) {
	cal := armsim.SeedArm()
	hans := (&i18n.Printer{Lang: i18n.Simplified}).Msg
	hant := (&i18n.Printer{Lang: i18n.Traditional}).Msg
	var out strings.Builder
	to := &TouchOff{Arm: simArm(t, cal), In: strings.NewReader("w 3\nz 99\nz 1\nq\n"), Out: &out, Words: hans}
	if _, _, err := to.Run(context.Background(), cal, 15); !errors.Is(err, ErrAborted) {
		t.Fatalf("stopped touch-off: %v, want ErrAborted", err)
	}
	for _, want := range []string{"对准A1处的标记：", `"w 3"：请输入轴和毫米数`, `"99"：毫米数必须在-50到50之间`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the touch-off does not say %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	drv, err := armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: cal.Servos}, arm.Pulses{})
	if err != nil {
		t.Fatal(err)
	}
	sj := &ServoJog{Driver: drv, In: strings.NewReader("10\nq\n"), Out: &out, Words: hant}
	if _, err := sj.Run(context.Background(), cal.Servos); !errors.Is(err, ErrAborted) {
		t.Fatalf("stopped servo jog: %v, want ErrAborted", err)
	}
	for _, want := range []string{"伺服機1：用+N或-N微秒調整，直到上臂水平朝外（0°）", `"10"：請輸入+N或-N微秒`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the servo step does not say %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if _, err := AskCheck(strings.NewReader("maybe\n"), &out, hans)(Marks(15)[4], [3]float64{}); !errors.Is(err, ErrAborted) {
		t.Fatalf("verify's question after the input ended: %v", err)
	}
	for _, want := range []string{"吸嘴是否在H8的正中心上方", `"maybe"：请回答y、n或毫米数`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("verify's question does not say %q:\n%s", want, out.String())
		}
	}
}
