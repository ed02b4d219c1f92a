package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A blocked four for Black (g8 is White's): l8 is the only five.
const agreeFour = "bh8,wg8,bi8,wh9,bj8,wi10,bk8,wa15"

// TestEngineAgree scores a constructed set: a win in one the engine must
// find (rank 1 at the root) and a label far from every stone that it
// neither plays nor lists.
func TestEngineAgree(t *testing.T) {
	set := "# tiny set\n" +
		"15 freestyle rif black l8 +M1 " + agreeFour + "\n" +
		"15 renju rif black a1 - " + agreeFour + "\n"
	file := filepath.Join(t.TempDir(), "set.txt")
	if err := os.WriteFile(file, []byte(set), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, errs, code := runCLI(t, "", "engine", "agree", "--positions", file, "--nodes", "2000", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep agreeReport
	decodeLastJSON(t, stdout, &rep)
	if rep.Positions != 2 || rep.Agree != 1 || rep.Missing != 1 || rep.Top[0] != 1 || rep.MeanRank != 1 {
		t.Errorf("report %+v: want 2 positions, 1 agreement, the win ranked 1, a1 not at the root", rep)
	}
}

func TestEngineAgreeBadInput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, set, want string }{
		{"fields", "15 freestyle rif black h8\n", "line 1: want 7 fields"},
		{"colour", "15 freestyle rif red h8 - bh8\n", `line 1: colour to move "red"`},
		{"stone", "# c\n15 freestyle rif white h9 - xh8\n", `line 2: stone "xh8"`},
		{"taken", "15 freestyle rif white h9 - bh8,wh8\n", "position 1"},
		{"empty", "# nothing\n", "no positions"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(dir, tc.name)
			if err := os.WriteFile(file, []byte(tc.set), 0o644); err != nil {
				t.Fatal(err)
			}
			_, errs, code := runCLI(t, "", "engine", "agree", "--positions", file, "--nodes", "100")
			if code == 0 || !strings.Contains(errs, tc.want) {
				t.Errorf("exit %d, stderr %q: want an error with %q", code, errs, tc.want)
			}
		})
	}
}

// FuzzParseLabelled: any line gives a position or an error naming the
// line, never a panic, and a parsed line prints back to one that parses
// to the same thing.
func FuzzParseLabelled(f *testing.F) {
	f.Add("15 freestyle rif black l8 +M1 " + agreeFour)
	f.Add("15 renju gomocup white h9 163 bh8")
	f.Add("20 standard rif black t20 - bh8,wz1")
	f.Add("15 renju rif black h8 0 b,w")
	f.Fuzz(func(t *testing.T, line string) {
		l, err := parseLabelled(line, 3)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line 3: ") {
				t.Errorf("error %q does not name the line", err)
			}
			return
		}
		back, err := parseLabelled(l.String(), 1)
		if err != nil || back.String() != l.String() {
			t.Errorf("%q -> %q -> %v, %v", line, l.String(), back, err)
		}
	})
}

// TestEngineLabel labels real selfplay games with the greedy player and
// scores the engine on the set it wrote: every line parses, and each is a
// decision position from a game.
func TestEngineLabel(t *testing.T) {
	games := t.TempDir()
	// Level 3's node budget ends each move, not the clock: the same games
	// on a busy machine.
	for _, seed := range []string{"3", "4"} {
		if _, errs, code := runCLI(t, "", "selfplay", "--rule", "renju", "--level", "3", "--time", "1000", "--seed", seed, "--out", filepath.Join(games, "g"+seed)); code != 0 {
			t.Fatalf("selfplay: exit %d: %s", code, errs)
		}
	}
	stdout, errs, code := runCLI(t, "", "engine", "label", "--engine", "greedy", "--per-game", "2", "--min-stones", "4", games)
	if code != 0 {
		t.Fatalf("label: exit %d: %s", code, errs)
	}
	set, err := readLabelled(strings.NewReader(stdout))
	if err != nil || len(set) == 0 || len(set) > 4 {
		t.Fatalf("labelled set %q: %v; want 1-4 positions", stdout, err)
	}
	for _, l := range set {
		if l.pos.Rule.String() != "renju" || len(l.pos.Stones) < 4 {
			t.Errorf("position %v: want a renju position of 4 stones or more", l)
		}
	}
	file := filepath.Join(t.TempDir(), "set.txt")
	if err := os.WriteFile(file, []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := runCLI(t, "", "engine", "agree", "--positions", file, "--nodes", "1000"); code != 0 {
		t.Fatalf("agree: exit %d: %s", code, errs)
	}
	if _, errs, code := runCLI(t, "", "engine", "label", "--engine", "greedy:foo=1", games); code != 2 || !strings.Contains(errs, "--engine") {
		t.Errorf("bad --engine: exit %d, %q", code, errs)
	}
}
