package doctor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2ctest"

	"tengen/arm/serial"
	"tengen/i18n/errmsg"
)

// fakeHost is a machine where everything is right; tests break one part.
type fakeHost struct {
	root      string
	video     map[string]VideoInfo // by path under root
	videoErr  map[string]error
	accessErr error
	fw        FirmwareInfo
	fwErr     error
	i2cErr    error
	i2cAbsent map[uint16]bool // devices that do not answer
	pins      map[string]*switchPin
	free      uint64
	diskErr   error
	writeErr  error
	user      string
	groups    []string
	userErr   error
	ntp       string
	ntpErr    error
	now       time.Time
	calErr    error
}

// switchPin is a gpiotest.Pin wired to a switch: the switch, not the
// pull-up, decides the level it reads.
type switchPin struct {
	*gpiotest.Pin
	level gpio.Level
	inErr error
}

func (p *switchPin) In(pull gpio.Pull, edge gpio.Edge) error {
	if p.inErr != nil {
		return p.inErr
	}
	return p.Pin.In(pull, edge)
}

func (p *switchPin) Read() gpio.Level { return p.level }

func newFakeHost(t *testing.T) *fakeHost {
	t.Helper()
	root := t.TempDir()
	for _, f := range []string{"dev/video0", "dev/video10", "dev/ttyUSB0", "var/lib/tengen/calibration.yaml"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("ttyUSB0", filepath.Join(root, "dev/tengen-arm")); err != nil {
		t.Fatal(err)
	}
	pins := map[string]*switchPin{}
	for _, n := range []string{PinPump, PinValve, PinEStop} {
		pins[n] = &switchPin{Pin: &gpiotest.Pin{N: n}, level: gpio.Low}
	}
	return &fakeHost{
		root: root,
		video: map[string]VideoInfo{
			filepath.Join(root, "dev/video10"): {Driver: "bcm2835-codec", Card: "bcm2835-codec-decode"},
			filepath.Join(root, "dev/video0"):  {Driver: "uvcvideo", Card: "HD Webcam", Capture: true},
		},
		videoErr:  map[string]error{},
		fw:        FirmwareInfo{Version: serial.FirmwareVersion},
		i2cAbsent: map[uint16]bool{},
		pins:      pins,
		free:      4 << 30,
		user:      "tengen",
		groups:    []string{"tengen", "video", "dialout", "i2c", "gpio"},
		ntp:       "yes\n",
		now:       time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC),
	}
}

func (f *fakeHost) Access(path string) error { return f.accessErr }

