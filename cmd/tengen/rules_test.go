package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// lastJSON decodes the last line of a --json command's output into a map,
// so that the test sees exactly the keys printed.
func lastJSON(t *testing.T, out string) map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil {
		t.Fatalf("last line %q is not a JSON object: %v", lines[len(lines)-1], err)
	}
	return m
}

func TestRulesForbiddenJSON(t *testing.T) {
	tests := []struct {
		args []string
		want string // the whole JSON line
	}{
		{[]string{"--rule", "renju", "--size", "15", "--black", "h8 i8 j8 m8 l8", "--white", "i7 g8 h7 h9 i9"},
			`{"forbidden":[{"point":"k8","kind":"overline"}]}`},
		{[]string{"--black", "h8 i8 j8", "--white", "i7 g8"}, `{"forbidden":[]}`},
		// Case 14 of the cases file: eight double-threes, in board order.
		{[]string{"--black", "h8 b10 c9 e13 d9 c8 f13 e12 g11 d10", "--white", "o15 a8 a7 e15 g15 l15 c3 l3 h3 o1"},
			`{"forbidden":[{"point":"d8","kind":"double-three"},{"point":"c10","kind":"double-three"},` +
				`{"point":"e10","kind":"double-three"},{"point":"c11","kind":"double-three"},` +
				`{"point":"d11","kind":"double-three"},{"point":"e11","kind":"double-three"},` +
				`{"point":"d12","kind":"double-three"},{"point":"f12","kind":"double-three"}]}`},
		// Case 15: the two readings differ on i4.
		{[]string{"--black", "h8 h7 h6 g6 g4 f4 h5", "--white", "h9 o15 o14 a15 a14 o1 o2"},
			`{"forbidden":[{"point":"e4","kind":"double-three"},{"point":"i4","kind":"double-three"},` +
				`{"point":"g5","kind":"double-three"},{"point":"i6","kind":"double-three"}]}`},
		{[]string{"--reading", "gomocup", "--black", "h8 h7 h6 g6 g4 f4 h5", "--white", "h9 o15 o14 a15 a14 o1 o2"},
			`{"forbidden":[{"point":"e4","kind":"double-three"},{"point":"g5","kind":"double-three"},` +
				`{"point":"i6","kind":"double-three"}]}`},
		{[]string{"--black", "H8 G7 i9,j10", "--white", "f6 k11 j8 J7"},
			`{"forbidden":[]}`},
		// 19x19: an overline against the top edge and the right edge.
		{[]string{"--size", "19", "--black", "n19 o19 p19 r19 s19 s14 s15 s16 s18 a1"},
			`{"forbidden":[{"point":"s17","kind":"overline"},{"point":"q19","kind":"overline"}]}`},
	}
	for _, tt := range tests {
		args := append([]string{"rules", "forbidden", "--json"}, tt.args...)
		out, errs, code := runCLI(t, "", args...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", tt.args, code, errs)
			continue
		}
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if got := lines[len(lines)-1]; got != tt.want {
			t.Errorf("%v:\n got %s\nwant %s", tt.args, got, tt.want)
		}
	}
}

func TestRulesForbiddenHuman(t *testing.T) {
	out, _, code := runCLI(t, "", "rules", "forbidden", "--black", "h8 i8 j8 m8 l8", "--white", "i7 g8 h7 h9 i9")
	if code != 0 || !strings.Contains(out, " 8  . . . . . . O X X X 6 X X . .") || !strings.Contains(out, "k8   overline") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "rules", "forbidden", "--black", "h8")
	if code != 0 || !strings.Contains(out, "no point is forbidden") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestRulesForbiddenErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--black", "h8 z9"}, 1, `--black: entry 2: point "z9" is off a 15x15 board`},
		{[]string{"--black", "h8 h"}, 1, `--black: entry 2: bad point "h"`},
		{[]string{"--black", "h8", "--white", "H8"}, 1, "white stone at h8: the point is already taken by black"},
		{[]string{"--black", "h8 h8"}, 1, "black stone at h8: the point is already taken by black"},
		{[]string{"--white", "pass"}, 1, "--white: entry 1: a pass is not a stone"},
		{[]string{"--rule", "freestyle", "--black", "h8"}, 2, "--rule freestyle: only renju has forbidden points"},
		{[]string{"--rule", "go"}, 2, `unknown rule "go"`},
		{[]string{"--reading", "japanese"}, 2, `unknown reading "japanese"`},
		{[]string{"--size", "30"}, 2, "board size 30 is not supported"},
		{[]string{"--size", "9", "--black", "l8"}, 1, `point "l8" is off a 9x9 board`},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		out, errs, code := runCLI(t, "", append([]string{"rules", "forbidden", "--json"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("%v: exit %d (want %d), stderr %q (want %q), stdout %q", tt.args, code, tt.code, errs, tt.want, out)
		}
	}
}

