//go:build cgo

package hostcore

/*
#cgo CFLAGS: -std=gnu99 -O1 -I${SRCDIR}/../src
#include "../src/proto.c"
#include "../src/core.c"

static uint8_t out[4096];
static unsigned out_len;

static void collect(const uint8_t *f, uint8_t n) {
	if (out_len + 1 + n > sizeof out) return;
	out[out_len++] = n;
	for (uint8_t i = 0; i < n; i++) out[out_len++] = f[i];
}

static struct core the_core;

static void hc_init(void) { out_len = 0; core_init(&the_core, collect); }
static void hc_rx(uint8_t b) { core_rx(&the_core, b); }
static void hc_frame(void) { core_frame(&the_core); }
static void hc_estop(uint8_t p) { core_estop(&the_core, p); }
static unsigned hc_out(uint8_t *dst, unsigned cap) {
	unsigned n = out_len < cap ? out_len : cap;
	for (unsigned i = 0; i < n; i++) dst[i] = out[i];
	out_len = 0;
	return n;
}
static int hc_check(void) {
	struct core *c = &the_core;
	if (c->q_len > CORE_QUEUE_CAP) return 1;
	if (c->q_head >= CORE_QUEUE_CAP) return 2;
	for (int i = 0; c->servos_on && i < 3; i++)
		if (c->pulse[i] < CORE_MIN_US || c->pulse[i] > CORE_MAX_US) return 3;
	if (c->parser.len > PROTO_MAX_FRAME) return 4;
	if (c->faults && c->seg_active) return 5;
	if (c->pump && c->grip_frames >= CORE_GRIP_LIMIT_FRAMES) return 6;
	return 0;
}
static unsigned hc_encode(uint8_t *out, uint8_t seq, const uint8_t *payload, uint8_t n) {
	return proto_encode(out, seq, payload, n);
}
static int hc_valid_frame(const uint8_t *f, uint8_t n) {
	struct proto_parser p;
	proto_parser_init(&p);
	uint8_t seq, m; const uint8_t *pl;
	int frames = 0;
	for (uint8_t i = 0; i < n; i++) {
		enum proto_event e = proto_feed(&p, f[i], &seq, &pl, &m);
		if (e == PROTO_ERROR) return 0;
		if (e == PROTO_FRAME) frames++;
	}
	return frames == 1;
}
*/
import "C"

import (
	"fmt"
	"sync"
	"unsafe"
)

// The C core is one static instance: one Core at a time.
var mu sync.Mutex

// Core is the firmware core running on the host.
type Core struct{}

// New starts the core as after power-up. Close releases it.
func New() *Core {
	mu.Lock()
	C.hc_init()
	return &Core{}
}

// Close lets another Core start.
func (c *Core) Close() { mu.Unlock() }

// Rx feeds bytes received from the host.
func (c *Core) Rx(b []byte) {
	for _, x := range b {
		C.hc_rx(C.uint8_t(x))
	}
}

// Frame runs one 20 ms servo frame.
func (c *Core) Frame() { C.hc_frame() }

// EStop sets the e-stop input.
func (c *Core) EStop(pressed bool) {
	p := 0
	if pressed {
		p = 1
	}
	C.hc_estop(C.uint8_t(p))
}

// Replies returns the frames the core sent since the last call.
func (c *Core) Replies() [][]byte {
	buf := make([]byte, 4096)
	n := int(C.hc_out((*C.uint8_t)(unsafe.Pointer(&buf[0])), C.unsigned(len(buf))))
	var out [][]byte
	for i := 0; i < n; {
		m := int(buf[i])
		out = append(out, buf[i+1:i+1+m])
		i += 1 + m
	}
	return out
}

// Check tests the core's invariants: the queue within its capacity,
// pulses within the servo limits, the parser within its buffer, no motion
// with a fault latched, no pump past the grip limit.
func (c *Core) Check() error {
	switch C.hc_check() {
	case 0:
		return nil
	case 1, 2:
		return fmt.Errorf("firmware core: queue state out of range")
	case 3:
		return fmt.Errorf("firmware core: a pulse outside %d-%d µs", C.CORE_MIN_US, C.CORE_MAX_US)
	case 4:
		return fmt.Errorf("firmware core: the frame parser overran its buffer")
	case 6:
		return fmt.Errorf("firmware core: the pump on past the grip limit")
	}
	return fmt.Errorf("firmware core: moving with a fault latched")
}

// ValidFrame reports whether b is exactly one well-formed frame by the
// firmware's own parser.
func ValidFrame(b []byte) bool {
	if len(b) == 0 || len(b) > 255 {
		return false
	}
	return C.hc_valid_frame((*C.uint8_t)(unsafe.Pointer(&b[0])), C.uint8_t(len(b))) == 1
}

// Encode frames payload with seq as the firmware's encoder does; nil if
// the payload is too long for a frame.
func Encode(seq byte, payload []byte) []byte {
	out := make([]byte, C.PROTO_MAX_FRAME)
	var p *C.uint8_t
	if len(payload) > 0 {
		p = (*C.uint8_t)(unsafe.Pointer(&payload[0]))
	}
	if len(payload) > 255 {
		return nil
	}
	n := int(C.hc_encode((*C.uint8_t)(unsafe.Pointer(&out[0])), C.uint8_t(seq), p, C.uint8_t(len(payload))))
	if n == 0 {
		return nil
	}
	return out[:n]
}
