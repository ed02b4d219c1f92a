package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"tengen/rules/record"
)

func TestSelfplay(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runCLI(t, "", "selfplay", "--rule", "renju", "--time", "50", "--seed", "3", "--out", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{
		`(?m)^renju 15x15: .* \(black\) vs .* \(white\), 50 ms a move$`,
		`(?m)^   1\. black h8 `,
		`(?m)^   2\. white [a-o]\d+ `,
		`(?m)^ 8 ( [.XO]){15}$`,
		`(?m)^record: h8 [a-o]\d+ `,
		`(?m)^written: .*game\.sgf$`,
		`(?m)^result: (black|white) \(.*\) wins by (five|forbidden:.*)|draw by full board$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "game.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.ReadSGF(data)
	if err != nil {
		t.Fatal(err)
	}
	moves := strings.Fields(regexp.MustCompile(`(?m)^record: (.*)$`).FindStringSubmatch(out)[1])
	if len(rec.Moves) != len(moves) || !rec.Result.Known() {
		t.Errorf("SGF has %d moves and result %v; the record printed %d", len(rec.Moves), rec.Result, len(moves))
	}
}

func TestSelfplayBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"selfplay", "--rule", "go"},
		{"selfplay", "--size", "40"},
		{"selfplay", "--level", "11"},
		{"selfplay", "--black", "greedy:x=1"},
		{"selfplay", "extra"},
	} {
		if _, _, code := runCLI(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
