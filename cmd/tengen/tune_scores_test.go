package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestScoreTarget(t *testing.T) {
	for _, tt := range []struct {
		score  string
		scale  float64
		want   float64
		ok     bool
		errSub string
	}{
		{"0", 200, 0.5, true, ""},
		{"200", 200, 1 / (1 + math.Exp(-1)), true, ""},
		{"-400", 200, 1 / (1 + math.Exp(2)), true, ""},
		{"100", 50, 1 / (1 + math.Exp(-2)), true, ""},
		{"+M13", 200, 1, true, ""},
		{"-M10", 200, 0, true, ""},
		{"+M0", 200, 1, true, ""},
		{"-", 200, 0, false, ""},
		{"VAL_NONE", 200, 0, false, ""},
		{"", 200, 0, false, `score ""`},
		{"M5", 200, 0, false, `score "M5"`},
		{"+Mx", 200, 0, false, `score "+Mx"`},
		{"-M-3", 200, 0, false, `score "-M-3"`},
		{"NaN", 200, 0, false, `score "NaN"`},
		{"Inf", 200, 0, false, `score "Inf"`},
		{"12abc", 200, 0, false, `score "12abc"`},
	} {
		got, ok, err := scoreTarget(tt.score, tt.scale)
		if tt.errSub != "" {
			if err == nil || !strings.Contains(err.Error(), tt.errSub) {
				t.Errorf("scoreTarget(%q): err %v, want one naming %s", tt.score, err, tt.errSub)
			}
			continue
		}
		if err != nil || ok != tt.ok || math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("scoreTarget(%q, %g) = %v, %v, %v; want %v, %v, nil", tt.score, tt.scale, got, ok, err, tt.want, tt.ok)
		}
	}
}

// FuzzScoreTarget: any score either is refused or gives a probability in
// 0..1 (ok) or no target at all.
func FuzzScoreTarget(f *testing.F) {
	for _, s := range []string{"0", "-132", "+M13", "-M10", "-", "1e400", "0x1p3", "+M"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok, err := scoreTarget(s, 200)
		if err != nil && ok {
			t.Fatalf("%q: ok with an error %v", s, err)
		}
		if ok && !(v >= 0 && v <= 1) {
			t.Fatalf("%q: target %v outside 0..1", s, v)
		}
	})
}

// TestEngineTuneScores fits to a labelled position set's scores: a
// strongly positive score for every side to move pulls the evaluation up
// (a lower loss), unscored positions are skipped, every Nth position is
// held out, and a bad score is refused with its line's number.
func TestEngineTuneScores(t *testing.T) {
	var lines []string
	for i, l := range randomTargetLines(60, 0.8) {
		f := strings.Fields(l)
		score := []string{"277", "-", "277", "+M9"}[i%4]
		lines = append(lines, strings.Join([]string{f[0], f[1], f[2], f[3], "h8", score, f[5]}, " "))
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "scores.txt")
	if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, errs, code := runCLI(t, "", "engine", "tune", "--scores", file, "--iterations", "50", "--holdout", "4", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep tuneReport
	decodeLastJSON(t, stdout, &rep)
	if rep.Games != 0 || rep.Targets == 0 || rep.Targets > 45 || rep.Samples+rep.Holdout != rep.Targets || rep.Holdout != rep.Targets/4 || !(rep.LossAfter < rep.LossBefore) {
		t.Errorf("games %d, targets %d, samples %d, held out %d, loss %.5f -> %.5f: want no games, at most the 45 scored positions, every 4th held out, a lower loss",
			rep.Games, rep.Targets, rep.Samples, rep.Holdout, rep.LossBefore, rep.LossAfter)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--scale", "0", "--scores", file}, "--scale must be positive"},
		{[]string{"--scores", filepath.Join(dir, "none.txt")}, "none.txt"},
	} {
		_, errs, code := runCLI(t, "", append([]string{"engine", "tune"}, tt.args...)...)
		if code == 0 || !strings.Contains(errs, tt.want) {
			t.Errorf("engine tune %v: exit %d, stderr %q, want %q", tt.args, code, errs, tt.want)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte(lines[0]+"\n"+strings.Replace(lines[3], "+M9", "M9", 1)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := runCLI(t, "", "engine", "tune", "--scores", bad, "--iterations", "5"); code == 0 || !strings.Contains(errs, `line 2: score "M9"`) {
		t.Errorf("bad score: exit %d, stderr %q", code, errs)
	}
}
