package web

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

// recordingDesk is a Visitors that notes every call and accepts nicknames
// of letters only, answers and guesses it knows.
type recordingDesk struct{ calls []string }

func (d *recordingDesk) check(nick string) error {
	if nick == "" || !utf8.ValidString(nick) || len(nick) > 24 {
		return &VisitorError{Said: Said{Key: "visitor.bad-nick", Text: "bad nickname"}}
	}
	return nil
}

func (d *recordingDesk) Hello(nick string) (Visitor, error) {
	d.calls = append(d.calls, "hello")
	return Visitor{Nick: nick}, d.check(nick)
}

func (d *recordingDesk) Answer(nick, answer string) (Visitor, error) {
	d.calls = append(d.calls, "answer")
	if answer != "never" && answer != "club" {
		return Visitor{}, &VisitorError{Said: Said{Key: "visitor.bad-answer", Text: "bad answer"}}
	}
	return Visitor{Nick: nick, Level: 1}, d.check(nick)
}

func (d *recordingDesk) Guess(nick, parity string) error {
	d.calls = append(d.calls, "guess")
	return errors.New("not asking")
}

func (d *recordingDesk) Asking() bool { return false }

// FuzzVisitor throws arbitrary bodies at the visitors' API: nothing
// panics, a refusal says why, only the three visitor actions reach the
// desk, and nothing reaches the operator.
func FuzzVisitor(f *testing.F) {
	f.Add(`{"action":"hello","nick":"Mei"}`, "")
	f.Add(`{"action":"answer","nick":"Mei","answer":"club"}`, "")
	f.Add(`{"action":"guess","nick":"Mei","guess":"odd"}`, "")
	f.Add(`{"action":"start","nick":"Mei"}`, "")
	f.Add(`{"action":"hello","nick":"Mei","args":{}}`, "")
	f.Add(`{"action":"hello","nick":"`+strings.Repeat("x", 2000)+`"}`, "")
	f.Add(`{"action":"hello"}`, "http://evil.example")
	f.Add(`nonsense`, "")
	desk := &recordingDesk{}
	operator := 0
	s := New(Options{Token: testToken, Visitors: desk, Operator: func(Action) error { operator++; return nil },
		Log: log.New(new(strings.Builder), "", 0)})
	h := s.Handler()
	n := 0
	f.Fuzz(func(t *testing.T, body, origin string) {
		n++
		req := httptest.NewRequest("POST", "http://127.0.0.1/api/visitor", strings.NewReader(body))
		req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:1234", n>>16&255, n>>8&255, n&255)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		before := len(desk.calls)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		called := len(desk.calls) > before
		switch rec.Code {
		case http.StatusOK:
			if !called {
				t.Errorf("200 without the desk")
			}
		case http.StatusConflict:
			if !called || strings.TrimSpace(rec.Body.String()) == "" {
				t.Errorf("409 (desk called %v): %q", called, rec.Body.String())
			}
		case http.StatusBadRequest, http.StatusForbidden, http.StatusRequestEntityTooLarge, http.StatusTooManyRequests:
			if called {
				t.Errorf("status %d but the desk was called", rec.Code)
			}
			if strings.TrimSpace(rec.Body.String()) == "" {
				t.Errorf("status %d says nothing", rec.Code)
			}
		default:
			t.Errorf("status %d for %q", rec.Code, body)
		}
		if operator != 0 {
			t.Fatal("a visitor's request reached the operator")
		}
	})
}

func TestVisitorDeskClosed(t *testing.T) {
	_, ts, _, _ := newTestServer(t)
	resp, err := http.Post(ts.URL+"/api/visitor", "application/json", strings.NewReader(`{"action":"hello","nick":"Mei"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("no desk: %d", resp.StatusCode)
	}
}
