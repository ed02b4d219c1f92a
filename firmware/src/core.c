#include "core.h"

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = v & 0xFF;
	p[1] = v >> 8;
}

static uint16_t get16(const uint8_t *p)
{
	return p[0] | (uint16_t)p[1] << 8;
}

static void send_payload(struct core *c, const uint8_t *payload, uint8_t n)
{
	uint8_t frame[PROTO_MAX_FRAME];
	/* Every frame the MCU sends carries the next sequence number it
	 * expects: a cumulative acknowledgement, as in Klipper. */
	uint8_t len = proto_encode(frame, c->expected_seq, payload, n);
	c->send(frame, len);
}

static void send_status(struct core *c, uint8_t result)
{
	uint8_t m[25];
	m[0] = MSG_STATUS_REPLY;
	m[1] = result;
	m[2] = c->q_len;
	m[3] = CORE_QUEUE_CAP - c->q_len;
	m[4] = (c->pump ? 1 | c->load << 4 : 0) | (c->valve ? 2 : 0) |
	       (c->servos_on ? 4 : 0) | (c->estop_in ? 8 : 0);
	put16(m + 5, c->faults);
	for (uint8_t i = 0; i < 3; i++)
		put16(m + 7 + 2 * i, c->servos_on ? c->pulse[i] : 0);
	put16(m + 13, c->vacuum_raw);
	put16(m + 15, c->last_id);
	put16(m + 17, c->done_id);
	m[19] = c->now_ms & 0xFF;
	m[20] = (c->now_ms >> 8) & 0xFF;
	m[21] = (c->now_ms >> 16) & 0xFF;
	m[22] = (c->now_ms >> 24) & 0xFF;
	put16(m + 23, c->accepted);
	send_payload(c, m, sizeof m);
}

static void send_ident(struct core *c)
{
	static const char version[] = FW_VERSION;
	uint8_t m[8 + sizeof version - 1];
	m[0] = MSG_IDENT_REPLY;
	m[1] = PROTO_VERSION;
	m[2] = CORE_QUEUE_CAP;
	m[3] = CORE_FRAME_MS;
	put16(m + 4, CORE_MIN_US);
	put16(m + 6, CORE_MAX_US);
	for (uint8_t i = 0; i < sizeof version - 1; i++)
		m[8 + i] = version[i];
	send_payload(c, m, sizeof m);
}

static void send_nak(struct core *c)
{
	uint8_t m[2] = {MSG_NAK, c->synced ? 0 : 1};
	send_payload(c, m, sizeof m);
}

/* halt freezes the servos where they are and empties the queue. */
static void halt(struct core *c)
{
	c->want_more = 0;
	c->q_len = 0;
	c->seg_active = 0;
	c->seg_elapsed = 0;
}

/* fault latches f and stops motion: the servos hold where they are and
 * the queue empties. The grip stays as it was (a held stone stays held, an
 * idle pump stays off): a stone dropped wherever the nozzle stopped is
 * lost between points, on other stones or off the board, while one kept
 * can be carried to its bowl by the host once it is back. The grip limit
 * in core_frame bounds how long the pump runs so. */
static void fault(struct core *c, uint16_t f)
{
	c->faults |= f;
	halt(c);
}

void core_init(struct core *c, core_send_fn send)
{
	uint8_t *p = (uint8_t *)c;
	for (uint16_t i = 0; i < sizeof *c; i++)
		p[i] = 0;
	c->send = send;
	c->faults = FAULT_RESET;
	proto_parser_init(&c->parser);
}

static uint8_t exec_setpoint(struct core *c, const uint8_t *m, uint8_t n)
{
	if (n != 11)
		return RES_UNKNOWN;
	if (c->faults)
		return RES_FAULT;
	if (c->q_len == CORE_QUEUE_CAP) {
		fault(c, FAULT_QUEUE_OVER);
		return RES_FULL;
	}
	struct setpoint *sp = &c->q[(c->q_head + c->q_len) % CORE_QUEUE_CAP];
	for (uint8_t i = 0; i < 3; i++) {
		uint16_t us = get16(m + 2 + 2 * i);
		if (us < CORE_MIN_US || us > CORE_MAX_US) {
			fault(c, FAULT_BAD_SETPOINT);
			return RES_BAD;
		}
		sp->us[i] = us;
	}
	sp->id = get16(m);
	sp->ms = get16(m + 8);
	sp->flags = m[10];
	c->q_len++;
	c->last_id = sp->id;
	c->accepted++;
	return RES_OK;
}

