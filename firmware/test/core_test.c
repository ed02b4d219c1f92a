/* Host unit tests of the generic firmware code: framing, the command
 * handling, the queue and its interpolation, and the safety rules. Run by
 * `make -C firmware test` and by the Go test in firmware/fwtest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/core.h"

static int failures;
#define CHECK(cond)                                                            \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, \
				__LINE__, #cond);                              \
			failures++;                                            \
		}                                                              \
	} while (0)

/* The last reply the core sent, decoded. */
static uint8_t reply[PROTO_MAX_PAYLOAD];
static uint8_t reply_len, reply_seq;
static int replies;

static void capture(const uint8_t *frame, uint8_t n)
{
	struct proto_parser p;
	proto_parser_init(&p);
	for (uint8_t i = 0; i < n; i++) {
		uint8_t seq, len;
		const uint8_t *payload;
		enum proto_event ev = proto_feed(&p, frame[i], &seq, &payload, &len);
		if (ev == PROTO_FRAME) {
			memcpy(reply, payload, len);
			reply_len = len;
			reply_seq = seq;
			replies++;
		}
		if (ev == PROTO_ERROR)
			failures++, fprintf(stderr, "core sent a bad frame\n");
	}
}

static void send_frame(struct core *c, uint8_t seq, const uint8_t *payload, uint8_t n)
{
	uint8_t f[PROTO_MAX_FRAME];
	uint8_t len = proto_encode(f, seq, payload, n);
	for (uint8_t i = 0; i < len; i++)
		core_rx(c, f[i]);
}

static uint16_t rd16(const uint8_t *p) { return p[0] | p[1] << 8; }
#define ST_RESULT reply[1]
#define ST_QUEUED reply[2]
#define ST_FREE reply[3]
#define ST_FAULTS rd16(reply + 5)
#define ST_PULSE(i) rd16(reply + 7 + 2 * (i))

static void setpoint(struct core *c, uint8_t seq, uint16_t id, uint16_t a, uint16_t b,
		     uint16_t d, uint16_t ms, uint8_t flags)
{
	uint8_t m[12] = {MSG_SETPOINT, id & 0xFF, id >> 8, a & 0xFF, a >> 8, b & 0xFF, b >> 8,
			 d & 0xFF, d >> 8, ms & 0xFF, ms >> 8, flags};
	send_frame(c, seq, m, sizeof m);
}

static void simple(struct core *c, uint8_t seq, uint8_t type)
{
	send_frame(c, seq, &type, 1);
}

static void clear(struct core *c, uint8_t seq, uint16_t mask)
{
	uint8_t m[3] = {MSG_CLEAR, mask & 0xFF, mask >> 8};
	send_frame(c, seq, m, 3);
}

/* A synced core with FaultReset cleared; the next sequence number is 11. */
static void start(struct core *c)
{
	core_init(c, capture);
	simple(c, 9, MSG_IDENTIFY);
	clear(c, 10, 0xFFFF);
}

static void test_crc_and_framing(void)
{
	CHECK(proto_crc16((const uint8_t *)"123456789", 9) == 0x6F91); /* MCRF4XX check value */
	uint8_t f[PROTO_MAX_FRAME], payload[PROTO_MAX_PAYLOAD + 1] = {1, 2, 3};
	CHECK(proto_encode(f, 0, payload, PROTO_MAX_PAYLOAD + 1) == 0);
	uint8_t len = proto_encode(f, 42, payload, 3);
	CHECK(len == 8 && f[0] == 8 && f[1] == 42 && f[7] == PROTO_SYNC);

	/* Garbage, a corrupted copy, then the frame: exactly one frame out. */
	uint8_t stream[64], n = 0;
	const uint8_t garbage[] = {0x00, 0xFF, 0x7E, 0x03, 0x41};
	memcpy(stream, garbage, sizeof garbage);
	n += sizeof garbage;
	memcpy(stream + n, f, len);
	stream[n + 3] ^= 0x10;
	n += len;
	memcpy(stream + n, f, len);
	n += len;
	struct proto_parser p;
	proto_parser_init(&p);
	int frames = 0, errors = 0;
	for (uint8_t i = 0; i < n; i++) {
		uint8_t seq, plen;
		const uint8_t *pl;
		enum proto_event ev = proto_feed(&p, stream[i], &seq, &pl, &plen);
		if (ev == PROTO_FRAME) {
			frames++;
			CHECK(seq == 42 && plen == 3 && pl[2] == 3);
		}
		errors += ev == PROTO_ERROR;
	}
	CHECK(frames == 1);
	CHECK(errors >= 2);
}

