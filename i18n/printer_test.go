package i18n

import (
	"slices"
	"strings"
	"testing"

	"tengen/game"
	"tengen/rules"
)

func TestNormalize(t *testing.T) {
	for _, c := range []struct {
		m    game.Message
		args []string
	}{
		// As package game writes them.
		{game.Message{Key: "robot-move", Args: []string{"h8"}}, []string{"h8"}},
		{game.Message{Key: "takeback", Args: []string{""}}, []string{}},
		{game.Message{Key: "extra-stones", Args: []string{"[black h8 black i9]"}}, []string{"h8 i9"}},
		{game.Message{Key: "stone-missing", Args: []string{"[white j10]"}}, []string{"j10"}},
		{game.Message{Key: "board-differs", Args: []string{"[black h8] []"}}, []string{"h8", ""}},
		{game.Message{Key: "board-differs", Args: []string{"[] [white a15 black o1]"}}, []string{"", "a15 o1"}},
		{game.Message{Key: "forbidden-claim", Args: []string{"h8"}, Text: "h8 is a forbidden move (double-three): I claim the game."}, []string{"h8", "double-three"}},
		{game.Message{Key: "forbidden-claim", Args: []string{"h8"}, Text: "?"}, []string{"h8", ""}},
		{game.Message{Key: "welcome", Text: "Place a black stone"}, []string{}},
		{game.Message{Key: "fault", Args: []string{"arm: stall"}, Text: "Something went wrong: arm: stall"}, []string{}},
		{game.Message{Key: "choose", Args: []string{"choose j10"}}, []string{"j10"}},
		{game.Message{Key: "place", Args: []string{"place h8"}}, []string{"h8"}},
		{game.Message{Key: "declare", Args: []string{"declare 3"}}, []string{"3"}},
		{game.Message{Key: "offer", Args: []string{"[h8 i9]"}}, []string{"h8 i9"}},
		{game.Message{Key: "offer", Args: []string{"offer h8 i9"}}, []string{"h8 i9"}},
		{game.Message{Key: "swap", Args: []string{"swap"}}, []string{}},
		// The referee's free texts; its other messages lack their arguments yet.
		{game.Message{Key: "refused", Text: "black: not your move"}, []string{"black: not your move"}},
		{game.Message{Key: "five", Text: "Black makes five with h8."}, []string{}},
		// Already in the catalogue's form.
		{game.Message{Key: "board-differs", Args: []string{"h8", "i9 j10"}}, []string{"h8", "i9 j10"}},
		{game.Message{Key: "forbidden-claim", Args: []string{"h8", "overline"}}, []string{"h8", "overline"}},
	} {
		_, got := Normalize(c.m)
		if !slices.Equal(got, c.args) {
			t.Errorf("Normalize(%+v) = %q, want %q", c.m, got, c.args)
		}
	}
}

func TestMessages(t *testing.T) {
	for _, c := range []struct {
		m    game.Message
		lang Lang
		want []string // substrings
	}{
		{game.Message{Key: "robot-move", Args: []string{"h8"}}, English, []string{"I play h8."}},
		{game.Message{Key: "robot-move", Args: []string{"h8"}}, Simplified, []string{"H8"}},
		{game.Message{Key: "your-move", Args: []string{"black"}}, Simplified, []string{"黑方"}},
		{game.Message{Key: "your-move", Args: []string{"white"}}, Traditional, []string{"白方"}},
		{game.Message{Key: "board-differs", Args: []string{"[black h8] []"}}, English, []string{"added h8", "gone none"}},
		{game.Message{Key: "board-differs", Args: []string{"[black h8 white i9] []"}}, Simplified, []string{"H8、I9", "无"}},
		{game.Message{Key: "board-differs", Args: []string{"[black h8] []"}}, Traditional, []string{"無"}},
		{game.Message{Key: "forbidden-claim", Args: []string{"h8"}, Text: "(double-four)"}, Simplified, []string{"四四", "H8"}},
		{game.Message{Key: "forbidden-claim", Args: []string{"h8"}, Text: "(overline)"}, Traditional, []string{"長連"}},
		{game.Message{Key: "game-over", Args: []string{"forbidden:double-three"}}, Simplified, []string{"三三禁手"}},
		{game.Message{Key: "game-over", Args: []string{"full board"}}, English, []string{"full board"}},
		{game.Message{Key: "game-over", Args: []string{"full board"}}, Traditional, []string{"滿盤"}},
		{OutcomeMessage(rules.Outcome{Over: true, Winner: rules.White, Reason: rules.Time, Move: 41}), Simplified, []string{"白方胜", "超时", "41"}},
		{OutcomeMessage(rules.Outcome{Over: true, Reason: rules.FullBoard, Move: 225}), English, []string{"Draw (full board) at move 225"}},
		{game.Message{Key: "opening-named", Args: []string{"4"}}, Simplified, []string{"花月"}},
		{game.Message{Key: "opening-named", Args: []string{"Zangetsu"}}, Traditional, []string{"殘月"}},
		{game.Message{Key: "restored", Text: "The board matches the record again."}, Traditional, []string{"棋盤已經和棋譜一致"}},
		{game.Message{Key: "five", Args: []string{"white", "k11"}}, Simplified, []string{"白方下K11成五"}},
		{game.Message{Key: "five", Text: "White makes five with k11."}, Simplified, []string{"White makes five with k11."}},
		// Unknown keys and malformed arguments fall back to the English text.
		{game.Message{Key: "no-such-key", Text: "raw text"}, Simplified, []string{"raw text"}},
		{game.Message{Key: "robot-move", Args: []string{"h8", "extra"}, Text: "raw"}, Simplified, []string{"raw"}},
	} {
		p := &Printer{Lang: c.lang}
		got := p.Message(c.m)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%v %s%q = %q, want it to contain %q", c.lang, c.m.Key, c.m.Args, got, w)
			}
		}
	}
}