func (f *fakeHost) Probe(path string) (VideoInfo, error) {
	if err := f.videoErr[path]; err != nil {
		return VideoInfo{}, err
	}
	info, ok := f.video[path]
	if !ok {
		return VideoInfo{}, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	return info, nil
}

func (f *fakeHost) Identify(ctx context.Context, port string) (FirmwareInfo, error) {
	if filepath.Dir(port) != filepath.Join(f.root, "dev") {
		return FirmwareInfo{}, fmt.Errorf("port %s not under the root", port)
	}
	return f.fw, f.fwErr
}

// Open returns periph's i2ctest.Playback scripted with the two register
// reads the check makes, minus the devices that do not answer.
func (f *fakeHost) Open(name string) (i2c.BusCloser, error) {
	if f.i2cErr != nil {
		return nil, f.i2cErr
	}
	var ops []i2ctest.IO
	if !f.i2cAbsent[AddrPCA9685] {
		ops = append(ops, i2ctest.IO{Addr: AddrPCA9685, W: []byte{0x00}, R: []byte{0x11}})
	}
	if !f.i2cAbsent[AddrADS1115] {
		ops = append(ops, i2ctest.IO{Addr: AddrADS1115, W: []byte{0x01}, R: []byte{0x85, 0x83}})
	}
	return &i2ctest.Playback{Ops: ops, DontPanic: true}, nil
}

func (f *fakeHost) Pin(name string) gpio.PinIO {
	if p, ok := f.pins[name]; ok {
		return p
	}
	return nil
}

func (f *fakeHost) Free(path string) (uint64, error) {
	if _, err := os.Stat(path); err != nil {
		return 0, err
	}
	return f.free, f.diskErr
}

func (f *fakeHost) Writable(dir string) error {
	if f.writeErr != nil {
		return f.writeErr
	}
	return statfs{}.Writable(dir) // the temporary root is really writable
}

func (f *fakeHost) host() Host {
	return Host{
		Root: f.root, Devices: f, Video: f, Firmware: f, I2C: f, GPIO: f, Disk: f,
		User: func() (string, []string, error) { return f.user, f.groups, f.userErr },
		Command: func(ctx context.Context, name string, args ...string) ([]byte, error) {
			if name != "timedatectl" {
				return nil, fmt.Errorf("unexpected command %s", name)
			}
			return []byte(f.ntp), f.ntpErr
		},
		LoadCalibration: func(path string) error {
			if filepath.Base(path) != "calibration.yaml" {
				return fmt.Errorf("wrong file %s", path)
			}
			return f.calErr
		},
		Now: func() time.Time { return f.now },
	}
}

// run runs the checks and words the report in English.
func run(t *testing.T, cfg Config, f *fakeHost) Text {
	t.Helper()
	return report(cfg, f).Words(errmsg.Msg.String)
}

func report(cfg Config, f *fakeHost) Report {
	return Run(context.Background(), Checks(cfg, f.host()))
}

func piConfig() Config {
	cfg := DefaultConfig()
	cfg.Arm = ArmPi
	return cfg
}

func names(r Text) []string {
	var n []string
	for _, c := range r.Checks {
		n = append(n, c.Name)
	}
	return n
}

func TestAllPass(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{DefaultConfig(), "user camera serial firmware calibration disk clock"},
		{piConfig(), "user camera i2c gpio calibration disk clock"},
		{Config{Arm: ArmSim, Calibration: "/var/lib/tengen/calibration.yaml", DataDir: "/var/lib/tengen", MinFree: 1}, "user camera calibration disk clock"},
	} {
		r := run(t, tc.cfg, newFakeHost(t))
		if got := strings.Join(names(r), " "); got != tc.want {
			t.Errorf("%s: checks %q, want %q", tc.cfg.Arm, got, tc.want)
		}
		for _, c := range r.Checks {
			if !c.OK || c.Detail == "" {
				t.Errorf("%s: %+v", tc.cfg.Arm, c)
			}
		}
		if !r.OK {
			t.Errorf("%s: report not OK", tc.cfg.Arm)
		}
	}
}

func TestSerialPassDetail(t *testing.T) {
	r := run(t, DefaultConfig(), newFakeHost(t))
	if d := r.Checks[2].Detail; !strings.Contains(d, "/dev/tengen-arm (/dev/ttyUSB0)") {
		t.Errorf("serial detail %q does not name the symlink's target", d)
	}
	if d := r.Checks[1].Detail; !strings.Contains(d, "/dev/video0") || !strings.Contains(d, "HD Webcam") {
		t.Errorf("camera detail %q", d)
	}
}

