package doctor

import (
	"strings"
	"testing"
)

func TestParseEnvFile(t *testing.T) {
	in := `# written by deploy/install.sh
TENGEN_ARM=pi

TENGEN_PORT="/dev/tengen-arm"
 TENGEN_CAMERA = '/dev/video2'
TENGEN_DATA=/srv/tengen/
; old-style comment
EMPTY=
`
	env, err := ParseEnvFile(strings.NewReader(in), "tengen.env")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"TENGEN_ARM": "pi", "TENGEN_PORT": "/dev/tengen-arm", "TENGEN_CAMERA": "/dev/video2", "TENGEN_DATA": "/srv/tengen/", "EMPTY": ""}
	if len(env) != len(want) {
		t.Errorf("got %v", env)
	}
	for k, v := range want {
		if env[k] != v {
			t.Errorf("%s=%q, want %q", k, env[k], v)
		}
	}
	cfg := DefaultConfig()
	if err := cfg.Apply(env); err != nil {
		t.Fatal(err)
	}
	if cfg.Arm != ArmPi || cfg.Camera != "/dev/video2" || cfg.DataDir != "/srv/tengen/" || cfg.Calibration != "/srv/tengen/calibration.yaml" {
		t.Errorf("%+v", cfg)
	}
}

func TestParseEnvFileErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"TENGEN_ARM", "f:1: want KEY=VALUE"},
		{"\n\n1X=2", "f:3: want KEY=VALUE"},
		{"A B=1", "f:1: want KEY=VALUE"},
		{"=1", "f:1: want KEY=VALUE"},
		{`A="open`, "f:1: A: unterminated quote"},
	} {
		if _, err := ParseEnvFile(strings.NewReader(tc.in), "f"); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.in, err, tc.want)
		}
	}
	cfg := DefaultConfig()
	if err := cfg.Apply(map[string]string{"TENGEN_ARM": "lego"}); err == nil || !strings.Contains(err.Error(), `TENGEN_ARM="lego"`) {
		t.Errorf("bad arm: %v", err)
	}
}

func FuzzParseEnvFile(f *testing.F) {
	for _, s := range []string{"A=1\n", "# c\nB='x'\n", `C="y`, "=", "D==", "é=1", "\x00=1", "A=\"\"\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		env, err := ParseEnvFile(strings.NewReader(s), "fuzz")
		if err != nil {
			return
		}
		for k := range env {
			if !validEnvKey(k) {
				t.Errorf("key %q accepted", k)
			}
		}
	})
}
