package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"tengen/game"
	"tengen/kinematics"
	"tengen/rules"
	"tengen/rules/record"
	"tengen/sim"
)

// buildTengen builds the binary for tests that run it as a process.
func buildTengen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tengen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building tengen: %v\n%s", err, out)
	}
	return bin
}

// journalLines counts the complete lines of a journal.
func journalLines(path string) int {
	b, _ := os.ReadFile(path)
	return bytes.Count(b, []byte("\n"))
}

// TestPlayKillAndResume kills `tengen play --sim` at random moments —
// between any two journal lines, including between "intent" and the arm's
// move — and resumes it: the finished game must extend the moves journaled
// before the kill, and the simulated board must hold exactly the record's
// stones. TENGEN_KILL_RUNS sets the number of runs (default 4).
func TestPlayKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	runs := 4
	if n, err := strconv.Atoi(os.Getenv("TENGEN_KILL_RUNS")); err == nil {
		runs = n
	}
	bin := buildTengen(t)
	rng := rand.New(rand.NewPCG(2026, 11))
	for i := 0; i < runs; i++ {
		args := []string{"play", "--sim", "--camera", "truth", "--think", "40ms", "--seed", strconv.Itoa(i + 1)}
		killAndResume(t, bin, i, args, nil, 2+rng.IntN(30), rng, 60*time.Second)
	}
}

// killAndResume runs `tengen ARGS --journal J` in a new folder, kills it
// (SIGKILL) once the journal has killAt lines, or a few milliseconds
// later, and resumes it to the end: the finished game must extend the
// moves journaled before the kill, and the simulated board must hold
// exactly the record's stones. env is added to the process's environment.
func killAndResume(t *testing.T, bin string, run int, args, env []string, killAt int, rng *rand.Rand, limit time.Duration) {
	t.Helper()
	dir := t.TempDir()
	journal := filepath.Join(dir, "g.journal")
	args = append(args, "--journal", journal)
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = dir, append(os.Environ(), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(limit)
	killed := false
watch:
	for {
		select {
		case <-done:
			break watch // the game ended before the kill
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("run %d: the game did not reach line %d in %v", run, killAt, limit)
		case <-time.After(time.Duration(rng.IntN(8)) * time.Millisecond):
			if journalLines(journal) >= killAt {
				cmd.Process.Signal(syscall.SIGKILL)
				<-done
				killed = true
				break watch
			}
		}
	}
	before := journaledMoves(t, journal)
	if !killed {
		return
	}
	res := lastPlayJSON(t, resumeRun(t, bin, dir, args, cmd.Env, fmt.Sprintf("run %d (killed at line %d)", run, killAt)))
	if len(res.Moves) < len(before) || strings.Join(res.Moves[:len(before)], " ") != strings.Join(before, " ") {
		t.Errorf("run %d (killed at line %d): the resumed game %v does not extend the journaled moves %v", run, killAt, res.Moves, before)
	}
	checkWorldMatches(t, run, filepath.Join(dir, "g.world"), res.Moves)
	t.Logf("run %d: killed at journal line %d after %d moves; resumed to %s after %d moves", run, killAt, len(before), res.Result, len(res.Moves))
}

// A game whose program stopped between journaling its end and writing its
// record is not played again on --resume: its record is written from the
// journal, and the result is the game's.
func TestPlayResumeGameOver(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "g.journal")
	args := []string{"play", "--sim", "--camera", "truth", "--think", "40ms", "--engine", "tengen:level=3",
		"--person-level", "3", "--seed", "5", "--journal", journal, "--json"}
	out, errs, code := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	first := lastPlayJSON(t, out)
	rec := filepath.Join(dir, "g.sgf")
	want := readRecord(t, rec)
	if err := os.Remove(rec); err != nil {
		t.Fatal(err)
	}
	lines := journalLines(journal)
	out, errs, code = runCLI(t, "", append(args, "--resume")...)
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errs)
	}
	again := lastPlayJSON(t, out)
	if again.Result != first.Result || again.Reason != first.Reason || again.Winner != first.Winner || strings.Join(again.Moves, " ") != strings.Join(first.Moves, " ") {
		t.Errorf("resumed: %+v, want the game's %+v", again, first)
	}
	// The moves' times come from the journal's, to the millisecond.
	got := readRecord(t, rec)
	points := func(r *record.Record) (ps []rules.Point) {
		for _, m := range r.Moves {
			ps = append(ps, m.Point)
		}
		return ps
	}
	if got.Result != want.Result || got.Black != want.Black || got.White != want.White || !slices.Equal(points(got), points(want)) {
		t.Errorf("record rewritten as %+v, want %+v", got, want)
	}
	if n := journalLines(journal); n != lines {
		t.Errorf("the journal grew from %d to %d lines", lines, n)
	}
}

