package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

//go:embed static
var static embed.FS

// Actions the operator may send. Anything else is refused.
var Actions = map[string]string{
	"start":    "start a game or the exhibition",
	"pause":    "pause after the current motion",
	"resume":   "resume after a pause or a fault",
	"resign":   "the person resigns",
	"draw":     "the person offers a draw",
	"swap":     "the person swaps colours in an opening",
	"opening":  "an opening decision (args: do=keep|swap|pass|offer|declare N|choose h8)",
	"takeback": "take back the last moves",
	"ack":      "acknowledge a fault",
	// The calibration page's (calibrate.html).
	"picture": "take a picture with the camera",
	"find":    "find the board's corners in the picture (args: size=15)",
	"corners": "save the board's corners in the picture (args: corners=x,y,x,y,x,y,x,y, size=15)",
	"view":    "take a chessboard view for the lens (args: chessboard=9x6)",
	"step":    "start a calibration step (args: step=camera|servos|arm|verify|park; for camera chessboard=9x6, square=25)",
	"say":     "answer the running step as at the terminal (args: text=x 1.5|+10|ok|y|0.5)",
	"stop":    "stop the running step at its next question",
}

// Action is an operator's command.
type Action struct {
	Name string            `json:"action"`
	Args map[string]string `json:"args,omitempty"`
}

// Options configure a Server.
type Options struct {
	// Token is the operator token; actions without it are refused.
	Token string
	// Operator carries out an action; its error is shown to the operator.
	Operator func(Action) error
	// Log receives refusals and actions; nil logs to the standard logger.
	Log *log.Logger
	// BaseURL is the page's address for phones on the table's network,
	// e.g. "http://192.168.1.20:8080/", for the review's QR code; empty:
	// this machine's LAN address and the port the page is viewed on.
	BaseURL string
	// Visitors serves the visitors' own actions (no token); nil: none.
	Visitors Visitors
}

// Server serves the page and its API.
type Server struct {
	opts Options

	mu     sync.Mutex
	state  []byte // the current State as JSON
	camera []byte // the latest overlay frame, JPEG
	subs   map[chan []byte]struct{}
	rate   map[string]*bucket
	// visitorRate holds the visitors' buckets, apart from the operator's.
	visitorRate map[string]*bucket
	last        State // the state last published, for republishing

	reviews      map[string]*Review
	qrCache      map[string]string // review address → QR code SVG
	reviewOrder  []string          // oldest first
	latestReview string
}

// New returns a server showing an empty state until the first Publish.
func New(opts Options) *Server {
	if opts.Log == nil {
		opts.Log = log.Default()
	}
	s := &Server{opts: opts, subs: map[chan []byte]struct{}{}, rate: map[string]*bucket{}, reviews: map[string]*Review{},
		qrCache: map[string]string{}}
	s.Publish(State{Title: "Tengen", Size: 15, Status: "starting"})
	return s
}

// Publish sends st to every open page.
func (s *Server) Publish(st State) {
	if st.Moves == nil {
		st.Moves = []Move{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.last = st
	if st.Review == "" {
		st.Review = s.latestReview
	}
	if s.opts.Visitors != nil {
		st.Visitors = true
		st.AskGuess = s.opts.Visitors.Asking()
	}
	b, err := json.Marshal(st)
	if err != nil {
		s.opts.Log.Printf("web: encoding state: %v", err)
		return
	}
	s.state = b
	for c := range s.subs {
		select {
		case c <- b:
		default: // a slow page skips a frame; the next one carries the whole state
		}
	}
}

// SetCamera replaces the camera picture (JPEG bytes).
func (s *Server) SetCamera(jpeg []byte) {
	s.mu.Lock()
	s.camera = jpeg
	s.mu.Unlock()
}

// maxBody bounds request bodies; actions are small.
const maxBody = 8 << 10

// Handler returns the HTTP handler.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServer(http.FS(sub)))
	mux.HandleFunc("GET /api/state", s.handleState)
	mux.HandleFunc("GET /api/events", s.handleEvents)
	mux.HandleFunc("GET /api/camera.jpg", s.handleCamera)
	mux.HandleFunc("POST /api/action", s.handleAction)
	mux.HandleFunc("POST /api/visitor", s.handleVisitor)
	mux.HandleFunc("GET /api/review", s.handleReview)
	mux.HandleFunc("GET /api/review.sgf", s.handleReviewSGF)
	mux.HandleFunc("GET /api/review-qr.svg", s.handleReviewQR)
	return securityHeaders(mux)
}

func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("X-Frame-Options", "DENY")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'")
		h.ServeHTTP(w, r)
	})
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	b := s.state
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}

