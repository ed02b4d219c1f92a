package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tengen/customs"
	"tengen/game"
	"tengen/rules"
	"tengen/rules/record"
)

// matchArgs are a quick best-of-3 match on the simulated robot: engines
// of a level whose games go either way, so that matches of two and of
// three games both come up.
func matchArgs(journal, seed string, more ...string) []string {
	return append([]string{"play", "--sim", "--camera", "truth", "--think", "40ms", "--engine", "tengen:level=3",
		"--person-level", "3", "--seed", seed, "--best-of", "3", "--journal", journal}, more...)
}

// TestPlayMatch plays a whole `tengen play --best-of 3` on the simulated
// robot without an opening protocol, so that each game's first player is
// its Black: the person and the robot take Black in turn, the robot
// clears the board and says the score between games, and the match stops
// as soon as it is decided, with the score the records give.
func TestPlayMatch(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "m.journal")
	out, errs, code := runCLI(t, "", append(matchArgs(base, "2", "--opening", "free"), "--json")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	res := lastMatchJSON(t, out)
	n := checkMatch(t, base, res)
	for i, g := range res.Match.Games {
		// Without an opening protocol the first player keeps Black.
		if want := []string{"black", "white"}[i%2]; g.Person != want {
			t.Errorf("game %d: the person played %s, want %s", i+1, g.Person, want)
		}
		rec := readRecord(t, filepath.Join(dir, fmt.Sprintf("m-game%d.sgf", i+1)))
		if want := []string{"person", "tengen:level=3"}[i%2]; rec.Black != want {
			t.Errorf("game %d: Black is %s in the record, want %s", i+1, rec.Black, want)
		}
	}
	if c := strings.Count(out, "I clear the board for the next game."); c != n-1 {
		t.Errorf("the board was cleared %d times between %d games:\n%s", c, n, out)
	}
	if c := strings.Count(out, "The match stands at"); c != n {
		t.Errorf("the score was said %d times in %d games:\n%s", c, n, out)
	}
	// What the last game left, and nothing of the games before it.
	checkWorldMatches(t, 0, filepath.Join(dir, "m.world"), res.Moves)
	t.Logf("%d games: %+v", n, res.Match)
}

// TestPlayMatchKillAndResume kills `tengen play --best-of 3` (under the
// renju rule's RIF opening, whose swaps change the colours the seats
// play) in the middle of its second game, and as soon as its first game's
// end is journaled, and runs it again with --resume: the games over keep
// their journals untouched and count once, the stopped game is carried
// on from its journal, the match goes on to its decision, and a run once
// it is decided plays nothing.
func TestPlayMatchKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTengen(t)
	for _, tc := range []struct {
		name string
		seed string
		game int    // the game whose journal says when to kill
		at   string // the kill comes once that journal holds this
		// lost: the kill came between game 1's end and its record
		lost bool
	}{
		{"mid-game 2", "2", 2, `"type":"move"`, false},
		{"game 1 over", "3", 1, `"type":"end"`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			base := filepath.Join(dir, "m.journal")
			args := matchArgs(base, tc.seed)
			watch := filepath.Join(dir, fmt.Sprintf("m-game%d.journal", tc.game))
			killWhen(t, bin, dir, args, 60*time.Second, func() bool {
				b, _ := os.ReadFile(watch)
				return bytes.Contains(b, []byte(tc.at))
			})
			// The journals as the kill left them.
			before := map[string][]byte{}
			paths, _ := filepath.Glob(filepath.Join(dir, "m-game*.journal"))
			for _, p := range paths {
				before[p], _ = os.ReadFile(p)
			}
			if len(before) < tc.game {
				t.Fatalf("killed with journals %v", paths)
			}
			if tc.lost {
				os.Remove(filepath.Join(dir, "m-game1.sgf")) // checkMatch reads it
			}

			out := resumeRun(t, bin, dir, args, nil, "match")
			res := lastMatchJSON(t, out)
			n := checkMatch(t, base, res)
			for p, was := range before {
				now, _ := os.ReadFile(p)
				if bytes.Contains(was, []byte(`"type":"end"`)) {
					if !bytes.Equal(now, was) {
						t.Errorf("%s was over before the kill but changed on resuming", filepath.Base(p))
					}
					continue
				}
				// The stopped game: carried on, not begun again (unless
				// the kill came before its settings were written).
				if len(was) > 0 && !strings.Contains(out, "Resuming "+p) {
					t.Errorf("the resumed match did not say it carried on %s:\n%s", p, out)
				}
				if len(now) < len(was) || !bytes.Equal(now[:len(was)], was) {
					t.Errorf("%s does not extend what was journaled before the kill", filepath.Base(p))
				}
			}
			finished := 0
			for _, was := range before {
				if bytes.Contains(was, []byte(`"type":"end"`)) {
					finished++
				}
			}
			// Once on resuming, then after each game played.
			if c := strings.Count(out, "The match stands at"); c != 1+n-finished {
				t.Errorf("the score was said %d times in a resumed run of %d games, %d over before:\n%s", c, n, finished, out)
			}
			checkWorldMatches(t, 0, filepath.Join(dir, "m.world"), res.Moves)

			// Decided: running it again plays nothing and says the same.
			res2 := lastMatchJSON(t, resumeRun(t, bin, dir, args, nil, "a decided match"))
			if fmt.Sprint(*res2.Match) != fmt.Sprint(*res.Match) || res2.Journal != res.Journal || strings.Join(res2.Moves, " ") != strings.Join(res.Moves, " ") {
				t.Errorf("a decided match said %+v, was %+v", res2.Match, res.Match)
			}
			if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("m-game%d.journal", n+1))); err == nil {
				t.Errorf("game %d was begun in a decided match", n+1)
			}
			// Another format over the same journals is refused.
			other := exec.Command(bin, append(matchArgs(base, tc.seed, "--resume"), "--best-of", "5")...)
			other.Dir = dir
			b, err := other.CombinedOutput()
			if err == nil || !strings.Contains(string(b), "is game 1 of a match of best of 3") {
				t.Errorf("resuming as best of 5: %v\n%s", err, b)
			}
			t.Logf("killed with %d journals; the match took %d games: %+v", len(before), n, res.Match)
		})
	}
}