static void test_handshake(void)
{
	struct core c;
	core_init(&c, capture);
	simple(&c, 5, MSG_STATUS);
	CHECK(reply[0] == MSG_NAK && reply[1] == 1); /* unsynced */
	simple(&c, 200, MSG_IDENTIFY);
	CHECK(reply[0] == MSG_IDENT_REPLY && reply[1] == PROTO_VERSION);
	CHECK(reply[2] == CORE_QUEUE_CAP && reply_seq == 201);
	CHECK(reply_len == 8 + strlen(FW_VERSION) && !memcmp(reply + 8, FW_VERSION, strlen(FW_VERSION)));
	simple(&c, 201, MSG_STATUS);
	CHECK(reply[0] == MSG_STATUS_REPLY && ST_RESULT == RES_OK && reply_seq == 202);
	CHECK(ST_FAULTS == FAULT_RESET);
	CHECK(c.pump == 0 && c.valve == 0 && c.servos_on == 0); /* safe at power-up */
	setpoint(&c, 202, 1, 1500, 1500, 1500, 0, 0);
	CHECK(ST_RESULT == RES_FAULT && ST_QUEUED == 0); /* FaultReset blocks motion */
}

static void test_interpolation(void)
{
	struct core c;
	start(&c);
	CHECK(ST_RESULT == RES_OK && ST_FAULTS == 0);
	setpoint(&c, 11, 1, 1500, 1000, 2000, 0, 0);
	CHECK(ST_RESULT == RES_OK && ST_QUEUED == 1 && ST_FREE == CORE_QUEUE_CAP - 1);
	core_frame(&c);
	CHECK(c.servos_on && c.pulse[0] == 1500 && c.pulse[1] == 1000 && c.pulse[2] == 2000);
	CHECK(c.done_id == 1 && c.q_len == 0);
	setpoint(&c, 12, 2, 2000, 1000, 1000, 100, 0);
	setpoint(&c, 13, 3, 2000, 2000, 1000, 50, 0);
	core_frame(&c); /* 20 of 100 ms */
	CHECK(c.pulse[0] == 1600 && c.pulse[1] == 1000 && c.pulse[2] == 1800);
	for (int i = 0; i < 4; i++)
		core_frame(&c); /* 100 ms: segment 2 done exactly */
	CHECK(c.pulse[0] == 2000 && c.pulse[2] == 1000 && c.done_id == 2);
	core_frame(&c);
	CHECK(c.pulse[1] == 1000 + 1000 * 20 / 50);
	core_frame(&c);
	core_frame(&c); /* 60 ms > 50: done, carried over */
	CHECK(c.pulse[1] == 2000 && c.done_id == 3 && c.q_len == 0);
	simple(&c, 14, MSG_STATUS);
	CHECK(ST_PULSE(0) == 2000 && ST_PULSE(1) == 2000 && ST_PULSE(2) == 1000);
	CHECK(rd16(reply + 15) == 3 && rd16(reply + 17) == 3);
}

static void test_retransmit_once(void)
{
	struct core c;
	start(&c);
	setpoint(&c, 11, 7, 1500, 1500, 1500, 1000, 0);
	CHECK(ST_RESULT == RES_OK && ST_QUEUED == 1);
	setpoint(&c, 11, 7, 1500, 1500, 1500, 1000, 0); /* the host missed our ack */
	CHECK(ST_RESULT == RES_DUPLICATE && ST_QUEUED == 1 && reply_seq == 12);
	/* A frame ahead of the expected one (12 lost) gets one NAK. */
	int before = replies;
	setpoint(&c, 13, 9, 1500, 1500, 1500, 1000, 0);
	CHECK(reply[0] == MSG_NAK && reply_seq == 12);
	simple(&c, 14, MSG_STATUS);
	CHECK(replies == before + 1); /* no NAK storm */
	setpoint(&c, 12, 8, 1500, 1500, 1500, 1000, 0);
	CHECK(ST_RESULT == RES_OK && ST_QUEUED == 2);
	/* A corrupted frame: NAK, nothing executed. */
	uint8_t f[PROTO_MAX_FRAME], m[1] = {MSG_STOP};
	uint8_t len = proto_encode(f, 13, m, 1);
	f[2] ^= 0xFF;
	for (uint8_t i = 0; i < len; i++)
		core_rx(&c, f[i]);
	CHECK(reply[0] == MSG_NAK && c.q_len == 2);
}

