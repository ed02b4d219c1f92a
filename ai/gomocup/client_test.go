package gomocup

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tengen/ai"
	"tengen/rules"
)

// binDir holds the programs the tests build, shared by the package's tests.
var (
	binDir     string
	buildMu    sync.Mutex
	builtPaths = map[string]string{}
)

func TestMain(m *testing.M) {
	var err error
	if binDir, err = os.MkdirTemp("", "gomocup-test"); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(binDir)
	os.Exit(code)
}

// build builds a Go program of this module once and returns its path.
func build(t testing.TB, pkg string) string {
	t.Helper()
	buildMu.Lock()
	defer buildMu.Unlock()
	if p, ok := builtPaths[pkg]; ok {
		return p
	}
	out := filepath.Join(binDir, filepath.Base(pkg))
	if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
	builtPaths[pkg] = out
	return out
}

func fakeBrain(t *testing.T) string { return build(t, "./testdata/fakebrain") }

// logLines collects a client's log.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) add(s string) { l.mu.Lock(); l.lines = append(l.lines, s); l.mu.Unlock() }
func (l *logLines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// newClient makes a client with a generous grace, so a busy machine does
// not fail the tests; a hang is tested with a short one (newClientGrace).
func newClient(t *testing.T, log *logLines, argv ...string) *Client {
	t.Helper()
	return newClientGrace(t, log, 10*time.Second, argv...)
}

func newClientGrace(t *testing.T, log *logLines, grace time.Duration, argv ...string) *Client {
	t.Helper()
	opt := ClientOptions{Grace: grace, StartTimeout: 10 * time.Second}
	if log != nil {
		opt.Log = log.add
	}
	c, err := NewClient(argv, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

var quick = ai.Limits{TurnTime: 200 * time.Millisecond}

// playGame plays moves with the client as one side and a greedy player
// as the other, checking each reply is an empty point; it returns the stones.
func playGame(t *testing.T, c ai.Player, clientColor rules.Color, moves int) []ai.Stone {
	t.Helper()
	pos := ai.Position{Size: 15, Rule: rules.Freestyle, ToMove: rules.Black}
	other := ai.NewGreedy(3)
	for i := 0; i < moves; i++ {
		var p ai.Player = other
		if pos.ToMove == clientColor {
			p = c
		}
		res, err := p.Think(context.Background(), pos, quick, nil)
		if err != nil {
			t.Fatalf("move %d by %s: %v", i+1, p.Name(), err)
		}
		for _, s := range pos.Stones {
			if s.P == res.Move {
				t.Fatalf("move %d by %s: %v is taken", i+1, p.Name(), res.Move)
			}
		}
		pos.Stones = append(pos.Stones, ai.Stone{P: res.Move, C: pos.ToMove})
		pos.ToMove = pos.ToMove.Opponent()
	}
	return pos.Stones
}

func TestClientAgainstOurBrain(t *testing.T) {
	brain := build(t, "tengen/cmd/pbrain-tengen")
	log := &logLines{}
	c := newClient(t, log, brain)
	stones := playGame(t, c, rules.Black, 10)
	if stones[0].P != rules.Centre(15) {
		t.Errorf("pbrain-tengen opened at %v, want the centre", stones[0].P)
	}
	if c.Name() != "Tengen" {
		t.Errorf("Name() = %q, want the ABOUT name Tengen", c.Name())
	}
	if !strings.Contains(log.String(), "MESSAGE depth") {
		t.Errorf("no MESSAGE lines were passed on; log:\n%s", log)
	}
	// A new game on the same client: BOARD from scratch, as White.
	playGame(t, c, rules.White, 6)
	// A new game as Black needs an empty board: RESTART, then BEGIN.
	playGame(t, c, rules.Black, 4)
	// A different size restarts the board with START.
	res, err := c.Think(context.Background(), ai.Position{Size: 19, ToMove: rules.Black}, quick, nil)
	if err != nil || res.Move != rules.Centre(19) {
		t.Errorf("19x19 opening: %v, %v", res.Move, err)
	}
}

func TestClientMisbehavingBrains(t *testing.T) {
	fake := fakeBrain(t)
	empty := ai.Position{Size: 15, ToMove: rules.Black}
	tests := []struct {
		mode    string
		wantErr string
	}{
		{"hang", "did not answer in time"},
		{"crash", "segmentation fault (pretend)"},
		{"refuse", "refused START 15: unsupported size"},
		{"illegal", "off a 15x15 board"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			// Only the hang needs a short grace; the others must be told
			// apart from a timeout even when a busy machine is slow to
			// deliver the crash (it once took over 500 ms at load 12).
			grace := 10 * time.Second
			if tt.mode == "hang" {
				grace = 300 * time.Millisecond
			}
			c := newClientGrace(t, nil, grace, fake, tt.mode)
			start := time.Now()
			_, err := c.Think(context.Background(), empty, quick, nil)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("err = %v, want one saying %q", err, tt.wantErr)
			}
			if timedOut := errors.Is(err, context.DeadlineExceeded); timedOut != (tt.mode == "hang") {
				t.Errorf("err %v: timed out %v", err, timedOut)
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("took %v to give up", d)
			}
		})
	}
}

// Start starts a brain before its first move: a working one then plays
// from it; a missing program and a refusal of the board are errors then.
func TestClientStart(t *testing.T) {
	fake := fakeBrain(t)
	c := newClient(t, nil, fake)
	if err := c.Start(context.Background(), 15, rules.Freestyle); err != nil {
		t.Fatal(err)
	}
	playGame(t, c, rules.Black, 4)
	for _, argv := range [][]string{{filepath.Join(t.TempDir(), "no-such-brain")}, {fake, "refuse"}} {
		if err := newClient(t, nil, argv...).Start(context.Background(), 15, rules.Freestyle); err == nil {
			t.Errorf("%v started", argv)
		}
	}
}

func TestClientGarbageAroundMoves(t *testing.T) {
	log := &logLines{}
	c := newClient(t, log, fakeBrain(t), "garbage")
	var infos []ai.Info
	res, err := c.Think(context.Background(), ai.Position{Size: 15, ToMove: rules.Black}, quick, func(in ai.Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != rules.Centre(15) {
		t.Errorf("move %v", res.Move)
	}
	if len(infos) != 1 || infos[0].Depth != 3 || infos[0].Score != -12 || rules.FormatPoints(infos[0].PV) != "h8 h9" {
		t.Errorf("infos %+v", infos)
	}
	for _, want := range []string{"unexpected line", "DEBUG thinking", "ERROR not really"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
}

func TestClientRestartsAfterCrash(t *testing.T) {
	mark := filepath.Join(t.TempDir(), "ran")
	c := newClient(t, nil, fakeBrain(t), "crash1", mark)
	empty := ai.Position{Size: 15, ToMove: rules.Black}
	if _, err := c.Think(context.Background(), empty, quick, nil); err == nil {
		t.Fatal("the first run should crash")
	}
	playGame(t, c, rules.Black, 6)
}

// TestClientNewGameRestartsKilledBrain: a brain killed in one game is
// started again by NewGame, off the clock, not by the next game's first
// move.
func TestClientNewGameRestartsKilledBrain(t *testing.T) {
	c := newClient(t, nil, fakeBrain(t), "crash")
	if _, err := c.Think(context.Background(), ai.Position{Size: 15, ToMove: rules.Black}, quick, nil); err == nil {
		t.Fatal("the brain should crash")
	}
	if c.proc != nil {
		t.Fatal("a crashed brain is still the client's")
	}
	c.NewGame()
	if c.proc == nil || !c.proc.fresh || c.proc.size != 15 {
		t.Fatalf("after NewGame the brain is %+v, want a fresh one started on 15x15", c.proc)
	}
}

func TestClientWaitsAfterMove(t *testing.T) {
	// The fake drops commands within 30 ms of its move; the client's 50 ms
	// quiet time keeps every TURN from being lost.
	c := newClient(t, nil, fakeBrain(t), "drop")
	playGame(t, c, rules.White, 12)
}

func TestClientChattyBrainCloses(t *testing.T) {
	c, err := NewClient([]string{fakeBrain(t), "flood"}, ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	playGame(t, c, rules.Black, 4)
	done := make(chan struct{})
	go func() { c.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Close hangs on a brain that floods its output and ignores END")
	}
}

func TestClientContextCancel(t *testing.T) {
	c := newClient(t, nil, fakeBrain(t), "hang")
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Think(ctx, ai.Position{Size: 15, ToMove: rules.Black}, ai.Limits{TurnTime: time.Minute}, nil)
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 5*time.Second {
		t.Errorf("err %v after %v", err, time.Since(start))
	}
}

func TestClientNoCommand(t *testing.T) {
	if _, err := NewClient(nil, ClientOptions{}); err == nil {
		t.Error("accepted an empty command")
	}
	c := newClient(t, nil, filepath.Join(t.TempDir(), "no-such-brain"))
	if _, err := c.Think(context.Background(), ai.Position{Size: 15, ToMove: rules.Black}, quick, nil); err == nil {
		t.Error("a missing program played")
	}
}

func TestParseInfo(t *testing.T) {
	tests := []struct {
		in    string
		ok    bool
		depth int
		score int
		nodes int64
		pv    string
	}{
		{"depth 7 score 35 nodes 1200 time 80ms pv h8 i9", true, 7, 35, 1200, "h8 i9"},
		{"Speed 523K | Depth 8-10 | Eval -86 | Node 1046 | Time 2ms", true, 8, -86, 1046, ""},
		{"Bestline J8 H9 I8", false, 0, 0, 0, ""},
		{"hello", false, 0, 0, 0, ""},
		{"depth x", false, 0, 0, 0, ""},
	}
	for _, tt := range tests {
		in, ok := ParseInfo(tt.in)
		if ok != tt.ok || in.Depth != tt.depth || in.Score != tt.score || in.Nodes != tt.nodes || rules.FormatPoints(in.PV) != tt.pv {
			t.Errorf("ParseInfo(%q) = %+v, %v", tt.in, in, ok)
		}
	}
}

func FuzzParseInfo(f *testing.F) {
	f.Add("depth 7 score 35 nodes 1200 time 80ms pv h8 i9")
	f.Add("Depth 8-10 | Eval 86 | Node 1046")
	f.Add("pv")
	f.Fuzz(func(t *testing.T, s string) {
		in, ok := ParseInfo(s)
		if !ok && in.Depth != 0 {
			t.Errorf("depth %d without ok", in.Depth)
		}
	})
}

// TestClientExternalBrain plays a short game through any Gomocup brain
// named by TENGEN_TEST_BRAIN (e.g. a Rapfi built beside the project), to
// check the client against engines we did not write.
func TestClientExternalBrain(t *testing.T) {
	brain := os.Getenv("TENGEN_TEST_BRAIN")
	if brain == "" {
		t.Skip("set TENGEN_TEST_BRAIN to a Gomocup brain's path to run")
	}
	log := &logLines{}
	c := newClient(t, log, brain)
	for _, color := range []rules.Color{rules.Black, rules.White} {
		playGame(t, c, color, 12)
	}
	t.Logf("%s played both colours; log:\n%s", c.Name(), log)
}

// BenchmarkClientRoundTrip measures a move request through the protocol
// and a subprocess (pbrain-tengen's greedy player answers), without the
// quiet time kept for Rapfi.
func BenchmarkClientRoundTrip(b *testing.B) {
	brain := build(b, "tengen/cmd/pbrain-tengen")
	c, err := NewClient([]string{brain, "--greedy"}, ClientOptions{Quiet: time.Microsecond})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	pos := ai.Position{Size: 15, Rule: rules.Renju, ToMove: rules.White, Stones: []ai.Stone{{P: rules.Centre(15), C: rules.Black}}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := c.Think(context.Background(), pos, ai.Limits{TurnTime: time.Second}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
