package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTableCommands(t *testing.T) {
	dir := t.TempDir()
	moves := filepath.Join(dir, "game.txt")
	os.WriteFile(moves, []byte("rule: renju\nresult: B+R\nh8 h9 i9 g7 j10\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"table", "say", "--lang", "zh-Hans", "--quiet", "robot-move", "h8"}, 0, []string{"我下H8。"}},
		{[]string{"table", "say", "--lang", "zh-Hant", "--quiet", "game-over", "forbidden:overline"}, 0, []string{"對局結束：長連禁手。"}},
		{[]string{"table", "say", "--list"}, 0, []string{"robot-move [point]", "opening.26 []"}},
		{[]string{"table", "say", "--quiet", "no-such-key"}, 2, nil},
		{[]string{"table", "say", "--quiet", "robot-move"}, 2, nil},
		{[]string{"table", "say", "--lang", "fr", "welcome"}, 2, nil},
		{[]string{"table", "record", moves}, 0, []string{"开局：花月", "结果：黑胜（认输）", "① H8  2 H9  ③ I9  4 G7  ⑤ J10"}},
		{[]string{"table", "record", "--lang", "zh-Hant", moves}, 0, []string{"開局：花月", "規則：連珠"}},
		{[]string{"table", "record", filepath.Join(dir, "missing")}, 1, nil},
		{[]string{"table", "fours", "--black", "h8 i8 j8 k8 c3 c4 c5 c6", "--white", "a1 a2 a3 a4", "--json"}, 0, []string{`{"black":2,"white":1,"winner":"black"}`}},
		{[]string{"table", "fours", "--black", "h8 z99"}, 2, nil},
		{[]string{"table", "fours", "--black", "h8 i8 j8 k8", "--white", "a1 a2 a3 a4", "--lang", "zh-Hant"}, 0, []string{"黑方活四：H8、I8、J8、K8，成五點G8、L8", "和棋"}},
		{[]string{"table", "explain", "--black", "g8 i8 h7 h9", "--point", "h8", "--lang", "zh-Hans"}, 0, []string{"黑方下H8形成三三，是禁手：", "G8、H8、I8"}},
		{[]string{"table", "explain", "--black", "e8 f8 g8 h5 h6 h7", "--point", "h8", "--json"}, 0, []string{`"kind":"double-four"`}},
		{[]string{"table", "explain", "--black", "g8", "--point", "h8"}, 1, nil},
		{[]string{"table", "level", "--answer", "never"}, 0, []string{"1"}},
		{[]string{"table", "level", "--rating", "2300"}, 0, []string{"10"}},
		{[]string{"table", "level"}, 2, nil},
	} {
		out, errs, code := runCLI(t, "", c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, errs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: output %q lacks %q", c.args, out, w)
			}
		}
	}
}

func TestTableExplainJSON(t *testing.T) {
	out, _, code := runCLI(t, "", "table", "explain", "--black", "g8 i8 h7 h9", "--point", "h8", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var v explainJSON
	if code != 0 || json.Unmarshal([]byte(lines[len(lines)-1]), &v) != nil || v.Kind != "double-three" || len(v.Lines) != 2 {
		t.Errorf("exit %d, %q", code, out)
	}
}