static void test_queue_limits(void)
{
	struct core c;
	start(&c);
	uint8_t seq = 11;
	for (int i = 0; i < CORE_QUEUE_CAP; i++)
		setpoint(&c, seq++, i, 1500, 1500, 1500, 1000, 0);
	CHECK(ST_RESULT == RES_OK && ST_FREE == 0);
	setpoint(&c, seq++, 99, 1500, 1500, 1500, 1000, 0);
	CHECK(ST_RESULT == RES_FULL && (ST_FAULTS & FAULT_QUEUE_OVER) && ST_QUEUED == 0);
	clear(&c, seq++, 0xFFFF);
	setpoint(&c, seq++, 100, 2600, 1500, 1500, 10, 0);
	CHECK(ST_RESULT == RES_BAD && (ST_FAULTS & FAULT_BAD_SETPOINT));
	clear(&c, seq++, 0xFFFF);
	setpoint(&c, seq++, 101, 1500, 1500, 1500, 20, SP_FLAG_MORE);
	core_frame(&c);
	setpoint(&c, seq++, 102, 1600, 1500, 1500, 20, SP_FLAG_MORE); /* within a frame: fine */
	core_frame(&c);
	simple(&c, seq++, MSG_STATUS);
	CHECK(ST_FAULTS == 0 && c.pulse[0] == 1600);
	for (int i = 0; i < CORE_UNDERRUN_FRAMES; i++)
		core_frame(&c); /* nothing after "more follows": hold still */
	simple(&c, seq++, MSG_STATUS);
	CHECK(ST_FAULTS == 0 && c.pulse[0] == 1600);
	core_frame(&c); /* past the grace: the host fell behind */
	simple(&c, seq++, MSG_STATUS);
	CHECK(ST_FAULTS & FAULT_QUEUE_UNDER);
	uint8_t pump[2] = {MSG_OUTPUTS, 1};
	send_frame(&c, seq++, pump, 2);
	CHECK(ST_RESULT == RES_FAULT && c.pump == 0);
	clear(&c, seq++, 0xFFFF);
	send_frame(&c, seq++, pump, 2);
	CHECK(ST_RESULT == RES_OK && c.pump == 1 && (reply[4] & 1));
	setpoint(&c, seq++, 103, 1500, 1500, 1500, 1000, 0);
	simple(&c, seq++, MSG_STOP);
	CHECK(c.q_len == 0 && c.pump == 1); /* STOP stops motion, keeps the grip */
	uint8_t off[2] = {MSG_OUTPUTS, 0};
	send_frame(&c, seq++, off, 2);
	CHECK(c.pump == 0);
	uint8_t black[2] = {MSG_OUTPUTS, 1 | 1 << 2};
	send_frame(&c, seq++, black, 2);
	CHECK(c.pump == 1 && ((reply[4] >> 4) & 3) == 1);
	uint8_t vent_only[2] = {MSG_OUTPUTS, 2 | 1 << 2}; /* pump off: no load kept */
	send_frame(&c, seq++, vent_only, 2);
	CHECK(c.pump == 0 && c.load == 0 && ((reply[4] >> 4) & 3) == 0);
	uint8_t bad[3] = {MSG_STATUS, 1, 2};
	send_frame(&c, seq++, bad, 3);
	CHECK(ST_RESULT == RES_UNKNOWN);
}

static void test_host_silent(void)
{
	struct core c;
	start(&c);
	setpoint(&c, 11, 1, 1000, 1000, 1000, 0, 0);
	setpoint(&c, 12, 2, 2000, 2000, 2000, 2000, 0);
	uint8_t pump[2] = {MSG_OUTPUTS, 1 | 2 << 2}; /* a white stone */
	send_frame(&c, 13, pump, 2);
	CHECK(((reply[4] >> 4) & 3) == 2);
	for (int t = 0; t < CORE_HOST_DEADLINE_MS; t += CORE_FRAME_MS)
		core_frame(&c);
	CHECK(c.faults == 0 && c.pump == 1); /* 500 ms: still within the deadline */
	core_frame(&c);
	/* Stopped, the grip kept: a held stone stays on the nozzle. */
	CHECK(c.faults == FAULT_HOST_SILENT && c.pump == 1 && c.valve == 0 && c.q_len == 0);
	uint16_t frozen = c.pulse[0];
	CHECK(frozen > 1000 && frozen < 2000); /* stopped where it was */
	core_frame(&c);
	CHECK(c.pulse[0] == frozen);
	simple(&c, 14, MSG_STATUS);
	/* The grip and its colour kept: a restarted host learns the bowl. */
	CHECK(ST_FAULTS == FAULT_HOST_SILENT && (reply[4] & 1) && ((reply[4] >> 4) & 3) == 2);
	/* The host, back, may keep the pump on and work the valve with the
	 * fault latched (a new grip is what it may not start). */
	uint8_t keep[2] = {MSG_OUTPUTS, 1 | 2 << 2};
	send_frame(&c, 15, keep, 2);
	CHECK(ST_RESULT == RES_OK && c.pump == 1 && c.valve == 0 && c.load == 2);
	/* The host stays away: past the grip limit the pump goes off. The
	 * limit counts from the fault, not from the host's last frame. */
	for (unsigned long f = 3; f < CORE_GRIP_LIMIT_FRAMES; f++) /* the fault's frame and one more so far */
		core_frame(&c);
	CHECK(c.pump == 1);
	core_frame(&c);
	CHECK(c.pump == 0 && c.valve == 0 && c.load == 0 && c.faults == FAULT_HOST_SILENT);
	simple(&c, 16, MSG_STATUS);
	CHECK((reply[4] & 0x31) == 0); /* no pump, no load */
}

