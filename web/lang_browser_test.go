package web

import (
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPageLanguages switches the page between its three languages in real
// Chromium: labels, the robot's messages, the result and the move list
// follow the choice, which survives a reload (localStorage).
func TestPageLanguages(t *testing.T) {
	s, ts, _, _ := newTestServer(t)
	ctx := newBrowser(t)
	poll := func(what, expr string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr)); err != nil {
			t.Fatalf("%s: waiting for %s: %v", what, expr, err)
		}
	}
	text := func(id string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("`+id+`").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("catalogue", `document.getElementById("lang").options.length === 3`)
	s.Publish(State{Size: 15, Rule: "renju", Status: "placing h8",
		Moves: []Move{{1, "black", "h8"}, {2, "white", "h9"}, {3, "black", "i9"}},
		Messages: []Said{
			{Key: "robot-move", Args: []string{"i9"}, Text: "I play i9."},
			{Key: "board-differs", Args: []string{"h8", ""}, Text: "differs"},
			{Key: "no-such-key", Text: "raw english"},
		},
		ResultSaid: &Said{Key: "game-won", Args: []string{"white", "forbidden:double-three", "3"}, Text: "White wins."},
		Explain:    &Explain{Point: "i9", Kind: "double-three", Lines: [][]string{{"h8", "i9", "j10"}, {"g9", "i9", "h9"}}},
	})
	poll("English messages", `document.getElementById("messages").textContent.includes("I play i9.")`)
	if got := text("result"); got != "White wins by forbidden move (double three) at move 3." {
		t.Errorf("English result %q", got)
	}

	for _, c := range []struct{ lang, label, move, status, result, missing string }{
		{"zh-Hans", "着法", "我下I9。", "正在落子 H8", "白方胜（三三禁手），第3手。", "少了无"},
		{"zh-Hant", "著法", "我下I9。", "正在落子 H8", "白方勝（三三禁手），第3手。", "少了無"},
	} {
		if err := chromedp.Do(ctx, chromedp.SetValue("#lang", c.lang)); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("lang").dispatchEvent(new Event("change"))`)); err != nil {
			t.Fatal(err)
		}
		poll(c.lang, `document.documentElement.lang === "`+c.lang+`"`)
		if got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-i18n="ui.moves"]').textContent`)); err != nil || got != c.label {
			t.Errorf("%s: moves heading %q (%v), want %q", c.lang, got, err, c.label)
		}
		msgs := text("messages")
		for _, w := range []string{c.move, c.missing, "raw english"} {
			if !strings.Contains(msgs, w) {
				t.Errorf("%s: messages %q lack %q", c.lang, msgs, w)
			}
		}
		if got := text("status"); got != c.status {
			t.Errorf("%s: status %q, want %q", c.lang, got, c.status)
		}
		if got := text("result"); got != c.result {
			t.Errorf("%s: result %q, want %q", c.lang, got, c.result)
		}
	}
	// The Chinese numbering: Black's numbers circled in the move list, and
	// the forbidden shape's lines drawn.
	if err := chromedp.Do(ctx, chromedp.Click("#chinese")); err != nil {
		t.Fatal(err)
	}
	poll("circled numbers", `document.getElementById("moves").textContent === "① H82 H9③ I9"`)
	poll("explained shape", `document.querySelectorAll("#board .explain-line").length === 2`)
	if path := os.Getenv("TENGEN_SCREENSHOT_ZH"); path != "" {
		if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
			os.WriteFile(path, png, 0o644)
		}
	}

	// The choice survives a reload.
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("language kept", `document.documentElement.lang === "zh-Hant" && document.getElementById("chinese").checked`)
}

// TestRefereeWordsInChromium shows the referee's status and messages (keys
// with arguments, as package referee says them) in the viewer's language.
func TestRefereeWordsInChromium(t *testing.T) {
	s, ts, _, _ := newTestServer(t)
	ctx := newBrowser(t)
	poll := func(what, expr string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr)); err != nil {
			t.Fatalf("%s: waiting for %s: %v", what, expr, err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("catalogue", `document.getElementById("lang").options.length === 3`)
	s.Publish(State{Size: 15, Rule: "renju", Status: "black to play",
		StatusSaid: &Said{Key: "status.to-play", Args: []string{"black"}, Text: "black to play"},
		Messages: []Said{
			{Key: "ref-step-place-centre", Args: []string{"first", "black"}, Text: "The first player's turn in the opening: …"},
			{Key: "forbidden", Args: []string{"9", "j8", "double-three"}, Text: "Black's move 9 on j8 is forbidden (double-three): White wins."},
		}})
	poll("English", `document.getElementById("status").textContent === "Black to play"`)
	if err := chromedp.Do(ctx, chromedp.SetValue("#lang", "zh-Hans")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("lang").dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	poll("Chinese status", `document.getElementById("status").textContent === "轮到黑方"`)
	poll("Chinese messages", `document.getElementById("messages").textContent === "开局轮到假先方：在天元下黑方的棋子。黑方第9手J8是禁手（三三），白胜。"`)
}