// TestEachCheckFails breaks one thing at a time and expects exactly the
// named check to fail, with a fix.
func TestEachCheckFails(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cfg    Config
		breaks func(f *fakeHost)
		check  string
		detail string // in the failing check's detail
		fix    string // in its fix
	}{
		{"user not in dialout", DefaultConfig(), func(f *fakeHost) { f.groups = []string{"video"} }, "user", "not in group dialout", "usermod -aG dialout tengen"},
		{"user not in i2c,gpio", piConfig(), func(f *fakeHost) { f.groups = []string{"video", "dialout"} }, "user", "not in group i2c, gpio", "usermod -aG i2c,gpio"},
		{"user unknown", DefaultConfig(), func(f *fakeHost) { f.userErr = errors.New("no such uid") }, "user", "no such uid", "/etc/passwd"},
		{"no video devices", DefaultConfig(), func(f *fakeHost) {
			os.Remove(filepath.Join(f.root, "dev/video0"))
			os.Remove(filepath.Join(f.root, "dev/video10"))
		}, "camera", "no /dev/video*", "ribbon cable"},
		{"only a codec node", DefaultConfig(), func(f *fakeHost) { delete(f.video, filepath.Join(f.root, "dev/video0")) }, "camera", "/dev/video10 (bcm2835-codec) cannot capture", "v4l2-ctl"},
		{"camera permission", DefaultConfig(), func(f *fakeHost) {
			f.videoErr[filepath.Join(f.root, "dev/video0")] = &fs.PathError{Op: "open", Err: fs.ErrPermission}
		}, "camera", "permission denied", "usermod -aG video"},
		{"configured camera missing", func() Config { c := DefaultConfig(); c.Camera = "/dev/video2"; return c }(), func(f *fakeHost) {}, "camera", "/dev/video2 does not exist", "v4l2-ctl"},
		{"pi camera without libcamera", DefaultConfig(), func(f *fakeHost) {
			f.video[filepath.Join(f.root, "dev/video0")] = VideoInfo{Driver: "unicam", Card: "imx708", Capture: true}
		}, "camera", "Raspberry Pi camera", "libcamera-v4l2"},
		{"no serial port", DefaultConfig(), func(f *fakeHost) { os.Remove(filepath.Join(f.root, "dev/ttyUSB0")) }, "serial", "/dev/tengen-arm does not exist", "1a86:7523"},
		{"serial permission", DefaultConfig(), func(f *fakeHost) { f.accessErr = &fs.PathError{Op: "open", Err: fs.ErrPermission} }, "serial", "permission denied", "dialout"},
		{"serial busy", DefaultConfig(), func(f *fakeHost) { f.accessErr = &fs.PathError{Op: "open", Err: syscall.EBUSY} }, "serial", "busy", "systemctl stop tengen"},
		{"firmware silent", DefaultConfig(), func(f *fakeHost) { f.fwErr = errors.New("handshake: no ident reply") }, "firmware", "no handshake", "make firmware flash PORT=/dev/tengen-arm"},
		{"firmware protocol", DefaultConfig(), func(f *fakeHost) {
			f.fwErr = fmt.Errorf("serial: %w", &serial.ProtocolError{Firmware: "tengen-fw 0.9", Got: 0, Want: 1})
		}, "firmware", `"tengen-fw 0.9" speaks protocol 0, this program protocol 1`, "make firmware flash PORT=/dev/tengen-arm"},
		{"firmware e-stop", DefaultConfig(), func(f *fakeHost) { f.fw.EStop = true }, "firmware", "emergency stop is pressed", "D2"},
		{"firmware older", DefaultConfig(), func(f *fakeHost) { f.fw.Version = "tengen-fw 1.0.0" }, "firmware", "older than this program's tengen-fw 1.1.0", "make firmware flash PORT=/dev/tengen-arm"},
		{"no i2c bus", piConfig(), func(f *fakeHost) { f.i2cErr = errors.New("no bus") }, "i2c", "no I2C bus", "do_i2c 0"},
		{"no pca9685", piConfig(), func(f *fakeHost) { f.i2cAbsent[AddrPCA9685] = true }, "i2c", "PCA9685 at 0x40", "i2cdetect"},
		{"no ads1115", piConfig(), func(f *fakeHost) { f.i2cAbsent[AddrADS1115] = true }, "i2c", "ADS1115 at 0x48", "i2cdetect"},
		{"gpio unreachable", piConfig(), func(f *fakeHost) { delete(f.pins, PinValve) }, "gpio", "cannot reach GPIO27", "group gpio"},
		{"gpio in fails", piConfig(), func(f *fakeHost) { f.pins[PinEStop].inErr = errors.New("permission denied") }, "gpio", "GPIO22: permission denied", "group gpio"},
		{"e-stop pressed", piConfig(), func(f *fakeHost) { f.pins[PinEStop].level = gpio.High }, "gpio", "reads pressed", "pin 15"},
		{"no calibration", DefaultConfig(), func(f *fakeHost) { os.Remove(filepath.Join(f.root, "var/lib/tengen/calibration.yaml")) }, "calibration", "no calibration file", "tengen calibrate"},
		{"bad calibration", DefaultConfig(), func(f *fakeHost) { f.calErr = errors.New("arm.servos[1].min_us: 3000 above max_us 2500") }, "calibration", "min_us", "redo that calibration step"},
		{"disk full", DefaultConfig(), func(f *fakeHost) { f.free = 50 << 20 }, "disk", "50 MB free", "journalctl --vacuum-size"},
		{"no data dir", func() Config { c := DefaultConfig(); c.DataDir = "/srv/tengen"; return c }(), func(f *fakeHost) {}, "disk", "data directory /srv/tengen", "make pi-install"},
		{"data not writable", DefaultConfig(), func(f *fakeHost) { f.writeErr = &fs.PathError{Op: "open", Err: fs.ErrPermission} }, "disk", "cannot write in /var/lib/tengen", "usermod -aG tengen"},
		{"clock unset", DefaultConfig(), func(f *fakeHost) { f.now = time.Date(1970, 1, 1, 0, 5, 0, 0, time.UTC) }, "clock", "1970-01-01", "NTP"},
		{"ntp not synchronised", DefaultConfig(), func(f *fakeHost) { f.ntp = "no\n" }, "clock", "not synchronised", "set-ntp true"},
		{"timedatectl fails", DefaultConfig(), func(f *fakeHost) { f.ntpErr = errors.New("exit status 1") }, "clock", "timedatectl: exit status 1", "systemd-timesyncd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeHost(t)
			tc.breaks(f)
			r := run(t, tc.cfg, f)
			if r.OK {
				t.Fatal("report OK")
			}
			for _, c := range r.Checks {
				if c.Name != tc.check {
					// Without a port the firmware cannot be asked either.
					if tc.check == "serial" && c.Name == "firmware" && strings.Contains(c.Detail, "not checked") {
						continue
					}
					if !c.OK {
						t.Errorf("check %s failed too: %+v", c.Name, c)
					}
					continue
				}
				if c.OK {
					t.Fatalf("check %s passed: %+v", c.Name, c)
				}
				if !strings.Contains(c.Detail, tc.detail) {
					t.Errorf("detail %q, want it to contain %q", c.Detail, tc.detail)
				}
				if !strings.Contains(c.Fix, tc.fix) {
					t.Errorf("fix %q, want it to contain %q", c.Fix, tc.fix)
				}
			}
		})
	}
}

