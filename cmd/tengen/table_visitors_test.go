package main

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tengen/ai/match"
	"tengen/arm"
	"tengen/customs"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/record"
	"tengen/sim"
	"tengen/web"
)

// TestTableNigiri plays 猜先 on the simulated table both ways: the robot
// hides stones and shows them on the board, or a simulated person puts a
// handful down and the camera counts it; who plays Black follows from
// the guess and the count.
func TestTableNigiri(t *testing.T) {
	for _, c := range []struct {
		args []string
		said string
	}{
		{[]string{"--hide", "robot", "--guess", "odd"}, "I have hidden some stones in the bowl area: odd or even?"},
		{[]string{"--hide", "person", "--seed", "3", "--lang", "zh-Hant"}, "請抓一把棋子，先藏在手裡，然後放到棋盤上。"},
	} {
		out, errs, code := runCLI(t, "", append([]string{"table", "nigiri", "--sim", "--json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		if !strings.Contains(out, c.said) {
			t.Errorf("%v: the robot did not say %q:\n%s", c.args, c.said, out)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var g nigiriJSON
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &g); err != nil {
			t.Fatal(err)
		}
		right := (g.Count%2 == 1) == (g.Guess == "odd")
		guesser := map[string]string{"robot": "person", "person": "robot"}[g.Hider]
		want := g.Hider
		if right {
			want = guesser
		}
		if g.Count < 1 || g.Black != want {
			t.Errorf("%v: %+v: %s should play Black", c.args, g, want)
		}
	}
	for _, bad := range [][]string{{"--sim"}, {"--sim", "--hide", "robot", "--guess", "odd", "--http", ":0"}, {"--hide", "robot", "--guess", "odd"}, {"--sim", "--hide", "nobody"}} {
		if _, _, code := runCLI(t, "", append([]string{"table", "nigiri"}, bad...)...); code == 0 {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestVisitorHooks follows a visitor through an exhibition's hooks: the
// nickname and answer given on the page name the game and set the
// engine's level, the result goes into the day's streak, and the game's
// review appears on the page.
func TestVisitorHooks(t *testing.T) {
	srv := web.New(web.Options{Log: log.New(io.Discard, "", 0)})
	hooks, err := newVisitorHooks(t.Context(), srv, &stdio{out: io.Discard, err: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := match.ParseSpec("tengen:level=5")
	if err != nil {
		t.Fatal(err)
	}
	if name, sp := hooks.next(1, spec); name != "visitor 1" || sp.Params["level"] != "5" {
		t.Errorf("anonymous visitor: %q at %v", name, sp.Params)
	}
	if _, err := hooks.desk.Answer("Mei", "often"); err != nil {
		t.Fatal(err)
	}
	name, sp := hooks.next(2, spec)
	if name != "Mei" || sp.Params["level"] != "6" || spec.Params["level"] != "5" {
		t.Errorf("Mei: %q at %v (spec %v)", name, sp.Params, spec.Params)
	}
	rec, err := record.Read([]byte("h8 h9 i9 i10 j10 j11 k11 k12 l12"), record.FormatUnknown)
	if err != nil {
		t.Fatal(err)
	}
	hooks.finished(2, "visitor002", rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Five, Move: 9}, rules.Black, rec)
	v, err := hooks.desk.Hello("Mei")
	if err != nil || v.Wins != 1 || v.Streak != 1 {
		t.Errorf("Mei's day: %+v %v", v, err)
	}
	// Restarted in Mei's next game, the exhibition takes it back from its
	// journal: the win still counts in her streak.
	again, err := newVisitorHooks(t.Context(), web.New(web.Options{Log: log.New(io.Discard, "", 0)}), &stdio{out: io.Discard, err: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	again.resumed(3, "Mei", sp)
	again.resumed(4, "visitor 4", sp)
	if len(again.games) != 1 {
		t.Errorf("resumed games %v; want Mei's only (visitor 4 gave no nickname)", again.games)
	}
	again.finished(3, "visitor003", rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Five, Move: 9}, rules.Black, rec)
	if v, err := again.desk.Hello("Mei"); err != nil || v.Wins != 2 || v.Streak != 2 {
		t.Errorf("Mei's day after the restart: %+v %v", v, err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(ts.URL + "/api/review?game=visitor002")
		if err == nil && resp.StatusCode == 200 {
			resp.Body.Close()
			break
		}
		if err == nil {
			resp.Body.Close()
		}
		if time.Now().After(deadline) {
			t.Fatal("no review of the game on the page")
		}
		time.Sleep(50 * time.Millisecond)
	}
	var nilHooks *visitorHooks
	if name, _ := nilHooks.next(3, spec); name != "visitor 3" {
		t.Errorf("without a page: %q", name)
	}
}

// TestNigiriPage plays 猜先 with the robot hiding on the simulated table
// and the guess coming from the page's visitors' panel; the page then
// shows what the robot said.
func TestNigiriPage(t *testing.T) {
	pg, err := newNigiriPage(t.Context(), "127.0.0.1:0", false, i18n.Simplified)
	if err != nil {
		t.Fatal(err)
	}
	robot, err := sim.NewRobot(2, sim.TopCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer robot.Close()
	tb := customs.Table{Eyes: &sim.Stage{World: robot.World, Camera: sim.TopCamera{}}, Hand: arm.Hand{Arm: robot.Arm}, Voice: pg.log}
	done := make(chan customs.Nigiri, 1)
	go func() {
		g, err := tb.RobotHides(t.Context(), customs.NewRand(2), pg.desk.WaitGuess)
		if err != nil {
			t.Error(err)
		}
		done <- g
	}()
	state := func() string {
		resp, err := http.Get(pg.url + "api/state")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(state(), `"ask_guess":true`) {
		if time.Now().After(deadline) {
			t.Fatalf("the page never asks for a guess: %s", state())
		}
		time.Sleep(20 * time.Millisecond)
	}
	resp, err := http.Post(pg.url+"api/visitor", "application/json", strings.NewReader(`{"action":"guess","nick":"Mei","guess":"odd"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("guess: %d", resp.StatusCode)
	}
	g := <-done
	if g.Guess != customs.Odd {
		t.Errorf("nigiri %+v, want the page's guess odd", g)
	}
	st := state()
	for _, key := range []string{`"key":"nigiri-bowl"`, `"key":"nigiri-reveal"`, `"lang":"zh-Hans"`} {
		if !strings.Contains(st, key) {
			t.Errorf("the page's state lacks %s: %s", key, st)
		}
	}
}
