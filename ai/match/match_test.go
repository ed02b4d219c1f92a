package match

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/record"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in   string
		want Spec
		err  string
	}{
		{"greedy", Spec{Kind: "greedy", Params: map[string]string{}}, ""},
		{"greedy:seed=3", Spec{Kind: "greedy", Params: map[string]string{"seed": "3"}}, ""},
		{"tengen:level=5,threads=1", Spec{Kind: "tengen", Params: map[string]string{"level": "5", "threads": "1"}}, ""},
		{"/opt/pbrain-rapfi", Spec{Kind: "external", Argv: []string{"/opt/pbrain-rapfi"}}, ""},
		{`  "/my brains/pbrain-x" --fast 'a b'`, Spec{Kind: "external", Argv: []string{"/my brains/pbrain-x", "--fast", "a b"}}, ""},
		{"", Spec{}, "empty"},
		{"greedy:level=3", Spec{}, `no setting "level"`},
		{"tengen:level", Spec{}, "not key=value"},
		{"tengen:level=high", Spec{}, "not an integer"},
		{`pbrain "open`, Spec{}, "unclosed quote"},
	}
	for _, tt := range tests {
		got, err := ParseSpec(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseSpec(%q) err = %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseSpec(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
		if again, err := ParseSpec(got.String()); err != nil || !reflect.DeepEqual(again, got) && got.Kind != "external" {
			t.Errorf("String() %q does not read back: %+v, %v", got.String(), again, err)
		}
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"greedy", "tengen:level=3", `a "b c" 'd'`, "greedy:seed=", ":"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSpec(s)
		if err == nil && sp.Kind == "external" && len(sp.Argv) == 0 {
			t.Errorf("%q: an external spec without a command", s)
		}
	})
}

// randomPlayer plays a random empty point next to a stone: a weak but
// legal opponent.
type randomPlayer struct{ rng *rand.Rand }

func (r *randomPlayer) Name() string { return "random" }
func (r *randomPlayer) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	b := rules.MustBoard(pos.Size)
	for _, s := range pos.Stones {
		b.Set(s.P, s.C)
	}
	var cands []rules.Point
	for y := 0; y < pos.Size; y++ {
		for x := 0; x < pos.Size; x++ {
			p := rules.Point{X: x, Y: y}
			if b.At(p) != rules.Empty {
				continue
			}
			for _, d := range []rules.Point{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}, {X: 1, Y: 1}, {X: -1, Y: -1}} {
				if b.At(rules.Point{X: x + d.X, Y: y + d.Y}) != rules.Empty {
					cands = append(cands, p)
					break
				}
			}
		}
	}
	if len(cands) == 0 {
		return ai.Result{Move: rules.Centre(pos.Size)}, nil
	}
	return ai.Result{Move: cands[r.rng.Intn(len(cands))]}, nil
}

// scripted plays fixed moves, then misbehaves as told.
type scripted struct {
	moves []rules.Point
	then  string // "error", "sleep", "taken"
	i     int
}

func (s *scripted) Name() string { return "scripted" }
func (s *scripted) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	if s.i < len(s.moves) {
		s.i++
		return ai.Result{Move: s.moves[s.i-1]}, nil
	}
	switch s.then {
	case "sleep":
		<-ctx.Done()
		return ai.Result{}, ctx.Err()
	case "slow":
		time.Sleep(lim.TurnTime + 300*time.Millisecond)
		return ai.Result{Move: rules.Point{X: 0, Y: 0}}, nil
	case "taken":
		return ai.Result{Move: pos.Stones[0].P}, nil
	}
	return ai.Result{}, errors.New("out of moves")
}

