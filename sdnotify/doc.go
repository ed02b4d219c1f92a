// Package sdnotify tells systemd how a service is doing: READY=1 once it
// has started, WATCHDOG=1 as a heartbeat, STOPPING=1 on its way down, and
// a free-text STATUS= for `systemctl status`. It is a small pure-Go
// implementation of sd_notify(3) (datagrams on the unix socket named by
// $NOTIFY_SOCKET, abstract when the name starts with '@') and of
// sd_watchdog_enabled(3) ($WATCHDOG_USEC, $WATCHDOG_PID), so the binary
// needs no libsystemd and still cross-compiles with cgo off.
//
// Outside systemd (no $NOTIFY_SOCKET) every call is a no-op, so programs
// call it unconditionally. deploy/tengen.service runs tengen with
// Type=notify and WatchdogSec=: the service must send READY=1 when it is
// up and a WATCHDOG=1 at least every WatchdogSec, or systemd restarts it.
package sdnotify
