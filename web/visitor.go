package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"
)

// Visitors is what a visitor may do on the page without the operator's
// token. None of it moves the arm or changes a game in progress: a
// visitor says who they are (a nickname, kept on their phone and in the
// day's streaks, nothing else), answers "have you played before?" (the
// level of their next game, read when that game starts), and guesses odd
// or even when the robot has hidden stones for 猜先 and asks for a guess
// (only then, and only the first guess counts; the robot shows its
// stones whatever the guess, so a guess decides colours, not motion).
// What the day's record shows of a nickname — games won, lost, drawn — is
// what the robot says aloud at the table anyway. Package customs' Desk
// implements it.
type Visitors interface {
	// Hello returns a visitor's day so far, with what the robot says to
	// them (welcome back, a streak).
	Hello(nick string) (Visitor, error)
	// Answer sets the level of the visitor's next game from their answer
	// ("never", "rules", "sometimes", "often", "club").
	Answer(nick, answer string) (Visitor, error)
	// Guess gives the robot the visitor's guess, "odd" or "even".
	Guess(nick, parity string) error
	// Asking reports whether the robot waits for a guess.
	Asking() bool
}

// Visitor is a visitor's day, as the page shows it.
type Visitor struct {
	Nick   string `json:"nick"`
	Wins   int    `json:"wins"`
	Losses int    `json:"losses"`
	Draws  int    `json:"draws"`
	Streak int    `json:"streak"` // +n: n wins in a row; -n: n losses
	Level  int    `json:"level,omitempty"`
	Said   []Said `json:"said,omitempty"`
}

// VisitorError is a refusal worded for the visitor (a catalogue key).
type VisitorError struct{ Said Said }

func (e *VisitorError) Error() string { return e.Said.Text }

type visitorRequest struct {
	Action string `json:"action"` // hello, answer, guess
	Nick   string `json:"nick"`
	Answer string `json:"answer,omitempty"`
	Guess  string `json:"guess,omitempty"`
}

// Visitors' requests have their own, slower bucket: a person taps a few
// buttons, a script hammering them is turned away.
const (
	visitorRate  = 1.0
	visitorBurst = 6.0
)

func (s *Server) handleVisitor(w http.ResponseWriter, r *http.Request) {
	ip := clientIP(r)
	if !s.allowVisitor(ip) {
		http.Error(w, "too many requests", http.StatusTooManyRequests)
		return
	}
	if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
		s.opts.Log.Printf("web: visitor request refused from %s: origin %q", ip, o)
		http.Error(w, "cross-origin request refused", http.StatusForbidden)
		return
	}
	s.mu.Lock()
	desk := s.opts.Visitors
	s.mu.Unlock()
	if desk == nil {
		http.Error(w, "no visitors' desk at this table", http.StatusNotFound)
		return
	}
	var req visitorRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	var (
		v   Visitor
		err error
	)
	switch req.Action {
	case "hello":
		v, err = desk.Hello(req.Nick)
	case "answer":
		v, err = desk.Answer(req.Nick, req.Answer)
	case "guess":
		if err = desk.Guess(req.Nick, req.Guess); err == nil {
			v, err = desk.Hello(req.Nick)
		}
	default:
		http.Error(w, "unknown visitor action", http.StatusBadRequest)
		return
	}
	var ve *VisitorError
	switch {
	case errors.As(err, &ve):
		w.WriteHeader(http.StatusConflict)
		writeJSON(w, map[string]Said{"error": ve.Said})
		return
	case err != nil:
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	s.opts.Log.Printf("web: visitor %s from %s", req.Action, ip)
	writeJSON(w, v)
}

// SetVisitors opens the visitors' desk on a running server (nil closes
// it) and republishes the state so that pages show or hide the panel.
func (s *Server) SetVisitors(v Visitors) {
	s.mu.Lock()
	s.opts.Visitors = v
	s.mu.Unlock()
	s.Republish()
}

func (s *Server) allowVisitor(ip string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.visitorRate == nil {
		s.visitorRate = map[string]*bucket{}
	}
	return take(s.visitorRate, ip, visitorRate, visitorBurst, time.Now())
}
