package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
