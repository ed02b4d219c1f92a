package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"tengen/qr"
	"tengen/rules"
	"tengen/rules/record"
	"tengen/web/browsertest"
)

// testRecord is a short game Black wins with a diagonal five on move 9.
func testRecord(t *testing.T) (*record.Record, []byte) {
	t.Helper()
	rec, err := record.Read([]byte("h8 h9 i9 i10 j10 j11 k11 k12 l12"), record.FormatUnknown)
	if err != nil {
		t.Fatal(err)
	}
	rec.Black, rec.White = "Ann", "Tengen"
	rec.Rule = rules.Freestyle
	rec.Result = record.Result{Winner: rules.Black}
	sgf, err := record.Write(rec, record.FormatSGF)
	if err != nil {
		t.Fatal(err)
	}
	return rec, sgf
}

// evals of testRecord: even until Black's move 7 makes an open four.
var testEvals = []int{10, 0, 30, 10, 60, 40, 2500, 9000, 10000}

func TestNewReview(t *testing.T) {
	rec, sgf := testRecord(t)
	r, err := NewReview("g1", rec, testEvals, sgf)
	if err != nil {
		t.Fatal(err)
	}
	if r.Turn == nil || r.Turn.Move != 7 || r.Turn.By != "black" || r.Turn.From != 40 || r.Turn.To != 2500 {
		t.Errorf("turn %+v, want move 7 by black, 40 → 2500", r.Turn)
	}
	if r.Result != "black wins" {
		t.Errorf("result %q", r.Result)
	}
	if want := []string{"h8", "i9", "j10", "k11", "l12"}; !slices.Equal(r.WinLine, want) {
		t.Errorf("winning line %v, want %v", r.WinLine, want)
	}
	// A resigned game has no winning line; a bad id and too many
	// evaluations are refused.
	rec.Result = record.Result{Winner: rules.White, Reason: record.ReasonResign}
	if r, _ := NewReview("g2", rec, nil, sgf); len(r.WinLine) != 0 || r.Turn != nil {
		t.Errorf("resigned game: line %v, turn %+v", r.WinLine, r.Turn)
	}
	for _, c := range []struct {
		id    string
		evals []int
	}{{"../x", nil}, {"", nil}, {"ok", make([]int, 10)}} {
		if _, err := NewReview(c.id, rec, c.evals, sgf); err == nil {
			t.Errorf("id %q with %d evaluations accepted", c.id, len(c.evals))
		}
	}
}

func TestReviewEndpoints(t *testing.T) {
	s, ts, _, _ := newTestServer(t)
	get := func(path string) (*http.Response, string) {
		t.Helper()
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	if resp, _ := get("/api/review"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("no review yet: %d", resp.StatusCode)
	}
	rec, sgf := testRecord(t)
	r, err := NewReview("g1", rec, testEvals, sgf)
	if err != nil {
		t.Fatal(err)
	}
	s.SetReview(r)
	resp, body := get("/api/review")
	var got Review
	if err := json.Unmarshal([]byte(body), &got); err != nil || resp.StatusCode != 200 || got.ID != "g1" || len(got.Evals) != 9 {
		t.Errorf("latest review: %d %v %.200s", resp.StatusCode, err, body)
	}
	// The state published names the review, for the page's link.
	if _, st := get("/api/state"); !strings.Contains(st, `"review":"g1"`) {
		t.Errorf("state does not name the review: %.300s", st)
	}
	resp, body = get("/api/review.sgf?game=g1")
	if body != string(sgf) || !strings.Contains(resp.Header.Get("Content-Disposition"), `filename="tengen-g1.sgf"`) {
		t.Errorf("sgf: %q, %q", resp.Header.Get("Content-Disposition"), body)
	}
	if resp, _ := get("/api/review.sgf?game=nope"); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown game: %d", resp.StatusCode)
	}
	// The QR code holds the review's address on the network.
	resp, body = get("/api/review-qr.svg?game=g1")
	u := resp.Header.Get("X-Review-URL")
	if !strings.HasSuffix(u, "/review.html?game=g1") || strings.Contains(u, "127.0.0.1") && LANAddress() != "" {
		t.Errorf("review address %q (LAN address %q)", u, LANAddress())
	}
	c, err := qr.Encode([]byte(u), qr.M)
	if err != nil || body != c.SVG() {
		t.Errorf("the QR code is not the review address's: %v", err)
	}
}

