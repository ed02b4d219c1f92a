package main

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Under systemd (Type=notify, WatchdogSec) a game says it is ready, keeps
// the watchdog fed while it plays, and says it is stopping when stopped.
func TestPlayNotifiesSystemd(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	t.Setenv("NOTIFY_SOCKET", sock)
	t.Setenv("WATCHDOG_USEC", "200000") // a ping every 100 ms
	got := make(chan string, 1000)
	go func() {
		buf := make([]byte, 4096)
		for {
			n, _, err := conn.ReadFromUnix(buf)
			if err != nil {
				close(got)
				return
			}
			got <- string(buf[:n])
		}
	}()
	_, errs, code := runCLI(t, "", "play", "--sim", "--camera", "truth", "--think", "100ms",
		"--journal", filepath.Join(t.TempDir(), "g.journal"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	time.Sleep(50 * time.Millisecond)
	conn.Close()
	var all []string
	for m := range got {
		all = append(all, m)
	}
	joined := strings.Join(all, "\n")
	if !strings.Contains(joined, "READY=1") || !strings.Contains(joined, "WATCHDOG=1") {
		t.Errorf("systemd heard %q", joined)
	}
}
