package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/ai"
	"tengen/rules"
)

// TestEngineTune tunes on a few real selfplay games: it reports a fit with
// a lower training loss, writes Go source for the weights, and refuses bad
// calls with a clear message.
func TestEngineTune(t *testing.T) {
	games := t.TempDir()
	// Level 3's node budget, not the clock, ends each move (a 1 s turn is
	// far more than it needs), so the games are the same on a busy machine.
	for i, seed := range []string{"7", "4", "5", "6"} {
		dir := filepath.Join(games, "g"+seed)
		rule := []string{"freestyle", "renju"}[i%2]
		if _, errs, code := runCLI(t, "", "selfplay", "--rule", rule, "--level", "3", "--time", "1000", "--seed", seed, "--out", dir); code != 0 {
			t.Fatalf("selfplay: exit %d: %s", code, errs)
		}
	}
	out := filepath.Join(t.TempDir(), "weights.go")
	stdout, errs, code := runCLI(t, "", "engine", "tune", "--iterations", "50", "--holdout", "0", "--out", out, "--json", games)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep tuneReport
	decodeLastJSON(t, stdout, &rep)
	if rep.Games != 4 || rep.Samples == 0 || rep.K <= 0 || !(rep.LossAfter < rep.LossBefore) || len(rep.Weights) != len(rep.WeightNames) {
		t.Errorf("report %+v: want 4 games, samples, K > 0, a lower loss, a weight per name", rep)
	}
	// With games held out, the report also weighs the weights in use on them,
	// the figure a new fit has to beat.
	stdout, errs, code = runCLI(t, "", "engine", "tune", "--iterations", "20", "--holdout", "2", "--json", games)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var held tuneReport
	decodeLastJSON(t, stdout, &held)
	if held.Holdout == 0 || !(held.HoldInUse > 0) || !strings.Contains(stdout, "weights in use") {
		t.Errorf("report %+v: want held-out positions and the loss of the weights in use on them", held)
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "var evalWeights = [numEvalFeatures]int32{") || !strings.Contains(string(src), "Tuned on 4 games") {
		t.Errorf("weights file:\n%s", src)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "name at least one directory"},
		{[]string{"--iterations", "0", games}, "--iterations and --rate must be positive"},
		{[]string{"--reading", "odd", games}, "--reading"},
		{[]string{"--shrink", "0", games}, "--shrink must be above 0"},
		{[]string{t.TempDir()}, "no .sgf files under"},
	} {
		_, errs, code := runCLI(t, "", append([]string{"engine", "tune"}, tt.args...)...)
		if code == 0 || !strings.Contains(errs, tt.want) {
			t.Errorf("engine tune %v: exit %d, stderr %q, want %q", tt.args, code, errs, tt.want)
		}
	}
}