func TestFirmwareNotAskedWithoutPort(t *testing.T) {
	f := newFakeHost(t)
	os.Remove(filepath.Join(f.root, "dev/ttyUSB0"))
	f.fwErr = errors.New("the firmware must not be asked")
	c := run(t, DefaultConfig(), f).Checks[3]
	if c.Name != "firmware" || c.OK || c.Detail != "not checked: no /dev/tengen-arm" {
		t.Errorf("%+v", c)
	}
}

func TestCameraChoices(t *testing.T) {
	f := newFakeHost(t)
	// A Pi camera with libcamera's V4L2 layer installed passes.
	f.video[filepath.Join(f.root, "dev/video0")] = VideoInfo{Driver: "rp1-cfe", Card: "imx708", Capture: true}
	compat := filepath.Join(f.root, "usr/lib/aarch64-linux-gnu/libcamera/v4l2-compat.so")
	os.MkdirAll(filepath.Dir(compat), 0o755)
	os.WriteFile(compat, nil, 0o644)
	r := run(t, DefaultConfig(), f)
	if c := r.Checks[1]; c.OK || !strings.Contains(c.Fix, "LD_PRELOAD=/usr/lib/aarch64-linux-gnu/libcamera/v4l2-compat.so") {
		t.Errorf("pi camera, service without the preload: %+v", c)
	}
	cfg := DefaultConfig()
	cfg.Apply(map[string]string{"LD_PRELOAD": "/usr/lib/aarch64-linux-gnu/libcamera/v4l2-compat.so"})
	if c := run(t, cfg, f).Checks[1]; !c.OK || !strings.Contains(c.Detail, "V4L2 layer") {
		t.Errorf("pi camera with compat layer and preload: %+v", c)
	}
	// The first capture device wins, in numeric order (video2 before video10).
	f = newFakeHost(t)
	os.WriteFile(filepath.Join(f.root, "dev/video2"), nil, 0o644)
	f.video[filepath.Join(f.root, "dev/video10")] = VideoInfo{Driver: "uvcvideo", Card: "second", Capture: true}
	f.video[filepath.Join(f.root, "dev/video2")] = VideoInfo{Driver: "uvcvideo", Card: "third", Capture: true}
	delete(f.video, filepath.Join(f.root, "dev/video0"))
	r = run(t, DefaultConfig(), f)
	if c := r.Checks[1]; !c.OK || !strings.Contains(c.Detail, "/dev/video2: third") {
		t.Errorf("ordering: %+v", c)
	}
}

