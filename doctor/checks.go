package doctor

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"periph.io/x/conn/v3/gpio"

	"tengen/arm/pi"
	"tengen/arm/serial"
	"tengen/i18n/errmsg"
)

// The README's wiring table for the Pi-direct arm: the pins are the
// driver's own (arm/pi), the addresses its defaults.
const (
	AddrPCA9685 = 0x40
	AddrADS1115 = 0x48
	PinPump     = pi.PumpPin
	PinValve    = pi.ValvePin
	PinEStop    = pi.EStopPin
)

// Drivers of V4L2 devices that are a Raspberry Pi camera's raw sensor
// interface: OpenCV reaches those only through libcamera.
var piCameraDrivers = []string{"unicam", "rp1-cfe"}

// Checks returns the checks for cfg in the order they should be fixed.
// The firmware check is left out when h.Firmware is nil (a build without
// the serial driver); the arm's checks follow cfg.Arm.
func Checks(cfg Config, h Host) []Check {
	cs := []Check{
		{"user", func(context.Context) Result { return checkUser(cfg, h) }},
		{"camera", func(context.Context) Result { return checkCamera(cfg, h) }},
	}
	switch cfg.Arm {
	case ArmSerial:
		cs = append(cs, Check{"serial", func(context.Context) Result { return checkSerial(cfg, h) }})
		if h.Firmware != nil {
			cs = append(cs, Check{"firmware", func(ctx context.Context) Result { return checkFirmware(ctx, cfg, h) }})
		}
	case ArmPi:
		cs = append(cs,
			Check{"i2c", func(context.Context) Result { return checkI2C(cfg, h) }},
			Check{"gpio", func(context.Context) Result { return checkGPIO(h) }},
		)
	}
	return append(cs,
		Check{"calibration", func(context.Context) Result { return checkCalibration(cfg, h) }},
		Check{"disk", func(context.Context) Result { return checkDisk(cfg, h) }},
		Check{"clock", func(ctx context.Context) Result { return checkClock(ctx, h) }},
	)
}

func (h Host) path(p string) string { return filepath.Join(h.Root, p) }

func pass(key string, a ...any) Result { return Result{OK: true, Detail: errmsg.M(key, a...)} }

func fail(fix errmsg.Msg, key string, a ...any) Result {
	return Result{Detail: errmsg.M(key, a...), Fix: fix}
}

// fix is a fix's message.
func fix(key string, a ...any) errmsg.Msg { return errmsg.M(key, a...) }

// neededGroups are the groups whose devices the arm driver uses.
func neededGroups(arm string) []string {
	switch arm {
	case ArmSerial:
		return []string{"video", "dialout"}
	case ArmPi:
		return []string{"video", "i2c", "gpio"}
	}
	return []string{"video"}
}

func checkUser(cfg Config, h Host) Result {
	name, groups, err := h.User()
	if err != nil {
		return fail(fix("doc.who-fix"), "doc.who-unknown", err)
	}
	if name == "root" {
		return pass("doc.root", cfg.Service)
	}
	var missing []string
	for _, g := range neededGroups(cfg.Arm) {
		if !slices.Contains(groups, g) {
			missing = append(missing, g)
		}
	}
	if len(missing) > 0 {
		return fail(fix("doc.groups-fix", strings.Join(missing, ","), name, cfg.Service),
			"doc.not-in-group", name, strings.Join(missing, ", "))
	}
	return pass("doc.in-groups", name, strings.Join(neededGroups(cfg.Arm), ", "))
}

