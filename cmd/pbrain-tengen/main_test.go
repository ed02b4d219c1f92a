package main

import (
	"bytes"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

func TestBrain(t *testing.T) {
	tests := []struct {
		args  []string
		input string
		code  int
		want  string // regexp over stdout+stderr
	}{
		{[]string{"--help"}, "", 0, "usage: pbrain-tengen"},
		{[]string{"--level", "0"}, "", 2, "--level must be 1 to 10"},
		{[]string{"extra"}, "", 2, "no arguments"},
		{[]string{"--bogus"}, "", 2, "flag provided but not defined"},
		{nil, "ABOUT\nEND\n", 0, `^name="Tengen", version="dev"`},
		// The engine blocks the open end of a four at once (timeout_turn 0).
		{nil, "START 15\nINFO timeout_turn 0\nINFO max_memory 8000000\nBOARD\n7,7,2\n7,8,2\n7,9,2\n7,10,2\n7,11,1\n2,2,1\n3,12,1\nDONE\n", 0, `(?m)^7,6$`},
		{[]string{"--greedy", "--seed", "3"}, "START 15\nTURN 7,7\n", 0, `(?m)^OK\n(MESSAGE .*\n)*[678],[678]$`},
		{[]string{"--level", "1", "--threads", "1"}, "START 15\nINFO rule 4\nINFO timeout_turn 100\nBEGIN\n", 0, `(?m)^7,7$`},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := run(tt.args, strings.NewReader(tt.input), &out, &errb)
		if code != tt.code || !regexp.MustCompile(tt.want).MatchString(out.String()+errb.String()) {
			t.Errorf("%v with %q: exit %d, output %q %q; want exit %d matching %s", tt.args, tt.input, code, out.String(), errb.String(), tt.code, tt.want)
		}
	}
}

// TestMemoryLimit: the manager's max_memory bounds the whole process (the
// collector's limit), not only the transposition table. Twenty games in a
// row once held 400 MB under a 350 MB limit.
func TestMemoryLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	var out, errb bytes.Buffer
	if code := run([]string{"--threads", "1"}, strings.NewReader("START 15\nINFO max_memory 200000000\nINFO timeout_turn 50\nBEGIN\nEND\n"), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out.String(), errb.String())
	}
	if got := debug.SetMemoryLimit(-1); got != 180000000 {
		t.Errorf("memory limit %d bytes after INFO max_memory 200000000, want 180000000", got)
	}
}
