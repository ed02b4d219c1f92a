package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tengen/arm"
	"tengen/customs"
	"tengen/game"
	"tengen/i18n"
	"tengen/sim"
	"tengen/web"
)

// journaledNigiri reads a game's journal: its settings and the 猜先
// journaled after them, checked for being the journal's only one.
func journaledNigiri(t *testing.T, path string) (game.Config, game.Entry) {
	t.Helper()
	j, entries, err := game.OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	var ng []game.Entry
	for _, e := range entries {
		if e.Type == game.EntryEvent && e.Event == "nigiri" {
			ng = append(ng, e)
		}
	}
	if len(ng) != 1 {
		t.Fatalf("%s: %d 猜先 entries, want 1", path, len(ng))
	}
	return *entries[0].Config, ng[0]
}

// checkNigiri checks that a journaled 猜先 seats the players as the rule
// says (the guesser plays Black when right, the hider otherwise) and
// returns who plays Black.
func checkNigiri(t *testing.T, cfg game.Config, e game.Entry, person string) customs.Side {
	t.Helper()
	var hider, guess, black string
	var count int
	if _, err := fmt.Sscanf(e.Detail, "%s hid %d, guess %s %s plays Black", &hider, &count, &guess, &black); err != nil {
		t.Fatalf("nigiri entry %q: %v", e.Detail, err)
	}
	guess = strings.TrimSuffix(guess, ":")
	right := (count%2 == 1) == (guess == "odd")
	want := hider
	if right {
		want = map[string]string{"robot": "person", "person": "robot"}[hider]
	}
	if black != want || count < 1 {
		t.Errorf("%q: %s should play Black", e.Detail, want)
	}
	if (cfg.Black == person) != (want == "person") {
		t.Errorf("%q, but the game seats %q as Black and %q as White", e.Detail, cfg.Black, cfg.White)
	}
	if want == "robot" {
		return customs.Robot
	}
	return customs.Person
}

