package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEngineTune tunes on a few real selfplay games: it reports a fit with
// a lower training loss, writes Go source for the weights, and refuses bad
// calls with a clear message.
func TestEngineTune(t *testing.T) {
	games := t.TempDir()
	for i, seed := range []string{"3", "4", "5", "6"} {
		dir := filepath.Join(games, "g"+seed)
		rule := []string{"freestyle", "renju"}[i%2]
		if _, errs, code := runCLI(t, "", "selfplay", "--rule", rule, "--level", "3", "--time", "20", "--seed", seed, "--out", dir); code != 0 {
			t.Fatalf("selfplay: exit %d: %s", code, errs)
		}
	}
	out := filepath.Join(t.TempDir(), "weights.go")
	stdout, errs, code := runCLI(t, "", "engine", "tune", "--iterations", "50", "--holdout", "0", "--out", out, "--json", games)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	var rep tuneReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &rep); err != nil {
		t.Fatalf("last line is not the JSON report: %v\n%s", err, stdout)
	}
	if rep.Games != 4 || rep.Samples == 0 || rep.K <= 0 || !(rep.LossAfter < rep.LossBefore) || len(rep.Weights) != len(rep.WeightNames) {
		t.Errorf("report %+v: want 4 games, samples, K > 0, a lower loss, a weight per name", rep)
	}
	// With games held out, the report also weighs the weights in use on them,
	// the figure a new fit has to beat.
	stdout, errs, code = runCLI(t, "", "engine", "tune", "--iterations", "20", "--holdout", "2", "--json", games)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines = strings.Split(strings.TrimSpace(stdout), "\n")
	var held tuneReport
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &held); err != nil {
		t.Fatalf("last line is not the JSON report: %v\n%s", err, stdout)
	}
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
