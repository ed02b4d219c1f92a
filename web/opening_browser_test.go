package web

import (
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"tengen/web/browsertest"
)

// TestOpeningInChromium drives the page through an opening's steps in
// real Chromium: the question and exactly the allowed buttons show, the
// robot's offers appear on the board as marked stones, and clicking one
// posts the opening action that chooses it, with the operator token.
func TestOpeningInChromium(t *testing.T) {
	s, ts, got, _ := newTestServer(t)
	ctx := newBrowser(t)
	poll := func(what, expr string) { t.Helper(); browsertest.Poll(t, ctx, what, expr) }
	eval := func(expr string) string { t.Helper(); return browsertest.Eval(t, ctx, expr) }
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("catalogue", `document.getElementById("lang").options.length === 3`)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("token").value = "`+testToken+`", true`)); err != nil {
		t.Fatal(err)
	}
	four := []Move{{1, "black", "h8"}, {2, "white", "i9"}, {3, "black", "j10"}, {4, "white", "g10"}}
	shown := `[...document.querySelectorAll("#openingbuttons button")].filter((b) => b.offsetParent !== null).map((b) => b.dataset.do).join(" ")`

	// The person's swap step: keep and swap, nothing else.
	s.Publish(State{Size: 15, Status: "opening: swap", Moves: four[:3], Opening: &OpeningStep{Protocol: "rif", By: "person",
		Player: "second", Colour: "white", Allowed: []string{"swap", "keep"},
		Question: Said{Key: "step-swap", Text: "Your turn in the opening: the tentative White may swap."}}})
	poll("swap step", `!document.getElementById("openingbox").hidden && document.querySelectorAll("#board .stone").length === 3`)
	if b := eval(shown); b != "keep swap" {
		t.Errorf("swap step: buttons %q shown, want keep and swap", b)
	}
	if q := eval(`document.getElementById("openingq").textContent`); q != "Your turn in the opening: swap colours or keep them." {
		t.Errorf("swap step: question %q", q)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#openingbuttons button[data-do="keep"]`)); err != nil {
		t.Fatal(err)
	}
	poll("keep posted", `document.getElementById("openingresult").textContent === "keep: done"`)

	// Yamaguchi's declare: the number's bounds come from the step.
	s.Publish(State{Size: 15, Status: "opening: declare", Moves: four[:3], Opening: &OpeningStep{Protocol: "yamaguchi", By: "person",
		Player: "first", Colour: "black", Allowed: []string{"declare"}, Min: 1, Max: 10,
		Question: Said{Key: "step-declare", Args: []string{"1", "10"}, Text: "declare"}}})
	poll("declare step", `!document.getElementById("declarebox").hidden && document.getElementById("openingresult").textContent === ""`)
	if b := eval(shown); b != "declare" {
		t.Errorf("declare step: buttons %q shown, want only declare", b)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue("#declaren", "3"), chromedp.Click(`#openingbuttons button[data-do="declare"]`)); err != nil {
		t.Fatal(err)
	}
	poll("declare posted", `document.getElementById("openingresult").textContent === "declare 3: done"`)

	// The robot's turn: no buttons, the robot's words.
	s.Publish(State{Size: 15, Status: "thinking (opening)", Moves: four, Opening: &OpeningStep{Protocol: "rif", By: "robot",
		Player: "first", Colour: "black", Allowed: []string{"offer"}, Stone: "black", Count: 2,
		Question: Said{Key: "ui.opening.robot", Text: "The robot decides."}}})
	poll("robot's step", `document.getElementById("openingq").textContent === "The robot is deciding its step of the opening."`)
	if b := eval(shown); b != "" {
		t.Errorf("robot's step: buttons %q shown, want none", b)
	}

	// The robot has offered two fifth moves: they appear on the board,
	// and clicking one chooses it.
	s.Publish(State{Size: 15, Status: "opening: choose", Moves: four, Opening: &OpeningStep{Protocol: "rif", By: "person",
		Player: "second", Colour: "white", Allowed: []string{"choose"}, Stone: "black", Offers: []string{"h6", "k6"},
		Question: Said{Key: "step-choose", Text: "choose"}}})
	poll("offers drawn", `document.querySelectorAll("#board .offer.choosable").length === 2`)
	if o := eval(`[...document.querySelectorAll("#board .offer")].map((g) => g.dataset.point).join(" ")`); o != "h6 k6" {
		t.Errorf("offers drawn at %q, want h6 k6", o)
	}
	if b := eval(shown); b != "" {
		t.Errorf("choose step: buttons %q shown, want none (the offers are clicked)", b)
	}
	poll("offers listed", `document.getElementById("openingoffers").textContent === "Offered fifth moves: h6, k6" && !document.getElementById("choosehint").hidden`)
	if path := os.Getenv("TENGEN_SCREENSHOT_OPENING"); path != "" {
		if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
			os.WriteFile(path, png, 0o644)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#board .offer[data-point="k6"]`)); err != nil {
		t.Fatal(err)
	}
	poll("choice posted", `document.getElementById("openingresult").textContent === "choose k6: done"`)
	wantDo := []string{"keep", "declare 3", "choose k6"}
	if len(*got) != len(wantDo) {
		t.Fatalf("operator saw %v, want the opening actions %v", *got, wantDo)
	}
	for i, a := range *got {
		if a.Name != "opening" || a.Args["do"] != wantDo[i] {
			t.Errorf("action %d: %+v, want opening do=%q", i, a, wantDo[i])
		}
	}

	// In Chinese the question and the offers are worded in the viewer's
	// language; once the opening is over the box and the offers go.
	if err := chromedp.Do(ctx, chromedp.SetValue("#lang", "zh-Hans")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("lang").dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	poll("Chinese offers", `document.getElementById("openingoffers").textContent === "五手打点：H6、K6"`)
	if st := eval(`document.getElementById("status").textContent`); st != "开局" {
		t.Errorf("Chinese status %q, want 开局", st)
	}
	if q := eval(`document.getElementById("openingq").textContent`); q != "开局轮到你：从五手打点中选一个。" {
		t.Errorf("Chinese question %q", q)
	}
	s.Publish(State{Size: 15, Status: "your move", Moves: append(four, Move{5, "black", "k6"})})
	poll("opening over", `document.getElementById("openingbox").hidden && document.querySelectorAll("#board .offer").length === 0`)
}
