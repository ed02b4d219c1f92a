package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/arm/armsim"
	"tengen/calibration"
)

// TestCalibrateArm runs the touch-off on the simulated arm with a scripted
// person: the file is written only when the step is complete.
func TestCalibrateArm(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calibration.yaml")
	// The simulated arm's calibration: calibration.Default's arm section
	// is not one arm.New accepts (its place_height is under a stone).
	start := calibration.Default()
	start.Arm = armsim.SeedArm()
	if err := calibration.Save(path, start); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	// Stopped after two points: the last good file stays as it was.
	_, errOut, code := runCLI(t, "ok\nok\n", "calibrate", "arm", "--file", path, "--arm", "sim")
	if after, _ := os.ReadFile(path); code == 0 || string(after) != string(before) || !strings.Contains(errOut, "unchanged") {
		t.Fatalf("stopped step: exit %d, %q; file changed: %v", code, errOut, string(after) != string(before))
	}
	onto := "x 1\ny 2\nz -10.5\nok\n" // the board lies 1, 2, -0.5 mm off
	// The dry run's bowls hold stones where the file says: touch them there.
	bowls := "z -10\nok\nz -10\nok\n"
	out, errOut, code := runCLI(t, strings.Repeat(onto, 5)+bowls+"ok\n", "calibrate", "arm", "--file", path, "--arm", "sim")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	f, err := calibration.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	want := start.Arm.BoardA1
	want[0], want[1], want[2] = want[0]+1, want[1]+2, want[2]-0.5
	for i := range want {
		if math.Abs(f.Arm.BoardA1[i]-want[i]) > 1e-3 {
			t.Errorf("saved board_a1 %v, want %v", f.Arm.BoardA1, want)
		}
	}
	if math.Abs(f.Arm.VacuumThreshold-21) > 2 {
		t.Errorf("vacuum threshold %.1f, want about 21 (armsim: 40 kPa held, 2 open)", f.Arm.VacuumThreshold)
	}
	if !strings.Contains(out, "arm calibration saved") {
		t.Errorf("output:\n%s", out)
	}
}

// TestCalibrateVerify visits the corners and centre on the simulated arm,
// whose true tip is the check.
func TestCalibrateVerify(t *testing.T) {
	path, _ := simArmCalibration(t, t.TempDir())
	out, errOut, code := runCLI(t, "", "calibrate", "verify", "--file", path, "--arm", "sim", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	res, err := parseVerify(out)
	if err != nil {
		t.Fatal(err)
	}
	if !res.OK || len(res.Points) != 5 || res.Points[4].Point != "h8" {
		t.Errorf("result %+v", res)
	}
}

// TestCalibrateServos jogs the simulated arm's servos (true to the
// file) to 0° and 90°; the file is written once all three are done.
func TestCalibrateServos(t *testing.T) {
	path, f := simArmCalibration(t, t.TempDir())
	before, _ := os.ReadFile(path)
	ninety := fmt.Sprintf("%+d", int(math.Round(90*f.Arm.Servos[0].USPerDegree)))
	one := "+0\nok\n" + ninety + "\nok\n"
	if _, errOut, code := runCLI(t, one+one, "calibrate", "servos", "--file", path, "--arm", "sim"); code == 0 || !strings.Contains(errOut, "unchanged") {
		t.Fatalf("stopped after two servos: exit %d %s", code, errOut)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Fatal("a stopped step changed the file")
	}
	out, errOut, code := runCLI(t, one+one+one, "calibrate", "servos", "--file", path, "--arm", "sim")
	if code != 0 || !strings.Contains(out, "saved") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	g, err := calibration.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range g.Arm.Servos {
		w := f.Arm.Servos[i]
		if s.ZeroUS != math.Round(w.ZeroUS) || math.Abs(s.USPerDegree-w.USPerDegree) > 0.01 {
			t.Errorf("servo %d saved as %+v, want %+v", i+1, s, w)
		}
	}
}

// TestCommandsFollowTheSettings runs commands without --file and --arm on
// an installed robot: they drive what its settings file names, the
// environment's settings winning, and a bad setting is an error naming it.
func TestCommandsFollowTheSettings(t *testing.T) {
	data := t.TempDir()
	simArmCalibration(t, data)
	settings := filepath.Join(t.TempDir(), "tengen.env")
	write := func(text string) {
		if err := os.WriteFile(settings, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := settingsFile
	settingsFile = settings
	t.Cleanup(func() { settingsFile = old })

	write("TENGEN_ARM=sim\nTENGEN_DATA=" + data + "\n")
	t.Setenv("TENGEN_DATA", data) // the service's environment has the file's
	out, errOut, code := runCLI(t, "", "calibrate", "verify", "--json")
	if code != 0 || !strings.Contains(out, `"ok":true`) {
		t.Fatalf("verify on the settings' arm and calibration: exit %d: %s\n%s", code, errOut, out)
	}
	out, errOut, code = runCLI(t, "", "calibrate", "check")
	if want := filepath.Join(data, "calibration.yaml") + ": complete and valid"; code != 0 || !strings.Contains(out, want) {
		t.Errorf("check: exit %d, %q %q; want %q", code, out, errOut, want)
	}
	t.Setenv("TENGEN_ARM", "lego")
	_, errOut, code = runCLI(t, "", "calibrate", "verify")
	if code == 0 || !strings.Contains(errOut, `environment: TENGEN_ARM="lego"`) {
		t.Errorf("a bad arm in the environment: exit %d, %q", code, errOut)
	}
	// A flag wins over a broken settings file, which is not even read.
	write("TENGEN_ARM=pi\nnonsense\n")
	if _, errOut, code = runCLI(t, "", "calibrate", "verify", "--arm", "sim", "--file", filepath.Join(data, "calibration.yaml")); code != 0 {
		t.Errorf("flags over a broken settings file: exit %d, %q", code, errOut)
	}
	_, errOut, code = runCLI(t, "", "calibrate", "verify", "--arm", "sim")
	if code == 0 || !strings.Contains(errOut, settings+":2: want KEY=VALUE") {
		t.Errorf("a broken settings file: exit %d, %q", code, errOut)
	}
}

// simArmCalibration writes calibration.yaml in dir with the simulated
// arm's section (calibration.Default's is not one arm.New accepts: its
// place_height is under a stone) and returns its path and contents.
func simArmCalibration(t *testing.T, dir string) (string, *calibration.File) {
	t.Helper()
	path := filepath.Join(dir, "calibration.yaml")
	f := calibration.Default()
	f.Arm = armsim.SeedArm()
	if err := calibration.Save(path, f); err != nil {
		t.Fatal(err)
	}
	return path, f
}

// verifyResult is what tengen calibrate verify --json prints last.
type verifyResult struct {
	OK     bool
	Points []struct {
		Point string
		OffMM float64 `json:"off_mm"`
	}
}

// parseVerify reads verify's result from the end of its output.
func parseVerify(out string) (verifyResult, error) {
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var res verifyResult
	err := json.Unmarshal([]byte(lines[len(lines)-1]), &res)
	return res, err
}
