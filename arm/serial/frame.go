package serial

import (
	"fmt"
)

// Frame layout (firmware/PROTOCOL.md): len | seq | payload | crc16 | sync.
const (
	syncByte   = 0x7E
	minFrame   = 5
	maxFrame   = 64
	maxPayload = maxFrame - minFrame
)

// crc16 is CRC-16/MCRF4XX (reflected CCITT polynomial, init 0xFFFF), the
// checksum Klipper uses and our firmware computes.
func crc16(p []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, b := range p {
		d := b ^ byte(crc)
		d ^= d << 4
		crc = (uint16(d)<<8 | crc>>8) ^ uint16(d>>4) ^ uint16(d)<<3
	}
	return crc
}

// encodeFrame returns the frame carrying payload with sequence number seq.
func encodeFrame(seq byte, payload []byte) ([]byte, error) {
	if len(payload) > maxPayload {
		return nil, fmt.Errorf("payload of %d bytes exceeds the %d-byte limit", len(payload), maxPayload)
	}
	f := make([]byte, 0, len(payload)+minFrame)
	f = append(f, byte(len(payload)+minFrame), seq)
	f = append(f, payload...)
	crc := crc16(f)
	return append(f, byte(crc>>8), byte(crc), syncByte), nil
}

// frame is a received frame: the acknowledgement (the next sequence
// number the MCU expects) and the payload.
type frame struct {
	seq     byte
	payload []byte
}

// parser splits a byte stream into frames. After a bad length, CRC or sync
// byte it drops bytes up to the next sync byte, as the firmware does, so
// garbage on the line costs at most the frames it overlaps.
type parser struct {
	buf      []byte
	skipping bool
}

// feed consumes p and returns the frames it completed and how many bad
// frames it dropped.
func (ps *parser) feed(p []byte) (frames []frame, bad int) {
	for _, b := range p {
		if ps.skipping {
			ps.skipping = b != syncByte
			continue
		}
		if len(ps.buf) == 0 {
			if b == syncByte {
				continue
			}
			if b < minFrame || b > maxFrame {
				ps.skipping = true
				bad++
				continue
			}
		}
		ps.buf = append(ps.buf, b)
		n := int(ps.buf[0])
		if len(ps.buf) < n {
			continue
		}
		f := ps.buf
		ps.buf = nil
		if f[n-1] != syncByte {
			ps.skipping = true
			bad++
			continue
		}
		crc := crc16(f[:n-3])
		if f[n-3] != byte(crc>>8) || f[n-2] != byte(crc) {
			bad++
			continue
		}
		frames = append(frames, frame{seq: f[1], payload: append([]byte(nil), f[2:n-3]...)})
	}
	return frames, bad
}
