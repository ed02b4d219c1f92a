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
	"strings"
	"syscall"
	"time"

	"periph.io/x/conn/v3/gpio"

	"tengen/arm/pi"
	"tengen/arm/serial"
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

func pass(format string, a ...any) Result { return Result{OK: true, Detail: fmt.Sprintf(format, a...)} }

func fail(fix, format string, a ...any) Result {
	return Result{Detail: fmt.Sprintf(format, a...), Fix: fix}
}

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
		return fail("check /etc/passwd and /etc/group", "cannot tell who is running: %v", err)
	}
	if name == "root" {
		return pass("root may use every device (the service itself runs as %s)", cfg.Service)
	}
	var missing []string
	for _, g := range neededGroups(cfg.Arm) {
		if !slices.Contains(groups, g) {
			missing = append(missing, g)
		}
	}
	if len(missing) > 0 {
		return fail(fmt.Sprintf("sudo usermod -aG %s %s, then log out and in again (make pi-install does this for the %s user)", strings.Join(missing, ","), name, cfg.Service),
			"%s is not in group %s", name, strings.Join(missing, ", "))
	}
	return pass("%s is in groups %s", name, strings.Join(neededGroups(cfg.Arm), ", "))
}

const cameraFix = "USB webcam: plug it in and look at `v4l2-ctl --list-devices`; Pi camera: check the ribbon cable (contacts facing the right way), camera_auto_detect=1 in /boot/firmware/config.txt, and `rpicam-hello --list-cameras`"

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
			return fail(cameraFix, "no camera: no /dev/video* device")
		}
	}
	var problems []string
	for _, dev := range candidates {
		info, err := h.Video.Probe(h.path(dev))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			problems = append(problems, dev+" does not exist")
			continue
		case errors.Is(err, fs.ErrPermission):
			return fail("sudo usermod -aG video $USER, then log out and in again", "%s: permission denied", dev)
		case err != nil:
			problems = append(problems, fmt.Sprintf("%s: %v", dev, err))
			continue
		case !info.Capture:
			problems = append(problems, fmt.Sprintf("%s (%s) cannot capture", dev, info.Driver))
			continue
		}
		if slices.Contains(piCameraDrivers, info.Driver) {
			return piCamera(cfg, h, dev, info)
		}
		return pass("%s: %s (%s)", dev, info.Card, info.Driver)
	}
	return fail(cameraFix, "no usable camera: %s", strings.Join(problems, "; "))
}

// piCamera: a CSI camera's V4L2 node gives raw Bayer frames OpenCV cannot
// use; libcamera's V4L2 compatibility layer (LD_PRELOAD v4l2-compat.so,
// which libcamerify sets) turns it into an ordinary capture device.
func piCamera(cfg Config, h Host, dev string, info VideoInfo) Result {
	compat, _ := filepath.Glob(h.path("/usr/lib/*/v4l2-compat.so"))
	more, _ := filepath.Glob(h.path("/usr/lib/*/libcamera/v4l2-compat.so"))
	compat = append(compat, more...)
	if len(compat) == 0 {
		return fail("sudo apt install libcamera-v4l2 libcamera-tools (make pi-install does), then run tengen under libcamerify",
			"%s is a Raspberry Pi camera (%s, %s) and libcamera's V4L2 compatibility layer is not installed", dev, info.Card, info.Driver)
	}
	if !strings.HasSuffix(cfg.Preload, "v4l2-compat.so") {
		return fail(fmt.Sprintf("for the service set LD_PRELOAD=%s in /etc/tengen/tengen.env; by hand run `libcamerify tengen …`", strings.TrimPrefix(compat[0], h.Root)),
			"%s is a Raspberry Pi camera (%s, %s) and the service does not preload libcamera's V4L2 layer", dev, info.Card, info.Driver)
	}
	return pass("%s: Raspberry Pi camera (%s, %s), read through libcamera's V4L2 layer (%s)", dev, info.Card, info.Driver, cfg.Preload)
}

func videoNumber(p string) int {
	var n int
	fmt.Sscanf(strings.TrimPrefix(filepath.Base(p), "video"), "%d", &n)
	return n
}

const serialFix = "plug in the controller's USB cable; `ls -l /dev/serial/by-id/` should list it; the udev rule /etc/udev/rules.d/99-tengen.rules (make pi-install) names it /dev/tengen-arm for the Nano's USB IDs 1a86:7523, 0403:6001 and 2341:0043 — another adapter needs its ID added (`udevadm info -q property -n /dev/ttyUSB0`)"

func checkSerial(cfg Config, h Host) Result {
	p := h.path(cfg.Port)
	target, lerr := filepath.EvalSymlinks(p)
	if _, err := os.Stat(p); err != nil {
		return fail(serialFix, "%s does not exist", cfg.Port)
	}
	if err := h.Devices.Access(p); err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return fail("sudo usermod -aG dialout $USER, then log out and in again", "%s: permission denied", cfg.Port)
		}
		if errors.Is(err, syscall.EBUSY) {
			return fail("stop whatever holds it: `sudo systemctl stop tengen`, or close the serial monitor", "%s is busy: another program has it open", cfg.Port)
		}
		return fail(serialFix, "%s: %v", cfg.Port, err)
	}
	if lerr == nil && target != p {
		return pass("%s (%s) opens read-write", cfg.Port, strings.TrimPrefix(target, h.Root))
	}
	return pass("%s opens read-write", cfg.Port)
}

const flashFix = "stop the service (sudo systemctl stop tengen), then flash the firmware built with this version: `make firmware flash PORT=%s`, or avrdude as firmware/README.md shows"