func checkCamera(cfg Config, h Host) Result {
	candidates := []string{cfg.Camera}
	if cfg.Camera == "" {
		found, _ := filepath.Glob(h.path("/dev/video*"))
		sort.Slice(found, func(i, j int) bool { return videoNumber(found[i]) < videoNumber(found[j]) })
		candidates = nil
		for _, f := range found {
			candidates = append(candidates, strings.TrimPrefix(f, h.Root))
		}
		if len(candidates) == 0 {
			return fail(fix("doc.camera-fix"), "doc.no-camera")
		}
	}
	var problems []errmsg.Msg
	for _, dev := range candidates {
		info, err := h.Video.Probe(h.path(dev))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, errmsg.M("doc.missing", dev))
			continue
		case errors.Is(err, fs.ErrPermission):
			return fail(fix("doc.group-fix", "video"), "doc.denied", dev)
		case err != nil:
			problems = append(problems, errmsg.M("doc.device-error", dev, err))
			continue
		case !info.Capture:
			problems = append(problems, errmsg.M("doc.cannot-capture", dev, info.Driver))
			continue
		}
		if slices.Contains(piCameraDrivers, info.Driver) {
			return piCamera(cfg, h, dev, info)
		}
		return pass("doc.camera-ok", dev, info.Card, info.Driver)
	}
	return fail(fix("doc.camera-fix"), "doc.no-usable-camera", problems)
}

// piCamera: a CSI camera's V4L2 node gives raw Bayer frames OpenCV cannot
// use; libcamera's V4L2 compatibility layer (LD_PRELOAD v4l2-compat.so,
// which libcamerify sets) turns it into an ordinary capture device.
func piCamera(cfg Config, h Host, dev string, info VideoInfo) Result {
	compat, _ := filepath.Glob(h.path("/usr/lib/*/v4l2-compat.so"))
	more, _ := filepath.Glob(h.path("/usr/lib/*/libcamera/v4l2-compat.so"))
	compat = append(compat, more...)
	if len(compat) == 0 {
		return fail(fix("doc.picam-compat-fix"), "doc.picam-no-compat", dev, info.Card, info.Driver)
	}
	if !strings.HasSuffix(cfg.Preload, "v4l2-compat.so") {
		return fail(fix("doc.picam-preload-fix", strings.TrimPrefix(compat[0], h.Root)), "doc.picam-no-preload", dev, info.Card, info.Driver)
	}
	return pass("doc.picam-ok", dev, info.Card, info.Driver, cfg.Preload)
}

func videoNumber(p string) int {
	var n int
	fmt.Sscanf(strings.TrimPrefix(filepath.Base(p), "video"), "%d", &n)
	return n
}

func checkSerial(cfg Config, h Host) Result {
	p := h.path(cfg.Port)
	target, lerr := filepath.EvalSymlinks(p)
	if _, err := os.Stat(p); err != nil {
		return fail(fix("doc.serial-fix"), "doc.missing", cfg.Port)
	}
	if err := h.Devices.Access(p); err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return fail(fix("doc.group-fix", "dialout"), "doc.denied", cfg.Port)
		}
		if errors.Is(err, syscall.EBUSY) {
			return fail(fix("doc.busy-fix"), "doc.busy", cfg.Port)
		}
		return fail(fix("doc.serial-fix"), "doc.device-error", cfg.Port, err)
	}
	if lerr == nil && target != p {
		return pass("doc.serial-link-ok", cfg.Port, strings.TrimPrefix(target, h.Root))
	}
	return pass("doc.serial-ok", cfg.Port)
}

