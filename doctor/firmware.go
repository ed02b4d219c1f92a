package doctor

import (
	"context"
	"errors"

	"tengen/arm"
	"tengen/arm/serial"
	"tengen/i18n/errmsg"
)

// serialFirmware identifies the controller with the serial driver's own
// handshake, so the doctor judges the protocol exactly as the robot will.
type serialFirmware struct{}

// Identify opens the port, clears latched faults (an e-stop pressed and
// released since power-up stays latched until then) and reads the status:
// an e-stop still reported is pressed now, or its wire is broken.
func (serialFirmware) Identify(ctx context.Context, port string) (FirmwareInfo, error) {
	d, err := serial.Open(port, serial.Options{})
	if err != nil {
		return FirmwareInfo{}, err
	}
	defer d.Close()
	_ = d.ClearFaults() // refused while the e-stop is open; Status tells
	st, err := d.Status(ctx)
	if err != nil {
		return FirmwareInfo{}, err
	}
	return FirmwareInfo{Version: st.Version, EStop: st.Faults&arm.FaultEStop != 0}, nil
}

// FlashHint returns err, from opening the serial driver on port, with how
// to flash the matching firmware added when it is a protocol mismatch, so
// `tengen play` and the service say what to do, not only what is wrong.
// Other errors come back unchanged.
func FlashHint(err error, port string) error {
	if err == nil {
		return nil
	}
	var p *serial.ProtocolError
	if !errors.As(err, &p) {
		return err
	}
	return errmsg.Wrap(err, "err.reflash", errmsg.M("doc.flash-fix", port))
}
