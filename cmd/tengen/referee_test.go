package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/referee"
)

func decodeLastJSON(t *testing.T, out string, v any) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), v); err != nil {
		t.Fatalf("last line is not JSON: %v\n%s", err, out)
	}
}

func TestRefereeCommand(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runCLI(t, "", "referee", "--sim", "--black-moves", "h8 i8 j9 j10 j8", "--white-moves", "a1 a3 a5 a7",
		"--knock-after", "6", "--time", "10m", "--black", "Ann", "--white", "Bob", "--dir", dir, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	var sum refereeSummary
	decodeLastJSON(t, out, &sum)
	if sum.Moves != 9 || !strings.Contains(sum.Result, "forbidden") || sum.Rebuilt != 1 || sum.Faults["forbidden"] != 1 {
		t.Errorf("summary %+v\n%s", sum, out)
	}
	sheet, err := os.ReadFile(sum.Sheet)
	if err != nil || !strings.Contains(string(sheet), "① H8  2 A1  ③ I8") || !strings.Contains(string(sheet), "黑方 Black: Ann") {
		t.Errorf("score sheet %s: %v", sheet, err)
	}
	if sgf, err := os.ReadFile(sum.Record); err != nil || !strings.Contains(string(sgf), "PB[Ann]") {
		t.Errorf("SGF %s: %v", sgf, err)
	}
	pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
	if len(pngs) < 2 {
		t.Errorf("evidence frames %v, want the knock's and the forbidden move's", pngs)
	}
}

// Without an arm the simulated people rebuild the knocked board step by
// step; they press the clock buttons, and White claims the forbidden move.
func TestRefereeCommandNoArm(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runCLI(t, "", "referee", "--sim", "--black-moves", "h8 i8 j9 j10 j8", "--white-moves", "a1 a3 a5 a7",
		"--knock-after", "6", "--no-arm", "--buttons", "--claim-by-player", "--time", "5m/3x30s", "--dir", dir, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	var sum refereeSummary
	decodeLastJSON(t, out, &sum)
	if sum.Moves != 9 || !strings.Contains(sum.Result, "forbidden") || sum.Rebuilt != 1 {
		t.Errorf("summary %+v\n%s", sum, out)
	}
	if !strings.Contains(out, "White claims") || !strings.Contains(out, "Move the") && !strings.Contains(out, "Put a") {
		t.Errorf("no claim or no rebuilding steps shown:\n%s", out)
	}
	entries, err := referee.ReadLog(sum.Log)
	if err != nil {
		t.Fatal(err)
	}
	presses := 0
	for _, e := range entries {
		if e.Event == referee.EventPress {
			presses++
		}
	}
	if presses != 8 {
		t.Errorf("%d clock presses logged, want 8", presses)
	}
}

func TestRefereeCommandErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"referee", "--calibration", "no-such-calibration.yaml"}, 1, "run `tengen calibrate`"},
		{[]string{"referee", "--sim", "--rule", "go"}, 2, "--rule go: want freestyle"},
		{[]string{"referee", "--sim", "--levels", "3"}, 2, "want two levels"},
		{[]string{"referee", "--sim", "--camera", "fisheye"}, 2, "--camera fisheye: want top or rendered"},
		{[]string{"referee", "--sim", "--opening", "nosuch"}, 2, "no such opening protocol"},
		{[]string{"referee", "--sim", "--black-moves", "z99"}, 2, "--black-moves"},
		{[]string{"restore", "--sim"}, 2, "want one record file"},
		{[]string{"setup", "no-such-file.sgf", "--sim"}, 1, "no-such-file.sgf"},
	} {
		_, errs, code := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
}

func TestRestoreAndSetupCommands(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "game.txt")
	os.WriteFile(rec, []byte("h8 h9 i9 g7 j10 k11 i8 g10\n"), 0o644)
	for _, args := range [][]string{
		{"restore", rec, "--sim", "--json"},
		{"restore", rec, "--sim", "--no-arm", "--seed", "4", "--json"},
	} {
		out, errs, code := runCLI(t, "\n", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s\n%s", args, code, errs, out)
		}
		var sum restoreSummary
		decodeLastJSON(t, out, &sum)
		if sum.Stones != 8 || len(sum.Steps) == 0 || !strings.Contains(out, "Confirmed.") {
			t.Errorf("%v: %+v\n%s", args, sum, out)
		}
	}
	if _, _, code := runCLI(t, "", "restore", rec, "--sim"); code != 1 {
		t.Errorf("restore without a confirmation: exit %d, want 1", code)
	}
	out, errs, code := runCLI(t, "\n", "setup", rec, "--sim", "--moves", "5", "--clear", "--json")
	if code != 0 {
		t.Fatalf("setup: exit %d: %s", code, errs)
	}
	var sum restoreSummary
	decodeLastJSON(t, out, &sum)
	if sum.Stones != 5 || len(sum.Steps) != 5 || !sum.Cleared {
		t.Errorf("setup: %+v\n%s", sum, out)
	}
	if _, errs, code := runCLI(t, "", "setup", rec, "--sim", "--moves", "20"); code != 2 || !strings.Contains(errs, "the record has 8 moves") {
		t.Errorf("setup --moves 20: exit %d, %s", code, errs)
	}
}

// Simulated people play each opening protocol at the table and Tengen
// referees it into the main game.
func TestRefereeCommandOpenings(t *testing.T) {
	for _, proto := range []string{"rif", "yamaguchi", "soosorv-8", "taraguchi-10", "swap2"} {
		rule := "renju"
		if proto == "swap2" {
			rule = "freestyle"
		}
		out, errs, code := runCLI(t, "", "referee", "--sim", "--opening", proto, "--rule", rule, "--seed", "2",
			"--black-moves", "a1 a2 a3 a4 a5 a6", "--white-moves", "o1 o2 o3 o4 o5 o6", "--dir", t.TempDir(), "--json")
		if code != 0 {
			t.Errorf("%s: exit %d: %s\n%s", proto, code, errs, out)
			continue
		}
		var sum refereeSummary
		decodeLastJSON(t, out, &sum)
		if !strings.Contains(out, "The opening is over") || !strings.Contains(sum.Result, "by five") {
			t.Errorf("%s: %+v\n%s", proto, sum, out)
		}
		rec, err := os.ReadFile(sum.Record)
		if err != nil || !strings.Contains(string(rec), "ON["+proto+"]") {
			t.Errorf("%s: record %s: %v", proto, rec, err)
		}
	}
}
