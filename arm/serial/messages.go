package serial

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tengen/arm"
	"tengen/rules"
)

// Message types and result codes (firmware/PROTOCOL.md).
const (
	msgIdentify    = 0x01
	msgSetpoint    = 0x02
	msgOutputs     = 0x03
	msgStatus      = 0x04
	msgStop        = 0x05
	msgClear       = 0x06
	msgIdentReply  = 0x81
	msgStatusReply = 0x82
	msgNak         = 0x83
)

const (
	resOK = iota
	resDuplicate
	resFault
	resFull
	resBad
	resUnknown
)

var resultNames = [...]string{"ok", "duplicate", "refused: fault latched", "refused: queue full", "refused: out of range", "unknown command"}

// ProtocolVersion is the protocol revision this driver speaks.
const ProtocolVersion = 1

// FirmwareVersion is the firmware built from this tree (firmware/src/core.h
// FW_VERSION), as its handshake names it. Older firmware of the same
// protocol works but lacks what came since: 1.1.0 keeps the colour of a
// held stone (PROTOCOL.md, OUTPUTS).
const FirmwareVersion = "tengen-fw 1.1.0"

// OlderFirmware reports whether the firmware version v (as the handshake
// names it) is older than FirmwareVersion; a name it cannot read is not.
func OlderFirmware(v string) bool {
	have, ok1 := firmwareRelease(v)
	want, ok2 := firmwareRelease(FirmwareVersion)
	return ok1 && ok2 && slices.Compare(have, want) < 0
}

// firmwareRelease reads "tengen-fw 1.2.3" as [1 2 3].
func firmwareRelease(v string) ([]int, bool) {
	rel, ok := strings.CutPrefix(v, "tengen-fw ")
	if !ok {
		return nil, false
	}
	var out []int
	for _, f := range strings.Split(rel, ".") {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

const setpointMore = 0x01 // another setpoint follows without a pause

// ident is the firmware's handshake reply.
type ident struct {
	proto    int
	queueCap int
	frameMS  int
	minUS    uint16
	maxUS    uint16
	version  string
}

func decodeIdent(p []byte) (ident, error) {
	if len(p) < 8 || p[0] != msgIdentReply {
		return ident{}, fmt.Errorf("ident reply: want type 0x%02x and at least 8 bytes, got % x", msgIdentReply, p)
	}
	return ident{
		proto:    int(p[1]),
		queueCap: int(p[2]),
		frameMS:  int(p[3]),
		minUS:    binary.LittleEndian.Uint16(p[4:]),
		maxUS:    binary.LittleEndian.Uint16(p[6:]),
		version:  string(p[8:]),
	}, nil
}

// status is the firmware's status reply.
type status struct {
	result    int
	queued    int
	free      int
	pump      bool
	valve     bool
	load      rules.Color // the colour the running pump holds, as the host said
	servosOn  bool
	estopIn   bool
	faults    arm.Faults
	pulses    arm.Pulses
	vacuumRaw uint16
	lastID    uint16 // last setpoint accepted
	doneID    uint16 // last setpoint completed
	uptimeMS  uint32
	accepted  uint16 // setpoints accepted since power-up
}

const statusLen = 25

func decodeStatus(p []byte) (status, error) {
	if len(p) != statusLen || p[0] != msgStatusReply {
		return status{}, fmt.Errorf("status reply: want type 0x%02x and %d bytes, got % x", msgStatusReply, statusLen, p)
	}
	le := binary.LittleEndian
	s := status{
		result:    int(p[1]),
		queued:    int(p[2]),
		free:      int(p[3]),
		pump:      p[4]&1 != 0,
		valve:     p[4]&2 != 0,
		servosOn:  p[4]&4 != 0,
		estopIn:   p[4]&8 != 0,
		load:      loadColor(p[4] >> 4 & 3),
		faults:    arm.Faults(le.Uint16(p[5:])),
		vacuumRaw: le.Uint16(p[13:]),
		lastID:    le.Uint16(p[15:]),
		doneID:    le.Uint16(p[17:]),
		uptimeMS:  le.Uint32(p[19:]),
		accepted:  le.Uint16(p[23:]),
	}
	for i := range s.pulses {
		s.pulses[i] = le.Uint16(p[7+2*i:])
	}
	if s.result >= len(resultNames) {
		return status{}, fmt.Errorf("status reply: unknown result code %d", s.result)
	}
	return s, nil
}

// VacuumKPa converts the firmware's 10-bit ADC reading of an MPXV6115V-type
// sensor, ratiometric to the 5 V supply (Vout = Vs·(0.007652·P + 0.92), P in
// kPa, negative below ambient), to kPa below ambient.
func VacuumKPa(raw uint16) float64 {
	return (0.92 - float64(raw)/1024) / 0.007652
}

func encodeSetpoint(id uint16, sp arm.Setpoint, more bool) ([]byte, error) {
	ms := sp.Duration.Milliseconds()
	if sp.Duration < 0 || ms > 0xFFFF {
		return nil, fmt.Errorf("setpoint duration %v outside 0..65.535 s", sp.Duration)
	}
	p := make([]byte, 12)
	p[0] = msgSetpoint
	le := binary.LittleEndian
	le.PutUint16(p[1:], id)
	for i, us := range sp.Pulses {
		le.PutUint16(p[3+2*i:], us)
	}
	le.PutUint16(p[9:], uint16(ms))
	if more {
		p[11] = setpointMore
	}
	return p, nil
}

// The OUTPUTS command's bits 2–3 and the status's bits 4–5 carry the
// pump's load: 0 none, 1 black, 2 white (PROTOCOL.md).
func loadBits(c rules.Color) byte {
	switch c {
	case rules.Black:
		return 1
	case rules.White:
		return 2
	}
	return 0
}

func loadColor(b byte) rules.Color {
	switch b {
	case 1:
		return rules.Black
	case 2:
		return rules.White
	}
	return rules.Empty
}