// resumeRun runs `BIN ARGS --resume --json` in dir with the environment
// env and returns its output; a failed resume ends the test, saying what
// was resumed.
func resumeRun(t *testing.T, bin, dir string, args, env []string, what string) string {
	t.Helper()
	resume := exec.Command(bin, append(args, "--resume", "--json")...)
	resume.Dir, resume.Env = dir, env
	out, err := resume.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: resume failed: %v\n%s", what, err, out)
	}
	return string(out)
}

// writeJournal writes a journal of the entries at path, as a game killed
// after the last would have left it.
func writeJournal(t *testing.T, path string, entries ...game.Entry) {
	t.Helper()
	j, err := game.CreateJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, e := range entries {
		if err := j.Append(e); err != nil {
			t.Fatal(err)
		}
	}
}

// journaledMoves returns the moves a journal holds (takebacks applied).
func journaledMoves(t *testing.T, path string) []string {
	t.Helper()
	j, entries, err := game.OpenJournal(path)
	if err != nil {
		t.Fatalf("journal after the kill: %v", err)
	}
	j.Close()
	var moves []string
	for _, e := range entries {
		switch e.Type {
		case game.EntryMove:
			moves = append(moves, e.Point)
		case game.EntryUndo:
			moves = moves[:len(moves)-1]
		}
	}
	return moves
}

// checkWorldMatches compares the simulated board with the record.
func checkWorldMatches(t *testing.T, run int, worldPath string, moves []string) {
	t.Helper()
	w, err := sim.LoadWorld(worldPath, sim.SeedLayout(), 1)
	if err != nil {
		t.Fatal(err)
	}
	truth, off := w.Truth()
	want := rules.MustBoard(15)
	for i, m := range moves {
		p, err := rules.ParsePoint(m, 15)
		if err != nil {
			t.Fatal(err)
		}
		want.Set(p, []rules.Color{rules.Black, rules.White}[i%2])
	}
	if ch := game.Compare(want, truth); ch.Kind != game.NoChange || len(off) > 0 {
		t.Errorf("run %d: the board differs from the record: %v added %v gone %v, off the grid %v", run, ch.Kind, ch.Added, ch.Gone, off)
	}
}

// TestExhibitKillAndResume kills `tengen exhibit --sim` in the middle of
// the first visitor's game and runs it again in the same folder: it
// finishes that game first, from its journal and on the board as it
// stands (the simulated board is kept in the folder), then goes on with
// the next visitor on a cleared board.
func TestExhibitKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTengen(t)
	dir := t.TempDir()
	args := []string{"exhibit", "--sim", "--camera", "truth", "--think", "40ms", "--seed", "3", "--visitors", "1", "--dir", dir}
	first := filepath.Join(dir, "visitor001.journal")
	killAtLine(t, bin, dir, args, first, 10, 90*time.Second)
	before := journaledMoves(t, first)

	again := exec.Command(bin, args...)
	again.Dir = dir
	out, err := again.CombinedOutput()
	if err != nil {
		t.Fatalf("the exhibition after the kill: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "Resuming "+first) {
		t.Errorf("the second run did not say it resumed %s:\n%s", first, out)
	}
	after := journaledMoves(t, first)
	if len(after) <= len(before) || strings.Join(after[:len(before)], " ") != strings.Join(before, " ") {
		t.Errorf("the resumed game %v does not extend the moves journaled before the kill %v", after, before)
	}
	for _, name := range []string{"visitor001.sgf", "visitor002.sgf"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("record: %v\n%s", err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "visitor003.journal")); err == nil {
		t.Error("a third game was started: --visitors 1 means one new game")
	}
	checkWorldMatches(t, 0, filepath.Join(dir, "exhibit.world"), journaledMoves(t, filepath.Join(dir, "visitor002.journal")))
	t.Logf("killed after %d moves; the first game ended after %d", len(before), len(after))
}