// TestPlayMatchFlags: a match's flags out of range are usage errors naming
// the flag, before any device is opened.
func TestPlayMatchFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--best-of", "0"}, "--best-of: 0 is not a valid value"},
		{[]string{"--best-of", "4"}, "--best-of: 4 is not a valid value"},
		{[]string{"--best-of", "9"}, "--best-of: 9 is not a valid value"},
		{[]string{"--best-of", "-3"}, "--best-of: -3 is not a valid value"},
		{[]string{"--best-of", "three"}, "--best-of: three is not a valid value"},
		{[]string{"--best-of", "3", "--deciders", "-1"}, "--deciders: -1 is not a valid value"},
		{[]string{"--best-of", "5", "--deciders", "10"}, "--deciders: 10 is not a valid value"},
		{[]string{"--deciders", "2"}, "--deciders needs --best-of"},
	} {
		out, errs, code := runCLI(t, "", append([]string{"play", "--sim", "--camera", "truth"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q (want %q), stdout %q", c.args, code, errs, c.want, out)
		}
	}
}

// lastPlayJSON reads play's --json summary, the output's last line.
func lastPlayJSON(t *testing.T, out string) playResult {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var res playResult
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return res
}

// lastMatchJSON reads a match's --json summary.
func lastMatchJSON(t *testing.T, out string) playResult {
	t.Helper()
	res := lastPlayJSON(t, out)
	if res.Match == nil {
		t.Fatalf("no match in the summary:\n%s", out)
	}
	return res
}

// checkMatch checks a best-of-3 match whose --journal was base against
// its games' journals and records: each game is one of this match, the
// person is the first player in games 1 and 3 and the robot in game 2
// (the settings name the seats), each game's winner is the record's, no
// game was played once the match was decided and it was decided after
// the last, and the summary's score is the records'. It returns the
// number of games.
func checkMatch(t *testing.T, base string, res playResult) int {
	t.Helper()
	m, err := customs.NewMatch(3, 1, customs.Person)
	if err != nil {
		t.Fatal(err)
	}
	stem := strings.TrimSuffix(base, ".journal")
	n := 0
	for k := 1; ; k++ {
		path := fmt.Sprintf("%s-game%d.journal", stem, k)
		if _, err := os.Stat(path); err != nil {
			break
		}
		n = k
		entries, err := readJournalCopy(path)
		if err != nil || len(entries) == 0 || entries[0].Config == nil {
			t.Fatalf("%s: %v", path, err)
		}
		cfg := entries[0].Config
		if cfg.Match != (game.MatchGame{BestOf: 3, Deciders: 1, Game: k}) {
			t.Errorf("%s: match %+v", path, cfg.Match)
		}
		if first := cfg.Black == "person"; first != (k%2 == 1) {
			t.Errorf("game %d: the person is the first player: %v", k, first)
		}
		if _, _, over := m.Result(); over {
			t.Errorf("game %d was played in a decided match", k)
			continue
		}
		rec := readRecord(t, stem+fmt.Sprintf("-game%d.sgf", k))
		won, byMatch := "draw", rules.Empty
		if w := rec.Result.Winner; w != rules.Empty {
			name := map[rules.Color]string{rules.Black: rec.Black, rules.White: rec.White}[w]
			side := customs.Robot
			if name == "person" {
				side = customs.Person
			}
			won, byMatch = side.String(), rules.White
			if side == m.Black() {
				byMatch = rules.Black
			}
		} else if !rec.Result.Draw {
			t.Errorf("game %d's record has no result", k)
		}
		if err := m.Add(byMatch); err != nil {
			t.Fatal(err)
		}
		if k > len(res.Match.Games) || res.Match.Games[k-1].Winner != won || res.Match.Games[k-1].Game != k {
			t.Errorf("game %d won by %s; the summary says %+v", k, won, res.Match.Games)
		}
	}
	winner, draw, over := m.Result()
	if !over {
		t.Errorf("the match stopped undecided after %d games", n)
	}
	want := winner.String()
	if draw {
		want = "draw"
	}
	p, r := m.Score()
	if len(res.Match.Games) != n || res.Match.Person != p || res.Match.Robot != r || res.Match.Winner != want {
		t.Errorf("after %d games the records make it %v–%v, %s; the summary says %+v", n, p, r, want, res.Match)
	}
	if last := fmt.Sprintf("%s-game%d.journal", stem, n); res.Journal != last {
		t.Errorf("the summary's game is %s, want the last, %s", res.Journal, last)
	}
	return n
}

func readRecord(t *testing.T, path string) *record.Record {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.ReadSGF(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rec
}

// killWhen runs `tengen ARGS` in dir and kills it (SIGKILL) as soon as
// ready says so; the process must not end first, nor take longer than
// limit.
func killWhen(t *testing.T, bin, dir string, args []string, limit time.Duration, ready func() bool) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	deadline := time.After(limit)
	for {
		select {
		case err := <-done:
			t.Fatalf("tengen %s ended before the kill: %v", args[0], err)
		case <-deadline:
			cmd.Process.Kill()
			t.Fatalf("not ready to kill in %v", limit)
		case <-time.After(2 * time.Millisecond):
			if ready() {
				cmd.Process.Signal(syscall.SIGKILL)
				<-done
				return
			}
		}
	}
}
