package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const testToken = "0123456789abcdef0123456789abcdef0123456789abcdef"

// newTestServer starts a Server behind httptest with a recording operator.
func newTestServer(t *testing.T) (*Server, *httptest.Server, *[]Action, *bytes.Buffer) {
	t.Helper()
	var got []Action
	var logs bytes.Buffer
	s := New(Options{Token: testToken, Operator: func(a Action) error { got = append(got, a); return nil },
		Log: log.New(&logs, "", 0)})
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return s, ts, &got, &logs
}

func post(t *testing.T, url, token, body string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", url+"/api/action", strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}

func TestActionNeedsToken(t *testing.T) {
	_, ts, got, logs := newTestServer(t)
	tests := []struct {
		name, token, body string
		want              int
	}{
		{"no token", "", `{"action":"pause"}`, http.StatusUnauthorized},
		{"wrong token", strings.Repeat("x", 48), `{"action":"pause"}`, http.StatusUnauthorized},
		{"unknown action", testToken, `{"action":"rm -rf"}`, http.StatusBadRequest},
		{"unknown field", testToken, `{"action":"pause","cmd":"x"}`, http.StatusBadRequest},
		{"too big", testToken, `{"action":"pause","args":{"a":"` + strings.Repeat("x", maxBody) + `"}}`, http.StatusBadRequest},
		{"ok", testToken, `{"action":"pause"}`, http.StatusOK},
	}
	for _, tt := range tests {
		if resp := post(t, ts.URL, tt.token, tt.body); resp.StatusCode != tt.want {
			t.Errorf("%s: status %d, want %d", tt.name, resp.StatusCode, tt.want)
		}
	}
	if len(*got) != 1 || (*got)[0].Name != "pause" {
		t.Errorf("operator saw %v, want one pause", *got)
	}
	if !strings.Contains(logs.String(), "missing or wrong operator token") {
		t.Errorf("refusal not logged: %q", logs.String())
	}
}

func TestActionCrossOrigin(t *testing.T) {
	_, ts, got, _ := newTestServer(t)
	req, _ := http.NewRequest("POST", ts.URL+"/api/action", strings.NewReader(`{"action":"pause"}`))
	req.Header.Set("Authorization", "Bearer "+testToken)
	req.Header.Set("Origin", "http://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || len(*got) != 0 {
		t.Errorf("cross-origin action: status %d, operator saw %v", resp.StatusCode, *got)
	}
}

func TestActionRateLimit(t *testing.T) {
	_, ts, _, _ := newTestServer(t)
	limited := false
	for i := 0; i < 40 && !limited; i++ {
		limited = post(t, ts.URL, "", `{"action":"pause"}`).StatusCode == http.StatusTooManyRequests
	}
	if !limited {
		t.Error("40 rapid actions were never rate limited")
	}
}

func TestStateAndEvents(t *testing.T) {
	s, ts, _, _ := newTestServer(t)
	resp, err := http.Get(ts.URL + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := bufio.NewReader(resp.Body)
	next := func() State {
		t.Helper()
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				var st State
				if err := json.Unmarshal([]byte(data), &st); err != nil {
					t.Fatal(err)
				}
				return st
			}
		}
	}
	if st := next(); st.Status != "starting" {
		t.Errorf("first state %+v", st)
	}
	s.Publish(State{Size: 15, Status: "your move", Moves: []Move{{1, "black", "h8"}}})
	if st := next(); st.Status != "your move" || len(st.Moves) != 1 {
		t.Errorf("published state arrived as %+v", st)
	}
	resp2, err := http.Get(ts.URL + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp2.Body)
	resp2.Body.Close()
	if !strings.Contains(string(b), `"point":"h8"`) {
		t.Errorf("/api/state = %s", b)
	}
}

func TestStaticNoTraversal(t *testing.T) {
	_, ts, _, _ := newTestServer(t)
	for _, p := range []string{"/../server.go", "/%2e%2e/server.go", "/static/../server.go", "/..%2fserver.go"} {
		resp, err := http.Get(ts.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if strings.Contains(string(b), "package web") {
			t.Errorf("%s served Go source", p)
		}
	}
}

func TestToken(t *testing.T) {
	path := filepath.Join(t.TempDir(), "dir", "token")
	tok, err := LoadOrCreateToken(path)
	if err != nil || len(tok) != 64 {
		t.Fatalf("token %q, %v", tok, err)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("token file mode %v, want 0600", st.Mode().Perm())
	}
	again, err := LoadOrCreateToken(path)
	if err != nil || again != tok {
		t.Errorf("second load gave %q, %v", again, err)
	}
	os.Chmod(path, 0o644)
	if _, err := LoadOrCreateToken(path); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Errorf("world-readable token accepted: %v", err)
	}
}

func TestServeLocalhostOnly(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	if _, _, err := Serve(ctx, "0.0.0.0:0", false, http.NotFoundHandler()); err == nil {
		t.Error("serving on all interfaces without --public was allowed")
	}
	addr, done, err := Serve(ctx, ":0", false, New(Options{}).Handler())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(addr.String(), "127.0.0.1:") {
		t.Errorf("default bind %v, want loopback", addr)
	}
	// An open event stream must not hold up the shutdown.
	resp, err := http.Get("http://" + addr.String() + "/api/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve ended with %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("Serve did not stop after its context ended")
	}
}
