/* tengen-harness runs the firmware .elf in simavr at real-time speed (never
 * faster, and never catching up in a burst after falling behind), with
 * UART0 on a pty, and acts as the bench around the board:
 * it times the pulses on the three servo pins with the simulated cycle
 * counter, feeds the vacuum sensor's voltage to ADC0 and works the e-stop.
 *
 * usage: tengen-harness [-f] [-l link] firmware.elf
 *   -f       run as fast as the host can (no real-time pacing)
 *   -l link  also make a symlink named link to the pty
 *
 * stdout: "pty <path>" once the pty is up, then one line per command.
 * stdin, one command per line:
 *   stats            "stats" then for servos 1..3: count last min max period
 *                    (pulse widths and the last rising-to-rising period in
 *                    CPU cycles, 16 per µs), min/max since the last "clear"
 *   clear            forget min/max and counts
 *   adc <mV>         set the voltage on ADC0 (the vacuum sensor)
 *   estop <0|1>      level on D2: 1 = switch open = stopped
 *   pins             "pins <pump> <valve> <led>" output levels
 *   time             "time <cycles>"
 *   reset            reset the MCU (as a watchdog or power cycle would)
 *   quit
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <pty.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "avr_adc.h"
#include "avr_ioport.h"
#include "avr_uart.h"
#include "sim_avr.h"
#include "sim_elf.h"

struct servo {
	avr_cycle_count_t rise, prev_rise;
	uint64_t count, last, min, max, period;
};

static avr_t *avr;
static struct servo servos[3];
static int levels[3]; /* pump, valve, led */

static pthread_mutex_t cmd_mu = PTHREAD_MUTEX_INITIALIZER;
static char cmd_buf[4096];
static size_t cmd_len;
static int stdin_eof;

/* UART0's bridge to the pty runs in the simulation loop itself (pty_pump,
 * every simulated millisecond), so a byte the host writes reaches the
 * firmware within a millisecond however busy the machine is. simavr's
 * uart_pty part moves bytes in a thread of its own, which a loaded machine
 * (load 5 on 2 cores) held back for up to 0.9 s: past the firmware's
 * 500 ms host deadline, a "host silent" fault no real UART would cause. */
static int pty_master, pty_slave;
static char pty_name[128];
static avr_irq_t *uart_rx;
static int uart_ready = 1;        /* the UART's receive FIFO has room */
static uint8_t from_host[256];
static size_t from_host_len, from_host_done;
static uint8_t to_host[4096];
static size_t to_host_len;

static void uart_tx(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq, (void)param;
	/* Full only while nobody reads the port: bytes then go, as on a wire. */
	if (to_host_len < sizeof to_host)
		to_host[to_host_len++] = value;
}

static void uart_xon(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq, (void)value, (void)param;
	uart_ready = 1;
}

static void uart_xoff(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq, (void)param;
	if (value)
		uart_ready = 0;
}

static int pty_open(void)
{
	/* The slave stays open here too, so the master sees no hangup while
	 * the host closes and reopens the port. */
	if (openpty(&pty_master, &pty_slave, pty_name, NULL, NULL) != 0)
		return -1;
	struct termios tio;
	tcgetattr(pty_master, &tio);
	cfmakeraw(&tio);
	tcsetattr(pty_master, TCSANOW, &tio);
	fcntl(pty_master, F_SETFL, fcntl(pty_master, F_GETFL) | O_NONBLOCK);

	uint32_t flags = 0; /* no copy of the binary output on stdout */
	avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
	flags &= ~AVR_UART_FLAG_STDIO;
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	uart_rx = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), uart_tx, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), uart_xon, NULL);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), uart_xoff, NULL);
	return 0;
}

/* pty_pump moves what the firmware sent to the host, and what the host
 * sent into the UART while its FIFO has room (the UART then delivers the
 * bytes at the line's rate). */
static void pty_pump(void)
{
	if (to_host_len) {
		ssize_t n = write(pty_master, to_host, to_host_len);
		if (n > 0) {
			memmove(to_host, to_host + n, to_host_len - n);
			to_host_len -= n;
		}
	}
	if (from_host_done == from_host_len) {
		ssize_t n = read(pty_master, from_host, sizeof from_host);
		from_host_len = n > 0 ? (size_t)n : 0;
		from_host_done = 0;
	}
	while (uart_ready && from_host_done < from_host_len)
		avr_raise_irq(uart_rx, from_host[from_host_done++]);
}

static void servo_edge(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	struct servo *s = param;
	if (value) {
		if (s->rise)
			s->period = avr->cycle - s->rise;
		s->rise = avr->cycle;
		return;
	}
	if (!s->rise)
		return;
	uint64_t w = avr->cycle - s->rise;
	s->last = w;
	if (s->count == 0 || w < s->min)
		s->min = w;
	if (w > s->max)
		s->max = w;
	s->count++;
}

static void level_change(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	*(int *)param = value != 0;
}

static void *stdin_reader(void *arg)
{
	(void)arg;
	char line[256];
	while (fgets(line, sizeof line, stdin)) {
		pthread_mutex_lock(&cmd_mu);
		size_t n = strlen(line);
		if (cmd_len + n < sizeof cmd_buf) {
			memcpy(cmd_buf + cmd_len, line, n);
			cmd_len += n;
		}
		pthread_mutex_unlock(&cmd_mu);
	}
	pthread_mutex_lock(&cmd_mu);
	stdin_eof = 1;
	pthread_mutex_unlock(&cmd_mu);
	return NULL;
}

