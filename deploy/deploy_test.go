package deploy

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"tengen/doctor"
	"tengen/rig"
)

// units are the systemd units install.sh installs.
var units = []string{"tengen.service", "tengen-park.service"}

// verifyUnit runs systemd-analyze verify on the unit name with the text
// unit, beside the other units it may name, their programs replaced by an
// executable that exists here, and returns what it printed (nothing when
// the unit is clean).
func verifyUnit(t *testing.T, name, unit string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	prog := filepath.Join(dir, "tengen")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, u := range units {
		text := unit
		if u != name {
			b, err := os.ReadFile(u)
			if err != nil {
				t.Fatal(err)
			}
			text = string(b)
		}
		text = strings.ReplaceAll(text, "/usr/local/bin/tengen", prog)
		if err := os.WriteFile(filepath.Join(dir, u), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, err := exec.Command("systemd-analyze", "verify", filepath.Join(dir, name)).CombinedOutput()
	return string(out), err
}

func TestUnitVerifies(t *testing.T) {
	if _, err := exec.LookPath("systemd-analyze"); err != nil {
		t.Skip("systemd-analyze not installed (Debian package systemd)")
	}
	for _, name := range units {
		unit, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := verifyUnit(t, name, string(unit)); err != nil || out != "" {
			t.Errorf("systemd-analyze verify %s: %v\n%s", name, err, out)
		}
		// The check sees mistakes: an unknown key, and the back-off keys
		// that need systemd 254 (bookworm has 252).
		for _, bad := range []string{"Bogus=1", "RestartSteps=5"} {
			broken := strings.Replace(string(unit), "[Service]\n", "[Service]\n"+bad+"\n", 1)
			if out, _ := verifyUnit(t, name, broken); !strings.Contains(out, "Unknown key") && !strings.Contains(out, "Unknown lvalue") {
				t.Errorf("%s with %s: systemd-analyze verify said %q", name, bad, out)
			}
		}
	}
}

// unitKeys reads a unit file's KEY=VALUE lines per section.
func unitKeys(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	section := ""
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || line[0] == '#':
		case line[0] == '[':
			section = strings.Trim(line, "[]")
		default:
			k, v, _ := strings.Cut(line, "=")
			keys[section+"."+k] = v
		}
	}
	return keys
}

// TestUnitContract pins what the program and the exhibition rely on.
func TestUnitContract(t *testing.T) {
	k := unitKeys(t, "tengen.service")
	for key, want := range map[string]string{
		"Service.Type":            "notify",
		"Service.NotifyAccess":    "main",
		"Service.Restart":         "on-failure",
		"Service.KillSignal":      "SIGTERM",
		"Service.KillMode":        "mixed",
		"Service.User":            "tengen",
		"Service.ProtectSystem":   "strict",
		"Service.ReadWritePaths":  "/var/lib/tengen",
		"Service.PrivateTmp":      "yes",
		"Service.NoNewPrivileges": "yes",
		"Service.StandardOutput":  "journal",
		"Service.EnvironmentFile": "-/etc/tengen/tengen.env",
		"Install.WantedBy":        "multi-user.target",
	} {
		if k[key] != want {
			t.Errorf("%s=%q, want %q", key, k[key], want)
		}
	}
	for _, g := range []string{"dialout", "i2c", "gpio", "video", "audio"} {
		if !strings.Contains(" "+k["Service.SupplementaryGroups"]+" ", " "+g+" ") {
			t.Errorf("SupplementaryGroups %q lacks %s", k["Service.SupplementaryGroups"], g)
		}
	}
	dur := func(key string) time.Duration {
		d, err := time.ParseDuration(strings.ReplaceAll(k[key], "min", "m"))
		if err != nil {
			t.Fatalf("%s=%q: %v", key, k[key], err)
		}
		return d
	}
	if dur("Service.WatchdogSec") < 10*time.Second || dur("Service.TimeoutStopSec") < 60*time.Second || dur("Service.RestartSec") <= 0 {
		t.Errorf("watchdog %v, stop timeout %v, restart delay %v", dur("Service.WatchdogSec"), dur("Service.TimeoutStopSec"), dur("Service.RestartSec"))
	}
	// The back-off must let the service retry before giving up.
	if dur("Unit.StartLimitIntervalSec") <= 5*dur("Service.RestartSec") || k["Unit.StartLimitBurst"] == "" {
		t.Errorf("start limit %s in %s with RestartSec %s never triggers", k["Unit.StartLimitBurst"], k["Unit.StartLimitIntervalSec"], k["Service.RestartSec"])
	}
	// Given up on, the service leaves the arm to tengen park, run as the
	// service runs (its user, devices, settings) and finding the stone's
	// colour where the service left it.
	if k["Unit.OnFailure"] != "tengen-park.service" {
		t.Fatalf("OnFailure=%q, want tengen-park.service", k["Unit.OnFailure"])
	}
	p := unitKeys(t, "tengen-park.service")
	if p["Service.Type"] != "oneshot" || p["Service.ExecStart"] != "/usr/local/bin/tengen park" || p["Install.WantedBy"] != "" {
		t.Errorf("tengen-park.service: Type=%q ExecStart=%q WantedBy=%q; want a oneshot of tengen park, not enabled",
			p["Service.Type"], p["Service.ExecStart"], p["Install.WantedBy"])
	}
	for _, key := range []string{"User", "Group", "EnvironmentFile", "WorkingDirectory", "RuntimeDirectory", "RuntimeDirectoryMode", "RuntimeDirectoryPreserve"} {
		if p["Service."+key] != k["Service."+key] {
			t.Errorf("%s: tengen-park.service has %q, tengen.service %q", key, p["Service."+key], k["Service."+key])
		}
	}
	if k["Service.RuntimeDirectoryPreserve"] != "yes" {
		t.Errorf("RuntimeDirectoryPreserve=%q: the stone's colour must outlive the failed service", k["Service.RuntimeDirectoryPreserve"])
	}
	for _, g := range []string{"dialout", "i2c", "gpio"} {
		if !strings.Contains(" "+p["Service.SupplementaryGroups"]+" ", " "+g+" ") {
			t.Errorf("tengen-park.service: SupplementaryGroups %q lacks %s", p["Service.SupplementaryGroups"], g)
		}
	}
}