func checkFirmware(ctx context.Context, cfg Config, h Host) Result {
	if _, err := os.Stat(h.path(cfg.Port)); err != nil {
		return fail(fix("doc.serial-first"), "doc.not-checked", cfg.Port)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	info, err := h.Firmware.Identify(ctx, h.path(cfg.Port))
	var perr *serial.ProtocolError
	flash := fix("doc.flash-fix", cfg.Port)
	switch {
	case errors.As(err, &perr):
		return fail(flash, "doc.protocol", strconv.Quote(perr.Firmware), perr.Got, perr.Want)
	case err != nil:
		return fail(fix("doc.power-cycle-fix", flash), "doc.no-handshake", cfg.Port, err)
	case info.EStop:
		return fail(fix("doc.estop-nano-fix"), "doc.estop-firmware", info.Version)
	case serial.OlderFirmware(info.Version):
		return fail(flash, "doc.firmware-old", info.Version, serial.FirmwareVersion)
	}
	return pass("doc.firmware-ok", info.Version)
}

func checkI2C(cfg Config, h Host) Result {
	bus, err := h.I2C.Open(cfg.I2CBus)
	if err != nil {
		return fail(fix("doc.i2c-fix"), "doc.no-i2c", err)
	}
	defer bus.Close()
	// Read one register from each: PCA9685 MODE1 (0x00), ADS1115 config (0x01).
	var missing []string
	for _, d := range []struct {
		name string
		addr uint16
		reg  byte
		n    int
	}{{"PCA9685", AddrPCA9685, 0x00, 1}, {"ADS1115", AddrADS1115, 0x01, 2}} {
		if err := bus.Tx(d.addr, []byte{d.reg}, make([]byte, d.n)); err != nil {
			missing = append(missing, fmt.Sprintf("%s at %#02x (%v)", d.name, d.addr, err))
		}
	}
	if len(missing) > 0 {
		return fail(fix("doc.i2c-wiring-fix"), "doc.i2c-silent", bus.String(), strings.Join(missing, "; "))
	}
	return pass("doc.i2c-ok", bus.String())
}

func checkGPIO(h Host) Result {
	var missing []string
	for _, name := range []string{PinPump, PinValve, PinEStop} {
		if h.GPIO.Pin(name) == nil {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fail(fix("doc.gpio-fix"), "doc.gpio-unreachable", strings.Join(missing, ", "))
	}
	stop := h.GPIO.Pin(PinEStop)
	if err := stop.In(gpio.PullUp, gpio.NoEdge); err != nil {
		return fail(fix("doc.gpio-fix"), "doc.device-error", PinEStop, err)
	}
	if stop.Read() == gpio.High {
		return fail(fix("doc.estop-pi-fix"), "doc.estop-pi", PinEStop)
	}
	return pass("doc.gpio-ok", PinPump, PinValve, PinEStop)
}

func checkCalibration(cfg Config, h Host) Result {
	p := h.path(cfg.Calibration)
	if _, err := os.Stat(p); err != nil {
		return fail(fix("doc.calibrate-fix"), "doc.no-calibration", cfg.Calibration)
	}
	if err := h.LoadCalibration(p); err != nil {
		return fail(fix("doc.calibration-fix", cfg.Calibration), "doc.device-error", cfg.Calibration, err)
	}
	return pass("doc.calibration-ok", cfg.Calibration)
}

func checkDisk(cfg Config, h Host) Result {
	free, err := h.Disk.Free(h.path(cfg.DataDir))
	if err != nil {
		return fail(fix("doc.data-dir-fix"), "doc.data-dir", cfg.DataDir, err)
	}
	if free < cfg.MinFree {
		return fail(fix("doc.disk-fix", cfg.DataDir), "doc.disk-low", free>>20, cfg.DataDir, cfg.MinFree>>20)
	}
	if err := h.Disk.Writable(h.path(cfg.DataDir)); err != nil {
		return fail(fix("doc.writable-fix", cfg.Service), "doc.not-writable", cfg.DataDir, err)
	}
	return pass("doc.disk-ok", free>>20, cfg.DataDir)
}

func checkClock(ctx context.Context, h Host) Result {
	now := h.Now()
	if now.Year() < 2025 {
		return fail(fix("doc.clock-fix"), "doc.clock-unset", now.Format(time.DateTime))
	}
	out, err := h.Command(ctx, "timedatectl", "show", "--property=NTPSynchronized", "--value")
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return pass("doc.ntp-unknown", now.Format(time.DateTime))
	case err != nil:
		return fail(fix("doc.timesyncd-fix"), "doc.timedatectl", err)
	case strings.TrimSpace(string(out)) != "yes":
		return fail(fix("doc.ntp-fix"), "doc.ntp-off", now.Format(time.DateTime))
	}
	return pass("doc.ntp-ok", now.Format(time.DateTime))
}