// TestExhibitNigiriInSim runs an exhibition of three simulated visitors
// who each hide a handful for 猜先 before their game: the colours of each
// game follow the guess and the count, and every game completes.
func TestExhibitNigiriInSim(t *testing.T) {
	dir := t.TempDir()
	out, errs, code := runCLI(t, "", "exhibit", "--sim", "--camera", "truth", "--think", "50ms", "--dir", dir,
		"--visitors", "3", "--nigiri", "person", "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if n := strings.Count(out, "I clear the stones away."); n != 3 {
		t.Errorf("the robot cleared the handful %d times, want 3:\n%s", n, out)
	}
	blacks := map[customs.Side]int{}
	for n := 1; n <= 3; n++ {
		path := filepath.Join(dir, fmt.Sprintf("visitor%03d.journal", n))
		cfg, e := journaledNigiri(t, path)
		side := checkNigiri(t, cfg, e, fmt.Sprintf("visitor %d", n))
		blacks[side]++
		b, _ := os.ReadFile(path)
		if !strings.Contains(string(b), `"type":"end"`) {
			t.Errorf("%s has no end", path)
		}
		colour := map[customs.Side]string{customs.Person: "Black", customs.Robot: "White"}[side]
		if !regexp.MustCompile(fmt.Sprintf(`(?m)^visitor %d \(level \d+\) sits down and plays %s\.$`, n, colour)).MatchString(out) {
			t.Errorf("visitor %d should sit down as %s:\n%s", n, colour, out)
		}
	}
	// The seed gives the robot Black in some games and the visitor in
	// others, so both seatings are played.
	if blacks[customs.Robot] == 0 || blacks[customs.Person] == 0 {
		t.Errorf("Black by 猜先: %v; want both sides", blacks)
	}
	if !strings.Contains(out, "I play the first stone; the game starts with my move.") {
		t.Errorf("the robot did not say it opens:\n%s", out)
	}
	for _, bad := range [][]string{{"--nigiri", "nobody"}, {"--nigiri", "robot", "--tournament", "greedy;greedy"}} {
		if _, _, code := runCLI(t, "", append([]string{"exhibit", "--sim", "--visitors", "1"}, bad...)...); code == 0 {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestPlayNigiriAndResume plays `tengen play --robot nigiri` with the
// robot hiding the stones and the simulated person guessing, kills it
// during the game and resumes it: the resumed game plays no second 猜先,
// keeps the colours it decided, and extends the journaled moves to the
// end.
func TestPlayNigiriAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildTengen(t)
	dir := t.TempDir()
	journal := filepath.Join(dir, "g.journal")
	args := []string{"play", "--sim", "--camera", "truth", "--think", "40ms", "--seed", "3",
		"--robot", "nigiri", "--hide", "robot", "--journal", journal}
	killAtLine(t, bin, dir, args, journal, 8, 60*time.Second)
	before := journaledMoves(t, journal)
	cfg, e := journaledNigiri(t, journal)
	side := checkNigiri(t, cfg, e, "person")

	out := resumeRun(t, bin, dir, args, nil, "nigiri")
	if strings.Contains(out, "odd or even?") {
		t.Errorf("the resumed game played 猜先 again:\n%s", out)
	}
	after, e2 := journaledNigiri(t, journal)
	if after != cfg || e2.Detail != e.Detail {
		t.Errorf("the journal's colours changed on resuming: %+v %q, were %+v %q", after, e2.Detail, cfg, e.Detail)
	}
	wantFirst := map[customs.Side]string{customs.Robot: "tengen:level=5 (first player)", customs.Person: "person (first player)"}[side]
	if !strings.Contains(out, wantFirst) {
		t.Errorf("resumed with %s not the first player:\n%s", wantFirst, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var res playResult
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if res.Winner == "" || len(res.Moves) < len(before) || strings.Join(res.Moves[:len(before)], " ") != strings.Join(before, " ") {
		t.Errorf("the resumed game %v (%s) does not extend the journaled moves %v", res.Moves, res.Result, before)
	}
	checkWorldMatches(t, 0, filepath.Join(dir, "g.world"), res.Moves)
}

// TestSimNigiriGuessFromThePage plays 猜先 on the simulated robot with
// the robot hiding and the page open: a guess given on the page's
// visitors' panel in time is the one taken; without one the simulated
// person guesses once the wait is over.
func TestSimNigiriGuessFromThePage(t *testing.T) {
	for _, c := range []struct {
		name     string
		page     string // the guess given on the page, "" for none
		wait     time.Duration
		wantLine string
	}{
		{"page guesses", "even", 30 * time.Second, "The page's guess: even."},
		{"nobody on the page", "", 200 * time.Millisecond, "The simulated person guesses"},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := web.New(web.Options{Log: log.New(io.Discard, "", 0)})
			var out syncBuffer
			sio := &stdio{out: &out, err: io.Discard}
			hooks, err := newVisitorHooks(t.Context(), srv, sio)
			if err != nil {
				t.Fatal(err)
			}
			ts := httptest.NewServer(srv.Handler())
			defer ts.Close()
			robot, err := sim.NewRobot(2, sim.TopCamera{})
			if err != nil {
				t.Fatal(err)
			}
			defer robot.Close()
			tn := &tableNigiri{hide: "robot", eyes: &sim.Stage{World: robot.World, Camera: sim.TopCamera{}}, hand: arm.Hand{Arm: robot.Arm},
				voice: voiceTo(func(game.Message) {}), rb: robot, desk: hooks.desk, sio: sio, p: &i18n.Printer{}, rng: customs.NewRand(2), pageWait: c.wait}
			type result struct {
				g   customs.Nigiri
				err error
			}
			done := make(chan result, 1)
			go func() {
				g, err := tn.play(t.Context())
				done <- result{g, err}
			}()
			if c.page != "" {
				deadline := time.Now().Add(20 * time.Second)
				for !hooks.desk.Asking() {
					if time.Now().After(deadline) {
						t.Fatal("the page is never asked for a guess")
					}
					time.Sleep(10 * time.Millisecond)
				}
				resp, err := http.Post(ts.URL+"/api/visitor", "application/json", strings.NewReader(`{"action":"guess","nick":"Mei","guess":"`+c.page+`"}`))
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					t.Fatalf("guess: %d", resp.StatusCode)
				}
			}
			r := <-done
			if r.err != nil {
				t.Fatal(r.err)
			}
			if !strings.Contains(out.String(), c.wantLine) {
				t.Errorf("the terminal does not say %q:\n%s", c.wantLine, out.String())
			}
			if c.page != "" && r.g.Guess.String() != c.page {
				t.Errorf("nigiri %+v, want the page's guess %s", r.g, c.page)
			}
			if hooks.desk.Asking() {
				t.Error("the page still asks for a guess")
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader in two
// goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
