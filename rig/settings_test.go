package rig

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadSettings(t *testing.T) {
	keys := []string{"TENGEN_ARM", "TENGEN_PORT", "TENGEN_CAMERA", "TENGEN_DATA"}
	cases := []struct {
		name string
		file string            // the settings file's text; "-": no file
		env  map[string]string // the environment's settings
		want Settings
		err  string // in the error, when one is expected
	}{
		{name: "nothing", file: "-",
			want: Settings{Arm: DefaultArm, Calibration: DefaultCalibration}},
		{name: "installed", file: "TENGEN_COMMAND=exhibit --http :8080 --public\nTENGEN_ARM=serial\nTENGEN_PORT=/dev/tengen-arm\nTENGEN_CAMERA=\nTENGEN_DATA=/var/lib/tengen\n",
			want: Settings{Arm: "serial:/dev/tengen-arm", Calibration: "/var/lib/tengen/calibration.yaml"}},
		{name: "pi ignores the port", file: "TENGEN_ARM=pi\nTENGEN_PORT=/dev/tengen-arm\nTENGEN_CAMERA=\"/dev/video2\"\n",
			want: Settings{Arm: "pi", Camera: "/dev/video2", Calibration: DefaultCalibration}},
		{name: "a port alone is a serial arm", file: "-", env: map[string]string{"TENGEN_PORT": "/dev/ttyUSB0"},
			want: Settings{Arm: "serial:/dev/ttyUSB0", Calibration: DefaultCalibration}},
		{name: "the environment wins", file: "TENGEN_ARM=pi\nTENGEN_DATA=/var/lib/tengen\n", env: map[string]string{"TENGEN_ARM": "sim", "TENGEN_DATA": "/srv/t"},
			want: Settings{Arm: "sim", Calibration: "/srv/t/calibration.yaml"}},
		{name: "a bad arm in the file", file: "# settings\nTENGEN_ARM=lego\n", err: `tengen.env: TENGEN_ARM="lego": want serial, pi or sim`},
		{name: "a bad arm in the environment", file: "TENGEN_ARM=pi\n", env: map[string]string{"TENGEN_ARM": "lego"}, err: `environment: TENGEN_ARM="lego"`},
		{name: "a broken line", file: "TENGEN_ARM=pi\nthis is not a setting\n", err: "tengen.env:2: want KEY=VALUE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, k := range keys {
				t.Setenv(k, "") // restored after the test
				os.Unsetenv(k)
			}
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			file := filepath.Join(t.TempDir(), "tengen.env")
			if c.file != "-" {
				if err := os.WriteFile(file, []byte(c.file), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := LoadSettings(file)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("got %+v, %v; want an error with %q", got, err, c.err)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("got %+v, %v; want %+v", got, err, c.want)
			}
		})
	}
	if _, err := LoadSettings(t.TempDir()); err == nil {
		t.Error("a settings file that cannot be read (a folder) gave no error")
	}
}