func pts(t *testing.T, s string) []rules.Point {
	t.Helper()
	p, err := rules.ParsePoints(s, 15)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPlayGameGreedy(t *testing.T) {
	var events []MoveEvent
	gc := GameConfig{Size: 15, Rule: rules.Renju, TurnTime: 50 * time.Millisecond, Grace: 10 * time.Second, Opening: pts(t, "h8 i9 g9")}
	r, err := PlayGame(context.Background(), ai.NewGreedy(1), ai.NewGreedy(2), gc, func(e MoveEvent) { events = append(events, e) })
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != len(r.Record.Moves) || len(events) < 9 {
		t.Fatalf("%d events, %d recorded moves", len(events), len(r.Record.Moves))
	}
	if events[0].Player != "" || events[3].Player != "greedy" || events[3].Color != rules.White {
		t.Errorf("events %+v", events[:4])
	}
	// The referee's verdict must agree with the board.
	g, _ := rules.NewGame(15, rules.Renju, rules.ReadingRIF)
	g.SetAutoClaim(true)
	for _, m := range r.Record.Moves {
		if _, err := g.Play(m.Color, m.Point); err != nil {
			t.Fatal(err)
		}
	}
	if o := g.Outcome(); !o.Over || o.Winner != r.Winner || o.Code() != r.Reason {
		t.Errorf("replayed outcome %v, game said %v by %s", o, r.Winner, r.Reason)
	}
	if r.Record.Result.Winner != r.Winner || r.Record.Black != "greedy" {
		t.Errorf("record %+v", r.Record)
	}
}

func TestPlayGameDefaults(t *testing.T) {
	// Black (the greedy player) has time to spare on a loaded machine;
	// White's misbehaviours meet its 100 ms and 100 ms of grace.
	gc := GameConfig{Size: 15, Rule: rules.Freestyle, TurnTime: 10 * time.Second, WhiteTurnTime: 100 * time.Millisecond, Grace: 100 * time.Millisecond}
	tests := []struct {
		name       string
		white      *scripted
		winner     rules.Color
		reason     string
		recordWhy  string
		detailHint string
	}{
		{"error", &scripted{moves: pts(t, "a1"), then: "error"}, rules.Black, "crash", record.ReasonForfeit, "out of moves"},
		{"hang", &scripted{then: "sleep"}, rules.Black, "time", record.ReasonTime, "took"},
		{"slow", &scripted{then: "slow"}, rules.Black, "time", record.ReasonTime, "limit"},
		{"taken point", &scripted{moves: pts(t, "a1"), then: "taken"}, rules.Black, "illegal move", record.ReasonForfeit, "taken"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := PlayGame(context.Background(), ai.NewGreedy(1), tt.white, gc, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Winner != tt.winner || r.Reason != tt.reason || r.Record.Result.Reason != tt.recordWhy || !strings.Contains(r.Detail, tt.detailHint) {
				t.Errorf("got %v", r)
			}
		})
	}
}

// timedPlayer records the time per move it is given.
type timedPlayer struct {
	randomPlayer
	seen map[time.Duration]int
}

func (p *timedPlayer) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	p.seen[lim.TurnTime]++
	return p.randomPlayer.Think(ctx, pos, lim, info)
}

