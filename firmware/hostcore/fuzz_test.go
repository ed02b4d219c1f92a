//go:build cgo

package hostcore

import (
	"testing"
)

func frame(seq byte, payload ...byte) []byte { return Encode(seq, payload) }

// FuzzCore feeds the firmware's core arbitrary bytes from the host,
// interleaved with servo frames and the e-stop: it must not crash, keep
// its invariants, and every reply must be one well-formed frame.
func FuzzCore(f *testing.F) {
	f.Add(frame(0, 0x01), byte(3))
	f.Add(append(frame(0, 0x01), frame(1, 0x02, 0, 1, 0x05, 0xDC, 0x05, 0xDC, 0x05, 0xDC, 0, 100, 0)...), byte(10))
	f.Add(append(frame(0, 0x04), frame(0, 0x04)...), byte(1))
	f.Add([]byte{0x7E, 0x7E, 0x05, 0x00, 0x7E, 0xFF, 0x00}, byte(0))
	f.Add(append(frame(0, 0x03, 1, 0), frame(1, 0x05)...), byte(2))
	f.Add(frame(0, 0x02, 0, 1, 0xFF, 0xFF, 0, 0, 0, 0, 0, 1, 0), byte(200))
	f.Fuzz(func(t *testing.T, in []byte, ticks byte) {
		c := New()
		defer c.Close()
		for i := 0; i < len(in); i += 7 {
			c.Rx(in[i:min(i+7, len(in))])
			if ticks&1 == 1 && i%21 == 0 {
				c.EStop(in[i]&0x80 != 0)
			}
			c.Frame()
			if err := c.Check(); err != nil {
				t.Fatalf("after %d bytes: %v", i, err)
			}
		}
		for range int(ticks) {
			c.Frame()
			if err := c.Check(); err != nil {
				t.Fatalf("%v", err)
			}
		}
		for _, r := range c.Replies() {
			if !ValidFrame(r) {
				t.Fatalf("the core sent a malformed frame % x", r)
			}
		}
	})
}

func TestCoreAnswersIdentify(t *testing.T) {
	c := New()
	defer c.Close()
	c.Rx(frame(0, 0x01))
	rs := c.Replies()
	if len(rs) != 1 || !ValidFrame(rs[0]) || rs[0][2] != 0x81 {
		t.Fatalf("replies % x", rs)
	}
}
