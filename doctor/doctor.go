package doctor

import (
	"context"
	"fmt"
	"io"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"

	"tengen/arm/pi"
	"tengen/i18n/errmsg"
)

// Result is one check's outcome: what it found and, when OK is false,
// what to do about it, as catalogue messages so that the report speaks
// the person's language.
type Result struct {
	Name   string
	OK     bool
	Detail errmsg.Msg
	Fix    errmsg.Msg // zero when there is nothing to do
}

// Report is the outcome of every check; OK only when all passed.
type Report struct {
	Checks []Result
	OK     bool
}

// Text is a report worded in one language, as `tengen doctor --json`
// prints it.
type Text struct {
	Checks []TextResult `json:"checks"`
	OK     bool         `json:"ok"`
}

// TextResult is one check's outcome worded.
type TextResult struct {
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
	Fix    string `json:"fix"`
}

// Words words the report with words (errmsg.Msg.String for English).
func (r Report) Words(words func(errmsg.Msg) string) Text {
	t := Text{OK: r.OK}
	for _, c := range r.Checks {
		tr := TextResult{Name: c.Name, OK: c.OK, Detail: words(c.Detail)}
		if c.Fix.Key != "" {
			tr.Fix = words(c.Fix)
		}
		t.Checks = append(t.Checks, tr)
	}
	return t
}

// Check is one named check.
type Check struct {
	Name string
	Run  func(ctx context.Context) Result
}

// Run runs the checks in order. A check that panics would be a bug in
// this package, so it is not recovered.
func Run(ctx context.Context, checks []Check) Report {
	r := Report{OK: true}
	for _, c := range checks {
		res := c.Run(ctx)
		res.Name = c.Name
		r.OK = r.OK && res.OK
		r.Checks = append(r.Checks, res)
	}
	return r
}

// WriteText prints the report for a person, worded with words: ✓ or ✗
// per check, the fix under each failure, and a summary line.
func (r Report) WriteText(w io.Writer, words func(errmsg.Msg) string) error {
	failed := 0
	for _, c := range r.Words(words).Checks {
		mark := "✓"
		if !c.OK {
			mark = "✗"
			failed++
		}
		if _, err := fmt.Fprintf(w, "%s %-12s %s\n", mark, c.Name, c.Detail); err != nil {
			return err
		}
		if !c.OK && c.Fix != "" {
			if _, err := fmt.Fprintf(w, "  %-12s %s\n", "", words(errmsg.M("doc.fix", c.Fix))); err != nil {
				return err
			}
		}
	}
	summary := errmsg.M("doc.ready")
	if failed > 0 {
		summary = errmsg.M("doc.failed", failed, len(r.Checks))
	}
	_, err := fmt.Fprintf(w, "\n%s\n", words(summary))
	return err
}

// Arm drivers the checks know.
const (
	ArmSerial = "serial" // Arduino with our firmware over USB serial
	ArmPi     = "pi"     // PCA9685 + ADS1115 on the Pi's I2C, pump/valve/e-stop on GPIO
	ArmSim    = "sim"    // no arm hardware
)

// Config says what this robot should have.
type Config struct {
	Arm         string // ArmSerial, ArmPi or ArmSim
	Port        string // the controller's serial port, e.g. /dev/tengen-arm
	Camera      string // V4L2 device; "" takes the first /dev/video*
	Calibration string // the calibration file
	DataDir     string // where calibration, records and journals live
	MinFree     uint64 // bytes the data directory's file system must have free
	I2CBus      string // periph bus name: "1" is GPIO2/GPIO3 (pins 3 and 5)
	Service     string // the service user, "tengen"
	// Preload is the service's LD_PRELOAD: libcamera's v4l2-compat.so
	// when the camera is a Raspberry Pi camera.
	Preload string
}

// DefaultConfig is the layout deploy/install.sh creates.
func DefaultConfig() Config {
	return Config{
		Arm:         ArmSerial,
		Port:        "/dev/tengen-arm",
		Calibration: "/var/lib/tengen/calibration.yaml",
		DataDir:     "/var/lib/tengen",
		MinFree:     200 << 20,
		I2CBus:      pi.I2CBus,
		Service:     "tengen",
	}
}

// VideoInfo is what a V4L2 device says about itself (VIDIOC_QUERYCAP).
type VideoInfo struct {
	Driver, Card string
	Capture      bool // it can capture frames (single- or multi-planar)
}

// FirmwareInfo is what the controller says in the handshake.
type FirmwareInfo struct {
	Version string // the firmware's version string
	EStop   bool   // the emergency-stop fault is latched
}

// Host is the machine as the checks see it. Every path the checks use is
// taken under Root (a temporary directory in tests, "/" on the Pi), and
// the interfaces below are handed those rooted paths.
type Host struct {
	Root string
	// Devices opens a device file read-write and closes it again: can
	// this user use it?
	Devices interface{ Access(path string) error }
	// Video queries a V4L2 device.
	Video interface {
		Probe(path string) (VideoInfo, error)
	}
	// Firmware does the controller's handshake on port; nil when this
	// build has no serial driver. A protocol mismatch is a *serial.ProtocolError.
	Firmware interface {
		Identify(ctx context.Context, port string) (FirmwareInfo, error)
	}
	// I2C opens the named bus ("" for the default).
	I2C interface {
		Open(name string) (i2c.BusCloser, error)
	}
	// GPIO returns the named pin ("GPIO22"), or nil when it is not
	// accessible.
	GPIO interface{ Pin(name string) gpio.PinIO }
	// Disk says how many bytes are free for an unprivileged user at path,
	// and whether this user may create files in the directory path.
	Disk interface {
		Free(path string) (uint64, error)
		Writable(dir string) error
	}
	// User is the user running the checks and the names of its groups.
	User func() (name string, groups []string, err error)
	// Command runs a program and returns its standard output; an error
	// wrapping exec.ErrNotFound when the program is missing.
	Command func(ctx context.Context, name string, args ...string) ([]byte, error)
	// LoadCalibration reads and validates the calibration file.
	LoadCalibration func(path string) error
	Now             func() time.Time
}