func TestPlayGameTimeOdds(t *testing.T) {
	black := &timedPlayer{randomPlayer{rand.New(rand.NewSource(1))}, map[time.Duration]int{}}
	white := &timedPlayer{randomPlayer{rand.New(rand.NewSource(2))}, map[time.Duration]int{}}
	gc := GameConfig{Size: 9, Rule: rules.Freestyle, TurnTime: 300 * time.Millisecond, WhiteTurnTime: 20 * time.Millisecond, Grace: time.Second}
	if _, err := PlayGame(context.Background(), black, white, gc, nil); err != nil {
		t.Fatal(err)
	}
	if len(black.seen) != 1 || black.seen[300*time.Millisecond] == 0 || len(white.seen) != 1 || white.seen[20*time.Millisecond] == 0 {
		t.Errorf("black was given %v, white %v; want 300ms and 20ms", black.seen, white.seen)
	}
	// A side's grace counts from its own time: 20 ms + 100 ms, so a white
	// move of 420 ms loses on time while Black may take far longer.
	gc = GameConfig{Size: 15, Rule: rules.Freestyle, TurnTime: time.Second, WhiteTurnTime: 20 * time.Millisecond, Grace: 100 * time.Millisecond}
	r, err := PlayGame(context.Background(), ai.NewGreedy(1), &scripted{then: "slow"}, gc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Winner != rules.Black || r.Reason != "time" || !strings.Contains(r.Detail, "limit 20ms") {
		t.Errorf("got %v, want White to lose on time against its 20 ms", r)
	}
}

func TestConfigTimeOdds(t *testing.T) {
	cfg := Config{Size: 15, TurnTime: time.Second, TurnTime2: 50 * time.Millisecond}
	for _, tt := range []struct {
		engine1Black bool
		black, white time.Duration
	}{
		{true, time.Second, 50 * time.Millisecond},
		{false, 50 * time.Millisecond, time.Second},
	} {
		gc := cfg.gameConfig(tt.engine1Black)
		if b, w := gc.turnTime(rules.Black), gc.turnTime(rules.White); b != tt.black || w != tt.white {
			t.Errorf("engine1 black %v: black %v, white %v; want %v, %v", tt.engine1Black, b, w, tt.black, tt.white)
		}
	}
	cfg.TurnTime2 = 0
	if gc := cfg.gameConfig(false); gc.turnTime(rules.Black) != time.Second || gc.turnTime(rules.White) != time.Second {
		t.Errorf("without TurnTime2 both sides should get TurnTime: %+v", gc)
	}
}

func TestPlayGameForbiddenLoses(t *testing.T) {
	gc := GameConfig{Size: 15, Rule: rules.Renju, TurnTime: 100 * time.Millisecond, Grace: 10 * time.Second,
		Opening: pts(t, "h8 a1 j8 a3 i9 a5 i10 a7")}
	// Black i8 now: row h8 i8 j8 (open three) and column i8 i9 i10 (open three): 3-3.
	r, err := PlayGame(context.Background(), &scripted{moves: pts(t, "i8")}, ai.NewGreedy(1), gc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Winner != rules.White || r.Reason != "forbidden:double-three" {
		t.Errorf("got %v", r)
	}
	// The same move in freestyle is fine and Black goes on.
	gc.Rule = rules.Freestyle
	r, err = PlayGame(context.Background(), &scripted{moves: pts(t, "i8"), then: "error"}, ai.NewGreedy(1), gc, nil)
	if err != nil || r.Reason != "crash" || len(r.Record.Moves) != 10 {
		t.Errorf("freestyle: %v, %v", r, err)
	}
}

func TestPlayGamePasses(t *testing.T) {
	// Two passes in a row are a draw; the players never see a pass as a stone.
	pass := []rules.Point{rules.Pass}
	black, white := &scripted{moves: pass}, &scripted{moves: pass}
	r, err := PlayGame(context.Background(), black, white, GameConfig{Size: 15, Rule: rules.Renju, Opening: pts(t, "h8 h9 h10")}, nil)
	if err != nil || r.Winner != rules.Empty || r.Reason != "two passes" || len(r.Record.Moves) != 5 {
		t.Errorf("got %v, %v", r, err)
	}
	// After one pass, the opponent is asked with the same stones.
	rec := &recorder{}
	r, err = PlayGame(context.Background(), &scripted{moves: pass, then: "error"}, rec, GameConfig{Size: 15, Rule: rules.Renju, Opening: pts(t, "h8 h9")}, nil)
	if err != nil || len(rec.positions) == 0 || len(rec.positions[0].Stones) != 2 || rec.positions[0].ToMove != rules.White {
		t.Errorf("after a pass White was asked %+v (%v, %v)", rec.positions, r, err)
	}
}

func TestPlayGameOnlyForbiddenPasses(t *testing.T) {
	// A renju game of 224 moves whose last empty point is forbidden to
	// Black, to move: the runner passes for Black (asking it would be a
	// crash here, and with a brain a loss on time) and the game goes on.
	data, err := os.ReadFile(filepath.Join("testdata", "renju-last-point-forbidden.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.ReadSGF(data)
	if err != nil {
		t.Fatal(err)
	}
	gc := GameConfig{Size: 15, Rule: rules.Renju, TurnTime: 50 * time.Millisecond, Grace: 10 * time.Second, Opening: rec.Points()[:224]}
	r, err := PlayGame(context.Background(), &scripted{then: "error"}, ai.NewGreedy(1), gc, nil)
	if err != nil {
		t.Fatal(err)
	}
	moves := r.Record.Moves
	if len(moves) < 225 || !moves[224].Point.IsPass() || r.Reason == "crash" || r.Winner == rules.White && r.Reason != "five" {
		t.Errorf("got %v with %d moves; want Black's pass at move 225 and the game decided on the board", r, len(moves))
	}
	// PSQ cannot hold the pass: the game is kept as SGF, and the match
	// goes on (a match once stopped here, its other games lost).
	files, err := WriteRecord(t.TempDir(), "game", r.Record)
	if err != nil || len(files) != 1 || filepath.Ext(files[0]) != ".sgf" {
		t.Errorf("WriteRecord = %v, %v; want the SGF alone", files, err)
	}
}

// recorder plays greedily and keeps the positions it was asked.
type recorder struct{ positions []ai.Position }

func (r *recorder) Name() string { return "recorder" }
func (r *recorder) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	r.positions = append(r.positions, pos)
	return ai.NewGreedy(0).Think(ctx, pos, lim, info)
}

func TestPlayGameBadOpening(t *testing.T) {
	for _, op := range []string{"h8 h8", "a1 b1 a2 b2 a3 b3 a4 b4 a5"} {
		gc := GameConfig{Size: 15, Rule: rules.Freestyle, Opening: pts(t, op)}
		if _, err := PlayGame(context.Background(), ai.NewGreedy(1), ai.NewGreedy(1), gc, nil); err == nil {
			t.Errorf("opening %q accepted", op)
		}
	}
}

func TestRunBalancedPairs(t *testing.T) {
	dir := t.TempDir()
	var progress []Progress
	var mu sync.Mutex
	moves := map[int]int{}
	cfg := Config{
		Engine1: Spec{Kind: "greedy", Params: map[string]string{}}, Engine2: Spec{Kind: "greedy", Params: map[string]string{}},
		Size: 15, Rule: rules.Renju, Games: 3, TurnTime: 50 * time.Millisecond, Grace: 10 * time.Second,
		Openings: [][]rules.Point{pts(t, "h8 h9 j10"), pts(t, "h8 i9 g10")}, Concurrency: 2, OutDir: dir, Seed: 7,
		Progress: func(p Progress) { progress = append(progress, p) },
		OnMove: func(n int, e MoveEvent) {
			mu.Lock()
			moves[n]++
			mu.Unlock()
		},
	}
	stats, games, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Games() != 4 || len(games) != 4 || len(progress) != 4 || progress[3].Game != 4 || progress[3].Stats != stats {
		t.Fatalf("stats %+v, %d games, %d progress", stats, len(games), len(progress))
	}
	for i, g := range games {
		if moves[i+1] != len(g.Record.Moves) {
			t.Errorf("game %d: OnMove saw %d moves of %d", i+1, moves[i+1], len(g.Record.Moves))
		}
		op := cfg.Openings[i/2]
		for j, p := range op {
			if g.Record.Moves[j].Point != p {
				t.Errorf("game %d does not start with opening %v", i+1, op)
			}
		}
		for _, ext := range []string{"sgf", "psq"} {
			data, err := os.ReadFile(filepath.Join(dir, "game-00"+string(rune('1'+i))+"."+ext))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := record.Read(data, record.Detect(data))
			if err != nil || len(rec.Moves) != len(g.Record.Moves) {
				t.Errorf("game %d %s: %v, %d moves, want %d", i+1, ext, err, len(rec.Moves), len(g.Record.Moves))
			}
		}
	}
}

func TestRunGreedyBeatsRandom(t *testing.T) {
	// The random player is not a Spec, so play the pairs by hand through
	// PlayGame, as Run does, and check the greedy player wins them all.
	rng := &randomPlayer{rng: rand.New(rand.NewSource(1))}
	g := ai.NewGreedy(1)
	for i, op := range RandomOpenings(3, 15, 5) {
		for _, greedyBlack := range []bool{true, false} {
			black, white, want := ai.Player(g), ai.Player(rng), rules.Black
			if !greedyBlack {
				black, white, want = rng, g, rules.White
			}
			r, err := PlayGame(context.Background(), black, white, GameConfig{Size: 15, Rule: rules.Renju, Opening: op}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Winner != want {
				t.Errorf("opening %d: %v", i+1, r)
			}
		}
	}
}

func TestRunExternalBrain(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pbrain-tengen")
	}
	bin := build(t, "tengen/cmd/pbrain-tengen")
	e1, err := ParseSpec(bin)
	if err != nil {
		t.Fatal(err)
	}
	// A generous grace: this tests driving a brain, not a busy machine's timing.
	cfg := Config{Engine1: e1, Engine2: Spec{Kind: "greedy"}, Size: 9, Rule: rules.Freestyle, Games: 2, TurnTime: 100 * time.Millisecond, Grace: 10 * time.Second, Seed: 1}
	stats, games, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Games() != 2 {
		t.Fatalf("stats %+v", stats)
	}
	for _, g := range games {
		if g.Reason == "crash" || g.Reason == "time" || g.Reason == "illegal move" {
			t.Errorf("game lost by default: %v", g)
		}
		if g.Black != "Tengen" && g.White != "Tengen" {
			t.Errorf("the brain's ABOUT name is missing: %v", g)
		}
	}
}

// build builds the command pkg into the test's temporary directory.
func build(t *testing.T, pkg string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

func TestRunExternalBrainNewGames(t *testing.T) {
	// The fake brain answers off the board when a BOARD drops stones it
	// saw since its last RESTART: a new game it was not told of, whose
	// brain would still hold what it learnt in the last one.
	bin := build(t, "tengen/ai/gomocup/testdata/fakebrain")
	cfg := Config{Engine1: Spec{Kind: "external", Argv: []string{bin, "fresh"}}, Engine2: Spec{Kind: "greedy"},
		Size: 15, Rule: rules.Freestyle, Games: 4, TurnTime: 100 * time.Millisecond, Grace: 10 * time.Second,
		Openings: [][]rules.Point{pts(t, "h8 h9 j10"), pts(t, "a1 o15 a15")}}
	_, games, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		if g.Reason == "illegal move" || g.Reason == "crash" || g.Reason == "time" {
			t.Errorf("game %d: the brain was not told of the new game: %v", i+1, g)
		}
	}
}

func TestRunStartsBrainOffTheClock(t *testing.T) {
	// The fake brain takes half a second to start; the first move of a
	// match gives it 100 ms and a 200 ms grace.
	bin := build(t, "tengen/ai/gomocup/testdata/fakebrain")
	cfg := Config{Engine1: Spec{Kind: "external", Argv: []string{bin, "slow"}}, Engine2: Spec{Kind: "greedy"},
		Size: 15, Rule: rules.Freestyle, Games: 2, TurnTime: 100 * time.Millisecond, Grace: 200 * time.Millisecond,
		Openings: [][]rules.Point{pts(t, "h8 h9 j10")}}
	_, games, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		if g.Reason == "time" || g.Reason == "crash" {
			t.Errorf("game %d: the brain's start was charged to its move: %v", i+1, g)
		}
	}
}

func TestSpecResources(t *testing.T) {
	sp, _ := ParseSpec("tengen:level=3")
	sp.Threads, sp.MemoryMiB = 1, 16
	p, err := sp.New(1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := p.(*ai.Engine).Options(); o.Threads != 1 || o.MaxMemory != 16<<20 || o.Level != 3 {
		t.Errorf("engine options %+v", o)
	}
	sp, _ = ParseSpec("tengen:threads=2")
	sp.Threads = 1
	p, _ = sp.New(1, nil)
	if o := p.(*ai.Engine).Options(); o.Threads != 2 {
		t.Errorf("the spec's own threads=2 should win, got %d", o.Threads)
	}
}

func TestRunErrors(t *testing.T) {
	g := Spec{Kind: "greedy"}
	for _, cfg := range []Config{
		{Engine1: g, Engine2: g, Size: 15, Games: 0},
		{Engine1: g, Engine2: g, Size: 3, Games: 2},
		{Engine1: Spec{Kind: "external", Argv: []string{"/no/such/brain"}}, Engine2: g, Size: 15, Games: 2, Openings: [][]rules.Point{{{X: 7, Y: 7}, {X: 7, Y: 7}}}},
		{Engine1: g, Engine2: g, Size: 15, Games: 2, Openings: [][]rules.Point{{{X: 7, Y: 7}, {X: 7, Y: 7}}}},
	} {
		if _, _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("Run(%+v) succeeded", cfg)
		}
	}
}

func TestElo(t *testing.T) {
	tests := []struct {
		s         Stats
		elo       float64
		maxMargin float64 // 0: the interval is open
	}{
		{Stats{Wins: 5, Losses: 5}, 0, 400},
		{Stats{Wins: 50, Losses: 50}, 0, 80},
		{Stats{Wins: 75, Losses: 25}, 190.8, 100},
		{Stats{Wins: 25, Losses: 75}, -190.8, 100},
		{Stats{Wins: 30, Draws: 40, Losses: 30}, 0, 60},
		{Stats{Draws: 10}, 0, 1},
		{Stats{Wins: 7, Draws: 2, Losses: 1}, 240.8, 0},
	}
	for _, tt := range tests {
		elo, lo, hi := tt.s.Elo()
		if math.Abs(elo-tt.elo) > 1 || lo > elo || hi < elo {
			t.Errorf("%+v: Elo %.1f in %.1f..%.1f, want %.1f", tt.s, elo, lo, hi, tt.elo)
		}
		if open := math.IsInf(hi, 0) || math.IsInf(lo, 0); open != (tt.maxMargin == 0) || (!open && (hi-lo)/2 > tt.maxMargin) {
			t.Errorf("%+v: interval %.1f..%.1f, want half-width under %.0f (0 = open)", tt.s, lo, hi, tt.maxMargin)
		}
	}
	// All wins: +inf, bounded below by the rule of three (score 1-3/n).
	if elo, lo, hi := (Stats{Wins: 10}).Elo(); !math.IsInf(elo, 1) || !math.IsInf(hi, 1) || math.Abs(lo-147.2) > 0.1 {
		t.Errorf("all wins: Elo %v in %v..%v", elo, lo, hi)
	}
	if elo, lo, hi := (Stats{Losses: 10}).Elo(); !math.IsInf(elo, -1) || !math.IsInf(lo, -1) || math.Abs(hi+147.2) > 0.1 {
		t.Errorf("all losses: Elo %v in %v..%v", elo, lo, hi)
	}
	if _, _, hi := (Stats{Losses: 2}).Elo(); !math.IsInf(hi, 1) {
		t.Errorf("two losses bound nothing, got %v", hi)
	}
	for s, want := range map[Stats]string{
		{Wins: 7, Draws: 2, Losses: 1}: "+7 =2 -1  score 80.0%  Elo +241 (95%: +66 to +inf)",
		{Wins: 4}:                      "+4 =0 -0  score 100.0%  Elo +inf (95%: -191 to +inf)",
		{Losses: 2}:                    "+0 =0 -2  score 0.0%  Elo -inf",
		{Wins: 6}:                      "+6 =0 -0  score 100.0%  Elo +inf (95%: +0 to +inf)",
		{Wins: 60, Losses: 40}:         "+60 =0 -40  score 60.0%  Elo +70 ± 71",
	} {
		if got := s.String(); got != want {
			t.Errorf("String() = %q, want %q", got, want)
		}
	}
}

func TestParseOpenings(t *testing.T) {
	got, err := ParseOpenings("# direct\nh8 h9 h10\r\n\n  h8 i9 j10  \n", 15)
	if err != nil || len(got) != 2 || rules.FormatPoints(got[1]) != "h8 i9 j10" {
		t.Errorf("got %v, %v", got, err)
	}
	for in, want := range map[string]string{
		"h8 h9\nh8 z9\n": "line 2",
		"h8 h8\n":        "line 1, move 2",
		"# nothing\n":    "no openings",
	} {
		if _, err := ParseOpenings(in, 15); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseOpenings(%q) err = %v, want %q", in, err, want)
		}
	}
}

func FuzzParseOpenings(f *testing.F) {
	f.Add("h8 h9 h10\nh8 i9 j10\n")
	f.Add("# x\n\nh8 pass h9\n")
	f.Fuzz(func(t *testing.T, s string) {
		ops, err := ParseOpenings(s, 15)
		if err == nil && len(ops) == 0 {
			t.Error("no error and no openings")
		}
	})
}

func TestRandomOpenings(t *testing.T) {
	a, b := RandomOpenings(20, 15, 3), RandomOpenings(20, 15, 3)
	if !reflect.DeepEqual(a, b) {
		t.Error("not deterministic")
	}
	for _, op := range a {
		if op[0] != rules.Centre(15) || op[1] == op[0] || op[2] == op[0] || op[2] == op[1] {
			t.Errorf("bad opening %v", op)
		}
	}
}

// TestEvenOpeningSets: the opening sets Rapfi rates even
// (testdata/rapfi_even_*.txt) hold 32 different openings each, every one
// a legal position from h8 under its rule with the game still on.
func TestEvenOpeningSets(t *testing.T) {
	for file, rule := range map[string]rules.Rule{"rapfi_even_renju.txt": rules.Renju, "rapfi_even_freestyle.txt": rules.Freestyle} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		ops, err := ParseOpenings(string(data), 15)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if len(ops) != 32 {
			t.Errorf("%s: %d openings, want 32", file, len(ops))
		}
		seen := map[string]int{}
		for k, op := range ops {
			key := fmt.Sprint(op)
			if j, ok := seen[key]; ok {
				t.Errorf("%s: opening %d repeats opening %d", file, k+1, j+1)
			}
			seen[key] = k
			g, _ := rules.NewGame(15, rule, rules.ReadingRIF)
			if op[0] != rules.Centre(15) {
				t.Errorf("%s opening %d starts at %v, not the centre", file, k+1, op[0])
			}
			for _, p := range op {
				if _, err := g.Play(g.ToMove(), p); err != nil {
					t.Fatalf("%s opening %d: %v", file, k+1, err)
				}
			}
			if g.Over() {
				t.Errorf("%s opening %d: the game is over", file, k+1)
			}
		}
	}
}
