package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tengen/arm"
	"tengen/calibration"
	"tengen/game"
	"tengen/i18n"
)

// TestRealBoardDevices: without --sim, play and exhibit open the devices
// the calibration and the flags name, and say which is missing and how to
// fix it.
func TestRealBoardDevices(t *testing.T) {
	dir := t.TempDir()
	cal := filepath.Join(dir, "calibration.yaml")
	if err := calibration.Save(cal, calibration.Default()); err != nil {
		t.Fatal(err)
	}
	frames := filepath.Join(dir, "frames")
	os.Mkdir(frames, 0o755)
	os.WriteFile(filepath.Join(frames, "0.png"), []byte("not a png"), 0o644)
	journal := filepath.Join(dir, "g.journal")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--journal", journal, "--calibration", filepath.Join(dir, "none.yaml")}, "run `tengen calibrate`"},
		{[]string{"play", "--journal", journal, "--calibration", cal, "--camera", "/dev/video97", "--arm", "none"}, "no camera at /dev/video97"},
		{[]string{"play", "--journal", journal, "--calibration", cal, "--camera", frames, "--arm", "none"}, "play needs the arm"},
		{[]string{"play", "--journal", journal, "--calibration", cal, "--camera", frames, "--arm", "serial:" + filepath.Join(dir, "tty")}, "is its USB cable plugged in?"},
		{[]string{"exhibit", "--dir", dir, "--calibration", cal, "--camera", frames, "--arm", "none"}, "exhibit needs the arm"},
		{[]string{"exhibit", "--dir", dir, "--calibration", cal, "--arm", "none"}, "pass --camera"},
		{[]string{"referee", "--dir", dir, "--calibration", filepath.Join(dir, "none.yaml")}, "run `tengen calibrate`"},
		{[]string{"referee", "--dir", dir, "--calibration", cal, "--camera", "/dev/video97", "--no-arm"}, "no camera at /dev/video97"},
	}
	for _, tc := range tests {
		_, errOut, code := runCLI(t, "", tc.args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want it to say %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestFaultOperator: on the real robot a fault waits for the operator's
// word: Enter on the terminal, or, with the page or the buttons there,
// resume from them (a service has no terminal); with neither, the fault
// ends the game. In a simulation it resumes at once, but not for ever.
func TestFaultOperator(t *testing.T) {
	pr := &i18n.Printer{Lang: i18n.English}
	fault := errors.New("arm: place on h8: the stone fell from the nozzle on the way")
	closed := func() *stdio { return &stdio{in: strings.NewReader(""), out: io.Discard, err: io.Discard} }

	var out bytes.Buffer
	op := faultOperator(&stdio{in: strings.NewReader("\n"), out: &out, err: io.Discard}, pr, false, newControls(15), false, nil)
	if err := op(t.Context(), fault); err != nil {
		t.Fatalf("the operator pressed Enter: %v", err)
	}
	if !strings.Contains(out.String(), "stone fell") || !strings.Contains(out.String(), "press Enter") {
		t.Errorf("the operator was told %q", out.String())
	}
	if err := faultOperator(closed(), pr, false, newControls(15), false, nil)(t.Context(), fault); err == nil || !strings.Contains(pr.Error(err), "no operator") {
		t.Errorf("nobody at the terminal and no page: %v", err)
	}

	// No terminal, the page there: a pause means nothing to a stopped
	// game; resume goes on.
	ctl := newControls(15)
	done := make(chan error, 1)
	go func() { done <- faultOperator(closed(), pr, false, ctl, true, nil)(t.Context(), fault) }()
	for _, a := range []string{"pause", "ack"} {
		if err := ctl.do(a, nil); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("acknowledged on the page: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("still waiting after the page acknowledged the fault")
	}
	if len(ctl.reqs) != 0 {
		t.Errorf("%d requests left for the resumed game", len(ctl.reqs))
	}

	// The arm's controller restarted: the robot gets past it by itself,
	// selfResumes times, then calls the operator (here nobody, so the
	// fault ends the game). The e-stop calls the operator at once.
	defer func(p time.Duration) { selfResumePause = p }(selfResumePause)
	selfResumePause = time.Millisecond
	var said []string
	voice := voiceTo(func(m game.Message) { said = append(said, m.Key) })
	op = faultOperator(closed(), pr, false, newControls(15), false, voice)
	reset := fmt.Errorf("arm: place on h8: %w", &arm.FaultError{Faults: arm.FaultReset})
	for i := 1; i <= selfResumes; i++ {
		if err := op(t.Context(), reset); err != nil {
			t.Fatalf("controller restart %d: %v", i, err)
		}
	}
	if err := op(t.Context(), reset); err == nil {
		t.Errorf("controller restart %d within %v: resumed without the operator", selfResumes+1, selfResumeSpan)
	}
	estop := fmt.Errorf("arm: place on h8: %w", &arm.FaultError{Faults: arm.FaultEStop | arm.FaultReset})
	if err := faultOperator(closed(), pr, false, newControls(15), false, voice)(t.Context(), estop); err == nil {
		t.Errorf("e-stop: resumed without the operator")
	}
	if want := []string{"fault-retry", "fault-retry", "fault-retry", "fault", "fault"}; !slices.Equal(said, want) {
		t.Errorf("said %v, want %v", said, want)
	}

	op = faultOperator(closed(), pr, true, newControls(15), false, nil)
	other := errors.New("arm: pick from the black bowl: no stone picked")
	for i := 1; i <= simFaultResumes/2; i++ {
		if err := op(t.Context(), fault); err != nil {
			t.Fatalf("simulation, fault %d: %v", i, err)
		}
	}
	if err := op(t.Context(), other); err != nil { // another fault between: the count starts again
		t.Fatalf("simulation, another fault: %v", err)
	}
	for i := 1; i <= simFaultResumes; i++ {
		if err := op(t.Context(), fault); err != nil {
			t.Fatalf("simulation, the fault again %d times in a row: %v", i, err)
		}
	}
	if err := op(t.Context(), fault); err == nil || !strings.Contains(pr.Error(err), "still there") {
		t.Errorf("simulation, the same fault once too often: %v", err)
	}
}
