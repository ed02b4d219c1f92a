package serial

import (
	"bytes"
	"testing"
	"time"

	"tengen/arm"
)

func TestCRC16(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want uint16
	}{
		{"123456789", 0x6F91}, // the CRC-16/MCRF4XX check value
		{"", 0xFFFF},
		{"\x00", 0x0F87},
	} {
		if got := crc16([]byte(tc.in)); got != tc.want {
			t.Errorf("crc16(%q) = %#04x, want %#04x", tc.in, got, tc.want)
		}
	}
}

func mustFrame(t testing.TB, seq byte, payload []byte) []byte {
	t.Helper()
	f, err := encodeFrame(seq, payload)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestParser(t *testing.T) {
	a := mustFrame(t, 1, []byte{msgStatus})
	b := mustFrame(t, 2, []byte{msgStop, 9, 8})
	corrupt := bytes.Clone(a)
	corrupt[2] ^= 0x40
	badSync := bytes.Clone(b)
	badSync[len(badSync)-1] = 0
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	for _, tc := range []struct {
		name   string
		stream []byte
		seqs   []byte
		bad    int
	}{
		{"two frames", cat(a, b), []byte{1, 2}, 0},
		{"idle sync bytes", cat([]byte{syncByte, syncByte}, a, []byte{syncByte}, b), []byte{1, 2}, 0},
		{"leading garbage", cat([]byte{0, 1, 2, 0xFF, syncByte}, b), []byte{2}, 1},
		{"bad crc", cat(corrupt, b), []byte{2}, 1},
		{"bad sync byte", cat(badSync, a, b), []byte{2}, 1}, // a is swallowed while resynchronising
		{"truncated frame then resync", cat(a[:3], []byte{syncByte}, b), nil, 1},
		{"empty", nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Byte by byte and all at once must agree.
			for _, chunk := range []int{1, len(tc.stream) + 1} {
				var ps parser
				var seqs []byte
				bad := 0
				for i := 0; i < len(tc.stream); i += chunk {
					fs, n := ps.feed(tc.stream[i:min(i+chunk, len(tc.stream))])
					bad += n
					for _, f := range fs {
						seqs = append(seqs, f.seq)
					}
				}
				if !bytes.Equal(seqs, tc.seqs) || bad != tc.bad {
					t.Errorf("chunk %d: frames %v bad %d, want %v bad %d", chunk, seqs, bad, tc.seqs, tc.bad)
				}
			}
		})
	}
}

func TestEncodeFrameLimit(t *testing.T) {
	if _, err := encodeFrame(0, make([]byte, maxPayload)); err != nil {
		t.Errorf("max payload: %v", err)
	}
	if _, err := encodeFrame(0, make([]byte, maxPayload+1)); err == nil {
		t.Error("oversized payload accepted")
	}
}

func TestEncodeSetpoint(t *testing.T) {
	p, err := encodeSetpoint(0x1234, arm.Setpoint{Pulses: arm.Pulses{1500, 1000, 2000}, Duration: 250 * time.Millisecond}, true)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{msgSetpoint, 0x34, 0x12, 0xDC, 0x05, 0xE8, 0x03, 0xD0, 0x07, 0xFA, 0x00, setpointMore}
	if !bytes.Equal(p, want) {
		t.Errorf("got % x, want % x", p, want)
	}
	for _, d := range []time.Duration{-time.Millisecond, 66 * time.Second} {
		if _, err := encodeSetpoint(1, arm.Setpoint{Duration: d}, false); err == nil {
			t.Errorf("duration %v accepted", d)
		}
	}
}

func TestVacuumKPa(t *testing.T) {
	for _, tc := range []struct {
		raw  uint16
		want float64
	}{
		{942, 0},    // 4.6 V: ambient
		{542, 51.1}, // 2.646 V
		{41, 114.9}, // 0.2 V: the sensor's full scale
	} {
		if got := VacuumKPa(tc.raw); got < tc.want-0.2 || got > tc.want+0.2 {
			t.Errorf("VacuumKPa(%d) = %.2f, want %.1f", tc.raw, got, tc.want)
		}
	}
}

// FuzzParser: any byte stream parses without panicking; every frame it
// yields re-encodes to a valid frame; and a valid frame sent after the
// garbage and a sync byte is always recovered.
func FuzzParser(f *testing.F) {
	f.Add([]byte{})
	f.Add(mustFrame(f, 7, []byte{msgStatus}))
	f.Add([]byte{5, 0, 0xFF, 0xFF, syncByte, 64, 1, 2})
	f.Add(bytes.Repeat([]byte{syncByte}, 10))
	f.Add([]byte{maxFrame, 0, 0, 0})
	want := mustFrame(f, 42, []byte{msgStatusReply, 1, 2, 3})
	f.Fuzz(func(t *testing.T, garbage []byte) {
		var ps parser
		frames, _ := ps.feed(garbage)
		for _, fr := range frames {
			if _, err := encodeFrame(fr.seq, fr.payload); err != nil {
				t.Fatalf("parsed an unencodable frame: %v", err)
			}
		}
		// A lone sync byte ends any frame in progress only if the parser is
		// skipping; a complete frame's worth of sync bytes flushes the rest.
		tail, _ := ps.feed(append(bytes.Repeat([]byte{syncByte}, maxFrame), want...))
		if len(tail) == 0 || tail[len(tail)-1].seq != 42 || !bytes.Equal(tail[len(tail)-1].payload, []byte{msgStatusReply, 1, 2, 3}) {
			t.Fatalf("frame after garbage % x not recovered: %v", garbage, tail)
		}
	})
}

// FuzzDecode: replies from the device decode or fail with an error, never
// a panic.
func FuzzDecode(f *testing.F) {
	f.Add([]byte{msgIdentReply, 1, 16, 20, 0xF4, 1, 0xC4, 9, 'v'})
	f.Add(append([]byte{msgStatusReply}, make([]byte, statusLen-1)...))
	f.Add([]byte{msgStatusReply, 9})
	f.Fuzz(func(t *testing.T, p []byte) {
		if id, err := decodeIdent(p); err == nil && len(id.version) != len(p)-8 {
			t.Fatalf("ident version %q from % x", id.version, p)
		}
		if st, err := decodeStatus(p); err == nil && st.result >= len(resultNames) {
			t.Fatalf("status result %d accepted", st.result)
		}
	})
}

func TestOlderFirmware(t *testing.T) {
	for v, want := range map[string]bool{
		"tengen-fw 1.0.0":  true,
		"tengen-fw 0.9":    true,
		FirmwareVersion:    false,
		"tengen-fw 1.1.1":  false,
		"tengen-fw 1.10.0": false,
		"tengen-fw 2.0":    false,
		"other 0.1":        false,
		"tengen-fw 1.x":    false,
	} {
		if got := OlderFirmware(v); got != want {
			t.Errorf("OlderFirmware(%q) = %v, want %v", v, got, want)
		}
	}
}