func checkFirmware(ctx context.Context, cfg Config, h Host) Result {
	if _, err := os.Stat(h.path(cfg.Port)); err != nil {
		return fail("fix the serial check first", "not checked: no %s", cfg.Port)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	info, err := h.Firmware.Identify(ctx, h.path(cfg.Port))
	var perr *serial.ProtocolError
	switch {
	case errors.As(err, &perr):
		return fail(fmt.Sprintf(flashFix, cfg.Port), "firmware %q speaks protocol %d, this program protocol %d", perr.Firmware, perr.Got, perr.Want)
	case err != nil:
		return fail(fmt.Sprintf("power-cycle the controller and check the USB cable; if it still does not answer, "+flashFix, cfg.Port),
			"no handshake with the firmware on %s: %v", cfg.Port, err)
	case info.EStop:
		return fail("release the emergency stop (twist the mushroom button); if it is released, check its wiring: NC switch between D2 and GND",
			"firmware %s answers, but the emergency stop is pressed or its wire is broken", info.Version)
	case serial.OlderFirmware(info.Version):
		return fail(fmt.Sprintf(flashFix, cfg.Port),
			"firmware %s is older than this program's %s: it forgets the colour of a stone it holds through a restart", info.Version, serial.FirmwareVersion)
	}
	return pass("firmware %s answers with the right protocol; emergency stop released", info.Version)
}

func checkI2C(cfg Config, h Host) Result {
	bus, err := h.I2C.Open(cfg.I2CBus)
	if err != nil {
		return fail("enable I2C: `sudo raspi-config nonint do_i2c 0` and reboot; the user needs group i2c",
			"no I2C bus: %v", err)
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
		return fail("check power (3.3 V to VCC), ground and SDA/SCL on pins 3 and 5; `i2cdetect -y 1` should show 40 and 48; check the address jumpers",
			"not answering on %s: %s", bus, strings.Join(missing, "; "))
	}
	return pass("PCA9685 at 0x40 and ADS1115 at 0x48 answer on %s", bus)
}

func checkGPIO(h Host) Result {
	var missing []string
	for _, name := range []string{PinPump, PinValve, PinEStop} {
		if h.GPIO.Pin(name) == nil {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fail("the user needs group gpio (/dev/gpiomem, /dev/gpiochip*); make pi-install adds the service user",
			"cannot reach %s", strings.Join(missing, ", "))
	}
	stop := h.GPIO.Pin(PinEStop)
	if err := stop.In(gpio.PullUp, gpio.NoEdge); err != nil {
		return fail("the user needs group gpio", "%s: %v", PinEStop, err)
	}
	if stop.Read() == gpio.High {
		return fail("release the emergency stop (twist the mushroom button); if it is released, check its wiring: NC switch between GPIO22 (pin 15) and GND (pin 14)",
			"the emergency stop on %s reads pressed (high), or its wire is broken", PinEStop)
	}
	return pass("%s, %s, %s reachable; emergency stop released", PinPump, PinValve, PinEStop)
}

func checkCalibration(cfg Config, h Host) Result {
	p := h.path(cfg.Calibration)
	if _, err := os.Stat(p); err != nil {
		return fail("calibrate: tengen calibrate camera, board, servos, arm, then verify (docs/RASPBERRY-PI.md)",
			"no calibration file at %s", cfg.Calibration)
	}
	if err := h.LoadCalibration(p); err != nil {
		return fail(fmt.Sprintf("correct the field named above in %s, or redo that calibration step; the installer keeps a copy of the previous file as %s.bak", cfg.Calibration, cfg.Calibration),
			"%s: %v", cfg.Calibration, err)
	}
	return pass("%s reads and validates", cfg.Calibration)
}

func checkDisk(cfg Config, h Host) Result {
	free, err := h.Disk.Free(h.path(cfg.DataDir))
	if err != nil {
		return fail("create it: make pi-install (owner tengen, mode 0750)", "data directory %s: %v", cfg.DataDir, err)
	}
	if free < cfg.MinFree {
		return fail("free space: sudo journalctl --vacuum-size=50M, sudo apt clean, move old records out of "+cfg.DataDir+"/records",
			"%d MB free in %s, need %d MB", free>>20, cfg.DataDir, cfg.MinFree>>20)
	}
	if err := h.Disk.Writable(h.path(cfg.DataDir)); err != nil {
		return fail(fmt.Sprintf("calibrating and recording need write access: sudo usermod -aG %s $USER, then log out and in again (make pi-install does this)", cfg.Service),
			"cannot write in %s: %v", cfg.DataDir, err)
	}
	return pass("%d MB free in %s, writable", free>>20, cfg.DataDir)
}

func checkClock(ctx context.Context, h Host) Result {
	now := h.Now()
	if now.Year() < 2025 {
		return fail("connect the Pi to a network with internet access so NTP sets the clock (or `sudo date -s '2026-01-01 12:00'`); a Pi 5 keeps time with an RTC battery",
			"the clock says %s: not set", now.Format(time.DateTime))
	}
	out, err := h.Command(ctx, "timedatectl", "show", "--property=NTPSynchronized", "--value")
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return pass("%s (timedatectl not installed: NTP state unknown)", now.Format(time.DateTime))
	case err != nil:
		return fail("check systemd-timesyncd: systemctl status systemd-timesyncd", "timedatectl: %v", err)
	case strings.TrimSpace(string(out)) != "yes":
		return fail("connect to a network and enable NTP: sudo timedatectl set-ntp true; records and journals are stamped with this clock",
			"%s, not synchronised by NTP", now.Format(time.DateTime))
	}
	return pass("%s, synchronised by NTP", now.Format(time.DateTime))
}