static void set_estop(int level)
{
	avr_ioport_external_t ext = {.name = 'D', .mask = 1 << 2, .value = level ? 1 << 2 : 0};
	avr_ioctl(avr, AVR_IOCTL_IOPORT_SET_EXTERNAL('D'), &ext);
	avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 2), level);
}

/* run_command executes one line; returns 0 on quit. */
static int run_command(char *line)
{
	char name[32];
	long arg = 0;
	int n = sscanf(line, "%31s %ld", name, &arg);
	if (n < 1)
		return 1;
	if (!strcmp(name, "stats")) {
		printf("stats");
		for (int i = 0; i < 3; i++)
			printf(" %llu %llu %llu %llu %llu", (unsigned long long)servos[i].count,
			       (unsigned long long)servos[i].last, (unsigned long long)servos[i].min,
			       (unsigned long long)servos[i].max, (unsigned long long)servos[i].period);
		printf("\n");
	} else if (!strcmp(name, "clear")) {
		for (int i = 0; i < 3; i++)
			servos[i].count = servos[i].min = servos[i].max = 0;
		printf("clear\n");
	} else if (!strcmp(name, "adc") && n == 2) {
		avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0), (uint32_t)arg);
		printf("adc %ld\n", arg);
	} else if (!strcmp(name, "estop") && n == 2) {
		set_estop(arg != 0);
		printf("estop %d\n", arg != 0);
	} else if (!strcmp(name, "pins")) {
		printf("pins %d %d %d\n", levels[0], levels[1], levels[2]);
	} else if (!strcmp(name, "time")) {
		printf("time %llu\n", (unsigned long long)avr->cycle);
	} else if (!strcmp(name, "reset")) {
		avr_reset(avr);
		memset(servos, 0, sizeof servos);
		printf("reset\n");
	} else if (!strcmp(name, "quit")) {
		return 0;
	} else {
		printf("err unknown command: %s\n", line);
	}
	fflush(stdout);
	return 1;
}

static int poll_commands(void)
{
	char buf[sizeof cmd_buf + 1];
	pthread_mutex_lock(&cmd_mu);
	size_t n = cmd_len;
	memcpy(buf, cmd_buf, n);
	cmd_len = 0;
	int eof = stdin_eof;
	pthread_mutex_unlock(&cmd_mu);
	buf[n] = 0;
	char *save = NULL;
	for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!run_command(line))
			return 0;
	return !eof || n;
}

static uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	int fast = 0;
	const char *link_name = NULL;
	int opt;
	while ((opt = getopt(argc, argv, "fl:")) != -1) {
		if (opt == 'f')
			fast = 1;
		else if (opt == 'l')
			link_name = optarg;
		else
			goto usage;
	}
	if (optind != argc - 1) {
	usage:
		fprintf(stderr, "usage: %s [-f] [-l link] firmware.elf\n", argv[0]);
		return 2;
	}
	elf_firmware_t fw;
	memset(&fw, 0, sizeof fw);
	if (elf_read_firmware(argv[optind], &fw) != 0) {
		fprintf(stderr, "harness: cannot read %s\n", argv[optind]);
		return 1;
	}
	avr = avr_make_mcu_by_name("atmega328p");
	if (!avr) {
		fprintf(stderr, "harness: simavr has no atmega328p\n");
		return 1;
	}
	avr_init(avr);
	avr->frequency = 16000000;
	avr->vcc = avr->avcc = avr->aref = 5000;
	avr_load_firmware(avr, &fw);
	avr->frequency = 16000000;

	if (pty_open() != 0) {
		fprintf(stderr, "harness: pty: %s\n", strerror(errno));
		return 1;
	}
	if (link_name) {
		unlink(link_name);
		if (symlink(pty_name, link_name) != 0) {
			fprintf(stderr, "harness: symlink %s: %s\n", link_name, strerror(errno));
			return 1;
		}
	}

	static const int servo_pins[3] = {1, 2, 3}; /* PB1 = D9, PB2 = D10, PB3 = D11 */
	for (int i = 0; i < 3; i++)
		avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), servo_pins[i]),
					servo_edge, &servos[i]);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 5), level_change, &levels[0]);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), 6), level_change, &levels[1]);
	avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('B'), 5), level_change, &levels[2]);
	set_estop(0);
	/* 4.6 V: an MPXV6115-style sensor at ambient pressure. */
	avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0), 4600);

	pthread_t reader;
	pthread_create(&reader, NULL, stdin_reader, NULL);
	printf("pty %s\n", pty_name);
	fflush(stdout);

	const avr_cycle_count_t step = avr->frequency / 1000; /* check every 1 ms simulated */
	avr_cycle_count_t next = step;
	uint64_t start = now_ns();
	for (;;) {
		int state = avr_run(avr);
		if (state == cpu_Done || state == cpu_Crashed) {
			fprintf(stderr, "harness: firmware stopped (state %d)\n", state);
			break;
		}
		if (avr->cycle < next)
			continue;
		next += step;
		pty_pump();
		if (!poll_commands())
			break;
		if (fast)
			continue;
		uint64_t sim = avr->cycle * 1000000000ull / avr->frequency;
		uint64_t wall = now_ns() - start;
		if (wall > sim + 20000000) {
			/* Behind (the host was busy): forgive the debt rather than
			 * run fast to catch up, which would squeeze the firmware's
			 * timeouts against the host's real-time clock. */
			start += wall - sim;
		} else if (sim > wall + 1000000) {
			struct timespec ts = {0, (long)(sim - wall)};
			nanosleep(&ts, NULL);
		}
	}
	if (link_name)
		unlink(link_name);
	return 0;
}
