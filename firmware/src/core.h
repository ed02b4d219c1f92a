/* The generic firmware core: command handling, the setpoint queue and its
 * interpolation, and the safety rules. It does no I/O: the chip layer feeds
 * it received bytes, frame ticks, the e-stop input and the ADC reading, and
 * applies the outputs it computes. The host's unit tests drive it the same
 * way. See PROTOCOL.md for the messages. */
#ifndef TENGEN_CORE_H
#define TENGEN_CORE_H

#include <stdint.h>
#include "proto.h"

#define FW_VERSION "tengen-fw 1.1.0"
#define PROTO_VERSION 1

#define CORE_FRAME_MS 20      /* servo frame: 50 Hz */
#define CORE_QUEUE_CAP 16     /* setpoints the MCU can hold */
#define CORE_HOST_DEADLINE_MS 500
#define CORE_UNDERRUN_FRAMES 5 /* frames to wait for a promised setpoint */
/* A latched fault stops motion but keeps the grip, so a held stone stays
 * held until the host carries it to its bowl; after this long with a fault
 * latched and the pump on, the pump goes off (PROTOCOL.md, "Safety on the
 * MCU"). 5 minutes, in frames: 15000. The simulator's test builds a
 * firmware with a shorter limit (make FWDEFS=-DCORE_GRIP_LIMIT_MS=...). */
#ifndef CORE_GRIP_LIMIT_MS
#define CORE_GRIP_LIMIT_MS 300000UL
#endif
#define CORE_GRIP_LIMIT_FRAMES (CORE_GRIP_LIMIT_MS / CORE_FRAME_MS)
#define CORE_MIN_US 500
#define CORE_MAX_US 2500

/* Message types (PROTOCOL.md). */
enum {
	MSG_IDENTIFY = 0x01,
	MSG_SETPOINT = 0x02,
	MSG_OUTPUTS = 0x03,
	MSG_STATUS = 0x04,
	MSG_STOP = 0x05,
	MSG_CLEAR = 0x06,
	MSG_IDENT_REPLY = 0x81,
	MSG_STATUS_REPLY = 0x82,
	MSG_NAK = 0x83,
};

/* Result codes in a status reply. */
enum {
	RES_OK = 0,
	RES_DUPLICATE = 1, /* a retransmitted frame, already executed once */
	RES_FAULT = 2,     /* refused: a fault is latched */
	RES_FULL = 3,      /* refused: the queue is full */
	RES_BAD = 4,       /* refused: argument out of range */
	RES_UNKNOWN = 5,   /* unknown message type or wrong length */
};

/* Fault bits: the same values as arm.Faults in Go. */
enum {
	FAULT_ESTOP = 1 << 0,
	FAULT_HOST_SILENT = 1 << 1,
	FAULT_QUEUE_UNDER = 1 << 2,
	FAULT_QUEUE_OVER = 1 << 3,
	FAULT_BAD_SETPOINT = 1 << 4,
	FAULT_RESET = 1 << 5,
};

#define SP_FLAG_MORE 0x01 /* another setpoint follows without a pause */

struct setpoint {
	uint16_t id;
	uint16_t us[3];
	uint16_t ms;
	uint8_t flags;
};

typedef void (*core_send_fn)(const uint8_t *frame, uint8_t n);

struct core {
	/* outputs, applied by the chip layer */
	uint16_t pulse[3]; /* µs; valid when servos_on */
	uint8_t servos_on;
	uint8_t pump, valve;
	/* The held stone's colour as the host said with the pump on (OUTPUTS
	 * bits 2-3: 1 black, 2 white), kept while the pump runs: a host that
	 * restarts finds in STATUS which bowl the stone on the nozzle is for. */
	uint8_t load;

	/* inputs */
	uint8_t estop_in;
	uint16_t vacuum_raw; /* 10-bit ADC reading of the sensor */

	uint16_t faults;
	uint32_t now_ms;

	struct setpoint q[CORE_QUEUE_CAP];
	uint8_t q_head, q_len;
	uint16_t seg_start[3];
	uint16_t seg_elapsed;
	uint8_t seg_active;
	uint8_t want_more; /* frames since a segment that promised a successor ended, +1 */
	uint16_t last_id, done_id;
	uint16_t accepted; /* setpoints accepted since power-up */
	uint16_t grip_frames; /* frames with a fault latched and the pump on */

	/* link state */
	struct proto_parser parser;
	uint8_t synced, expected_seq, nak_sent;
	uint32_t last_rx_ms;
	core_send_fn send;
};

void core_init(struct core *c, core_send_fn send);
void core_rx(struct core *c, uint8_t b);
void core_frame(struct core *c);
void core_estop(struct core *c, uint8_t pressed);

#endif
