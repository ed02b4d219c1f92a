package doctor

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"tengen/firmware/simavr"
)

func TestProtocolError(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want *ProtocolError
	}{
		{`serial /dev/tengen-arm: firmware "tengen-fw 0.9.0" speaks protocol 0, this driver 1`, &ProtocolError{"tengen-fw 0.9.0", 0, 1}},
		{`serial /dev/x: firmware "odd \"name\"" speaks protocol 7, this driver 12`, &ProtocolError{`odd "name"`, 7, 12}},
		{`serial /dev/x: handshake: no ident reply`, nil},
	} {
		err := protocolError(errors.New(tc.msg))
		var perr *ProtocolError
		if got := errors.As(err, &perr); got != (tc.want != nil) {
			t.Errorf("%q: ProtocolError %v", tc.msg, got)
			continue
		}
		if tc.want != nil && *perr != *tc.want {
			t.Errorf("%q: %+v, want %+v", tc.msg, *perr, *tc.want)
		}
		if !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: the driver's message is lost: %v", tc.msg, err)
		}
	}
}

func FuzzProtocolError(f *testing.F) {
	f.Add(`firmware "tengen-fw 1.0.0" speaks protocol 2, this driver 1`)
	f.Add(`firmware "\" speaks protocol 99999999999999999999, this driver 1`)
	f.Add("no handshake")
	f.Fuzz(func(t *testing.T, msg string) {
		if err := protocolError(errors.New(msg)); err == nil {
			t.Error("nil error")
		}
	})
}

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
	if !res.OK || !strings.Contains(res.Detail, info.Version) {
		t.Errorf("after release: %+v", res)
	}
}

func TestFlashHint(t *testing.T) {
	mismatch := errors.New(`serial /dev/tengen-arm: firmware "tengen-fw 2.0.0" speaks protocol 2, this driver 1`)
	err := FlashHint(mismatch, "/dev/tengen-arm")
	var p *ProtocolError
	if !errors.As(err, &p) || p.Got != 2 || !strings.Contains(err.Error(), "make firmware flash PORT=/dev/tengen-arm") {
		t.Errorf("mismatch: %v", err)
	}
	other := errors.New("serial /dev/tengen-arm: open: no such file or directory")
	if got := FlashHint(other, "/dev/tengen-arm"); got != other {
		t.Errorf("other error changed: %v", got)
	}
	if FlashHint(nil, "/dev/x") != nil {
		t.Error("nil error changed")
	}
}
