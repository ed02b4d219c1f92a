package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"

	"tengen/calibration"
	"tengen/doctor"
)

// doctorFake is a machine with a webcam, a data directory and a clock;
// the arm is simulated, so no serial, I2C or GPIO.
type doctorFake struct{ root string }

func (doctorFake) Access(string) error { return nil }
func (f doctorFake) Probe(p string) (doctor.VideoInfo, error) {
	if _, err := os.Stat(p); err != nil {
		return doctor.VideoInfo{}, err
	}
	return doctor.VideoInfo{Driver: "uvcvideo", Card: "Webcam", Capture: true}, nil
}
func (doctorFake) Open(string) (i2c.BusCloser, error) { return nil, errors.New("no bus") }
func (doctorFake) Pin(string) gpio.PinIO              { return nil }
func (doctorFake) Writable(string) error              { return nil }
func (doctorFake) Free(p string) (uint64, error) {
	if _, err := os.Stat(p); err != nil {
		return 0, err
	}
	return 1 << 30, nil
}

// goodCalibration is the calibration package's simulator defaults.
func goodCalibration(t *testing.T) string {
	t.Helper()
	b, err := calibration.Default().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func fakeDoctorMachine(t *testing.T, calibrationText string) string {
	t.Helper()
	root := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "dev"), 0o755))
	must(os.WriteFile(filepath.Join(root, "dev/video0"), nil, 0o644))
	must(os.MkdirAll(filepath.Join(root, "var/lib/tengen"), 0o750))
	must(os.WriteFile(filepath.Join(root, "var/lib/tengen/calibration.yaml"), []byte(calibrationText), 0o644))
	f := doctorFake{root}
	prev := doctorHost
	doctorHost = func() doctor.Host {
		return doctor.Host{
			Root: root, Devices: f, Video: f, I2C: f, GPIO: f, Disk: f,
			User: func() (string, []string, error) { return "tengen", []string{"video", "dialout"}, nil },
			Command: func(ctx context.Context, name string, args ...string) ([]byte, error) {
				return []byte("yes\n"), nil
			},
			Now: func() time.Time { return time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC) },
		}
	}
	t.Cleanup(func() { doctorHost = prev })
	return root
}

type doctorJSON struct {
	Checks []struct {
		Name   string `json:"name"`
		OK     bool   `json:"ok"`
		Detail string `json:"detail"`
		Fix    string `json:"fix"`
	} `json:"checks"`
	OK bool `json:"ok"`
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestDoctorCLI(t *testing.T) {
	good := goodCalibration(t)
	for _, tc := range []struct {
		name        string
		calibration string
		args        []string
		code        int
		failing     string // the failing check, "" for none
		detail      string
		alsoFailing string // a check that fails as a consequence
	}{
		{"ready", good, nil, 0, "", "", ""},
		{"unknown key", good + "colour: red\n", nil, 1, "calibration", "colour", ""},
		{"old format", strings.Replace(good, "version: 1", "version: 0", 1), nil, 1, "calibration", "version", ""},
		{"servo limits", strings.Replace(good, "max_us: 2500", "max_us: 400", 1), nil, 1, "calibration", "servos", ""},
		{"not yaml", "version: [1\n", nil, 1, "calibration", "not valid YAML", ""},
		{"camera flag", good, []string{"--camera", "/dev/video3"}, 1, "camera", "/dev/video3 does not exist", ""},
		{"data flag", good, []string{"--data", "/srv/tengen"}, 1, "calibration", "/srv/tengen/calibration.yaml", "disk"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := fakeDoctorMachine(t, tc.calibration)
			args := append([]string{"doctor", "--json", "--arm", "sim", "--env", filepath.Join(root, "etc/tengen/tengen.env")}, tc.args...)
			out, errOut, code := runCLI(t, "", args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, tc.code, errOut)
			}
			var rep doctorJSON
			if err := json.Unmarshal([]byte(lastLine(out)), &rep); err != nil {
				t.Fatalf("last line %q: %v", lastLine(out), err)
			}
			if rep.OK != (tc.failing == "") || len(rep.Checks) != 5 {
				t.Errorf("report %+v", rep)
			}
			for _, c := range rep.Checks {
				if c.Name == tc.alsoFailing {
					if c.OK {
						t.Errorf("check %+v passed", c)
					}
					continue
				}
				if (c.Name == tc.failing) == c.OK {
					t.Errorf("check %+v", c)
				}
				if c.Name == tc.failing && (!strings.Contains(c.Detail, tc.detail) || c.Fix == "") {
					t.Errorf("check %+v, want detail containing %q and a fix", c, tc.detail)
				}
			}
		})
	}
}

