package customs

import (
	"bytes"
	"context"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tengen/rules"
	"tengen/web"
	"tengen/web/browsertest"
)

// TestVisitorFlowInChromium plays a visitor's visit in real Chromium,
// with the real page, server, desk and streak file: a nickname (kept on
// the phone), "have you played before?" setting the level, 猜先 with the
// robot hiding stones and the visitor guessing on the page, and the
// day's streak after two wins — without the operator's token.
func TestVisitorFlowInChromium(t *testing.T) {
	d := newDesk(t)
	var logs bytes.Buffer
	srv := web.New(web.Options{Token: strings.Repeat("k", 48), Visitors: d, Log: log.New(&logs, "", 0)})
	d.Changed = srv.Republish
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	srv.Publish(web.State{Size: 15, Rule: "renju", Status: "starting"})

	ctx := browsertest.New(t)
	poll := func(what, expr string) { t.Helper(); browsertest.Poll(t, ctx, what, expr) }
	text := func(id string) string {
		t.Helper()
		return browsertest.Eval(t, ctx, `document.getElementById("`+id+`").textContent`)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("visitors' panel", `!document.getElementById("visitorbox").hidden && document.getElementById("guessbox").hidden`)
	if err := chromedp.Do(ctx, chromedp.SendKeys("#nick", "Mei"), chromedp.Click("#hello")); err != nil {
		t.Fatal(err)
	}
	poll("welcome", `document.getElementById("visitorsaid").textContent === "Welcome, Mei! Tell me whether you have played before, and I will choose my level."`)
	if err := chromedp.Do(ctx, chromedp.Click(`#answers button[data-answer="often"]`)); err != nil {
		t.Fatal(err)
	}
	poll("level", `document.getElementById("level").textContent === "your next game: level 6"`)
	if nick, lv, ok := d.Next(3); !ok || nick != "Mei" || lv != 6 {
		t.Errorf("the desk's next visitor: %q level %d (%v)", nick, lv, ok)
	}

	// 猜先: the robot hides stones and asks; the guess buttons appear and
	// the visitor's guess decides who plays Black.
	f := &fakeTable{b: rules.MustBoard(15)}
	done := make(chan Nigiri, 1)
	go func() {
		g, err := f.table().RobotHides(context.Background(), NewRand(5), d.WaitGuess)
		if err != nil {
			t.Error(err)
		}
		done <- g
	}()
	poll("guess buttons", `!document.getElementById("guessbox").hidden`)
	if err := chromedp.Do(ctx, chromedp.Click(`#guessbox button[data-guess="even"]`)); err != nil {
		t.Fatal(err)
	}
	g := <-done
	if g.Guess != Even || g.Hider != Robot || g.Count < 1 {
		t.Errorf("nigiri %+v, want the visitor's guess even", g)
	}
	poll("guess buttons gone", `document.getElementById("guessbox").hidden`)
	// A second guess is refused, worded for the visitor.
	browsertest.Eval(t, ctx, `visit("guess", {guess: "odd"}), ""`)
	poll("refusal", `document.getElementById("visitorsaid").textContent === "I am not asking for a guess now."`)

	// Two wins today: the streak shows, in Chinese too; the nickname
	// stays on the device.
	for range 2 {
		if _, err := d.Finished("Mei", Win, 6); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("nickname kept", `document.getElementById("nick").value === "Mei"`)
	if err := chromedp.Do(ctx, chromedp.Click("#hello")); err != nil {
		t.Fatal(err)
	}
	poll("streak", `document.getElementById("streak").textContent === "winning streak: 2"`)
	if got := text("today"); got != "Today: 2 won, 0 lost, 0 drawn" {
		t.Errorf("today %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue("#lang", "zh-Hans")); err != nil {
		t.Fatal(err)
	}
	browsertest.Eval(t, ctx, `document.getElementById("lang").dispatchEvent(new Event("change")), ""`)
	poll("Chinese", `document.getElementById("streak").textContent === "连胜2局"`)
	if got := text("visitorsaid"); got != "Mei，欢迎回来：你今天赢了2局，输了0局。Mei，你今天已经连胜2局！" {
		t.Errorf("greeting in Chinese %q", got)
	}
	if strings.Contains(logs.String(), "operator token") {
		t.Errorf("a visitor's action asked for the token: %s", logs.String())
	}
}

// TestVisitorRequests checks the visitors' endpoint without a browser:
// it needs no token, refuses what is not a visitor's, and has its own
// rate limit.
func TestVisitorRequests(t *testing.T) {
	d := newDesk(t)
	srv := web.New(web.Options{Token: strings.Repeat("k", 48), Visitors: d, Log: log.New(&bytes.Buffer{}, "", 0)})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	post := func(body string, origin string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/api/visitor", strings.NewReader(body))
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range []struct {
		body, origin string
		want         int
	}{
		{`{"action":"hello","nick":"Bo"}`, "", http.StatusOK},
		{`{"action":"pause","nick":"Bo"}`, "", http.StatusBadRequest},
		{`{"action":"hello","nick":"Bo","token":"x"}`, "", http.StatusBadRequest},
		{`{"action":"guess","nick":"Bo","guess":"odd"}`, "", http.StatusConflict},
		{`{"action":"hello","nick":"Bo"}`, "http://evil.example", http.StatusForbidden},
	} {
		if got := post(c.body, c.origin); got != c.want {
			t.Errorf("%s (origin %q): %d, want %d", c.body, c.origin, got, c.want)
		}
	}
	limited := false
	for range 20 {
		if post(`{"action":"hello","nick":"Bo"}`, "") == http.StatusTooManyRequests {
			limited = true
			break
		}
	}
	if !limited {
		t.Error("20 requests at once were all served")
	}
}
