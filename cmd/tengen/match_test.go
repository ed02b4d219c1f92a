package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestMatchCLI(t *testing.T) {
	dir := t.TempDir()
	openings := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(openings, []byte("# two openings\nh8 h9 h10\nh8 i9 j8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "", "match", "--engine1", "greedy:seed=1", "--engine2", "greedy:seed=2", "--rule", "standard",
		"--games", "4", "--tc", "100", "--grace", "10000", "--openings", openings, "--out", filepath.Join(dir, "games"), "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	progress := regexp.MustCompile(`^game [1-4]/4  greedy \(black\) vs greedy \(white\): (1-0|0-1|draw) by .* after \d+ moves  \[\+\d =\d -\d  score`)
	n := 0
	for _, l := range lines {
		if progress.MatchString(l) {
			n++
		}
	}
	if n != 4 {
		t.Errorf("%d progress lines, want 4:\n%s", n, out)
	}
	if !regexp.MustCompile(`(?m)^result: greedy:seed=1 vs greedy:seed=2  \+\d =\d -\d  score \d+\.\d%  Elo `).MatchString(out) {
		t.Errorf("no result line:\n%s", out)
	}
	if !regexp.MustCompile(`^\{"games":4,"wins":\d,"draws":\d,"losses":\d,"score":[0-9.]+,"elo":.*,"elo_low":.*,"elo_high":.*\}$`).MatchString(lines[len(lines)-1]) {
		t.Errorf("last line is not the JSON result: %s", lines[len(lines)-1])
	}
	files, _ := filepath.Glob(filepath.Join(dir, "games", "game-*.sgf"))
	if len(files) != 4 {
		t.Errorf("%d SGF files, want 4", len(files))
	}
}

func TestMatchCLIRenjuOpenings(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runCLI(t, "", "match", "--engine1", "greedy", "--engine2", "greedy", "--games", "4", "--tc", "0",
		"--grace", "10000", "--openings", "renju26", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// Games 1-2 play Kansei (h8 h9 h10), games 3-4 Keigetsu (h8 h9 i10).
	for n, want := range map[string]string{"001": ";B[hh];W[hg];B[hf]", "003": ";B[hh];W[hg];B[if]"} {
		data, err := os.ReadFile(filepath.Join(dir, "game-"+n+".sgf"))
		if err != nil || !strings.Contains(string(data), want) {
			t.Errorf("game %s does not open with %s: %v\n%s\n%s", n, want, err, data, out)
		}
	}
}

func TestMatchCLITimeOdds(t *testing.T) {
	out, errs, code := runCLI(t, "", "match", "--engine1", "greedy:seed=1", "--engine2", "greedy:seed=2", "--rule", "freestyle",
		"--games", "2", "--tc", "200", "--tc2", "20", "--grace", "10000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "200 ms a move against 20 ms") {
		t.Errorf("the header does not show the time odds:\n%s", out)
	}
}

func TestMatchCLIErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"match", "--engine1", "greedy"}, 2, "required"},
		{[]string{"match", "--engine1", "greedy", "--engine2", "greedy", "--games", "0"}, 2, "at least 1"},
		{[]string{"match", "--engine1", "greedy:foo=1", "--engine2", "greedy"}, 2, "--engine1"},
		{[]string{"match", "--engine1", "greedy", "--engine2", "greedy", "--grace", "-1"}, 2, "not negative"},
		{[]string{"match", "--engine1", "greedy", "--engine2", "greedy", "--tc2", "-1"}, 2, "not negative"},
		{[]string{"match", "--engine1", "greedy", "--engine2", "greedy", "--openings", "/no/such/file"}, 1, "no such file"},
		{[]string{"match", "--engine1", "/no/such/pbrain", "--engine2", "greedy", "--games", "2"}, 0, "crash"},
	} {
		out, errs, code := runCLI(t, "", tt.args...)
		if code != tt.code || !strings.Contains(out+errs, tt.msg) {
			t.Errorf("%v: exit %d, output %q %q; want exit %d mentioning %q", tt.args, code, out, errs, tt.code, tt.msg)
		}
	}
}
