/* The ATmega328P layer (Arduino Nano/Uno pinout, 16 MHz): timers, pins,
 * ADC, UART and watchdog. Everything else lives in the generic core.
 *
 * Servo pulses (PROTOCOL.md, "Servo timing"): Timer1 counts 0.5 µs ticks
 * (clk/8) and wraps every 40000 ticks, a 20.000 ms frame. The three pulses
 * are sequenced within the frame: servo 1 (D9) rises at 0.5 ms, servo 2
 * (D10) at 3.5 ms, servo 3 (D11) at 6.5 ms. D11 has no Timer1 output, and
 * simavr does not model buffered OCR1x updates in PWM mode, so all three
 * are timed the same way: Timer2 is an alarm that fires ~60 µs before each
 * edge; its interrupt spins on TCNT1 until the exact tick and writes the
 * pin. An edge lands 0..5 cycles after its tick (a 6-cycle polling loop)
 * whatever the interrupt latency, so a width is within ±5 cycles
 * (+2 for the longer falling-edge path) of its setpoint: at most 0.625 µs
 * of jitter.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <avr/wdt.h>
#include <util/atomic.h>

#include "../src/core.h"

#define TICKS_PER_US 2
#define FRAME_TICKS 40000
#define FIRST_EDGE 1000   /* ticks: servo 1 rises 0.5 ms into the frame */
#define SERVO_SLOT 6000   /* ticks: 3 ms per servo, > the longest pulse */
#define ALARM_LEAD 120    /* ticks: 60 µs */

static struct core core;

/* UART0, 115200 8N1, interrupt driven. */
static volatile uint8_t rx_buf[128]; /* more than the host's window of 4 frames */
static volatile uint8_t rx_head, rx_tail;
static volatile uint8_t tx_buf[256];
static volatile uint8_t tx_head, tx_tail;

ISR(USART_RX_vect)
{
	uint8_t b = UDR0;
	uint8_t next = (rx_head + 1) % sizeof rx_buf;
	if (next != rx_tail) { /* on overflow the byte is lost; the CRC catches it */
		rx_buf[rx_head] = b;
		rx_head = next;
	}
}

ISR(USART_UDRE_vect)
{
	if (tx_head == tx_tail) {
		UCSR0B &= ~_BV(UDRIE0);
		return;
	}
	UDR0 = tx_buf[tx_tail];
	tx_tail++; /* uint8_t wraps at the buffer's 256 bytes */
}

static void uart_send(const uint8_t *p, uint8_t n)
{
	while (n--) {
		while ((uint8_t)(tx_head + 1) == tx_tail)
			wdt_reset(); /* the UDRE interrupt is draining it */
		tx_buf[tx_head] = *p++;
		tx_head++;
		UCSR0B |= _BV(UDRIE0);
	}
}

/* Timer1 frame and the pulse sequencer. */
static volatile uint8_t frames_pending;
static volatile uint16_t next_width[3]; /* ticks, for the next frame; 0 = off */
static volatile uint16_t edge_at[6];    /* this frame's edges: rise, fall, ... */
static volatile uint8_t edge_next;      /* index into edge_at; 6 = done */

static void alarm_at(uint16_t tick)
{
	/* Timer2 counts 16 µs (32 Timer1 ticks) from the moment it is
	 * restarted and matches after OCR2A counts, so the alarm fires up to
	 * one count before tick - ALARM_LEAD. */
	int16_t d = tick - ALARM_LEAD - TCNT1;
	uint8_t counts = d >= 64 ? d / 32 : 1;
	TCCR2B = 0;
	TCNT2 = 0;
	OCR2A = counts;
	TIFR2 = _BV(OCF2A);
	GTCCR = _BV(PSRASY);
	TCCR2B = _BV(CS22) | _BV(CS21); /* clk/256 */
}

ISR(TIMER1_OVF_vect)
{
	frames_pending++;
	if (!next_width[0])
		return; /* no position commanded yet: no pulses */
	for (uint8_t i = 0; i < 3; i++) {
		uint16_t start = FIRST_EDGE + i * SERVO_SLOT;
		edge_at[2 * i] = start;
		edge_at[2 * i + 1] = start + next_width[i];
	}
	edge_next = 0;
	alarm_at(edge_at[0]);
}