var udevPair = regexp.MustCompile(`^([A-Z_]+)(\{[A-Za-z_]+\})?(==|!=|\+=|=|:=)"([^"]*)"$`)

func TestUdevRules(t *testing.T) {
	b, err := os.ReadFile("99-tengen.rules")
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for n, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		rule := map[string]string{}
		for _, pair := range strings.Split(line, ", ") {
			m := udevPair.FindStringSubmatch(pair)
			if m == nil {
				t.Fatalf("99-tengen.rules:%d: %q is not KEY op \"value\"", n+1, pair)
			}
			rule[m[1]+m[2]+m[3]] = m[4]
		}
		if rule["MODE="] != "0660" || rule["GROUP="] == "" {
			t.Errorf("line %d: group access missing: %v", n+1, rule)
		}
		if rule["SYMLINK+="] == "tengen-arm" {
			if rule["SUBSYSTEM=="] != "tty" || rule["GROUP="] != "dialout" || rule["ENV{ID_MM_DEVICE_IGNORE}="] != "1" {
				t.Errorf("line %d: %v", n+1, rule)
			}
			named[rule["ATTRS{idVendor}=="]+":"+rule["ATTRS{idProduct}=="]] = true
		}
	}
	for _, id := range []string{"1a86:7523", "0403:6001", "2341:0043"} {
		if !named[id] {
			t.Errorf("no /dev/tengen-arm rule for %s", id)
		}
	}
}

// machine is a temporary root for install.sh, with prebuilt stand-in
// binaries and a fake PATH entry for raspi-config.
type machine struct {
	root, bin, fakePath string
}

func newMachine(t *testing.T) *machine {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not installed")
	}
	m := &machine{root: t.TempDir(), bin: t.TempDir(), fakePath: t.TempDir()}
	m.setBinary(t, "v1")
	return m
}