static uint8_t execute(struct core *c, const uint8_t *m, uint8_t n)
{
	switch (m[0]) {
	case MSG_SETPOINT:
		return exec_setpoint(c, m + 1, n - 1);
	case MSG_OUTPUTS:
		if (n != 2)
			return RES_UNKNOWN;
		if ((m[1] & 1) && !c->pump && c->faults)
			return RES_FAULT; /* no new grip while a fault is latched */
		c->pump = m[1] & 1;
		c->valve = (m[1] >> 1) & 1;
		c->load = c->pump ? (m[1] >> 2) & 3 : 0;
		return RES_OK;
	case MSG_STATUS:
		return n == 1 ? RES_OK : RES_UNKNOWN;
	case MSG_STOP:
		if (n != 1)
			return RES_UNKNOWN;
		halt(c); /* the grip stays: OUTPUTS switches it */
		return RES_OK;
	case MSG_CLEAR:
		if (n != 3)
			return RES_UNKNOWN;
		c->faults &= ~get16(m + 1);
		if (c->estop_in)
			c->faults |= FAULT_ESTOP; /* latched while the switch is open */
		return RES_OK;
	}
	return RES_UNKNOWN;
}

static void on_frame(struct core *c, uint8_t seq, const uint8_t *m, uint8_t n)
{
	if (n == 0) {
		send_nak(c);
		return;
	}
	if (m[0] == MSG_IDENTIFY) {
		/* The handshake (re)synchronises the sequence numbers. */
		c->synced = 1;
		c->expected_seq = seq + 1;
		c->nak_sent = 0;
		c->last_rx_ms = c->now_ms;
		send_ident(c);
		return;
	}
	if (!c->synced) {
		send_nak(c);
		return;
	}
	c->last_rx_ms = c->now_ms;
	if (seq == c->expected_seq) {
		c->expected_seq++;
		c->nak_sent = 0;
		send_status(c, execute(c, m, n));
	} else if ((uint8_t)(c->expected_seq - seq) <= 128) {
		/* Already executed: the host missed our reply. Answer, don't redo. */
		send_status(c, RES_DUPLICATE);
	} else if (!c->nak_sent) {
		/* A frame in between was lost: ask once for a resend from
		 * expected_seq; the host's timeout covers a lost NAK. */
		c->nak_sent = 1;
		send_nak(c);
	}
}

void core_rx(struct core *c, uint8_t b)
{
	uint8_t seq, n;
	const uint8_t *payload;
	switch (proto_feed(&c->parser, b, &seq, &payload, &n)) {
	case PROTO_FRAME:
		on_frame(c, seq, payload, n);
		break;
	case PROTO_ERROR:
		if (c->synced && !c->nak_sent) {
			c->nak_sent = 1;
			send_nak(c);
		}
		break;
	case PROTO_NONE:
		break;
	}
}

void core_estop(struct core *c, uint8_t pressed)
{
	c->estop_in = pressed;
	if (pressed && !(c->faults & FAULT_ESTOP))
		fault(c, FAULT_ESTOP);
}

/* core_frame advances time by one servo frame: checks the host deadline and
 * moves the servos along the queue, linearly in pulse width. */
void core_frame(struct core *c)
{
	c->now_ms += CORE_FRAME_MS;
	if (c->synced && !(c->faults & FAULT_HOST_SILENT) &&
	    c->now_ms - c->last_rx_ms > CORE_HOST_DEADLINE_MS)
		fault(c, FAULT_HOST_SILENT);
	if (c->faults && c->pump) {
		/* Held through a fault: not for ever. The stone then falls
		 * where the arm stands, and the host finds the cup empty. */
		if (++c->grip_frames >= CORE_GRIP_LIMIT_FRAMES) {
			c->pump = 0;
			c->valve = 0;
			c->load = 0;
		}
	} else {
		c->grip_frames = 0;
	}
	if (c->q_len == 0) {
		/* A segment marked "more follows" ended on an empty queue: hold
		 * still for a few frames (a host hiccup), then call it an
		 * underrun, since the host has fallen behind. */
		if (c->want_more && ++c->want_more > CORE_UNDERRUN_FRAMES + 1) {
			c->want_more = 0;
			fault(c, FAULT_QUEUE_UNDER);
		}
		return;
	}
	c->want_more = 0;
	uint16_t dt = CORE_FRAME_MS;
	while (c->q_len) {
		struct setpoint *sp = &c->q[c->q_head];
		if (!c->seg_active) {
			c->seg_active = 1;
			for (uint8_t i = 0; i < 3; i++)
				c->seg_start[i] = c->servos_on ? c->pulse[i] : sp->us[i];
			/* The first setpoint after power-up starts at its own
			 * target: there is no known position to move from. */
			c->servos_on = 1;
		}
		if ((uint32_t)c->seg_elapsed + dt < sp->ms) {
			c->seg_elapsed += dt;
			for (uint8_t i = 0; i < 3; i++) {
				int32_t d = (int32_t)sp->us[i] - c->seg_start[i];
				c->pulse[i] = c->seg_start[i] + d * c->seg_elapsed / sp->ms;
			}
			return;
		}
		/* This segment ends within the frame; carry the rest over. */
		dt -= sp->ms - c->seg_elapsed;
		for (uint8_t i = 0; i < 3; i++)
			c->pulse[i] = sp->us[i];
		c->done_id = sp->id;
		c->seg_active = 0;
		c->seg_elapsed = 0;
		c->q_head = (c->q_head + 1) % CORE_QUEUE_CAP;
		c->q_len--;
		if (c->q_len == 0)
			c->want_more = (sp->flags & SP_FLAG_MORE) ? 1 : 0;
	}
}
