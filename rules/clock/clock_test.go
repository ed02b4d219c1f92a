package clock

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tengen/rules"
)

const (
	B = rules.Black
	W = rules.White
	s = time.Second
)

// step is one event of a scripted game: advance the source by wait,
// then act; then check what the clock says.
type step struct {
	wait    time.Duration
	act     string // "press", "pause", "resume" or "" (just look)
	err     error  // what press returns
	remain  map[rules.Color]time.Duration
	display map[rules.Color]string
	flagged rules.Color
}

func runScript(t *testing.T, name, control string, first rules.Color, steps []step) {
	t.Helper()
	ctl, err := Parse(control)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	src := NewManual(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	k, err := New(ctl, src)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := k.Start(first); err != nil {
		t.Fatal(err)
	}
	for i, st := range steps {
		src.Advance(st.wait)
		switch st.act {
		case "press":
			if err := k.Press(); !errors.Is(err, st.err) {
				t.Errorf("%s step %d: Press() = %v, want %v", name, i, err, st.err)
			}
		case "pause":
			k.Pause()
		case "resume":
			k.Resume()
		}
		for c, want := range st.remain {
			if got := k.Remaining(c); got != want {
				t.Errorf("%s step %d: Remaining(%v) = %v, want %v", name, i, c, got, want)
			}
		}
		for c, want := range st.display {
			if got := k.Display(c); got != want {
				t.Errorf("%s step %d: Display(%v) = %q, want %q", name, i, c, got, want)
			}
		}
		if got := k.Flagged(); got != st.flagged {
			t.Errorf("%s step %d: Flagged() = %v, want %v", name, i, got, st.flagged)
		}
	}
}

type rem = map[rules.Color]time.Duration
type disp = map[rules.Color]string

func TestSuddenDeath(t *testing.T) {
	runScript(t, "sudden death", "5m", B, []step{
		{wait: 0, remain: rem{B: 5 * time.Minute, W: 5 * time.Minute}, display: disp{B: "05:00"}},
		{wait: 2 * time.Minute, act: "press", remain: rem{B: 3 * time.Minute, W: 5 * time.Minute}},
		{wait: 4*time.Minute + 59*s, remain: rem{W: s}, display: disp{W: "00:01.0", B: "03:00"}},
		{wait: 500 * time.Millisecond, display: disp{W: "00:00.5"}},
		// Reaching zero is a flag: pressing then is too late.
		{wait: 500 * time.Millisecond, act: "press", err: ErrFlagged, remain: rem{W: 0}, display: disp{W: "time up"}, flagged: W},
		{wait: time.Hour, remain: rem{B: 3 * time.Minute}, flagged: W},
	})
}

func TestFischer(t *testing.T) {
	runScript(t, "fischer", "1m+10s", B, []step{
		{wait: 30 * s, act: "press", remain: rem{B: 40 * s, W: time.Minute}},
		{wait: 5 * s, act: "press", remain: rem{B: 40 * s, W: 65 * s}},
		{wait: 39 * s, act: "press", remain: rem{B: 11 * s}},
		{wait: 65 * s, flagged: W},
	})
}

func TestByoYomi(t *testing.T) {
	runScript(t, "byo-yomi", "1m/3x30s", B, []step{
		{display: disp{B: "01:00 +3×30s"}, remain: rem{B: 150 * s}},
		{wait: 80 * s, display: disp{B: "00:10 +2×30s"}, remain: rem{B: 70 * s}},
		// Moving within a period keeps it.
		// The waiting side shows its next period and the ones after it.
		{act: "press", display: disp{B: "00:30 +2×30s"}, remain: rem{B: 90 * s}},
		{act: "press"},
		// 45 s spends one whole period; the one in use resets.
		{wait: 45 * s, display: disp{B: "00:15 +1×30s"}},
		{act: "press", remain: rem{B: 60 * s}},
		{act: "press"},
		{wait: 59 * s, display: disp{B: "00:01.0 last period"}},
		{wait: s, flagged: B, display: disp{B: "time up"}},
	})
}

func TestBonusStage(t *testing.T) {
	runScript(t, "second stage", "2m+1s/+1m@2", B, []step{
		{wait: 30 * s, act: "press", remain: rem{B: 91 * s}},
		{wait: 10 * s, act: "press", remain: rem{W: 111 * s}},
		// Black's second move completes the first stage: +1 s, +1 m.
		{wait: 60 * s, act: "press", remain: rem{B: 92 * s}, display: disp{B: "01:32"}},
		{wait: 0, act: "press", remain: rem{W: 172 * s}},
		// Only once.
		{wait: 0, act: "press", remain: rem{B: 93 * s}},
	})
	runScript(t, "shared second stage", "shared 1m/+1m@3", B, []step{
		{wait: 10 * s, act: "press"},
		{wait: 10 * s, act: "press"},
		{wait: 10 * s, act: "press", remain: rem{B: 90 * s, W: 90 * s}},
	})
}

func TestDelayAndMoveLimit(t *testing.T) {
	runScript(t, "delay", "1m/d5s", W, []step{
		{wait: 3 * s, act: "press", remain: rem{W: 65 * s}},
		{act: "press"},
		{wait: 8 * s, remain: rem{W: 57 * s}},
		{act: "press", remain: rem{W: 62 * s}},
		{act: "press"},
		{wait: 62 * s, flagged: W},
	})
	runScript(t, "move limit", "60s/move", B, []step{
		{display: disp{B: "01:00/move"}, remain: rem{B: 60 * s, W: -1}},
		{wait: 59 * s, act: "press", remain: rem{W: 60 * s, B: -1}},
		{wait: 60 * s, flagged: W},
	})
	runScript(t, "main and move limit", "10m/30s/move", B, []step{
		{wait: 20 * s, remain: rem{B: 10 * s}},
		{act: "press", remain: rem{B: 9*time.Minute + 40*s}},
		{act: "press", remain: rem{B: 30 * s}},
		{wait: 30 * s, flagged: B},
	})
}

func TestSharedAndPause(t *testing.T) {
	runScript(t, "shared", "shared 10m", B, []step{
		{wait: 3 * time.Minute, remain: rem{B: 7 * time.Minute, W: 7 * time.Minute}, act: "press"},
		{wait: time.Minute, act: "pause", remain: rem{B: 6 * time.Minute, W: 6 * time.Minute}},
		{wait: time.Hour, act: "resume", remain: rem{W: 6 * time.Minute}},
		{wait: 6 * time.Minute, flagged: W},
	})
	runScript(t, "pause", "5m", B, []step{
		{wait: time.Minute, act: "pause"},
		{wait: time.Hour, act: "press", err: ErrNotRunning, remain: rem{B: 4 * time.Minute}},
		{act: "resume"},
		{wait: time.Minute, act: "press", remain: rem{B: 3 * time.Minute}},
	})
	runScript(t, "unlimited", "unlimited", B, []step{
		{wait: 1000 * time.Hour, act: "press", remain: rem{B: -1, W: -1}, display: disp{B: "unlimited"}},
	})
}

func TestSourceSteppingBack(t *testing.T) {
	runScript(t, "time going backwards", "1m", B, []step{
		{wait: -time.Hour, remain: rem{B: time.Minute}},
		{wait: time.Hour + 10*s, remain: rem{B: 50 * s}},
	})
}

func TestClockErrors(t *testing.T) {
	k, err := New(Control{Main: time.Minute}, NewManual(time.Time{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := k.Press(); !errors.Is(err, ErrNotRunning) {
		t.Errorf("Press before Start: %v", err)
	}
	if err := k.Start(rules.Empty); err == nil {
		t.Error("Start(Empty) accepted")
	}
	if err := k.Start(B); err != nil {
		t.Fatal(err)
	}
	if err := k.Start(B); !errors.Is(err, ErrStarted) {
		t.Errorf("second Start: %v", err)
	}
	if _, err := New(Control{Periods: 3}, System{}); err == nil {
		t.Error("periods without a length accepted")
	}
	if _, err := New(Control{Main: time.Minute}, nil); err == nil {
		t.Error("nil source accepted")
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Control
		str  string
		desc string
	}{
		{"10m", Control{Main: 10 * time.Minute}, "10m", "10:00"},
		{"10m+5s", Control{Main: 10 * time.Minute, Increment: 5 * s}, "10m+5s", "10:00 +5s/move"},
		{"5m/3x30s", Control{Main: 5 * time.Minute, Periods: 3, Period: 30 * s}, "5m/3x30s", "05:00 +3×30s"},
		{"5:00 3x0:30", Control{Main: 5 * time.Minute, Periods: 3, Period: 30 * s}, "5m/3x30s", "05:00 +3×30s"},
		{"0/5x30s", Control{Periods: 5, Period: 30 * s}, "0/5x30s", "00:00.0 +5×30s"},
		{"60s/move", Control{MoveLimit: time.Minute}, "1m/move", "1m per move"},
		{"15m/90s/move", Control{Main: 15 * time.Minute, MoveLimit: 90 * s}, "15m/1m30s/move", "15:00 1m30s per move"},
		{"5m/d5s", Control{Main: 5 * time.Minute, Delay: 5 * s}, "5m/d5s", "05:00 delay 5s"},
		{"Shared 1h30m", Control{Main: 90 * time.Minute, Shared: true}, "shared 1h30m", "shared 1:30:00"},
		{"1:30:00+30s", Control{Main: 90 * time.Minute, Increment: 30 * s}, "1h30m+30s", "1:30:00 +30s/move"},
		{"2.5s", Control{Main: 2500 * time.Millisecond}, "2.5s", "00:02.5"},
		{"unlimited", Control{}, "unlimited", "unlimited"},
		{"90m+30s/+30m@40", Control{Main: 90 * time.Minute, Increment: 30 * s, Bonus: 30 * time.Minute, BonusAfter: 40},
			"1h30m+30s/+30m@40", "1:30:00 +30s/move +30m after move 40"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			continue
		}
		if got.String() != tt.str || got.Describe() != tt.desc {
			t.Errorf("%q: String %q Describe %q; want %q %q", tt.in, got.String(), got.Describe(), tt.str, tt.desc)
		}
	}
	for _, bad := range []struct{ in, want string }{
		{"", "empty"}, {"10", "unit"}, {"10x", "byo-yomi"}, {"10m+", "increment"}, {"3x", "byo-yomi"},
		{"10m/5m", "main time must come first"}, {"5:0", "mm:ss"}, {"5:61", "mm:ss"}, {"10q", `unit "q"`},
		{"move", "unit"}, {"shared 60s/move", "shared clock needs a main time"}, {"2000h", "longer than"},
		{"10m/3x30s/2x10s", "second byo-yomi"}, {"-5m", "unit"},
		{"10m/+5m", "second stage like +30m@40"}, {"10m/+5m@0", "second stage"}, {"60s/move/+5m@3", "needs a main time"},
		{"0+5s", "no time for the first move"},
	} {
		if _, err := Parse(bad.in); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Parse(%q) = %v; want an error containing %q", bad.in, err, bad.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"10m", "10m+5s", "10m/3x30s", "60s/move", "15m/90s/move", "5m/d5s",
		"shared 30m", "1:30:00+30s", "unlimited", "90m+30s/+30m@40", "0/5x30s", "1.5s", "3x", "10m++"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		back, err := Parse(c.String())
		if err != nil || back != c {
			t.Fatalf("Parse(%q) = %+v; its String %q reads as %+v, %v", s, c, c.String(), back, err)
		}
		_ = c.Describe()
	})
}

// For every control, the side to move's Remaining falls by exactly the
// time that passes, and it flags exactly when Remaining reaches zero.
func TestRemainingProperty(t *testing.T) {
	controls := []string{"10m", "1m+10s", "1m/3x30s", "0/5x10s", "30s/d5s", "60s/move", "2m/20s/move", "shared 3m", "20s+1s/2x5s", "1m+2s/+1m@5/3x10s", "shared 1m/+30s@4", "0/d5s", "0/d3s/2x2s"}
	for seed, cs := range controls {
		ctl, err := Parse(cs)
		if err != nil {
			t.Fatal(err)
		}
		src := NewManual(time.Time{})
		k, _ := New(ctl, src)
		k.Start(B)
		x := uint64(seed + 1)
		for i := 0; i < 400 && k.Flagged() == rules.Empty; i++ {
			x = x*6364136223846793005 + 1442695040888963407
			wait := time.Duration(x>>40%25000) * time.Millisecond
			side := k.Turn()
			before := k.Remaining(side)
			src.Advance(wait)
			after := k.Remaining(side)
			if want := max(before-wait, 0); after != want {
				t.Fatalf("%s move %d: Remaining %v, then %v after %v; want %v", cs, i, before, after, wait, want)
			}
			if flagged := k.Flagged() == side; flagged != (after == 0) {
				t.Fatalf("%s move %d: Flagged %v with %v remaining", cs, i, flagged, after)
			}
			if x>>33%3 != 0 {
				k.Press()
			}
		}
	}
}

// A clock restored from a journal's reading goes on where the old one
// stopped: the same faces, the same bonus stage, and no restoring once
// it runs.
func TestRestore(t *testing.T) {
	src := NewManual(time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC))
	ctl, err := Parse("1m/3x30s")
	if err != nil {
		t.Fatal(err)
	}
	old, _ := New(ctl, src)
	old.Start(B)
	src.Advance(80 * s) // into byo-yomi: one period spent
	old.Press()
	src.Advance(20 * s)
	old.Press()
	k, _ := New(ctl, src)
	for _, c := range []rules.Color{B, W} {
		sd := old.Side(c)
		if err := k.Restore(c, sd.Main, sd.Periods, old.Moves(c)); err != nil {
			t.Fatal(err)
		}
	}
	if err := k.Start(B); err != nil {
		t.Fatal(err)
	}
	for _, c := range []rules.Color{B, W} {
		if got, want := k.Display(c), old.Display(c); got != want {
			t.Errorf("restored %v shows %q, the old clock %q", c, got, want)
		}
		if k.Moves(c) != 1 {
			t.Errorf("restored %v has %d moves, want 1", c, k.Moves(c))
		}
	}
	if err := k.Restore(B, s, 0, 0); !errors.Is(err, ErrStarted) {
		t.Errorf("Restore on a running clock: %v", err)
	}
	k2, _ := New(ctl, src)
	if err := k2.Restore(B, -s, 0, 0); err == nil {
		t.Error("a negative main time was restored")
	}
}
