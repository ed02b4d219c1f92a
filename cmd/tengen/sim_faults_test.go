package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tengen/game"
	"tengen/i18n"
	"tengen/sim"
)

// TestSimFaultsAll is the scaled-down soak (make soak runs 100 games):
// every fault at its default rate, the exact camera, and the summary's
// promises checked.
// The log is in Traditional Chinese (--lang); the JSON's keys stay.
func TestSimFaultsAll(t *testing.T) {
	out, errOut, code := runCLI(t, "", "sim", "--games", "3", "--seed", "7", "--faults", "all", "--camera", "truth",
		"--think", "30ms", "--level", "5", "--person-level", "2", "--dir", t.TempDir(), "--json", "--lang", "zh-Hant")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var sum struct {
		sim.Summary
		Keys map[string]json.RawMessage `json:"-"`
	}
	last := lines[len(lines)-1]
	if err := json.Unmarshal([]byte(last), &sum.Summary); err != nil {
		t.Fatalf("last line %q: %v", last, err)
	}
	var keys map[string]json.RawMessage
	json.Unmarshal([]byte(last), &keys)
	for _, k := range []string{"games", "moves", "misread_moves", "stones_lost", "stones_misplaced", "faults_injected", "faults_recovered", "faults_reported", "median_cycle_s", "faults"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("summary lacks %q: %s", k, last)
		}
	}
	for _, want := range []string{"第1局：", "第3局：", "注入故障：", "故障已排除：", "棋譜："} {
		if !strings.Contains(out, want) {
			t.Errorf("the log does not say %q", want)
		}
	}
	if strings.Contains(out, "fault injected") || strings.Contains(out, "game 1:") {
		t.Error("the log has English lines")
	}
	s := sum.Summary
	if s.Games != 3 || s.MisreadMoves != 0 || s.StonesLost != 0 || s.StonesMisplaced != 0 {
		t.Errorf("games %d, misread %d, lost %d, misplaced %d", s.Games, s.MisreadMoves, s.StonesLost, s.StonesMisplaced)
	}
	total := sim.FaultCount{}
	for name, c := range s.Faults {
		if name != "stray" && c.Injected != c.Recovered+c.Reported {
			t.Errorf("%s: injected %d, recovered %d, reported %d", name, c.Injected, c.Recovered, c.Reported)
		}
		total.Injected += c.Injected
		total.Recovered += c.Recovered
		total.Reported += c.Reported
	}
	if total.Injected == 0 || total.Injected > total.Recovered+total.Reported || total.Injected != s.FaultsInjected || total.Recovered != s.FaultsRecovered || total.Reported != s.FaultsReported {
		t.Errorf("per-fault totals %+v against the summary's %d/%d/%d", total, s.FaultsInjected, s.FaultsRecovered, s.FaultsReported)
	}
}

func TestSimFaultsBadList(t *testing.T) {
	_, errOut, code := runCLI(t, "", "sim", "--faults", "drop=0.1,jam", "--camera", "truth")
	if code != 2 || !strings.Contains(errOut, `unknown fault "jam"`) || !strings.Contains(errOut, "item 2") {
		t.Errorf("exit %d, %q", code, errOut)
	}
}

// TestSimDiskFull runs the simulation with a file size limit (the disk
// full, as the journal sees it: a write fails part-way): the game must
// stop with an error naming the journal, no panic, and the journal must
// still read back for --resume.
func TestSimDiskFull(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("needs bash for ulimit")
	}
	bin := buildTengen(t)
	dir := t.TempDir()
	cmd := exec.Command("bash", "-c", `ulimit -f 2 && exec "$0" sim --games 1 --camera truth --think 30ms --level 4 --person-level 2 --dir "$1"`, bin, dir)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("want exit status 1, got %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "writing journal") || strings.Contains(string(out), "goroutine ") {
		t.Errorf("output does not name the journal's write, or panicked:\n%s", out)
	}
	path := filepath.Join(dir, "game-001.journal")
	j, entries, err := game.OpenJournal(path)
	if err != nil {
		t.Fatalf("the journal does not read back: %v", err)
	}
	j.Close()
	if len(entries) < 2 || entries[0].Type != game.EntryStart {
		t.Errorf("journal holds %d entries, first %+v", len(entries), entries[0])
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() > 2*1024 {
		t.Errorf("journal %v, %v", fi, err)
	}
}

func TestSimSummaryInEachLanguage(t *testing.T) {
	sum := sim.Summary{Games: 2, Moves: 61, StonesLost: 1, FaultsInjected: 4, FaultsRecovered: 3, FaultsReported: 1, MedianCycleS: 2.5,
		Faults: map[string]sim.FaultCount{sim.FaultDrop: {Injected: 4, Recovered: 3, Reported: 1}}, Records: []string{"/r/game-001.sgf"}}
	for _, c := range []struct {
		lang i18n.Lang
		want []string
	}{
		{i18n.English, []string{"2 games, 61 moves; misread moves 0, stones lost 1, misplaced 0; faults injected 4, recovered 3, reported 1; median robot cycle 2.50 s",
			"  drop        injected 4, recovered 3, reported 1", "record: /r/game-001.sgf"}},
		{i18n.Simplified, []string{"共2局，61手；误读0手，丢失棋子1颗，放错0颗；注入故障4次，排除3次，报告工作人员1次；机器人每手用时中位数2.50秒",
			"  drop       ：注入4次，排除3次，报告1次", "棋谱：/r/game-001.sgf"}},
		{i18n.Traditional, []string{"共2局，61手；誤讀0手，遺失棋子1顆", "棋譜：/r/game-001.sgf"}},
	} {
		got := simSummary(&i18n.Printer{Lang: c.lang}, sum)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v: %q does not say %q", c.lang, got, w)
			}
		}
	}
}
