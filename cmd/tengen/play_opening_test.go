package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tengen/game"
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
		out, err := exec.Command(bin, append(args, "--resume", "--json")...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: resume failed: %v\n%s", tc.protocol, err, out)
		}
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		var res playResult
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
			t.Fatalf("%s: %v\n%s", tc.protocol, err, out)
		}
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
