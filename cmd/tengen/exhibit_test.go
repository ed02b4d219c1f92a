package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tengen/game"
	"tengen/rules/record"
)

func TestExhibitTournamentInSim(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runCLI(t, "", "exhibit", "--sim", "--camera", "truth", "--think", "50ms", "--dir", dir,
		"--tournament", "tengen:level=2;tengen:level=6;greedy", "--rounds", "2", "--rule", "freestyle")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "Final standings:") || strings.Count(out, "has the bye") != 2 {
		t.Errorf("output:\n%s", out)
	}
	// Every game left a journal that ends with its result.
	js, _ := filepath.Glob(filepath.Join(dir, "*.journal"))
	if len(js) != 2 {
		t.Fatalf("%d journals, want 2 (one game a round with 3 players)", len(js))
	}
	for _, j := range js {
		b, _ := os.ReadFile(j)
		if !strings.Contains(string(b), `"type":"end"`) {
			t.Errorf("%s has no end", j)
		}
	}
}

// TestExhibitTournamentMatchesInSim plays a tournament whose pairings
// are best-of-3 matches, among players one of which is an engine that
// cannot be started: it is withdrawn, its pairing forfeited (journaled),
// the matches' games alternate their colours, and a run again over the
// folder plays nothing more and keeps the engine withdrawn.
func TestExhibitTournamentMatchesInSim(t *testing.T) {
	dir := t.TempDir()
	args := []string{"exhibit", "--sim", "--camera", "truth", "--think", "50ms", "--dir", dir, "--rule", "freestyle",
		"--tournament", "tengen:level=2;greedy;" + filepath.Join(dir, "no-such-engine"), "--rounds", "2", "--match-games", "3"}
	out, errs, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if c := strings.Count(out, "no-such-engine cannot be started: it is withdrawn from the tournament."); c != 1 {
		t.Errorf("the withdrawal was said %d times:\n%s", c, out)
	}
	js, _ := filepath.Glob(filepath.Join(dir, "*.journal"))
	withdrawn, played := 0, map[string][]string{} // pairing → Black of each game
	for _, j := range js {
		entries, err := readJournalCopy(j)
		if err != nil {
			t.Fatal(err)
		}
		end := entries[len(entries)-1]
		if end.Type != game.EntryEnd {
			t.Errorf("%s has no end", j)
			continue
		}
		if end.Event == game.EventWithdrawn {
			withdrawn++
			continue
		}
		cfg := entries[0].Config
		pairing, _, _ := strings.Cut(filepath.Base(j), "-game")
		played[pairing] = append(played[pairing], cfg.Black)
		if cfg.Match.BestOf != 3 || !strings.HasSuffix(j, fmt.Sprintf("-game%d.journal", cfg.Match.Game)) {
			t.Errorf("%s: match %+v", j, cfg.Match)
		}
	}
	if withdrawn != 1 || len(played) != 1 {
		t.Fatalf("%d forfeits, matches played %v; want 1 and 1 (3 players, one withdrawn, 2 rounds)", withdrawn, played)
	}
	for p, blacks := range played {
		if len(blacks) < 2 || len(blacks) > 3 || blacks[0] == blacks[1] || len(blacks) == 3 && blacks[2] != blacks[0] {
			t.Errorf("%s: Black in its games %v; want 2 or 3 games, alternating", p, blacks)
		}
	}

	// Again over the same folder: the journals say it all.
	out2, errs, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("again: exit %d: %s\n%s", code, errs, out2)
	}
	js2, _ := filepath.Glob(filepath.Join(dir, "*.journal"))
	final := func(s string) string { _, f, _ := strings.Cut(s, "Final standings:"); return f }
	if len(js2) != len(js) || final(out2) != final(out) || !strings.Contains(out2, "no-such-engine cannot be started") {
		t.Errorf("again: %d journals (were %d), output\n%s\nwas\n%s", len(js2), len(js), out2, out)
	}

	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--tournament", "greedy;greedy", "--match-games", "2"}, "--match-games: 2 is not a valid value"},
		{[]string{"--match-games", "3"}, "--match-games needs --tournament"},
	} {
		if _, errs, code := runCLI(t, "", append([]string{"exhibit", "--sim"}, bad.args...)...); code != 2 || !strings.Contains(errs, bad.want) {
			t.Errorf("%v: exit %d, %q", bad.args, code, errs)
		}
	}
}

// TestExhibitTournamentFailingEngineInSim: an external engine that starts
// but crashes on every move is started again without calling the
// operator, then withdrawn, its game forfeited; the tournament goes on.
func TestExhibitTournamentFailingEngineInSim(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the test brain")
	}
	dir := t.TempDir()
	brain := filepath.Join(dir, "fakebrain")
	if b, err := exec.Command("go", "build", "-o", brain, "tengen/ai/gomocup/testdata/fakebrain").CombinedOutput(); err != nil {
		t.Fatalf("building the test brain: %v\n%s", err, b)
	}
	out, errs, code := runCLI(t, "", "exhibit", "--sim", "--camera", "truth", "--think", "50ms", "--dir", dir, "--rule", "freestyle",
		"--tournament", "tengen:level=2;greedy;"+brain+" crash", "--rounds", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "crash keeps failing: it is withdrawn from the tournament.") || strings.Contains(out, "Something went wrong") {
		t.Errorf("output:\n%s", out)
	}
	js, _ := filepath.Glob(filepath.Join(dir, "*.journal"))
	failed := 0
	for _, j := range js {
		entries, err := readJournalCopy(j)
		if err != nil {
			t.Fatal(err)
		}
		if end := entries[len(entries)-1]; end.Type == game.EntryEnd && end.Event == game.EventFailing {
			failed++
		}
	}
	if len(js) != 2 || failed != 1 {
		t.Errorf("%d journals, %d forfeited by the failing engine; want 2 and 1", len(js), failed)
	}
}

func TestExhibitVisitorsInSim(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runCLI(t, "", "exhibit", "--sim", "--camera", "truth", "--think", "50ms", "--dir", dir, "--visitors", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, name := range []string{"visitor001.sgf", "visitor002.sgf"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.ReadSGF(data)
		if err != nil || !rec.Result.Known() || len(rec.Moves) < 9 {
			t.Errorf("%s: %v, result %v, %d moves", name, err, rec.Result, len(rec.Moves))
		}
	}
}
