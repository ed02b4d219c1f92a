package deploy

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCrossBinariesRun builds tengen for the Pi's architectures with cgo
// off and runs it under QEMU's user-mode emulation: the cross build does
// not only compile, it starts, parses flags and answers. Skipped where
// qemu-user is not installed (Debian package qemu-user).
func TestCrossBinariesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-builds the program")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go not on the PATH")
	}
	for _, tc := range []struct{ goarch, goarm, qemu string }{
		{"arm64", "", "qemu-aarch64"},
		{"arm", "7", "qemu-arm"},
	} {
		t.Run(tc.goarch, func(t *testing.T) {
			qemu, err := exec.LookPath(tc.qemu)
			if err != nil {
				t.Skipf("%s not installed (Debian package qemu-user)", tc.qemu)
			}
			bin := filepath.Join(t.TempDir(), "tengen")
			build := exec.Command(goTool, "build", "-o", bin, "../cmd/tengen")
			build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+tc.goarch, "GOARM="+tc.goarm)
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			out, err := exec.Command(qemu, bin, "version").Output()
			if err != nil || !strings.HasPrefix(string(out), "tengen ") {
				t.Fatalf("version: %v %q", err, out)
			}
			// The doctor fails here (no camera), but answers in JSON.
			out, _ = exec.Command(qemu, bin, "doctor", "--arm", "sim", "--json", "--env", filepath.Join(t.TempDir(), "none")).Output()
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			var rep struct {
				Checks []struct {
					Name string `json:"name"`
				} `json:"checks"`
			}
			if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil || len(rep.Checks) != 5 {
				t.Errorf("doctor under %s: %v %q", tc.qemu, err, out)
			}
		})
	}
}
