package doctor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strings"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/host/v3"
)

// System returns the Host of the machine this runs on, the firmware
// handshake through the serial driver (arm/serial). LoadCalibration is the
// caller's to fill in.
func System() Host {
	return Host{
		Root:     "/",
		Devices:  deviceAccess{},
		Video:    v4l2{},
		Firmware: serialFirmware{},
		I2C:      periphI2C{},
		GPIO:     periphGPIO{},
		Disk:     statfs{},
		User:     currentUser,
		Command:  runCommand,
		Now:      time.Now,
	}
}

// runCommand runs a program; a failure carries the program's own message.
func runCommand(ctx context.Context, name string, args ...string) ([]byte, error) {
	out, err := exec.CommandContext(ctx, name, args...).Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && len(bytes.TrimSpace(exit.Stderr)) > 0 {
		return out, fmt.Errorf("%w: %s", err, strings.ReplaceAll(string(bytes.TrimSpace(exit.Stderr)), "\n", "; "))
	}
	return out, err
}

type deviceAccess struct{}

// Access opens the device read-write without making it the controlling
// terminal and without waiting for a modem line, as a serial driver would.
func (deviceAccess) Access(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|noCTTY|nonBlock, 0)
	if err != nil {
		return err
	}
	return f.Close()
}

// periph's host drivers are loaded once per process.
var hostInit = sync.OnceValue(func() error {
	_, err := host.Init()
	return err
})

type periphI2C struct{}

func (periphI2C) Open(name string) (i2c.BusCloser, error) {
	if err := hostInit(); err != nil {
		return nil, fmt.Errorf("periph host: %w", err)
	}
	return i2creg.Open(name)
}

type periphGPIO struct{}

func (periphGPIO) Pin(name string) gpio.PinIO {
	if hostInit() != nil {
		return nil
	}
	return gpioreg.ByName(name)
}

// Writable creates and removes a file in dir.
func (statfs) Writable(dir string) error {
	f, err := os.CreateTemp(dir, ".doctor-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

func currentUser() (string, []string, error) {
	u, err := user.Current()
	if err != nil {
		return "", nil, err
	}
	ids, err := u.GroupIds()
	if err != nil {
		return u.Username, nil, err
	}
	var names []string
	for _, id := range ids {
		if g, err := user.LookupGroupId(id); err == nil {
			names = append(names, g.Name)
		}
	}
	return u.Username, names, nil
}

// struct v4l2_capability (linux/videodev2.h).
const (
	capVideoCapture   = 0x00000001
	capCaptureMPlane  = 0x00001000
	capDeviceCaps     = 0x80000000
	v4l2CapabilitySz  = 104
	v4l2DriverOffset  = 0
	v4l2CardOffset    = 16
	v4l2CapsOffset    = 84
	v4l2DevCapsOffset = 88
)

// parseCapability decodes struct v4l2_capability.
func parseCapability(b []byte) (VideoInfo, error) {
	if len(b) < v4l2CapabilitySz {
		return VideoInfo{}, fmt.Errorf("v4l2_capability: %d bytes, want %d", len(b), v4l2CapabilitySz)
	}
	cstr := func(s []byte) string {
		if i := bytes.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		return string(s)
	}
	le := func(o int) uint32 { return uint32(b[o]) | uint32(b[o+1])<<8 | uint32(b[o+2])<<16 | uint32(b[o+3])<<24 }
	caps := le(v4l2CapsOffset)
	if caps&capDeviceCaps != 0 {
		caps = le(v4l2DevCapsOffset) // this node's own capabilities, not the whole device's
	}
	return VideoInfo{
		Driver:  cstr(b[v4l2DriverOffset:v4l2CardOffset]),
		Card:    cstr(b[v4l2CardOffset : v4l2CardOffset+32]),
		Capture: caps&(capVideoCapture|capCaptureMPlane) != 0,
	}, nil
}
