package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tengen/game"
	"tengen/rules"
	"tengen/sim"
)

// TestPlayKillDuringOpening kills `tengen play --sim` in the middle of an
// opening protocol, once a number of its actions are journaled, and
// resumes it: the resumed game plays the rest of the opening, its moves
// are the ones the journaled opening made, and the board holds exactly
// the record's stones (offers not chosen lifted, offers not yet placed
// put down).
func TestPlayKillDuringOpening(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTengen(t)
	for _, tc := range []struct {
		protocol, rule, seed string
		killAfter            int // opening entries journaled
	}{
		{"rif", "renju", "1", 3},
		{"rif", "renju", "2", 5},
		{"soosorv-8", "renju", "3", 6},
		{"swap2", "freestyle", "4", 2},
	} {
		dir := t.TempDir()
		journal := filepath.Join(dir, "g.journal")
		args := []string{"play", "--sim", "--camera", "truth", "--think", "40ms", "--rule", tc.rule, "--opening", tc.protocol,
			"--seed", tc.seed, "--journal", journal}
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		deadline := time.After(60 * time.Second)
		killed := false
	watch:
		for {
			select {
			case <-done:
				break watch
			case <-deadline:
				cmd.Process.Kill()
				t.Fatalf("%s: %d opening actions not journaled in 60 s", tc.protocol, tc.killAfter)
			case <-time.After(2 * time.Millisecond):
				b, _ := os.ReadFile(journal)
				if bytes.Count(b, []byte(`"type":"opening"`)) >= tc.killAfter {
					cmd.Process.Signal(syscall.SIGKILL)
					<-done
					killed = true
					break watch
				}
			}
		}
		if !killed {
			t.Errorf("%s: the game ended before %d opening actions", tc.protocol, tc.killAfter)
			continue
		}
		res := lastPlayJSON(t, resumeRun(t, bin, dir, args, nil, tc.protocol))
		// The finished journal's opening, replayed through the protocol.
		j, entries, err := game.OpenJournal(journal)
		if err != nil {
			t.Fatal(err)
		}
		j.Close()
		ref, err := game.NewReferee(*entries[0].Config)
		if err != nil {
			t.Fatal(err)
		}
		r, err := game.Replay(entries[:len(entries)-1], ref)
		if err != nil {
			t.Fatalf("%s: the resumed journal does not replay: %v", tc.protocol, err)
		}
		if r.Opening == nil || !r.Opening.Done() {
			t.Fatalf("%s: the opening was not finished after the resume", tc.protocol)
		}
		om := r.Opening.Moves()
		if len(res.Moves) < len(om) {
			t.Fatalf("%s: %d moves, fewer than the opening's", tc.protocol, len(res.Moves))
		}
		for i, m := range om {
			if res.Moves[i] != m.Point.String() {
				t.Errorf("%s: move %d is %s, the opening made %v", tc.protocol, i+1, res.Moves[i], m)
			}
		}
		checkWorldMatches(t, 0, filepath.Join(dir, "g.world"), res.Moves)
	}
}

// TestPlayResumeKeepsClock kills a timed `tengen play --sim` after a few
// moves and resumes it without --time: the resumed game runs under the
// journal's time control, and its first clock reading carries on from
// the last one before the kill instead of a full clock. The event's
// settings (a tournament game, decided by the count of fours on time)
// are the journal's too.
func TestPlayResumeKeepsClock(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTengen(t)
	dir := t.TempDir()
	journal := filepath.Join(dir, "g.journal")
	args := []string{"play", "--sim", "--camera", "truth", "--think", "40ms", "--opening", "free", "--seed", "3", "--journal", journal}
	cmd := exec.Command(bin, append(args, "--time", "10m", "--event", "tournament", "--on-time", "fours")...)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	readings := func() [][]int64 {
		entries, err := readJournalCopy(journal)
		if err != nil {
			return nil
		}
		var out [][]int64
		for _, e := range entries {
			if len(e.Clock) == 2 {
				out = append(out, e.Clock)
			}
		}
		return out
	}
	deadline := time.After(60 * time.Second)
wait:
	for {
		select {
		case <-done:
			t.Fatal("the game ended before the kill")
		case <-deadline:
			cmd.Process.Kill()
			t.Fatal("no 4 clock readings in 60 s")
		case <-time.After(5 * time.Millisecond):
			if len(readings()) >= 4 {
				cmd.Process.Signal(syscall.SIGKILL)
				<-done
				break wait
			}
		}
	}
	before := readings()
	last := before[len(before)-1]
	out, err := exec.Command(bin, append(args, "--resume")...).CombinedOutput()
	if err != nil {
		t.Fatalf("resume failed: %v\n%s", err, out)
	}
	after := readings()
	if len(after) <= len(before) {
		t.Fatalf("no clock readings after the resume:\n%s", out)
	}
	first := after[len(before)]
	for i := range first {
		if first[i] > last[i] {
			t.Errorf("side %d: %d ms after the resume, %d ms before the kill: the clock was not restored", i, first[i], last[i])
		}
	}
	if first[0] == 600000 && first[1] == 600000 {
		t.Error("the resumed clock is full")
	}
	if entries, err := readJournalCopy(journal); err != nil || entries[0].Config.Event != "tournament" || entries[0].Config.OnTime != "fours" {
		t.Errorf("journaled settings %+v (%v), want a tournament game decided by fours on time", entries[0].Config, err)
	}
}

