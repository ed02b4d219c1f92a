//go:build cgo

package main

import (
	"encoding/json"
	"image/jpeg"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tengen/calibration"
	"tengen/i18n/errmsg"
	"tengen/sim"
	"tengen/web/browsertest"
)

const pageToken = "page-test-token"

// pageAct posts an action to the calibration page and returns the status
// and the answer, waiting out the page's rate limit (5 actions a second),
// which this test meets and a person at the page hardly does.
func pageAct(t *testing.T, url, name string, args map[string]string) (int, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"action": name, "args": args})
	for {
		req, _ := http.NewRequest("POST", url+"/api/action", strings.NewReader(string(body)))
		req.Header.Set("Authorization", "Bearer "+pageToken)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp.StatusCode, string(b)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// waitStep waits for the page's step to end and returns its console.
func waitStep(t *testing.T, p *calPage) []string {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		p.mu.Lock()
		step, console := p.st.Step, slices.Clone(p.st.Console)
		p.mu.Unlock()
		if step == "" {
			return console
		}
	}
	t.Fatal("the step did not end")
	return nil
}

// TestCalibrationPage runs the calibration steps from the page on the
// simulated robot: a picture, its corners found and saved, the touch-off
// answered with the page's buttons, verify, and a step stopped halfway.
func TestCalibrationPage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "calibration.yaml")
	p, err := newCalPage(pageToken, file, "sim", "", true)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(p.srv.Handler())
	defer ts.Close()
	defer p.close()

	if code, msg := pageAct(t, ts.URL, "find", nil); code == http.StatusOK || !strings.Contains(msg, "take a picture first") {
		t.Errorf("find before a picture: %d %s", code, msg)
	}
	if code, msg := pageAct(t, ts.URL, "picture", nil); code != http.StatusOK {
		t.Fatalf("picture: %d %s", code, msg)
	}
	resp, err := http.Get(ts.URL + "/api/camera.jpg")
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(resp.Body)
	resp.Body.Close()
	if err != nil || img.Bounds().Dx() != p.st.Picture[0] || img.Bounds().Dy() != p.st.Picture[1] {
		t.Fatalf("the picture: %v, %v; state says %v", img.Bounds(), err, p.st.Picture)
	}

	// Found where the simulated camera has them, within an eighth of a
	// step (in the reader's order: the image's top left first, clockwise).
	if code, msg := pageAct(t, ts.URL, "find", map[string]string{"size": "15"}); code != http.StatusOK {
		t.Fatalf("find: %d %s", code, msg)
	}
	truth := sim.NewRenderedCamera().Corners
	for i, c := range p.st.Corners {
		if d := math.Hypot(c[0]-truth[i].X, c[1]-truth[i].Y); d > 5 {
			t.Errorf("corner %d found at %v, %.1f px from %v", i, c, d, truth[i])
		}
	}
	// Saved as placed by hand, in any order.
	placed := "940,652,372,58,350,640,918,70"
	if code, msg := pageAct(t, ts.URL, "corners", map[string]string{"corners": placed, "size": "15"}); code != http.StatusOK {
		t.Fatalf("corners: %d %s", code, msg)
	}
	f, err := calibration.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if want := [4][2]float64{{372, 58}, {918, 70}, {940, 652}, {350, 640}}; f.Board.Corners != want || f.Board.Size != 15 || !p.st.OK {
		t.Errorf("saved corners %v size %d (check %q), want %v", f.Board.Corners, f.Board.Size, p.st.Check, want)
	}

	// The touch-off, answered as at the terminal: the board lies 1, 2,
	// -0.5 mm off where the file says.
	if code, msg := pageAct(t, ts.URL, "step", map[string]string{"step": "arm"}); code != http.StatusOK {
		t.Fatalf("step arm: %d %s", code, msg)
	}
	if code, msg := pageAct(t, ts.URL, "step", map[string]string{"step": "verify"}); code == http.StatusOK || !strings.Contains(msg, "arm is running") {
		t.Errorf("a second step: %d %s", code, msg)
	}
	answers := slices.Repeat([]string{"x 1", "y 2", "z -10.5", "ok"}, 5)
	answers = append(answers, "z -10", "ok", "z -10", "ok", "ok")
	for _, a := range answers {
		for {
			code, msg := pageAct(t, ts.URL, "say", map[string]string{"text": a})
			if code == http.StatusOK {
				break
			}
			// The step still busy with the last answers.
			if !strings.Contains(msg, "try again") {
				t.Fatalf("say %q: %d %s", a, code, msg)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	console := waitStep(t, p)
	if p.st.Error != "" || !slices.Contains(console, "> x 1") || !slices.ContainsFunc(console, func(l string) bool { return strings.HasPrefix(l, "touch the mark at a1") }) {
		t.Errorf("touch-off: error %q, console:\n%s", p.st.Error, strings.Join(console, "\n"))
	}
	g, err := calibration.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range [3]float64{1, 2, -0.5} {
		if got := g.Arm.BoardA1[i] - f.Arm.BoardA1[i]; math.Abs(got-d) > 1e-3 {
			t.Errorf("board_a1[%d] moved %.3f mm, want %.1f", i, got, d)
		}
	}

	// Verify on the simulated robot, measured by its camera, started by a
	// viewer who reads Traditional Chinese: the step speaks it.
	pageAct(t, ts.URL, "step", map[string]string{"step": "verify", "lang": "zh-Hant"})
	if console := waitStep(t, p); p.st.Error != "" || !slices.Contains(console, "機械臂的位置與校準一致") {
		t.Errorf("verify: error %q, console:\n%s", p.st.Error, strings.Join(console, "\n"))
	}

	// The lens from the chessboard views the simulated person shows as the
	// page's guide says, until it says the views are enough; a view
	// without the chessboard asked for is refused.
	if code, msg := pageAct(t, ts.URL, "view", map[string]string{"chessboard": "12x10"}); code == http.StatusOK || !strings.Contains(msg, "no chessboard of 12x10") {
		t.Errorf("a view of another chessboard: %d %s", code, msg)
	}
	var guided []string
	for !strings.Contains(p.st.LensGuide["en"], "calibrate the lens") {
		g := calibration.LensGuide(p.st.LensViews, 1280, 720)
		guided = append(guided, g.Key)
		if g.Key == "cal.guide-move" {
			guided[len(guided)-1] += " " + g.Args[0].(errmsg.Msg).Key
		}
		if len(guided) > 2*calibration.GoodLensViews {
			t.Fatalf("the guide never says the views are enough: %q", guided)
		}
		if code, msg := pageAct(t, ts.URL, "view", map[string]string{"chessboard": "9x6"}); code != http.StatusOK {
			t.Fatalf("view %d (%s): %d %s", len(guided), guided[len(guided)-1], code, msg)
		}
	}
	if len(p.st.LensViews) != p.st.Views || !p.st.ViewShown || !strings.Contains(p.st.LensGuide["zh-Hans"], "可以校准镜头了") {
		t.Errorf("the state after %d views: %d outlines, view shown %v, guide %q", p.st.Views, len(p.st.LensViews), p.st.ViewShown, p.st.LensGuide)
	}
	for _, want := range []string{"cal.guide-start", "cal.guide-tilt-x", "cal.guide-tilt-y", "cal.guide-move cal.at-top-left", "cal.guide-move cal.at-bottom-right"} {
		if !slices.Contains(guided, want) {
			t.Errorf("the guide never said %s: %q", want, guided)
		}
	}
	t.Logf("the guide: %q", guided)
	if code, msg := pageAct(t, ts.URL, "find", nil); code == http.StatusOK || !strings.Contains(msg, "take a picture first") {
		t.Errorf("find on a chessboard's view: %d %s", code, msg)
	}
	pageAct(t, ts.URL, "step", map[string]string{"step": "camera", "chessboard": "9x6", "square": "25"})
	console = waitStep(t, p)
	lens, err := calibration.Load(file)
	if err != nil || p.st.Error != "" || p.st.Views != len(guided) || math.Abs(lens.Camera.Matrix[0]-1000) > 20 {
		t.Errorf("lens: %v, error %q, %d views, focal length %.1f px (rendered with 1000); console:\n%s", err, p.st.Error, p.st.Views, lens.Camera.Matrix[0], strings.Join(console, "\n"))
	}

	// A step stopped at its first question leaves the file as it was.
	pageAct(t, ts.URL, "step", map[string]string{"step": "servos"})
	if code, msg := pageAct(t, ts.URL, "stop", nil); code != http.StatusOK {
		t.Fatalf("stop: %d %s", code, msg)
	}
	waitStep(t, p)
	if h, err := calibration.Load(file); err != nil || h.Arm != lens.Arm || !strings.Contains(p.st.Error, "servos: stopped") {
		t.Errorf("stopped servos step: error %q, file %v", p.st.Error, err)
	}
	if code, msg := pageAct(t, ts.URL, "say", map[string]string{"text": "ok"}); code == http.StatusOK || !strings.Contains(msg, "no step is running") {
		t.Errorf("say with no step: %d %s", code, msg)
	}
	if code, msg := pageAct(t, ts.URL, "step", map[string]string{"step": "dance"}); code == http.StatusOK || !strings.Contains(msg, "no step") {
		t.Errorf("an unknown step: %d %s", code, msg)
	}
}

// TestCalibrationPageInChromium works the page as an operator does: a
// picture, the corners found, then clicked by hand and saved, the
// touch-off started, jogged with a button, and stopped.
func TestCalibrationPageInChromium(t *testing.T) {
	file := filepath.Join(t.TempDir(), "calibration.yaml")
	p, err := newCalPage(pageToken, file, "sim", "", true)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(p.srv.Handler())
	t.Cleanup(ts.Close) // after the browser's own cleanup closes its page
	t.Cleanup(p.close)
	ctx := browsertest.New(t)
	poll := func(what, expr string) { t.Helper(); browsertest.Poll(t, ctx, what, expr) }
	do := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	do("loading the page", chromedp.Navigate(ts.URL+"/calibrate.html"), chromedp.WaitVisible("#shoot"))
	poll("the file's state", `document.getElementById("check").textContent === "complete and valid"`)
	do("taking a picture", chromedp.SendKeys("#token", pageToken), chromedp.Click("#shoot"))
	poll("the picture", `document.getElementById("picture").naturalWidth === 1280`)
	do("finding the corners", chromedp.Click("#find"))
	poll("four corners found", `document.querySelectorAll("#overlay .handle").length === 4`)

	// Clicked by hand instead, at picture pixels, any order.
	do("clearing them", chromedp.Click("#clear"))
	poll("no corners", `document.querySelectorAll("#overlay .handle").length === 0`)
	placed := [4][2]float64{{372, 58}, {940, 652}, {918, 70}, {350, 640}}
	for _, c := range placed {
		type rect struct{ X, Y, W, H float64 }
		r, err := chromedp.Run(ctx, chromedp.Evaluate[rect](`(() => {
			const o = document.getElementById("overlay");
			o.scrollIntoView();
			const b = o.getBoundingClientRect();
			return {X: b.left, Y: b.top, W: b.width, H: b.height};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		do("clicking a corner", chromedp.MouseClickXY(r.X+c[0]/1280*r.W, r.Y+c[1]/720*r.H))
	}
	poll("four corners clicked", `document.querySelectorAll("#overlay .handle").length === 4`)
	do("saving them", chromedp.Click("#savecorners"))
	poll("saved", `document.getElementById("result").textContent === "corners: done"`)
	f, err := calibration.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	want := [4][2]float64{{372, 58}, {918, 70}, {940, 652}, {350, 640}}
	for i := range want {
		// A click lands on a CSS pixel: a picture pixel or two at this size.
		if d := math.Hypot(f.Board.Corners[i][0]-want[i][0], f.Board.Corners[i][1]-want[i][1]); d > 3 {
			t.Errorf("corner %d saved at %v, want %v", i, f.Board.Corners[i], want[i])
		}
	}

	// A chessboard's view for the lens, counted.
	do("taking a chessboard view", chromedp.Click("#view"))
	poll("the view counted", `document.getElementById("views").textContent === "1 views"`)
	poll("where the chessboard lay drawn, and the next pose asked for", `document.querySelectorAll("#overlay polygon.lensview").length === 1 &&
		document.getElementById("lensguide").textContent.startsWith("Next: tilt the chessboard")`)

	// The touch-off from the page, in the viewer's language: its question
	// shown, a jog button answers it, stop ends it.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const menu = document.getElementById("lang");
		menu.value = "zh-Hans";
		return menu.dispatchEvent(new Event("change"));
	})()`)); err != nil {
		t.Fatalf("choosing Simplified Chinese: %v", err)
	}
	poll("the file's state in Chinese", `document.getElementById("check").textContent === "完整有效"`)
	do("starting the touch-off", chromedp.Click(`[data-step="arm"]`))
	poll("its first question", `document.getElementById("console").textContent.includes("对准A1处的标记")`)
	do("jogging", chromedp.Click(`[data-jog="z -"]`))
	poll("the jog answered", `document.getElementById("console").textContent.includes("> z -1")`)
	if path := os.Getenv("TENGEN_SCREENSHOT"); path != "" {
		if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
			os.WriteFile(path, png, 0o644)
		}
	}
	do("stopping", chromedp.Click("#stop"))
	poll("stopped", `document.getElementById("console").textContent.includes("校准在完成前停止了") && !document.querySelector('[data-step="arm"]').disabled`)
	if g, err := calibration.Load(file); err != nil || g.Arm != f.Arm {
		t.Errorf("the stopped touch-off changed the file (%v)", err)
	}
}

// TestCalibrationPageSaysTheFilesState: the page says what is wrong with
// the calibration file in every language its viewers read.
func TestCalibrationPageSaysTheFilesState(t *testing.T) {
	file := filepath.Join(t.TempDir(), "calibration.yaml")
	if err := os.WriteFile(file, []byte("version: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := newCalPage(pageToken, file, "sim", "", false)
	if err != nil {
		t.Fatal(err)
	}
	defer p.close()
	if p.st.OK || !strings.Contains(p.st.Check, "not valid YAML") ||
		!strings.Contains(p.st.CheckTexts["zh-Hans"], "不是有效的YAML") || !strings.Contains(p.st.CheckTexts["zh-Hant"], "不是有效的YAML") {
		t.Errorf("a broken file: ok %v, %q, %q", p.st.OK, p.st.Check, p.st.CheckTexts)
	}
}