func TestSpokenPoints(t *testing.T) {
	for _, c := range []struct {
		p    Printer
		in   string
		want string
	}{
		{Printer{Lang: English}, "h8", "h8"},
		{Printer{Lang: Simplified}, "o15", "O15"},
		{Printer{Lang: Simplified, Spoken: true}, "h8", "天元"},
		{Printer{Lang: Simplified, Spoken: true}, "h9", "H 9"},
		{Printer{Lang: Traditional, Spoken: true, Size: 19}, "j10", "天元"},
		{Printer{Lang: English, Spoken: true}, "h8", "H 8"},
		{Printer{Lang: English, Spoken: true}, "a15", "A 15"},
		{Printer{Lang: Simplified}, "pass", "放弃"},
		{Printer{Lang: Simplified}, "(3,4)", "(3,4)"},
		{Printer{Lang: Simplified}, "h", "h"},
	} {
		if got := c.p.Point(c.in); got != c.want {
			t.Errorf("%+v Point(%q) = %q, want %q", c.p, c.in, got, c.want)
		}
	}
}

func TestSpokenSizes(t *testing.T) {
	got, _ := (&Printer{Lang: Simplified, Spoken: true}).Format("step-place", "white", "5")
	if !strings.Contains(got, "5乘5") {
		t.Errorf("spoken %q", got)
	}
	got, _ = (&Printer{Lang: Simplified}).Format("step-place", "white", "5")
	if !strings.Contains(got, "5×5") {
		t.Errorf("shown %q", got)
	}
}

func TestFormatErrors(t *testing.T) {
	p := &Printer{Lang: Simplified}
	if _, err := p.Format("no-such-key"); err == nil || !strings.Contains(err.Error(), "no-such-key") {
		t.Errorf("unknown key: %v", err)
	}
	if _, err := p.Format("robot-move"); err == nil || !strings.Contains(err.Error(), "1 arguments") {
		t.Errorf("missing argument: %v", err)
	}
	if _, err := NewPrinter("xx"); err == nil {
		t.Error("NewPrinter accepted an unknown language")
	}
}

func FuzzMessage(f *testing.F) {
	f.Add("board-differs", "[black h8] [white i9]", "text")
	f.Add("robot-move", "h8", "")
	f.Add("forbidden-claim", "z99", "(overline)")
	f.Add("game-over", "forbidden:", "")
	f.Fuzz(func(t *testing.T, key, arg, text string) {
		for _, l := range Langs {
			for _, spoken := range []bool{false, true} {
				p := &Printer{Lang: l, Spoken: spoken}
				if p.Message(game.Message{Key: key, Args: []string{arg}, Text: text}) == "" && text != "" {
					if _, ok := catalogue[key]; !ok {
						t.Errorf("unknown key %q lost its text", key)
					}
				}
			}
		}
	})
}

func FuzzParseLang(f *testing.F) {
	for _, s := range []string{"en", "zh-Hans", "zh_TW", "", "xx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLang(s)
		if err != nil {
			return
		}
		if back, err := ParseLang(l.String()); err != nil || back != l {
			t.Errorf("%q reads as %v, which does not read back", s, l)
		}
	})
}

func BenchmarkMessage(b *testing.B) {
	p := &Printer{Lang: Simplified}
	m := game.Message{Key: "board-differs", Args: []string{"[black h8 white i9] [black j10]"}, Text: "differs"}
	for b.Loop() {
		p.Message(m)
	}
}