func TestRootUserPasses(t *testing.T) {
	f := newFakeHost(t)
	f.user, f.groups = "root", nil
	if c := run(t, DefaultConfig(), f).Checks[0]; !c.OK {
		t.Errorf("root: %+v", c)
	}
}

func TestNoTimedatectl(t *testing.T) {
	f := newFakeHost(t)
	f.ntpErr = &exec.Error{Name: "timedatectl", Err: exec.ErrNotFound}
	c := run(t, DefaultConfig(), f).Checks[6]
	if c.Name != "clock" || !c.OK || !strings.Contains(c.Detail, "NTP state unknown") {
		t.Errorf("%+v", c)
	}
}

func TestNoFirmwareProber(t *testing.T) {
	h := newFakeHost(t).host()
	h.Firmware = nil
	for _, c := range Run(context.Background(), Checks(DefaultConfig(), h)).Checks {
		if c.Name == "firmware" {
			t.Error("firmware check without a prober")
		}
	}
}

func TestWriteText(t *testing.T) {
	f := newFakeHost(t)
	var b bytes.Buffer
	if err := report(DefaultConfig(), f).WriteText(&b, errmsg.Msg.String); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "✓ user") || !strings.HasSuffix(b.String(), "ready to play.\n") || strings.Contains(b.String(), "✗") {
		t.Errorf("all pass:\n%s", b.String())
	}
	f.free = 1
	f.now = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	b.Reset()
	report(DefaultConfig(), f).WriteText(&b, errmsg.Msg.String)
	out := b.String()
	if !strings.Contains(out, "✗ disk") || !strings.Contains(out, "fix: free space") || !strings.Contains(out, "2 of 7 checks failed") {
		t.Errorf("two failures:\n%s", out)
	}
}

func FuzzParseCapability(f *testing.F) {
	seed := make([]byte, v4l2CapabilitySz)
	copy(seed, "uvcvideo")
	copy(seed[v4l2CardOffset:], "HD Webcam")
	seed[v4l2CapsOffset+3] = 0x80
	seed[v4l2DevCapsOffset] = 0x01
	f.Add(seed)
	f.Add([]byte{})
	f.Add(make([]byte, 200))
	f.Fuzz(func(t *testing.T, b []byte) {
		info, err := parseCapability(b)
		if len(b) < v4l2CapabilitySz {
			if err == nil {
				t.Error("short buffer accepted")
			}
			return
		}
		if err != nil || len(info.Driver) > 16 || len(info.Card) > 32 {
			t.Errorf("%+v %v", info, err)
		}
	})
}

func TestParseCapability(t *testing.T) {
	b := make([]byte, v4l2CapabilitySz)
	copy(b, "unicam")
	copy(b[v4l2CardOffset:], "imx708")
	b[v4l2CapsOffset] = 0x01 // whole device can capture...
	b[v4l2CapsOffset+3] = 0x80
	b[v4l2DevCapsOffset+1] = 0x00 // ...but this node is metadata only
	info, err := parseCapability(b)
	if err != nil || info.Driver != "unicam" || info.Card != "imx708" || info.Capture {
		t.Errorf("%+v %v", info, err)
	}
	b[v4l2DevCapsOffset+1] = 0x10 // multi-planar capture
	if info, _ := parseCapability(b); !info.Capture {
		t.Errorf("mplane: %+v", info)
	}
}
