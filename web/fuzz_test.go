package web

import (
	"context"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzAction throws arbitrary requests at the action API: nothing panics,
// every refusal says why, and the operator acts only on a well-formed,
// known action with the right token from the page's own origin.
func FuzzAction(f *testing.F) {
	f.Add(`{"action":"pause"}`, true, "")
	f.Add(`{"action":"pause"}`, false, "")
	f.Add(`{"action":"resign","args":{"x":"1"}}`, true, "http://evil.example")
	f.Add(`{"action":"pause","cmd":"x"}`, true, "")
	f.Add(`{"action":`, true, "")
	f.Add(`[1,2,3]`, true, "")
	f.Add(`{"action":"jog","args":{"dx":"1e999"}}`, true, "http://127.0.0.1")
	f.Add(strings.Repeat(`{"action":"pause"}`, 3), true, "")
	var calls int
	s := New(Options{Token: testToken, Operator: func(a Action) error { calls++; return nil }, Log: log.New(new(strings.Builder), "", 0)})
	h := s.Handler()
	n := 0
	f.Fuzz(func(t *testing.T, body string, token bool, origin string) {
		n++
		req := httptest.NewRequest("POST", "http://127.0.0.1/api/action", strings.NewReader(body))
		req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:1234", n>>16&255, n>>8&255, n&255) // stay under the rate limit
		if token {
			req.Header.Set("Authorization", "Bearer "+testToken)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		before := calls
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		acted := calls > before
		switch rec.Code {
		case http.StatusOK:
			if !acted || !token {
				t.Errorf("200 without the operator acting (acted %v, token %v)", acted, token)
			}
		case http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden, http.StatusRequestEntityTooLarge, http.StatusTooManyRequests:
			if acted {
				t.Errorf("status %d but the operator acted", rec.Code)
			}
			if strings.TrimSpace(rec.Body.String()) == "" {
				t.Errorf("status %d says nothing", rec.Code)
			}
		default:
			t.Errorf("status %d for %q", rec.Code, body)
		}
		if !token && rec.Code != http.StatusUnauthorized && rec.Code != http.StatusForbidden {
			t.Errorf("without the token: status %d", rec.Code)
		}
	})
}

func TestEventStreamRefusesForeignOrigin(t *testing.T) {
	_, ts, _, logs := newTestServer(t)
	req, _ := http.NewRequest("GET", ts.URL+"/api/events", nil)
	req.Header.Set("Origin", "http://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(logs.String(), "event stream refused") {
		t.Errorf("foreign origin: status %d, log %q", resp.StatusCode, logs.String())
	}
	req, _ = http.NewRequest("GET", ts.URL+"/api/events", nil)
	req.Header.Set("Origin", ts.URL)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	resp, err = http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("own origin: status %d", resp.StatusCode)
	}
}
