/* Framing of the host <-> MCU protocol (see PROTOCOL.md): generic code,
 * compiled for the AVR and for the host's unit tests. */
#ifndef TENGEN_PROTO_H
#define TENGEN_PROTO_H

#include <stdint.h>

#define PROTO_SYNC 0x7E
#define PROTO_MIN_FRAME 5  /* len, seq, crc hi, crc lo, sync */
#define PROTO_MAX_FRAME 64
#define PROTO_MAX_PAYLOAD (PROTO_MAX_FRAME - PROTO_MIN_FRAME)

uint16_t proto_crc16(const uint8_t *p, uint8_t n);

/* proto_encode writes a frame for seq and payload into out (at least
 * PROTO_MAX_FRAME bytes) and returns its length, or 0 if n is too long. */
uint8_t proto_encode(uint8_t *out, uint8_t seq, const uint8_t *payload, uint8_t n);

/* A parser fed one byte at a time. */
struct proto_parser {
	uint8_t buf[PROTO_MAX_FRAME];
	uint8_t len;      /* bytes held */
	uint8_t skipping; /* after an error: drop bytes up to the next sync */
};

enum proto_event {
	PROTO_NONE = 0, /* need more bytes */
	PROTO_FRAME,    /* a valid frame: seq and payload set */
	PROTO_ERROR     /* a bad frame was dropped; resynchronising */
};

void proto_parser_init(struct proto_parser *p);
/* proto_feed consumes byte b. On PROTO_FRAME, *seq, *payload and *n
 * describe the frame; payload points into the parser and stays valid
 * until the next call. */
enum proto_event proto_feed(struct proto_parser *p, uint8_t b, uint8_t *seq,
			    const uint8_t **payload, uint8_t *n);

#endif
