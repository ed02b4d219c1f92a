// Package serial is the arm.Driver for Tengen's own firmware (firmware/,
// an ATmega328P on USB serial), over go.bug.st/serial.
//
// It speaks the protocol in firmware/PROTOCOL.md, modelled on Klipper's:
// CRC-16/MCRF4XX-checked frames with sequence numbers, a window of
// requests with go-back-N retransmission on a NAK or a timeout, flow
// control from the free queue slots the device reports, and a keep-alive
// so the device's 500 ms silence deadline trips only when the host is
// really gone. When the port fails (a USB unplug, a device reset) the
// driver closes it, reopens it on the next call, repeats the handshake and
// reads the device's status: setpoint ids tell which setpoints the device
// accepted, so a Queue resumes without repeating or skipping one, and
// motion the device dropped (a reset, a safety stop) is reported as
// ErrMotionLost. Errors name the port.
//
// Safety: a Queue or Drain abandoned through its context, and Stop, stop
// the motion and keep the grip (a held stone stays held; arm.Arm releases
// it over its bowl). After a link failure the driver holds nothing (the
// port is closed), and the device stops by itself at its silence deadline,
// the grip kept as well, up to the firmware's grip limit. Close switches
// the pump off.
package serial
