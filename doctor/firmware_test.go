package doctor

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tengen/arm/serial"
	"tengen/firmware/simavr"
	"tengen/i18n"
)

// TestFirmwareInSimavr identifies the real firmware running in simavr
// through the serial driver, with the e-stop closed and then open.
func TestFirmwareInSimavr(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the firmware in simavr")
	}
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("skipping firmware-in-simavr test: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := simavr.BuildAll(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	sim, err := simavr.Start(b, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()

	info, err := serialFirmware{}.Identify(ctx, sim.PTY)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(info.Version, "tengen-fw ") || info.EStop {
		t.Errorf("e-stop closed: %+v", info)
	}
	if err := sim.SetEStop(true); err != nil {
		t.Fatal(err)
	}
	info, err = serialFirmware{}.Identify(ctx, sim.PTY)
	if err != nil || !info.EStop {
		t.Errorf("e-stop open: %+v %v", info, err)
	}
	// Released again: the latched fault is cleared and the check passes.
	if err := sim.SetEStop(false); err != nil {
		t.Fatal(err)
	}
	h := Host{Firmware: serialFirmware{}}
	res := checkFirmware(ctx, Config{Port: sim.PTY}, h)
	if !res.OK || !strings.Contains(res.Detail.String(), info.Version) {
		t.Errorf("after release: %+v", res)
	}
}

func TestFlashHint(t *testing.T) {
	mismatch := fmt.Errorf("serial /dev/tengen-arm: %w", &serial.ProtocolError{Firmware: "tengen-fw 2.0.0", Got: 2, Want: 1})
	err := FlashHint(mismatch, "/dev/tengen-arm")
	var p *serial.ProtocolError
	if !errors.As(err, &p) || p.Got != 2 || !strings.Contains(err.Error(), "make firmware flash PORT=/dev/tengen-arm") {
		t.Errorf("mismatch: %v", err)
	}
	if zh := (&i18n.Printer{Lang: i18n.Simplified}).Error(err); !strings.Contains(zh, "固件与本程序不匹配") || !strings.Contains(zh, "PORT=/dev/tengen-arm") {
		t.Errorf("mismatch in Chinese: %s", zh)
	}
	other := errors.New("serial /dev/tengen-arm: open: no such file or directory")
	if got := FlashHint(other, "/dev/tengen-arm"); got != other {
		t.Errorf("other error changed: %v", got)
	}
	if FlashHint(nil, "/dev/x") != nil {
		t.Error("nil error changed")
	}
}