func (m *machine) setBinary(t *testing.T, version string) {
	for _, b := range []string{"tengen", "pbrain-tengen"} {
		if err := os.WriteFile(filepath.Join(m.bin, b), []byte("#!/bin/sh\necho "+b+" "+version+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func (m *machine) write(t *testing.T, path, content string) {
	t.Helper()
	p := filepath.Join(m.root, path)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (m *machine) read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(m.root, path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// install runs install.sh into the root, without the packages step
// unless extra says "apt".
func (m *machine) install(t *testing.T, extra ...string) string {
	t.Helper()
	args := []string{"install.sh", "--root", m.root, "--bin", m.bin}
	for _, e := range extra {
		if e != "apt" {
			args = append(args, e)
		}
	}
	if !slices.Contains(extra, "apt") {
		args = append(args, "--no-apt")
	}
	cmd := exec.Command("bash", args...)
	cmd.Env = append(os.Environ(), "PATH="+m.fakePath+":"+os.Getenv("PATH"), "SUDO_USER=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("install.sh: %v\n%s", err, out)
	}
	return string(out)
}

// snapshot records every file's content and mode and every directory's
// mode under the root.
func (m *machine) snapshot(t *testing.T) map[string]string {
	t.Helper()
	s := map[string]string{}
	err := filepath.WalkDir(m.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		v := info.Mode().String() + " " + info.ModTime().String()
		if !d.IsDir() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += " " + string(b)
		}
		s[strings.TrimPrefix(p, m.root)] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestInstallIntoRoot(t *testing.T) {
	m := newMachine(t)
	out := m.install(t)
	for _, want := range []string{
		"skip: not a Raspberry Pi",
		"would run: systemctl enable tengen.service",
		"installed: /etc/udev/rules.d/99-tengen.rules",
		"no calibration yet",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for path, want := range map[string]fs.FileMode{
		"/usr/local/bin/tengen":                       0o755,
		"/usr/local/bin/pbrain-tengen":                0o755,
		"/etc/systemd/system/tengen.service":          0o644,
		"/etc/systemd/system/tengen-park.service":     0o644,
		"/etc/udev/rules.d/99-tengen.rules":           0o644,
		"/etc/tengen/tengen.env":                      0o644,
		"/etc/tengen/tengen.env.example":              0o644,
		"/usr/local/share/doc/tengen/RASPBERRY-PI.md": 0o644,
		"/var/lib/tengen":                             fs.ModeDir | fs.ModeSetgid | 0o770,
		"/var/lib/tengen/records":                     fs.ModeDir | fs.ModeSetgid | 0o770,
		"/var/lib/tengen/journals":                    fs.ModeDir | fs.ModeSetgid | 0o770,
	} {
		info, err := os.Stat(filepath.Join(m.root, path))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if info.Mode() != want {
			t.Errorf("%s: mode %v, want %v", path, info.Mode(), want)
		}
	}
	for f, dst := range map[string]string{"tengen.service": "/etc/systemd/system/tengen.service",
		"tengen-park.service": "/etc/systemd/system/tengen-park.service", "99-tengen.rules": "/etc/udev/rules.d/99-tengen.rules"} {
		src, _ := os.ReadFile(f)
		if m.read(t, dst) != string(src) {
			t.Errorf("%s differs from deploy/%s", dst, f)
		}
	}
	// The environment file it writes is one the doctor reads.
	env, err := doctor.ParseEnvFile(strings.NewReader(m.read(t, "/etc/tengen/tengen.env")), "tengen.env")
	if err != nil {
		t.Fatal(err)
	}
	cfg := doctor.DefaultConfig()
	if err := cfg.Apply(env); err != nil || cfg != doctor.DefaultConfig() || !strings.HasPrefix(env["TENGEN_COMMAND"], "exhibit ") {
		t.Errorf("env %v gives %+v (%v), want the defaults", env, cfg, err)
	}
	if _, ok := env["LD_PRELOAD"]; ok {
		t.Error("LD_PRELOAD set without a Pi camera")
	}
	// The commands run by hand read it too, and find what the doctor checks.
	for _, k := range []string{"TENGEN_ARM", "TENGEN_PORT", "TENGEN_CAMERA", "TENGEN_DATA"} {
		t.Setenv(k, "") // restored after the test
		os.Unsetenv(k)
	}
	s, err := rig.LoadSettings(filepath.Join(m.root, rig.SettingsFile))
	if want := (rig.Settings{Arm: "serial:" + cfg.Port, Calibration: cfg.Calibration}); err != nil || s != want {
		t.Errorf("the commands' settings %+v (%v), want %+v", s, err, want)
	}
}

// TestInstallUpdateKeepsData: a second run changes nothing; an update
// replaces the program and keeps configuration, calibration and records.
func TestInstallUpdateKeepsData(t *testing.T) {
	m := newMachine(t)
	m.install(t)
	const cal = "version: 1\nboard: {size: 15}\n"
	m.write(t, "/var/lib/tengen/calibration.yaml", cal)
	m.write(t, "/var/lib/tengen/records/2026-05-01-1.psq", "game")
	m.write(t, "/etc/tengen/tengen.env", "TENGEN_COMMAND=exhibit --rule renju\nTENGEN_ARM=pi\n")
	out := m.install(t)
	if !strings.Contains(out, "kept: /var/lib/tengen/calibration.yaml") || !strings.Contains(out, "kept: /etc/tengen/tengen.env") {
		t.Errorf("second run:\n%s", out)
	}
	if m.read(t, "/var/lib/tengen/calibration.yaml.bak") != cal {
		t.Error("no backup of the calibration")
	}

	before := m.snapshot(t)
	out = m.install(t)
	if !strings.Contains(out, "nothing to change") || strings.Contains(out, "installed:") || strings.Contains(out, "created:") {
		t.Errorf("third run changed something:\n%s", out)
	}
	after := m.snapshot(t)
	for p, v := range before {
		if after[p] != v {
			t.Errorf("%s changed on a repeated run", p)
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d paths before, %d after a repeated run", len(before), len(after))
	}

	m.setBinary(t, "v2")
	out = m.install(t)
	if !strings.Contains(out, "installed: /usr/local/bin/tengen") || !strings.Contains(out, "would run: systemctl try-restart tengen.service") {
		t.Errorf("update:\n%s", out)
	}
	if !strings.Contains(m.read(t, "/usr/local/bin/tengen"), "v2") {
		t.Error("the program was not updated")
	}
	for path, want := range map[string]string{
		"/var/lib/tengen/calibration.yaml":         cal,
		"/var/lib/tengen/records/2026-05-01-1.psq": "game",
		"/etc/tengen/tengen.env":                   "TENGEN_COMMAND=exhibit --rule renju\nTENGEN_ARM=pi\n",
	} {
		if got := m.read(t, path); got != want {
			t.Errorf("%s after the update: %q, want %q", path, got, want)
		}
	}
}

// TestInstallOnFakePi: on a Pi (its device-tree model) with a Pi camera
// (its V4L2 driver's name in sysfs) the installer enables I2C, turns the
// serial console off and preloads libcamera's V4L2 layer.
func TestInstallOnFakePi(t *testing.T) {
	m := newMachine(t)
	m.write(t, "/proc/device-tree/model", "Raspberry Pi 5 Model B Rev 1.0\x00")
	m.write(t, "/sys/class/video4linux/video0/name", "rp1-cfe\n")
	m.write(t, "/usr/lib/aarch64-linux-gnu/libcamera/v4l2-compat.so", "")
	if err := os.WriteFile(filepath.Join(m.fakePath, "raspi-config"), []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := m.install(t)
	for _, want := range []string{
		"would run: raspi-config nonint do_i2c 0",
		"would run: raspi-config nonint do_serial_cons 1",
		"Pi camera found",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	env, err := doctor.ParseEnvFile(strings.NewReader(m.read(t, "/etc/tengen/tengen.env")), "tengen.env")
	if err != nil {
		t.Fatal(err)
	}
	if got := env["LD_PRELOAD"]; got != "/usr/lib/aarch64-linux-gnu/libcamera/v4l2-compat.so" {
		t.Errorf("LD_PRELOAD=%q", got)
	}
}

func TestInstallDryRun(t *testing.T) {
	m := newMachine(t)
	out := m.install(t, "--dry-run", "apt")
	if !strings.Contains(out, "would install: /usr/local/bin/tengen") || !strings.Contains(out, "would create: /var/lib/tengen/") {
		t.Errorf("dry run:\n%s", out)
	}
	// The packages are this machine's: all there, or an install it would run.
	if !strings.Contains(out, "unchanged: packages") && !strings.Contains(out, "would run: env DEBIAN_FRONTEND=noninteractive apt-get install") {
		t.Errorf("dry run, packages:\n%s", out)
	}
	entries, _ := os.ReadDir(m.root)
	if len(entries) != 0 {
		t.Errorf("dry run wrote %d entries into the root", len(entries))
	}
}

func TestInstallBadOption(t *testing.T) {
	out, err := exec.Command("bash", "install.sh", "--frobnicate").CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("unknown option --frobnicate")) {
		t.Errorf("%v: %s", err, out)
	}
}