/* An idle gripper stays idle through a fault, and the grip limit restarts
 * with each fault. */
static void test_host_silent_idle(void)
{
	struct core c;
	start(&c);
	uint8_t vent[2] = {MSG_OUTPUTS, 2};
	send_frame(&c, 11, vent, 2);
	for (int t = 0; t <= CORE_HOST_DEADLINE_MS; t += CORE_FRAME_MS)
		core_frame(&c);
	CHECK(c.faults == FAULT_HOST_SILENT && c.pump == 0 && c.valve == 1);
	clear(&c, 12, 0xFFFF);
	uint8_t pump[2] = {MSG_OUTPUTS, 1};
	send_frame(&c, 13, pump, 2);
	CHECK(c.pump == 1 && c.valve == 0);
	for (unsigned long f = 0; f < CORE_GRIP_LIMIT_FRAMES / 2; f++)
		core_frame(&c); /* host silent again, half the limit */
	CHECK(c.faults == FAULT_HOST_SILENT && c.pump == 1);
	clear(&c, 14, 0xFFFF); /* back: the count starts again */
	CHECK(ST_FAULTS == 0);
	for (unsigned long f = 0; f < CORE_GRIP_LIMIT_FRAMES * 3 / 4; f++)
		core_frame(&c);
	CHECK(c.faults == FAULT_HOST_SILENT && c.pump == 1);
}

static void test_estop(void)
{
	struct core c;
	start(&c);
	setpoint(&c, 11, 1, 1000, 1000, 1000, 0, 0);
	setpoint(&c, 12, 2, 2000, 2000, 2000, 1000, 0);
	uint8_t pump[2] = {MSG_OUTPUTS, 1};
	send_frame(&c, 13, pump, 2);
	core_frame(&c);
	core_frame(&c);
	core_estop(&c, 1);
	CHECK((c.faults & FAULT_ESTOP) && c.q_len == 0 && c.pump == 1 && c.valve == 0);
	uint16_t frozen = c.pulse[0];
	core_frame(&c);
	CHECK(c.pulse[0] == frozen);
	clear(&c, 14, 0xFFFF);
	CHECK(ST_FAULTS == FAULT_ESTOP); /* still pressed: stays latched */
	core_estop(&c, 0);
	simple(&c, 15, MSG_STATUS);
	CHECK(ST_FAULTS == FAULT_ESTOP); /* released: latched until cleared */
	clear(&c, 16, FAULT_ESTOP);
	CHECK(ST_FAULTS == 0 && c.pump == 1); /* the stone still held */
	/* Power-up (a watchdog reset runs the same code) starts with all off. */
	core_init(&c, capture);
	CHECK(c.pump == 0 && c.valve == 0 && c.servos_on == 0 && c.faults == FAULT_RESET);
}

/* Random bytes on the line never crash the core (the sanitizers watch),
 * and a handshake after a run of sync bytes always gets through. */
static void test_garbage(void)
{
	struct core c;
	core_init(&c, capture);
	uint32_t x = 12345;
	for (int round = 0; round < 200; round++) {
		for (int i = 0; i < 500; i++) {
			x = x * 1103515245u + 12345u;
			core_rx(&c, x >> 16);
			if (i % 97 == 0)
				core_frame(&c);
		}
		for (int i = 0; i < PROTO_MAX_FRAME; i++)
			core_rx(&c, PROTO_SYNC);
		simple(&c, (uint8_t)round, MSG_IDENTIFY);
		CHECK(reply[0] == MSG_IDENT_REPLY && reply_seq == (uint8_t)(round + 1));
	}
}

int main(void)
{
	test_garbage();
	test_crc_and_framing();
	test_handshake();
	test_interpolation();
	test_retransmit_once();
	test_queue_limits();
	test_host_silent();
	test_host_silent_idle();
	test_estop();
	if (failures) {
		fprintf(stderr, "FAIL: %d checks failed\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}