// TestEngineTuneTargets fits to a targets file: the positions' own
// targets (here a win rate of 0.8 for the side to move wherever it is),
// not game results. The fit lowers the loss, holds out every Nth
// position, skips positions the search reads by threats, and refuses bad
// lines with the line's number.
func TestEngineTuneTargets(t *testing.T) {
	lines := randomTargetLines(60, 0.8)
	// Black to move with an open four on row 8: read by threats, skipped.
	lines = append(lines, "15 freestyle rif black 0.8 bh8,wa1,bj8,wa3,bk8,wa5,bi8,wa7")
	dir := t.TempDir()
	file := filepath.Join(dir, "targets.txt")
	if err := os.WriteFile(file, []byte("# position targets\n"+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "weights.go")
	stdout, errs, code := runCLI(t, "", "engine", "tune", "--targets", file, "--iterations", "50", "--holdout", "5", "--out", out, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep tuneReport
	decodeLastJSON(t, stdout, &rep)
	if rep.Games != 0 || rep.Targets == 0 || rep.Targets >= len(lines) || rep.Samples+rep.Holdout != rep.Targets || rep.Holdout != rep.Targets/5 || !(rep.LossAfter < rep.LossBefore) {
		t.Errorf("report %+v: want no games, %d target positions but the open four, every 5th held out, a lower loss", rep, len(lines))
	}
	if src, err := os.ReadFile(out); err != nil || !strings.Contains(string(src), fmt.Sprintf("Tuned on 0 games and %d target positions", rep.Targets)) {
		t.Errorf("weights file (%v):\n%s", err, src)
	}
	for _, tt := range []struct {
		line, want string
	}{
		{"15 freestyle rif black 0.8", "line 2: want 6 fields"},
		{"15 freestyle rif black 1.5 bh8,wa1,bj8,wa3,bk8", "line 2: position: target 1.5 outside 0..1"},
		{"15 freestyle rif black x bh8,wa1,bj8,wa3,bk8", `line 2: target "x" is not a number`},
		{"15 freestyle rif red 0.5 bh8,wa1,bj8,wa3,bk8", "line 2: colour to move"},
	} {
		bad := filepath.Join(t.TempDir(), "bad.txt")
		if err := os.WriteFile(bad, []byte(lines[0]+"\n"+tt.line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, errs, code := runCLI(t, "", "engine", "tune", "--targets", bad, "--iterations", "5")
		if code == 0 || !strings.Contains(errs, tt.want) {
			t.Errorf("line %q: exit %d, stderr %q, want %q", tt.line, code, errs, tt.want)
		}
	}
}

// randomTargetLines returns n targets-file lines of random positions (8 to
// 17 stones around the centre, freestyle and renju in turn), each with
// target for the side to move.
func randomTargetLines(n int, target float64) []string {
	rng := rand.New(rand.NewPCG(4, 2))
	var lines []string
	for len(lines) < n {
		rule := []string{"freestyle", "renju"}[len(lines)%2]
		used := map[rules.Point]bool{}
		var stones []string
		for k := 0; k < 8+rng.IntN(10); k++ {
			p := rules.Point{X: 4 + rng.IntN(7), Y: 4 + rng.IntN(7)}
			if used[p] {
				continue
			}
			used[p] = true
			stones = append(stones, []string{"b", "w"}[len(stones)%2]+p.String())
		}
		toMove := []string{"black", "white"}[len(stones)%2]
		lines = append(lines, fmt.Sprintf("15 %s rif %s %g %s", rule, toMove, target, strings.Join(stones, ",")))
	}
	return lines
}

// TestEngineTuneStartPull: --start in-use starts the fit from the weights
// compiled in, and --pull holds the weights near their start, where the
// same fit without it moves them (point combinations, pulled by --lambda
// instead, are left out); bad values are refused.
func TestEngineTuneStartPull(t *testing.T) {
	file := filepath.Join(t.TempDir(), "targets.txt")
	if err := os.WriteFile(file, []byte(strings.Join(randomTargetLines(60, 0.9), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	inUse := ai.EvalWeights()
	// farthest returns how far the fitted weights moved from those in use.
	farthest := func(args ...string) float64 {
		t.Helper()
		stdout, errs, code := runCLI(t, "", append([]string{"engine", "tune", "--targets", file, "--start", "in-use", "--combos=false", "--iterations", "400", "--holdout", "0", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var rep tuneReport
		decodeLastJSON(t, stdout, &rep)
		if len(rep.Weights) != len(inUse) {
			t.Fatalf("%v: %d weights, want %d", args, len(rep.Weights), len(inUse))
		}
		d := 0.0
		for i, w := range rep.Weights {
			d = max(d, math.Abs(w-inUse[i]))
		}
		return d
	}
	free, held := farthest(), farthest("--pull", "1")
	if !(free > 5 && held < 1) {
		t.Errorf("largest move from the weights in use: %.1f without --pull (want > 5), %.1f with --pull 1 (want < 1)", free, held)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--start", "zero"}, `--start must be hand or in-use, not "zero"`},
		{[]string{"--pull", "-1"}, "--pull and --holdout not negative"},
	} {
		_, errs, code := runCLI(t, "", append([]string{"engine", "tune", "--targets", file}, tt.args...)...)
		if code == 0 || !strings.Contains(errs, tt.want) {
			t.Errorf("engine tune %v: exit %d, stderr %q, want %q", tt.args, code, errs, tt.want)
		}
	}
}