func (s *Server) handleCamera(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	b := s.camera
	s.mu.Unlock()
	if b == nil {
		http.Error(w, "no camera picture yet", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/jpeg")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	// A foreign page may not embed the live stream (the camera's board
	// and the operator's status are for this page and its spectators).
	if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
		s.opts.Log.Printf("web: event stream refused to %s: origin %q", clientIP(r), o)
		http.Error(w, "cross-origin event stream refused", http.StatusForbidden)
		return
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	c := make(chan []byte, 4)
	s.mu.Lock()
	if len(s.subs) >= maxSubscribers {
		s.mu.Unlock()
		http.Error(w, "too many viewers", http.StatusServiceUnavailable)
		return
	}
	s.subs[c] = struct{}{}
	first := s.state
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.subs, c)
		s.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	send := func(b []byte) bool {
		_, err := fmt.Fprintf(w, "data: %s\n\n", b)
		fl.Flush()
		return err == nil
	}
	if !send(first) {
		return
	}
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case b := <-c:
			if !send(b) {
				return
			}
		case <-ping.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}

// maxSubscribers bounds open event streams (a big screen and phones).
const maxSubscribers = 64

func (s *Server) handleAction(w http.ResponseWriter, r *http.Request) {
	ip := clientIP(r)
	if !s.allow(ip) {
		s.opts.Log.Printf("web: action refused from %s: rate limit", ip)
		http.Error(w, "too many requests", http.StatusTooManyRequests)
		return
	}
	if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
		s.opts.Log.Printf("web: action refused from %s: origin %q", ip, o)
		http.Error(w, "cross-origin request refused", http.StatusForbidden)
		return
	}
	tok := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !tokenOK(tok, s.opts.Token) {
		s.opts.Log.Printf("web: action refused from %s: missing or wrong operator token", ip)
		http.Error(w, "operator token required", http.StatusUnauthorized)
		return
	}
	var a Action
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		http.Error(w, "bad action: "+err.Error(), http.StatusBadRequest)
		return
	}
	if _, ok := Actions[a.Name]; !ok {
		http.Error(w, fmt.Sprintf("unknown action %q", a.Name), http.StatusBadRequest)
		return
	}
	s.opts.Log.Printf("web: action %q from %s", a.Name, ip)
	if s.opts.Operator == nil {
		http.Error(w, "nothing to operate", http.StatusServiceUnavailable)
		return
	}
	if err := s.opts.Operator(a); err != nil {
		var ae *ActionError
		if errors.As(err, &ae) {
			w.WriteHeader(http.StatusConflict)
			writeJSON(w, map[string]any{"error": err.Error(), "texts": ae.Texts})
			return
		}
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write([]byte(`{"ok":true}` + "\n"))
}

// Republish publishes the last state again, e.g. after a review or a
// visitor's question changed what it shows.
func (s *Server) Republish() {
	s.mu.Lock()
	st := s.last
	s.mu.Unlock()
	s.Publish(st)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("web: encoding a reply: %v", err)
	}
}

func sameOrigin(origin, host string) bool {
	o := strings.TrimPrefix(strings.TrimPrefix(origin, "http://"), "https://")
	return o == host
}

func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// bucket is a token bucket: actionBurst actions at once, actionRate a second.
type bucket struct {
	tokens float64
	last   time.Time
}

const (
	actionRate  = 5.0
	actionBurst = 10.0
)

func (s *Server) allow(ip string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return take(s.rate, ip, actionRate, actionBurst, time.Now())
}

// take takes a token from ip's bucket in buckets, which refills at rate a
// second up to burst. Call with the server's lock held.
func take(buckets map[string]*bucket, ip string, rate, burst float64, now time.Time) bool {
	b := buckets[ip]
	if b == nil {
		if len(buckets) > 1024 {
			clear(buckets) // bounded memory against many addresses
		}
		b = &bucket{tokens: burst, last: now}
		buckets[ip] = b
	}
	b.tokens = min(burst, b.tokens+now.Sub(b.last).Seconds()*rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Serve listens on addr until ctx is done. Unless public is set, addr
// must be a loopback address: serving on the network is an explicit choice.
func Serve(ctx context.Context, addr string, public bool, h http.Handler) (net.Addr, <-chan error, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, nil, fmt.Errorf("web address %q: %w", addr, err)
	}
	if !public {
		if host == "" {
			addr = "127.0.0.1" + addr
		} else if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return nil, nil, fmt.Errorf("web address %q is not on this machine only; pass --public to serve the page on the network", addr)
		}
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("serving the web page: %w", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, MaxHeaderBytes: 16 << 10,
		// Event streams end with ctx, so Shutdown does not wait for them.
		BaseContext: func(net.Listener) context.Context { return ctx }}
	done := make(chan error, 1)
	go func() {
		err := srv.Serve(ln)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		done <- err
	}()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
	}()
	return ln.Addr(), done, nil
}

// ActionError is an operator action's refusal worded in each of the
// page's languages, by tag ("en", "zh-Hans", "zh-Hant"): the page shows
// the viewer's. Its Error is the cause's.
type ActionError struct {
	Err   error
	Texts map[string]string
}

func (e *ActionError) Error() string { return e.Err.Error() }
func (e *ActionError) Unwrap() error { return e.Err }
