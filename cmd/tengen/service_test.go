package main

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tengen/game"
	"tengen/rules"
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

// abler is eyes and a hand with every optional ability the game asks of
// them.
type abler struct {
	doubt  func(stones, empty []rules.Point)
	wanted game.Expect
}

func (a *abler) Look(ctx context.Context) (game.Sight, error) { return game.Sight{}, nil }
func (a *abler) LookFor(ctx context.Context, want game.Expect) (game.Sight, error) {
	a.wanted = want
	return game.Sight{Unsure: []rules.Point{{X: 13, Y: 0}}}, nil
}
func (a *abler) NotifyDoubt(f func(stones, empty []rules.Point))               { a.doubt = f }
func (a *abler) Place(ctx context.Context, p rules.Point, c rules.Color) error { return nil }
func (a *abler) Take(ctx context.Context, p rules.Point, c rules.Color) error  { return nil }
func (a *abler) Park(ctx context.Context) error                                { return nil }
func (a *abler) Drops() []game.Drop                                            { return []game.Drop{{C: rules.White}} }

// The service's wrappers (which mark progress for the watchdog) keep what
// the eyes and the hand can do: tell doubts, take a view with a point in
// glare, report a fallen stone.
func TestServiceKeepsAbilities(t *testing.T) {
	a, s := &abler{}, &service{}
	eyes, hand := s.eyes(a), s.hand(a)
	d, ok := eyes.(game.Doubter)
	if !ok {
		t.Fatal("the eyes lost NotifyDoubt")
	}
	d.NotifyDoubt(func(stones, empty []rules.Point) {})
	if a.doubt == nil {
		t.Error("NotifyDoubt did not reach the eyes")
	}
	want := rules.MustBoard(15)
	want.Set(rules.Point{X: 7, Y: 7}, rules.Black)
	sight, err := game.LookFor(t.Context(), eyes, want.At)
	if err != nil || a.wanted == nil || a.wanted(rules.Point{X: 7, Y: 7}) != rules.Black || len(sight.Unsure) != 1 {
		t.Errorf("LookFor: %+v, %v; the eyes were not asked for the board wanted", sight, err)
	}
	dr, ok := hand.(game.Dropper)
	if !ok {
		t.Fatal("the hand lost Drops")
	}
	if got := dr.Drops(); len(got) != 1 || got[0].C != rules.White {
		t.Errorf("drops %v, want the hand's one white stone", got)
	}
}