// killAtLine runs `tengen ARGS` in dir and kills it (SIGKILL) once journal
// has lines lines; the process must not end first, nor take longer than
// limit.
func killAtLine(t *testing.T, bin, dir string, args []string, journal string, lines int, limit time.Duration) {
	t.Helper()
	killWhen(t, bin, dir, args, limit, func() bool { return journalLines(journal) >= lines })
}

// TestPlayResumeStoneFellAtKill resumes a game killed while the arm
// carried its first stone toward h8, over j10: the stone fell there when
// the controller let go. The robot lifts it, places h8 and plays on; the
// board ends holding exactly the record's stones.
func TestPlayResumeStoneFellAtKill(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "g.journal")
	cfg := game.Config{Rule: "freestyle", Size: 15, Black: "tengen:level=5", White: "person", Event: "casual"}
	writeJournal(t, journal, game.Entry{Type: game.EntryStart, Config: &cfg},
		game.Entry{Type: game.EntryIntent, Move: 1, Color: "black", Point: "h8", By: "robot"})
	l := sim.SeedLayout()
	w, err := sim.LoadWorld(filepath.Join(dir, "g.world"), l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := w.Take(l.BlackBowl, 60); !ok {
		t.Fatal("no stone picked from the black bowl")
	}
	j10 := rules.Point{X: 9, Y: 9}
	w.Carry(rules.Black, l.Intersection(j10).Add(kinematics.Vec3{0.5, -0.5, 30}))
	out, errs, code := runCLI(t, "", "play", "--sim", "--camera", "truth", "--think", "40ms", "--seed", "3", "--journal", journal, "--resume", "--json")
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errs)
	}
	res := lastPlayJSON(t, out)
	if len(res.Moves) == 0 || res.Moves[0] != "h8" {
		t.Fatalf("the resumed game's moves %v do not start with the journaled h8", res.Moves)
	}
	if !strings.Contains(out, "My stones on j10 are not in the game") {
		t.Errorf("the stone fallen on j10 was not said to be lifted:\n%s", out)
	}
	checkWorldMatches(t, 0, filepath.Join(dir, "g.world"), res.Moves)
}

// TestPlayResumeHeldStoneFell resumes a game killed with no placement in
// flight but a stone on the nozzle (as when the arm lifts an unchosen
// offer): it fell on a5, the one point that stops White's four. The robot
// lifts it before it blocks there, rather than set its stone on top of
// the fallen one; the board ends holding exactly the record's stones.
func TestPlayResumeHeldStoneFell(t *testing.T) {
	dir := t.TempDir()
	journal := filepath.Join(dir, "g.journal")
	cfg := game.Config{Rule: "freestyle", Size: 15, Black: "tengen:level=5", White: "person", Event: "casual"}
	entries := []game.Entry{{Type: game.EntryStart, Config: &cfg}}
	l := sim.SeedLayout()
	w, err := sim.LoadWorld(filepath.Join(dir, "g.world"), l, 1)
	if err != nil {
		t.Fatal(err)
	}
	moves, err := rules.ParsePoints("h8 a1 d12 a2 l4 a3 m13 a4", 15)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range moves {
		c, by := rules.Black, "robot"
		if i%2 == 1 {
			c, by = rules.White, "person"
		}
		entries = append(entries, game.Entry{Type: game.EntryMove, Move: i + 1, Color: c.String(), Point: p.String(), By: by})
		w.Put(c, p, 0, 0)
	}
	writeJournal(t, journal, entries...)
	if _, ok := w.Take(l.BlackBowl, 60); !ok {
		t.Fatal("no stone picked from the black bowl")
	}
	w.Carry(rules.Black, l.Intersection(rules.Point{X: 0, Y: 4}).Add(kinematics.Vec3{0, 0, 30}))
	out, errs, code := runCLI(t, "", "play", "--sim", "--camera", "truth", "--think", "40ms", "--seed", "3", "--journal", journal, "--resume", "--json")
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(out, "My stones on a5 are not in the game") {
		t.Errorf("the stone fallen on a5 was not said to be lifted:\n%s", out)
	}
	res := lastPlayJSON(t, out)
	if len(res.Moves) < 9 || res.Moves[8] != "a5" {
		t.Fatalf("the resumed game's moves %v do not block at a5", res.Moves)
	}
	checkWorldMatches(t, 0, filepath.Join(dir, "g.world"), res.Moves)
}
