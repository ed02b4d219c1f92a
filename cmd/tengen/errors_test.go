package main

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tengen/calibration"
	"tengen/web"
)

// TestErrorsInTheChosenLanguage runs failing commands the way a person
// would and checks the error is printed in --lang's language with its
// detail (file, line, field, device) kept.
func TestErrorsInTheChosenLanguage(t *testing.T) {
	t.Setenv("LANG", "C.UTF-8")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	dir := t.TempDir()
	good, err := calibration.Default().Marshal()
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cal := write("good.yaml", string(good))
	smallBoard := write("small.yaml", strings.Replace(string(good), "size: 15", "size: 2", 1))
	typo := write("typo.yaml", strings.Replace(string(good), "width: 1280", "widht: 1280", 1))
	noArm := write("noarm.yaml", string(good[:strings.Index(string(good), "\narm:")+1]))
	corrupt := write("bad.journal", `{"type":"start","config":{"rule":"renju","size":15,"black":"person","white":"tengen:level=5"}}`+"\n{oops\n"+`{"type":"event","event":"x"}`+"\n")
	badEvent := write("event.journal", `{"type":"start","config":{"rule":"renju","size":15,"black":"person","white":"tengen:level=5","event":"blitz"}}`+"\n")
	missing := filepath.Join(dir, "missing.yaml")
	journal := filepath.Join(dir, "g.journal")
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"broken field", []string{"play", "--lang", "zh-Hans", "--journal", journal, "--calibration", smallBoard}, 1,
			[]string{"校准文件：board.size：2不是棋盘的大小（应为5到25路）（修正方法：机器人的棋盘请设为`size: 15`）"}},
		{"hand-edited field", []string{"play", "--lang", "zh-Hant", "--journal", journal, "--calibration", typo}, 1,
			[]string{typo + ": 校準檔案：camera.widht（第", "行）：", "field widht not found", "修正方法"}},
		{"partial file", []string{"exhibit", "--lang", "zh-Hans", "--dir", dir, "--calibration", noArm}, 1,
			[]string{"校准文件：arm：缺少（修正方法：运行`tengen calibrate servos`和`tengen calibrate arm`）"}},
		{"missing file", []string{"play", "--lang", "zh-Hant", "--journal", journal, "--calibration", missing}, 1,
			[]string{"校準檔案：" + missing + "不存在"}},
		{"no camera", []string{"play", "--lang", "zh-Hans", "--journal", journal, "--calibration", cal, "--camera", "/dev/video97", "--arm", "none"}, 1,
			[]string{"/dev/video97没有摄像头：插好了吗？"}},
		{"no arm port", []string{"play", "--lang", "zh-Hant", "--journal", journal, "--calibration", cal, "--arm", "serial:" + filepath.Join(dir, "tty")}, 1,
			[]string{filepath.Join(dir, "tty") + "沒有機械臂：USB線插好了嗎？"}},
		{"bad opening", []string{"play", "--lang", "zh-Hans", "--opening", "nosuch"}, 2, []string{"--opening nosuch：没有这个开局规则"}},
		{"bad robot", []string{"play", "--lang", "zh-Hant", "--robot", "purple"}, 2, []string{"--robot purple：應為black"}},
		{"bad lang, English locale", []string{"play", "--lang", "fr"}, 2, []string{"--lang fr: unknown language (want en, zh-Hans or zh-Hant)"}},
		{"sim's bad camera", []string{"sim", "--lang", "zh-Hans", "--camera", "fisheye"}, 2, []string{"--camera fisheye：应为rendered或truth"}},
		{"sim's bad fault", []string{"sim", "--lang", "zh-Hans", "--faults", "drop=0.1,jam"}, 2, []string{"没有\"jam\"这种故障（可用："}},
		{"calibration check", []string{"calibrate", "check", "--lang", "zh-Hant", "--file", smallBoard}, 1, []string{"校準檔案：board.size：2不是棋盤的大小"}},
		{"corrupt journal", []string{"play", "--lang", "zh-Hans", "--sim", "--camera", "truth", "--resume", "--journal", corrupt}, 1,
			[]string{"对局日志" + corrupt + "：第2行：invalid character"}},
		{"bad event", []string{"play", "--event", "blitz"}, 2, []string{"--event: blitz is not a valid value", "casual or tournament"}},
		{"bad rule on time", []string{"play", "--on-time", "coin"}, 2, []string{"--on-time: coin is not a valid value", "want fours"}},
		{"exhibit's bad event", []string{"exhibit", "--event", "blitz"}, 2, []string{"--event: blitz is not a valid value"}},
		{"journal's bad event", []string{"play", "--sim", "--camera", "truth", "--resume", "--journal", badEvent}, 1,
			[]string{badEvent, "blitz"}},
		{"English stays", []string{"play", "--journal", journal, "--calibration", smallBoard}, 1,
			[]string{"calibration: board.size: 2 is not a board size (5-25 lines) (fix: set `size: 15` for the robot's board)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, errOut, code := runCLI(t, "", c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d: %s", code, c.code, errOut)
			}
			for _, w := range c.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q does not say %q", errOut, w)
				}
			}
		})
	}
	// A --lang that does not parse falls back to the locale's language.
	t.Setenv("LANG", "zh_TW.UTF-8")
	if _, errOut, code := runCLI(t, "", "play", "--lang", "fr"); code != 2 || !strings.Contains(errOut, "--lang fr：未知的語言") {
		t.Errorf("exit %d, %q: want the locale's Traditional Chinese", code, errOut)
	}
}

// TestPageRefusalInEveryLanguage: an operator action the game refuses is
// answered with its text in each of the page's languages, for the page to
// show the viewer's.
func TestPageRefusalInEveryLanguage(t *testing.T) {
	ctl := newControls(15)
	srv := web.New(web.Options{Token: strings.Repeat("t", 48), Log: log.New(io.Discard, "", 0),
		Operator: func(a web.Action) error { return forPage(ctl.do(a.Name, a.Args)) }})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	post := func() (int, map[string]any) {
		req, _ := http.NewRequest("POST", ts.URL+"/api/action", strings.NewReader(`{"action":"swap"}`))
		req.Header.Set("Authorization", "Bearer "+strings.Repeat("t", 48))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body map[string]any
		json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body
	}
	if code, _ := post(); code != http.StatusOK {
		t.Fatalf("first swap: %d", code)
	}
	code, body := post() // the first is not taken in yet
	texts, _ := body["texts"].(map[string]any)
	if code != http.StatusConflict || body["error"] != "the last opening decision is still being taken in; try again" ||
		texts["zh-Hans"] != "上一个开局决定还在处理，请再试一次" || texts["zh-Hant"] != "上一個開局決定還在處理，請再試一次" {
		t.Errorf("refusal %d %v", code, body)
	}
	if forPage(nil) != nil {
		t.Error("forPage(nil) is not nil")
	}
}
