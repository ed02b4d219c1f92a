package sdnotify

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// listen opens a unixgram socket like systemd's and returns its name and
// a function that reads the next datagram.
func listen(t *testing.T, name string) (string, func() string) {
	t.Helper()
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return name, func() string {
		t.Helper()
		buf := make([]byte, 4096)
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		k, err := conn.Read(buf)
		if err != nil {
			t.Fatalf("reading notification: %v", err)
		}
		return string(buf[:k])
	}
}

func TestSend(t *testing.T) {
	for _, sock := range []string{
		filepath.Join(t.TempDir(), "notify"),
		"@tengen-sdnotify-test-" + strings.ReplaceAll(t.Name(), "/", "-"),
	} {
		name, next := listen(t, sock)
		n := New(name, 0)
		steps := []struct {
			send func() error
			want string
		}{
			{func() error { return n.Ready("") }, "READY=1"},
			{func() error { return n.Ready("waiting for a visitor") }, "READY=1\nSTATUS=waiting for a visitor"},
			{n.Watchdog, "WATCHDOG=1"},
			{func() error { return n.Status("move 12\nblack") }, "STATUS=move 12 black"},
			{func() error { return n.Stopping("parking the arm") }, "STOPPING=1\nSTATUS=parking the arm"},
		}
		for _, s := range steps {
			if err := s.send(); err != nil {
				t.Fatalf("%s: %v", sock, err)
			}
			if got := next(); got != s.want {
				t.Errorf("%s: got %q, want %q", sock, got, s.want)
			}
		}
	}
}

func TestSendErrors(t *testing.T) {
	n := New(filepath.Join(t.TempDir(), "nobody-listens"), 0)
	if err := n.Ready(""); err == nil {
		t.Error("sending to a missing socket: no error")
	}
	name, _ := listen(t, filepath.Join(t.TempDir(), "notify"))
	n = New(name, 0)
	for _, bad := range []string{"READY", "=1", "STATUS=a\nb"} {
		if err := n.Send(bad); err == nil || !strings.Contains(err.Error(), "KEY=VALUE") {
			t.Errorf("Send(%q): %v", bad, err)
		}
	}
}

func TestDisabledIsNoOp(t *testing.T) {
	for _, n := range []*Notifier{nil, {}, New("", time.Second)} {
		if n.Enabled() || n.WatchdogInterval() != 0 {
			t.Errorf("%+v: enabled", n)
		}
		if err := n.Ready("x"); err != nil {
			t.Error(err)
		}
		if err := n.Heartbeat(context.Background(), func() error { return nil }); err != nil {
			t.Error(err)
		}
	}
}

func TestFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env     map[string]string
		socket  string
		wd      time.Duration
		wantErr bool
	}{
		{env: map[string]string{}, socket: "", wd: 0},
		{env: map[string]string{"NOTIFY_SOCKET": "/run/systemd/notify"}, socket: "/run/systemd/notify"},
		{env: map[string]string{"NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "30000000"}, socket: "/s", wd: 30 * time.Second},
		{env: map[string]string{"NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "42"}, socket: "/s", wd: 30 * time.Second},
		{env: map[string]string{"NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "7"}, socket: "/s", wd: 0},
		{env: map[string]string{"NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "soon"}, socket: "/s", wantErr: true},
		{env: map[string]string{"NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "0"}, socket: "/s", wantErr: true},
		{env: map[string]string{"NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": "-5"}, socket: "/s", wantErr: true},
	} {
		n, err := fromEnv(func(k string) string { return tc.env[k] }, 42)
		if (err != nil) != tc.wantErr {
			t.Errorf("%v: error %v", tc.env, err)
		}
		if n.socket != tc.socket || n.WatchdogInterval() != tc.wd {
			t.Errorf("%v: socket %q watchdog %v, want %q %v", tc.env, n.socket, n.WatchdogInterval(), tc.socket, tc.wd)
		}
	}
}

func TestHeartbeatStopsWhenNotAlive(t *testing.T) {
	name, next := listen(t, filepath.Join(t.TempDir(), "notify"))
	n := New(name, 20*time.Millisecond)
	beats := 0
	stuck := errors.New("main loop stuck")
	done := make(chan error, 1)
	go func() {
		done <- n.Heartbeat(context.Background(), func() error {
			if beats == 3 {
				return stuck
			}
			beats++
			return nil
		})
	}()
	for range 3 {
		if got := next(); got != "WATCHDOG=1" {
			t.Fatalf("got %q", got)
		}
	}
	if err := <-done; !errors.Is(err, stuck) {
		t.Errorf("Heartbeat returned %v, want the liveness error", err)
	}
}

func TestHeartbeatEndsWithContext(t *testing.T) {
	name, next := listen(t, filepath.Join(t.TempDir(), "notify"))
	n := New(name, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- n.Heartbeat(ctx, func() error { return nil }) }()
	if got := next(); got != "WATCHDOG=1" {
		t.Fatalf("got %q", got)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Heartbeat: %v", err)
	}
}

func FuzzFromEnv(f *testing.F) {
	for _, s := range []string{"", "0", "1", "30000000", "-1", "1e6", "18446744073709551615", " 5"} {
		f.Add(s, "42")
	}
	f.Fuzz(func(t *testing.T, usec, pid string) {
		env := map[string]string{"NOTIFY_SOCKET": "/s", "WATCHDOG_USEC": usec, "WATCHDOG_PID": pid}
		n, err := fromEnv(func(k string) string { return env[k] }, 42)
		if err == nil && n.WatchdogInterval() < 0 {
			t.Errorf("WATCHDOG_USEC=%q gave a negative interval", usec)
		}
	})
}

func TestProgress(t *testing.T) {
	now := time.Unix(1000, 0)
	p := &Progress{now: func() time.Time { return now }}
	alive := p.Within(10 * time.Second)
	if err := alive(); err != nil {
		t.Fatalf("fresh: %v", err)
	}
	now = now.Add(11 * time.Second)
	if err := alive(); err == nil || !strings.Contains(err.Error(), "no progress for 11s") {
		t.Errorf("stale: %v", err)
	}
	p.Mark()
	if err := alive(); err != nil {
		t.Errorf("after Mark: %v", err)
	}
}
