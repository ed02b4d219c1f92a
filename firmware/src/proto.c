#include "proto.h"

/* CRC-16/MCRF4XX (reflected CCITT polynomial 0x8408, init 0xFFFF, no final
 * xor), the CRC Klipper uses: cheap on an 8-bit MCU without a table. */
uint16_t proto_crc16(const uint8_t *p, uint8_t n)
{
	uint16_t crc = 0xFFFF;
	while (n--) {
		uint8_t d = *p++ ^ (uint8_t)crc;
		d ^= (uint8_t)(d << 4);
		crc = ((uint16_t)d << 8 | (crc >> 8)) ^ (uint8_t)(d >> 4) ^ ((uint16_t)d << 3);
	}
	return crc;
}

uint8_t proto_encode(uint8_t *out, uint8_t seq, const uint8_t *payload, uint8_t n)
{
	if (n > PROTO_MAX_PAYLOAD)
		return 0;
	uint8_t len = n + PROTO_MIN_FRAME;
	out[0] = len;
	out[1] = seq;
	for (uint8_t i = 0; i < n; i++)
		out[2 + i] = payload[i];
	uint16_t crc = proto_crc16(out, n + 2);
	out[n + 2] = crc >> 8;
	out[n + 3] = crc & 0xFF;
	out[n + 4] = PROTO_SYNC;
	return len;
}

void proto_parser_init(struct proto_parser *p)
{
	p->len = 0;
	p->skipping = 0;
}

enum proto_event proto_feed(struct proto_parser *p, uint8_t b, uint8_t *seq,
			    const uint8_t **payload, uint8_t *n)
{
	if (p->skipping) {
		/* A sync byte ends the broken frame; the next byte starts afresh. */
		if (b == PROTO_SYNC)
			p->skipping = 0;
		return PROTO_NONE;
	}
	if (p->len == 0) {
		if (b == PROTO_SYNC)
			return PROTO_NONE; /* idle sync bytes between frames are allowed */
		if (b < PROTO_MIN_FRAME || b > PROTO_MAX_FRAME) {
			p->skipping = 1;
			return PROTO_ERROR;
		}
	}
	p->buf[p->len++] = b;
	uint8_t want = p->buf[0];
	if (p->len < want)
		return PROTO_NONE;
	p->len = 0;
	uint16_t crc = proto_crc16(p->buf, want - 3);
	if (p->buf[want - 1] != PROTO_SYNC) {
		p->skipping = 1;
		return PROTO_ERROR;
	}
	if (p->buf[want - 3] != (crc >> 8) || p->buf[want - 2] != (crc & 0xFF))
		return PROTO_ERROR; /* the frame ended at its sync: next byte starts a frame */
	*seq = p->buf[1];
	*payload = p->buf + 2;
	*n = want - PROTO_MIN_FRAME;
	return PROTO_FRAME;
}