func TestRulesJudgeJSON(t *testing.T) {
	tests := []struct {
		args []string
		want map[string]any
	}{
		{[]string{"--moves", ""},
			map[string]any{"to_move": "black", "over": false, "winner": "", "reason": "", "move": 0.0, "kind": ""}},
		{[]string{"--rule", "renju", "--moves", "h8 h9 i9 i8 j10"},
			map[string]any{"to_move": "white", "over": false, "winner": "", "reason": "", "move": 0.0, "kind": ""}},
		{[]string{"--rule", "freestyle", "--moves", "h8 h9 i8 i9 j8 j9 k8 k9 l8"},
			map[string]any{"to_move": "white", "over": true, "winner": "black", "reason": "five", "move": 9.0, "kind": ""}},
		{[]string{"--rule", "renju", "--moves", "e8 a1 f8 a3 g9 a5 g10 a7 g8"},
			map[string]any{"to_move": "white", "over": true, "winner": "white", "reason": "forbidden:double-three", "move": 9.0, "kind": "double-three"}},
		{[]string{"--rule", "renju", "--moves", "h8 a1 i8 a3 j8 a5 l8 a7 m8 a9 k8"},
			map[string]any{"to_move": "white", "over": true, "winner": "white", "reason": "forbidden:overline", "move": 11.0, "kind": "overline"}},
		{[]string{"--rule", "standard", "--moves", "h8 a1 i8 a3 j8 a5 l8 a7 m8 a9 k8"},
			map[string]any{"to_move": "white", "over": false, "winner": "", "reason": "", "move": 0.0, "kind": ""}},
		{[]string{"--moves", "h8 pass pass"},
			map[string]any{"to_move": "white", "over": true, "winner": "draw", "reason": "two passes", "move": 3.0, "kind": ""}},
		{[]string{"--size", "5", "--rule", "freestyle", "--moves",
			"a5 c5 b5 d5 e5 a4 c4 b4 d4 e4 a3 c3 b3 d3 e3 a2 c2 b2 d2 e2 a1 b1 d1 c1 e1"},
			map[string]any{"to_move": "white", "over": true, "winner": "draw", "reason": "full board", "move": 25.0, "kind": ""}},
		{[]string{"--size", "19", "--rule", "standard", "--moves", "s19 a1 r18 a2 q17 a3 p16 a4 o15"},
			map[string]any{"to_move": "white", "over": true, "winner": "black", "reason": "five", "move": 9.0, "kind": ""}},
		// Case 15 of the cases file played out: i4 is a double-three only
		// in the RIF reading.
		{[]string{"--moves", "h8 h9 h7 o15 h6 o14 g6 a15 g4 a14 f4 o1 h5 o2 i4"},
			map[string]any{"to_move": "white", "over": true, "winner": "white", "reason": "forbidden:double-three", "move": 15.0, "kind": "double-three"}},
		{[]string{"--reading", "gomocup", "--moves", "h8 h9 h7 o15 h6 o14 g6 a15 g4 a14 f4 o1 h5 o2 i4"},
			map[string]any{"to_move": "white", "over": false, "winner": "", "reason": "", "move": 0.0, "kind": ""}},
	}
	for _, tt := range tests {
		out, errs, code := runCLI(t, "", append([]string{"rules", "judge", "--json"}, tt.args...)...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", tt.args, code, errs)
			continue
		}
		if got := lastJSON(t, out); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%v:\n got %v\nwant %v", tt.args, got, tt.want)
		}
	}
}

func TestRulesJudgeErrors(t *testing.T) {
	tests := []struct {
		moves string
		want  string
	}{
		{"h8 h9 h8", "move 3 (black h8) is illegal: the point is taken by black"},
		{"h8 h9 q8", `move 3: point "q8" is off a 15x15 board`},
		{"h8 x", `move 2: bad point "x"`},
		{"h8 h9 i8 i9 j8 j9 k8 k9 l8 a1", "move 10 (white a1) is illegal: the game is over (black wins by five at move 9)"},
	}
	for _, tt := range tests {
		out, errs, code := runCLI(t, "", "rules", "judge", "--rule", "freestyle", "--json", "--moves", tt.moves)
		if code != 1 || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("%q: exit %d, stderr %q, want %q", tt.moves, code, errs, tt.want)
		}
	}
}

func TestRulesJudgeHuman(t *testing.T) {
	out, _, code := runCLI(t, "", "rules", "judge", "--rule", "renju", "--moves", "h8 h9 i9 i8 j10")
	if code != 0 || !strings.Contains(out, "renju after 5 moves: white to move") || !strings.Contains(out, "10  . . . . . . . . . X") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "rules", "judge", "--rule", "renju", "--moves", "e8 a1 f8 a3 g9 a5 g10 a7 g8")
	if !strings.Contains(out, "white wins: Black's move 9 is forbidden (double-three)") {
		t.Errorf("output:\n%s", out)
	}
}
