package sdnotify

import (
	"context"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Notifier sends state changes to systemd's notification socket.
// The zero value (and a Notifier from FromEnv outside systemd) is
// disabled: its methods do nothing and return nil.
type Notifier struct {
	socket   string        // path, or "@name" for an abstract socket
	watchdog time.Duration // WATCHDOG_USEC, 0 when the watchdog is off
}

// New returns a Notifier for the socket at path ("@name" for an abstract
// socket) with the given watchdog interval (0: none).
func New(socket string, watchdog time.Duration) *Notifier {
	return &Notifier{socket: socket, watchdog: watchdog}
}

// FromEnv returns a Notifier configured from the environment systemd gives
// a service: $NOTIFY_SOCKET, $WATCHDOG_USEC and $WATCHDOG_PID. The
// watchdog counts only when $WATCHDOG_PID is unset or names this process,
// as sd_watchdog_enabled(3) says. A malformed $WATCHDOG_USEC is an error.
func FromEnv() (*Notifier, error) {
	return fromEnv(os.Getenv, os.Getpid())
}

func fromEnv(getenv func(string) string, pid int) (*Notifier, error) {
	n := &Notifier{socket: getenv("NOTIFY_SOCKET")}
	usec := getenv("WATCHDOG_USEC")
	if usec == "" {
		return n, nil
	}
	v, err := strconv.ParseUint(usec, 10, 63)
	if err != nil || v == 0 {
		return n, fmt.Errorf("sdnotify: WATCHDOG_USEC=%q is not a positive number of microseconds", usec)
	}
	if p := getenv("WATCHDOG_PID"); p != "" && p != strconv.Itoa(pid) {
		return n, nil // the watchdog is meant for another process
	}
	n.watchdog = time.Duration(v) * time.Microsecond
	return n, nil
}

// Enabled reports whether notifications go anywhere.
func (n *Notifier) Enabled() bool { return n != nil && n.socket != "" }

// WatchdogInterval is the interval systemd expects heartbeats within, 0
// when the watchdog is off. Ping at half of it, as systemd advises.
func (n *Notifier) WatchdogInterval() time.Duration {
	if !n.Enabled() {
		return 0
	}
	return n.watchdog
}

// Send sends the assignments (e.g. "READY=1", "STATUS=playing") in one
// datagram. Each must be KEY=VALUE on one line.
func (n *Notifier) Send(assignments ...string) error {
	if !n.Enabled() {
		return nil
	}
	for _, a := range assignments {
		if k, _, ok := strings.Cut(a, "="); !ok || k == "" || strings.Contains(a, "\n") {
			return fmt.Errorf("sdnotify: %q is not a one-line KEY=VALUE assignment", a)
		}
	}
	conn, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: n.socket, Net: "unixgram"})
	if err != nil {
		return fmt.Errorf("sdnotify: %w", err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(strings.Join(assignments, "\n"))); err != nil {
		return fmt.Errorf("sdnotify: sending to %s: %w", n.socket, err)
	}
	return nil
}

// Ready tells systemd the service has started; status is shown by
// `systemctl status` (empty: none).
func (n *Notifier) Ready(status string) error {
	if status == "" {
		return n.Send("READY=1")
	}
	return n.Send("READY=1", "STATUS="+oneLine(status))
}

// Status updates the free-text status line.
func (n *Notifier) Status(status string) error { return n.Send("STATUS=" + oneLine(status)) }

// Watchdog sends one heartbeat.
func (n *Notifier) Watchdog() error { return n.Send("WATCHDOG=1") }

// Stopping tells systemd the service is shutting down (parking the arm,
// saving the game), so a slow stop is not mistaken for a hang.
func (n *Notifier) Stopping(status string) error {
	return n.Send("STOPPING=1", "STATUS="+oneLine(status))
}

// Heartbeat sends WATCHDOG=1 every half watchdog interval until ctx is
// done, but only while alive returns nil: when the main loop stops making
// progress, alive should say so, the heartbeats stop and systemd restarts
// the service. It returns at once when the watchdog is off.
func (n *Notifier) Heartbeat(ctx context.Context, alive func() error) error {
	iv := n.WatchdogInterval()
	if iv == 0 {
		return nil
	}
	t := time.NewTicker(iv / 2)
	defer t.Stop()
	for {
		if err := alive(); err != nil {
			return fmt.Errorf("sdnotify: heartbeats stopped: %w", err)
		}
		if err := n.Watchdog(); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// Progress is a main loop's liveness for Heartbeat: the loop calls Mark
// each time round (a frame read, a move made, a status polled), and
// Within(max) is the alive function that fails once the last mark is
// older than max. The zero value counts as marked at its first use.
type Progress struct {
	last atomic.Int64 // UnixNano of the last mark
	now  func() time.Time
}

// Mark records progress now.
func (p *Progress) Mark() { p.last.Store(p.clock().UnixNano()) }

// Within returns a liveness check for Heartbeat: an error once nothing
// was marked for longer than max.
func (p *Progress) Within(max time.Duration) func() error {
	p.last.CompareAndSwap(0, p.clock().UnixNano())
	return func() error {
		if age := p.clock().Sub(time.Unix(0, p.last.Load())); age > max {
			return fmt.Errorf("no progress for %v (limit %v)", age.Round(time.Millisecond), max)
		}
		return nil
	}
}

func (p *Progress) clock() time.Time {
	if p.now != nil {
		return p.now()
	}
	return time.Now()
}
