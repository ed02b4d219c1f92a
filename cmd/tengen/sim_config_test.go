package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/web"
)

// The configuration the program reads besides the calibration (fuzzed
// elsewhere: calibration.FuzzParse, sim.FuzzParseWorld, game's journal,
// match's openings and player specs, customs' streaks, doctor's env file):
// the exhibit's tournament players and the operator's token file.

func FuzzParseEntrants(f *testing.F) {
	for _, s := range []string{"tengen:level=3;tengen:level=6;greedy", "greedy", "greedy;greedy;greedy", ";", "tengen:level=11;greedy", "tengen:level=x", "./brain --x;greedy"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, list string) {
		es, err := parseEntrants(list, 1)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "player ") && !strings.Contains(msg, "at least 2 players") {
				t.Errorf("error %q does not say which player", msg)
			}
			return
		}
		names := map[string]bool{}
		for _, e := range es {
			if names[e.Name] {
				t.Errorf("two players named %q", e.Name)
			}
			names[e.Name] = true
		}
		if len(es) < 2 {
			t.Errorf("%d players accepted", len(es))
		}
	})
}

func FuzzOperatorTokenFile(f *testing.F) {
	for _, s := range []string{"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\n", "", "short\n", "\x00\x01", strings.Repeat(" ", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		path := filepath.Join(t.TempDir(), "operator.token")
		if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		tok, err := web.LoadOrCreateToken(path)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
		} else if len(tok) < 32 || tok != strings.TrimSpace(tok) {
			t.Errorf("token %q accepted", tok)
		}
		if after, _ := os.ReadFile(path); string(after) != data {
			t.Errorf("the token file was changed")
		}
	})
}