// readJournalCopy reads a journal another process may be writing, from a
// copy: opening the journal itself would cut its torn last line.
func readJournalCopy(path string) ([]game.Entry, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cp := path + ".read"
	if err := os.WriteFile(cp, data, 0o644); err != nil {
		return nil, err
	}
	j, entries, err := game.OpenJournal(cp)
	if err == nil {
		j.Close()
	}
	return entries, err
}

// TestPlayResumeRIFKill resumes a RIF game killed around the end of its
// opening (the robot swapped and offered two fifth moves, h7 and g7; the
// person chose h7), with a black stone on g7 that fell from the nozzle.
//   - "half carried": killed while journaling the opening's moves, the
//     journal holding the first, the board all five. The robot lifts the
//     stray stone and carries the opening's moves into its record; the
//     simulated person, who sees their turn on the board, waits for that
//     (they once moved at the record's move 2, and the game stalled).
//   - "stray beside the move": killed later, the journal holding the five
//     moves and the person's h10 laid, the arm taking g7 back. The robot
//     lifts g7 and takes h10 as the person's move. The simulated person,
//     who counted one black stone more and saw their turn, once laid a
//     second stone, and the game stalled on three new ones.
func TestPlayResumeRIFKill(t *testing.T) {
	for _, tc := range []struct {
		name, black, white string
		journaled          []string
		want               string // the resumed game's first moves
	}{
		{"half carried", "h8 j6 h7 g7", "i7 j5", []string{"h8"}, "h8 i7 j6 j5 h7"},
		{"stray beside the move", "h8 j6 h7 g7", "i7 j5 h10", []string{"h8", "i7", "j6", "j5", "h7"}, "h8 i7 j6 j5 h7 h10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			journal := writeRIFKill(t, dir, tc.journaled, tc.black, tc.white)
			out, errs, code := runCLI(t, "", "play", "--sim", "--camera", "truth", "--think", "40ms", "--seed", "4", "--journal", journal, "--resume", "--json")
			if code != 0 {
				t.Fatalf("resume: exit %d\n%s\n%s", code, out, errs)
			}
			res := lastPlayJSON(t, out)
			if n := len(strings.Fields(tc.want)); len(res.Moves) < n || strings.Join(res.Moves[:n], " ") != tc.want {
				t.Errorf("the resumed game's moves %v do not start with %s", res.Moves, tc.want)
			}
			if !strings.Contains(out, "My stones on g7 are not in the game") {
				t.Errorf("the stone fallen on g7 was not said to be lifted:\n%s", out)
			}
			checkWorldMatches(t, 0, filepath.Join(dir, "g.world"), res.Moves)
		})
	}
}

// writeRIFKill leaves in dir what a RIF game killed after its opening's
// choice leaves: a journal of the opening (the person places h8 i7 j6,
// the robot swaps, the person places j5, the robot offers h7 and g7, the
// person chooses h7) and the given moves, and a world holding the black
// and white stones listed. It returns the journal's path.
func writeRIFKill(t *testing.T, dir string, moves []string, black, white string) string {
	t.Helper()
	journal := filepath.Join(dir, "g.journal")
	cfg := game.Config{Rule: "renju", Size: 15, Reading: "rif", Opening: "rif", Black: "person", White: "tengen:level=5", Event: "casual"}
	entries := []game.Entry{{Type: game.EntryStart, Config: &cfg}}
	for _, a := range []struct{ by, action, detail string }{
		{"person", "place h8", ""}, {"person", "place i7", ""}, {"person", "place j6", ""}, {"robot", "swap", ""},
		{"person", "place j5", ""}, {"robot", "offer h7 g7", ""}, {"person", "choose h7", "h7 g7"},
	} {
		entries = append(entries, game.Entry{Type: game.EntryOpening, By: a.by, Action: a.action, Detail: a.detail})
	}
	for k, m := range moves {
		entries = append(entries, game.Entry{Type: game.EntryMove, Move: k + 1, Color: []string{"black", "white"}[k%2], Point: m, By: "opening"})
	}
	writeJournal(t, journal, entries...)
	w := sim.NewWorld(sim.SeedLayout(), 4)
	for _, st := range []struct {
		c      rules.Color
		points string
	}{{rules.Black, black}, {rules.White, white}} {
		ps, err := rules.ParsePoints(st.points, 15)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			w.Put(st.c, p, 0, 0)
		}
	}
	if err := w.Persist(filepath.Join(dir, "g.world")); err != nil {
		t.Fatal(err)
	}
	return journal
}