ISR(TIMER2_COMPA_vect)
{
	uint8_t i = edge_next;
	uint16_t edge = edge_at[i];
	uint8_t bit = _BV(PB1 + i / 2); /* D9, D10, D11 are PB1, PB2, PB3 */
	/* Coarse wait on the 16-bit count, then a 5-cycle loop on the low
	 * byte alone: the edge lands 0..4 cycles after its tick. */
	while ((int16_t)(TCNT1 - (edge - 64)) < 0)
		;
	uint8_t lo = edge;
	while ((int8_t)(TCNT1L - lo) < 0)
		;
	if (i & 1)
		PORTB &= ~bit;
	else
		PORTB |= bit;
	if (++i < 6) {
		edge_next = i;
		alarm_at(edge_at[i]);
	} else {
		TCCR2B = 0;
	}
}

static void servo_init(void)
{
	DDRB |= _BV(PB1) | _BV(PB2) | _BV(PB3); /* D9, D10, D11 low: no pulses */
	ICR1 = FRAME_TICKS - 1;
	TCCR1A = _BV(WGM11);
	TCCR1B = _BV(WGM13) | _BV(WGM12) | _BV(CS11); /* fast PWM, TOP = ICR1, clk/8 */
	TIMSK1 = _BV(TOIE1);
	TCCR2A = _BV(WGM21); /* CTC: the alarm */
	TIMSK2 = _BV(OCIE2A);
}

static void servo_apply(void)
{
	if (!core.servos_on)
		return;
	ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
	{
		for (uint8_t i = 0; i < 3; i++)
			next_width[i] = core.pulse[i] * TICKS_PER_US;
	}
}

/* Pump D5 (PD5), valve D6 (PD6), LED D13 (PB5), e-stop D2 (PD2). */
static void io_init(void)
{
	PORTD &= ~(_BV(PD5) | _BV(PD6));
	DDRD |= _BV(PD5) | _BV(PD6);
	DDRB |= _BV(PB5);
	DDRD &= ~_BV(PD2);
	PORTD |= _BV(PD2); /* pull-up: an open switch or a cut wire reads high */
}

static void io_apply(void)
{
	if (core.pump)
		PORTD |= _BV(PD5);
	else
		PORTD &= ~_BV(PD5);
	if (core.valve)
		PORTD |= _BV(PD6);
	else
		PORTD &= ~_BV(PD6);
	if (core.faults)
		PORTB |= _BV(PB5);
	else
		PORTB &= ~_BV(PB5);
}

/* ADC0 against AVcc (the sensor is ratiometric), clk/128. */
static void adc_init(void)
{
	ADMUX = _BV(REFS0);
	ADCSRA = _BV(ADEN) | _BV(ADSC) | _BV(ADPS2) | _BV(ADPS1) | _BV(ADPS0);
}

static void adc_poll(void)
{
	if (ADCSRA & _BV(ADSC))
		return;
	core.vacuum_raw = ADC;
	ADCSRA |= _BV(ADSC);
}

/* The watchdog stays on across a watchdog reset: switch it off first. */
void wdt_early(void) __attribute__((naked, used, section(".init3")));
void wdt_early(void)
{
	MCUSR = 0;
	wdt_disable();
}

int main(void)
{
	core_init(&core, uart_send);
	io_init();
	servo_init();
	adc_init();
	UCSR0A = _BV(U2X0);
	UBRR0 = 16; /* 115200 baud at 16 MHz with U2X, as the Arduino core does */
	UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
	UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);
	wdt_enable(WDTO_250MS);
	sei();
	for (;;) {
		wdt_reset();
		while (rx_tail != rx_head) {
			uint8_t b = rx_buf[rx_tail];
			rx_tail = (rx_tail + 1) % sizeof rx_buf;
			core_rx(&core, b);
		}
		core_estop(&core, (PIND & _BV(PD2)) != 0);
		adc_poll();
		uint8_t n;
		ATOMIC_BLOCK(ATOMIC_RESTORESTATE)
		{
			n = frames_pending;
			frames_pending = 0;
		}
		while (n--)
			core_frame(&core);
		servo_apply();
		io_apply();
	}
}