func TestDoctorCLIText(t *testing.T) {
	root := fakeDoctorMachine(t, goodCalibration(t))
	env := filepath.Join(root, "tengen.env")
	os.WriteFile(env, []byte("TENGEN_ARM=sim\nTENGEN_CAMERA=/dev/video0\n"), 0o644)
	out, _, code := runCLI(t, "", "doctor", "--env", env)
	if code != 0 || !strings.Contains(out, "✓ camera") || !strings.Contains(out, "/dev/video0: Webcam (uvcvideo)") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	// The environment file chose the simulated arm; --arm overrides it.
	out, errOut, code := runCLI(t, "", "doctor", "--env", env, "--arm", "pi")
	if code != 1 || !strings.Contains(out, "✗ i2c") || !strings.Contains(out, "fix: enable I2C") || !strings.Contains(errOut, "not ready") {
		t.Errorf("exit %d:\n%s\nstderr %s", code, out, errOut)
	}
	os.WriteFile(env, []byte("TENGEN_ARM=lego\n"), 0o644)
	if _, errOut, code := runCLI(t, "", "doctor", "--env", env); code != 1 || !strings.Contains(errOut, `TENGEN_ARM="lego"`) {
		t.Errorf("bad env file: exit %d, stderr %q", code, errOut)
	}
	os.WriteFile(env, []byte("TENGEN_ARM=serial\n"), 0o644)
	if _, errOut, code := runCLI(t, "", "doctor", "--env", env, "--arm", "wood"); code != 2 || !strings.Contains(errOut, "wood") {
		t.Errorf("bad --arm: exit %d, stderr %q", code, errOut)
	}
}

// TestDoctorSpeaksTheLanguage: the report, its fixes, the summary and the
// exit error follow --lang, in text and in JSON; the calibration file's own
// error inside a check's detail too.
func TestDoctorSpeaksTheLanguage(t *testing.T) {
	root := fakeDoctorMachine(t, strings.Replace(goodCalibration(t), "version: 1", "version: 0", 1))
	env := filepath.Join(root, "tengen.env")
	os.WriteFile(env, []byte("TENGEN_ARM=pi\n"), 0o644)
	out, errOut, code := runCLI(t, "", "doctor", "--lang", "zh-Hans", "--env", env)
	for _, want := range []string{"✓ camera       /dev/video0：摄像头Webcam（驱动uvcvideo）", "✗ i2c          没有I2C总线：",
		"修正方法：启用I2C", "项检查中有", "校准文件"} {
		if !strings.Contains(out, want) {
			t.Errorf("zh-Hans report lacks %q:\n%s", want, out)
		}
	}
	if code != 1 || !strings.Contains(errOut, "尚未就绪") || strings.Contains(out, "fix:") {
		t.Errorf("exit %d, stderr %q:\n%s", code, errOut, out)
	}
	out, _, _ = runCLI(t, "", "doctor", "--lang", "zh-Hant", "--json", "--env", env)
	var rep doctorJSON
	if err := json.Unmarshal([]byte(lastLine(out)), &rep); err != nil {
		t.Fatalf("last line %q: %v", lastLine(out), err)
	}
	for _, c := range rep.Checks {
		if c.Name == "i2c" && (!strings.Contains(c.Detail, "沒有I2C匯流排") || !strings.HasPrefix(c.Fix, "啟用I2C")) {
			t.Errorf("zh-Hant i2c check %+v", c)
		}
	}
}
