package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tengen/game"
	"tengen/referee"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/sim"
	"tengen/web"
)

func TestSignalOf(t *testing.T) {
	for _, tc := range []struct {
		a    web.Action
		want referee.Signal
		err  string
	}{
		{web.Action{Name: "press", Args: map[string]string{"color": "white"}}, referee.Signal{Kind: referee.Press, Color: rules.White}, ""},
		{web.Action{Name: "swap", Args: map[string]string{"player": "second"}}, referee.Signal{Kind: referee.Swap, Player: opening.Second}, ""},
		{web.Action{Name: "declare", Args: map[string]string{"player": "first", "n": "3"}}, referee.Signal{Kind: referee.Declare, N: 3}, ""},
		{web.Action{Name: "choose", Args: map[string]string{"player": "first", "point": "j7"}}, referee.Signal{Kind: referee.Choose, Point: rules.Point{X: 9, Y: 6}}, ""},
		{web.Action{Name: "claim"}, referee.Signal{Kind: referee.Claim, Color: rules.White}, ""},
		{web.Action{Name: "resign", Args: map[string]string{"color": "black"}}, referee.Signal{Kind: referee.Resign, Color: rules.Black}, ""},
		{web.Action{Name: "confirm", Args: map[string]string{"player": "third"}}, referee.Signal{}, "player=first or player=second"},
		{web.Action{Name: "press"}, referee.Signal{}, "color=black or color=white"},
		{web.Action{Name: "declare", Args: map[string]string{"player": "first", "n": "x"}}, referee.Signal{}, "must be a number"},
		{web.Action{Name: "choose", Args: map[string]string{"player": "first", "point": "z99"}}, referee.Signal{}, "off a 15x15 board"},
		{web.Action{Name: "jog"}, referee.Signal{}, `does not take "jog"`},
	} {
		got, err := signalOf(tc.a, 15)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want %q", tc.a, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%v: %+v, %v; want %+v", tc.a, got, err, tc.want)
		}
	}
}

// A player's action on the page reaches the referee as a signal; without
// the operator token it is refused.
func TestRefereePageActions(t *testing.T) {
	t.Chdir(t.TempDir())
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var errs bytes.Buffer
	signals := make(chan referee.Signal, 4)
	srv, err := refereeWeb(ctx, "127.0.0.1:0", &stdio{out: io.Discard, err: &errs}, 15, signals)
	if err != nil {
		t.Fatal(err)
	}
	srv.Publish(refereePage(rules.Renju, 15, referee.State{Status: game.Message{Key: "status.to-play", Args: []string{"black"}, Text: "black to play"}, ToMove: rules.Black, Clocks: [2]string{"10:00", "10:00"}}))
	addr := regexp.MustCompile(`http://([^/]+)/`).FindStringSubmatch(errs.String())
	if addr == nil {
		t.Fatalf("no address in %q", errs.String())
	}
	tok, err := os.ReadFile(dataPath("operator-token"))
	if err != nil {
		t.Fatal(err)
	}
	post := func(token string) int {
		req, _ := http.NewRequest("POST", "http://"+addr[1]+"/api/action", strings.NewReader(`{"action":"press","args":{"color":"black"}}`))
		req.Header.Set("Content-Type", "application/json")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post(""); code != http.StatusUnauthorized {
		t.Errorf("without the token: %d", code)
	}
	if code := post(strings.TrimSpace(string(tok))); code != http.StatusOK {
		t.Fatalf("with the token: %d", code)
	}
	select {
	case s := <-signals:
		if s.Kind != referee.Press || s.Color != rules.Black {
			t.Errorf("signal %v", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no signal")
	}
	resp, err := http.Get("http://" + addr[1] + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"display":"10:00"`) || !strings.Contains(string(body), "Tengen referee") {
		t.Errorf("state %s", body)
	}
}

// TestRefereePageSaysMessages checks that the page gets the referee's
// status and words as messages (keys and arguments), for each viewer's
// language, and the result as a message.
func TestRefereePageSaysMessages(t *testing.T) {
	st := referee.State{
		Status: game.Message{Key: "status.to-play", Args: []string{"white"}, Text: "white to play"},
		Events: []game.Message{{Key: "move", Args: []string{"1", "black", "h8"}, Text: "1. black h8"}},
		Over:   true, Outcome: rules.Outcome{Over: true, Winner: rules.White, Reason: rules.Resignation, Move: 1},
	}
	ws := refereePage(rules.Renju, 15, st)
	if ws.StatusSaid == nil || ws.StatusSaid.Key != "status.to-play" || ws.Status != "white to play" {
		t.Errorf("status %q / %+v", ws.Status, ws.StatusSaid)
	}
	if len(ws.Messages) != 1 || ws.Messages[0].Key != "move" || len(ws.Messages[0].Args) != 3 {
		t.Errorf("messages %+v", ws.Messages)
	}
	if ws.ResultSaid == nil || ws.ResultSaid.Key != "game-won" {
		t.Errorf("result %+v", ws.ResultSaid)
	}
}

// lockedBuffer is a bytes.Buffer safe to write from the command and read
// from the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestRefereeReview referees a short simulated game with the page and
// --review: after the game its review (graph, winning line, SGF) is on
// the page until the command is stopped.
func TestRefereeReview(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	errs := &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- refereeSim(ctx, &stdio{in: strings.NewReader(""), out: io.Discard, err: errs}, refereeOptions{
			rule: rules.Renju, dir: t.TempDir(), names: [2]string{"Ann", "Bob"}, seed: 1, levels: [2]int{3, 3},
			moves: [2]string{"h8 i8 j8 k8 l8", "a1 a3 a5 a7"}, arm: true, http: "127.0.0.1:0", review: true, camera: sim.TopCamera{}})
	}()
	addrRE := regexp.MustCompile(`http://([^/\s]+)/`)
	var base string
	deadline := time.Now().Add(60 * time.Second)
	for {
		if m := addrRE.FindStringSubmatch(errs.String()); m != nil {
			base = "http://" + m[1]
		}
		if base != "" {
			if resp, err := http.Get(base + "/api/review"); err == nil {
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					var rv web.Review
					if err := json.Unmarshal(b, &rv); err != nil {
						t.Fatal(err)
					}
					if len(rv.Moves) != 9 || len(rv.Evals) != 9 || strings.Join(rv.WinLine, " ") != "h8 i8 j8 k8 l8" || rv.ResultSaid == nil {
						t.Errorf("review %s", b)
					}
					break
				}
			}
		}
		select {
		case err := <-done:
			t.Fatalf("the referee ended before the review was up: %v\n%s", err, errs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no review on the page\n%s", errs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("stopped: %v", err)
	}
}
