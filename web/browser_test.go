package web

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tengen/web/browsertest"
)

func newBrowser(t *testing.T) context.Context { return browsertest.New(t) }

func TestPageInChromium(t *testing.T) {
	s, ts, got, _ := newTestServer(t)
	ctx := newBrowser(t)
	poll := func(what, expr string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr)); err != nil {
			t.Fatalf("%s: waiting for %s: %v", what, expr, err)
		}
	}
	eval := func(expr string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("evaluating %s: %v", expr, err)
		}
		return v
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board")); err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	poll("first state", `document.getElementById("status").textContent === "starting"`)

	// The board follows a game as states are published.
	moves := []Move{{1, "black", "h8"}, {2, "white", "i9"}, {3, "black", "j10"}}
	for i := range moves {
		s.Publish(State{Size: 15, Rule: "renju", Status: "playing", Moves: moves[:i+1],
			Forbidden: []Mark{{"k8", "double-three"}}, EvalHistory: []int{0, 20, -10}})
		poll(fmt.Sprintf("move %d", i+1), fmt.Sprintf(`document.querySelectorAll("#board .stone").length === %d`, i+1))
	}
	if last := eval(`[...document.querySelectorAll("#board .stone")].pop().dataset.point`); last != "j10" {
		t.Errorf("last stone at %q, want j10", last)
	}
	if f := eval(`document.querySelector("#board .forbidden").dataset.point`); f != "k8" {
		t.Errorf("forbidden mark at %q, want k8", f)
	}

	// An operator action without the token is refused and shown as such.
	if err := chromedp.Do(ctx, chromedp.Click("#operator summary"),
		chromedp.Click(`#buttons button[data-action="pause"]`)); err != nil {
		t.Fatal(err)
	}
	poll("refusal shown", `document.getElementById("opresult").textContent !== ""`)
	if res := eval(`document.getElementById("opresult").textContent`); !strings.Contains(res, "401") || len(*got) != 0 {
		t.Errorf("action without token: page says %q, operator saw %v", res, *got)
	}
	// With the token it goes through.
	if err := chromedp.Do(ctx, chromedp.SendKeys("#token", testToken),
		chromedp.Click(`#buttons button[data-action="pause"]`)); err != nil {
		t.Fatal(err)
	}
	poll("action done", `document.getElementById("opresult").textContent === "pause: done"`)
	if len(*got) != 1 || (*got)[0].Name != "pause" {
		t.Errorf("operator saw %v", *got)
	}
	if path := os.Getenv("TENGEN_SCREENSHOT"); path != "" {
		if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
			os.WriteFile(path, png, 0o644)
		}
	}
}
