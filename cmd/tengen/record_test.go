package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRecordConvert(t *testing.T) {
	dir := t.TempDir()
	sgf := filepath.Join(dir, "game.sgf")
	if err := os.WriteFile(sgf, []byte("(;GM[4]SZ[15]RU[renju]PB[Ann];B[hh];W[ih](;B[ii])(;B[aa]))"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "", "record", "convert", sgf, "--to", "moves")
	if code != 0 || out != "size: 15\nrule: renju\nblack: Ann\nh8 i8 i7\n" || errs != "" {
		t.Errorf("sgf -> moves: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// What the output format cannot hold is named on stderr.
	_, errs, code = runCLI(t, "", "record", "convert", sgf, "--to", "psq")
	if code != 0 || errs != "note: psq cannot hold the record's rule: left out\n" {
		t.Errorf("sgf -> psq: exit %d, stderr %q", code, errs)
	}

	// stdin to a file, then that file back.
	psq := filepath.Join(dir, "game.psq")
	_, errs, code = runCLI(t, "h8 h9 i9", "record", "convert", "-", "--to", "psq", "--out", psq)
	if code != 0 {
		t.Fatalf("moves -> psq: exit %d, stderr %q", code, errs)
	}
	data, _ := os.ReadFile(psq)
	if string(data) != "Piskvorky 15x15, 0:0, 0\n8,8,0\n8,7,0\n9,7,0\n-1\n" {
		t.Errorf("psq file = %q", data)
	}
	out, errs, code = runCLI(t, "", "record", "convert", psq, "--to", "sgf")
	if code != 0 || !strings.Contains(out, ";B[hh];W[hg];B[ig])") {
		t.Errorf("psq -> sgf: exit %d, stdout %q, stderr %q", code, out, errs)
	}

	// A Chinese score sheet (as the referee prints it) reads as any other
	// record, its format detected.
	out, errs, code = runCLI(t, "", "record", "convert", sgf, "--to", "chinese")
	if code != 0 || out != "黑方 Black: Ann\n规则 Rule: renju\n① H8  2 I8  ③ I7\n" {
		t.Errorf("sgf -> chinese: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	out, errs, code = runCLI(t, out, "record", "convert", "-", "--to", "moves")
	if code != 0 || out != "size: 15\nrule: renju\nblack: Ann\nh8 i8 i7\n" {
		t.Errorf("chinese -> moves: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestRecordConvertErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sgf")
	if err := os.WriteFile(bad, []byte("(;GM[4]SZ[15]\n;B[hh];W[hh])"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{[]string{"record", "convert", bad, "--to", "psq"}, "", 1, "bad.sgf: sgf: line 2, column 8: move 2: white stone at h8: the point is already taken"},
		{[]string{"record", "convert", filepath.Join(dir, "missing.sgf"), "--to", "psq"}, "", 1, "no such file"},
		{[]string{"record", "convert", "-", "--to", "psq"}, "h8 pass", 1, "move 2 is a pass, which PSQ cannot record"},
		{[]string{"record", "convert", "-"}, "h8", 2, "--to is required"},
		{[]string{"record", "convert", "-", "--to", "pgn"}, "h8", 2, `unknown record format "pgn"`},
		{[]string{"record", "convert", "--to", "sgf"}, "", 2, "want one input file"},
		{[]string{"record", "convert", "-", "--to", "sgf", "--from", "psq"}, "h8", 1, "stdin: psq: line 1: want a header"},
	}
	for _, tt := range tests {
		_, errs, code := runCLI(t, tt.stdin, tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.stderr) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, errs, tt.code, tt.stderr)
		}
	}
}
