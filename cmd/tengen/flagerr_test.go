package main

import (
	"strings"
	"testing"
)

// TestFlagErrorsInTheLanguage: a mistyped flag, a missing or bad value
// and an unknown command are worded in the language --lang (or, failing
// that, the locale) names, with the flag and the value kept.
func TestFlagErrorsInTheLanguage(t *testing.T) {
	for _, c := range []struct {
		locale string
		args   []string
		want   []string
	}{
		{"C.UTF-8", []string{"play", "--bogus"}, []string{"tengen play: --bogus: no such flag", "run 'tengen play --help' for usage"}},
		{"C.UTF-8", []string{"play", "--lang", "zh-Hans", "--bogus"}, []string{"没有--bogus这个选项", "用法请运行'tengen play --help'查看"}},
		{"C.UTF-8", []string{"play", "--bogus", "--lang=zh-Hant"}, []string{"沒有--bogus這個選項"}},
		{"zh_TW.UTF-8", []string{"sim", "--games"}, []string{"--games選項需要一個值"}},
		{"zh_CN.UTF-8", []string{"sim", "--games", "x"}, []string{"--games：x不是有效的值"}},
		{"C.UTF-8", []string{"sim", "--games", "x"}, []string{"--games: x is not a valid value"}},
		{"C.UTF-8", []string{"sim", "--sun", "0.5", "--camera", "truth"}, []string{"--sun 0.5: want a strength from 0 to 1, on the rendered camera (here --camera truth)"}},
		{"C.UTF-8", []string{"sim", "--lang", "zh-Hans", "--sun", "2"}, []string{"--sun 2：应为0到1之间的强度"}},
		{"C.UTF-8", []string{"kinematics", "workspace", "--park", "1,2"}, []string{"--park: 1,2 is not a valid value: ", "want three numbers"}},
		{"zh_CN.UTF-8", []string{"play", "---x"}, []string{"---x：不是选项"}},
		{"zh_CN.UTF-8", []string{"nosuch"}, []string{`tengen：未知的命令"nosuch"`}},
		{"C.UTF-8", []string{"vision", "read", "--lang", "zh-Hans"}, []string{"用法请运行'tengen vision read --help'查看"}},
	} {
		t.Setenv("LANG", c.locale)
		t.Setenv("LC_ALL", "")
		t.Setenv("LC_MESSAGES", "")
		_, errOut, code := runCLI(t, "", c.args...)
		if code != 2 {
			t.Errorf("%v (%s): exit %d, want 2", c.args, c.locale, code)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v (%s): stderr %q lacks %q", c.args, c.locale, errOut, w)
			}
		}
		if strings.Contains(errOut, "parse error") {
			t.Errorf("%v: the flag package's English %q shows: %q", c.args, "parse error", errOut)
		}
	}
}

func FuzzArgsLang(f *testing.F) {
	for _, s := range []string{"--lang zh-Hans", "--lang=zh-Hant x", "-lang", "-- --lang zh-Hans", "--lang=xx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		argsLang(strings.Fields(s)) // never panics, whatever the words
	})
}