func TestReviewURL(t *testing.T) {
	s := New(Options{BaseURL: "http://192.168.1.20:8080/tengen/"})
	req, _ := http.NewRequest("GET", "http://localhost:8080/api/review-qr.svg", nil)
	if got := s.ReviewURL(req, "visitor017"); got != "http://192.168.1.20:8080/tengen/review.html?game=visitor017" {
		t.Errorf("ReviewURL = %q", got)
	}
}

// TestReviewPageInChromium opens the review page in real Chromium: the
// graph, the turning point, the winning line and the QR code show, and
// the SGF link downloads the record.
func TestReviewPageInChromium(t *testing.T) {
	s, ts, _, _ := newTestServer(t)
	rec, sgf := testRecord(t)
	r, err := NewReview("g1", rec, testEvals, sgf)
	if err != nil {
		t.Fatal(err)
	}
	s.SetReview(r)
	ctx := browsertest.New(t)
	poll := func(what, expr string) { t.Helper(); browsertest.Poll(t, ctx, what, expr) }

	// The game page links to the review.
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("review link", `!document.getElementById("reviewlink").hidden`)
	href := browsertest.Eval(t, ctx, `document.getElementById("reviewlink").href`)
	if err := chromedp.Do(ctx, chromedp.Navigate(href), chromedp.WaitVisible("#graph")); err != nil {
		t.Fatal(err)
	}
	poll("review page", `location.pathname === "/review.html" && document.querySelectorAll("#board .stone").length === 9`)
	poll("graph", `document.querySelector("#graph polyline.evals") !== null`)
	if n := browsertest.Eval(t, ctx, `String(document.querySelector("#graph polyline.evals").getAttribute("points").split(" ").length)`); n != "9" {
		t.Errorf("graph has %s points, want 9", n)
	}
	poll("turning point", `document.querySelector("#graph .turn-mark") !== null && document.querySelector("#board .turn").dataset.point === "k11"`)
	if got := browsertest.Eval(t, ctx, `document.getElementById("turn").textContent`); got != "The game turned at move 7 (Black)." {
		t.Errorf("turn text %q", got)
	}
	poll("winning line", `document.querySelectorAll("#board .win-line").length === 1`)
	poll("QR code", `document.getElementById("qr").complete && document.getElementById("qr").naturalWidth > 0`)

	// In Chinese.
	if err := chromedp.Do(ctx, chromedp.SetValue("#lang", "zh-Hans")); err != nil {
		t.Fatal(err)
	}
	browsertest.Eval(t, ctx, `document.getElementById("lang").dispatchEvent(new Event("change")), ""`)
	poll("Chinese", `document.getElementById("turn").textContent === "第7手（黑方）是胜负手。"`)

	// The record downloads.
	dir := t.TempDir()
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
		return err
	}), chromedp.Click("#sgf")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "tengen-g1.sgf")
	deadline := time.Now().Add(20 * time.Second)
	for {
		got, err := os.ReadFile(path)
		if err == nil && len(got) > 0 {
			if string(got) != string(sgf) {
				t.Errorf("downloaded %q, want %q", got, sgf)
			}
			break
		}
		if time.Now().After(deadline) {
			entries, _ := os.ReadDir(dir)
			t.Fatalf("no %s after 20 s (folder holds %v)", path, entries)
		}
		time.Sleep(100 * time.Millisecond)
	}

	// Both pages have the one header language menu (i18n.js builds it),
	// and the choice made on the review page holds on the game page.
	header := `document.querySelectorAll("#langbox").length === 1 && document.querySelector("header").lastElementChild.id === "langbox"`
	poll("review page's language menu", header)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible("#board")); err != nil {
		t.Fatal(err)
	}
	poll("game page's language menu", header)
	poll("the game page in the review's language", `document.getElementById("lang").value === "zh-Hans" && document.querySelector("#langbox span").textContent === `+strconv.Quote(zhLanguageLabel(t)))
}

// zhLanguageLabel is the language menu's label in Simplified Chinese, from
// the page's catalogue.
func zhLanguageLabel(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("static/i18n.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Text map[string]map[string]string `json:"text"`
	}
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	return cat.Text["zh-Hans"]["ui.language"]
}
