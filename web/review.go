package web

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"net/url"
	"regexp"

	"tengen/qr"
	"tengen/rules"
	"tengen/rules/record"
)

// Review is the one-page review of a finished game: the moves, the
// evaluation after each of them, the moment the game turned, the winning
// line, and the record to download.
type Review struct {
	ID    string `json:"id"` // names the game in the review's address
	Rule  string `json:"rule"`
	Size  int    `json:"size"`
	Black string `json:"black"`
	White string `json:"white"`
	// Result is the result in English; ResultSaid the same as a message.
	Result     string `json:"result"`
	ResultSaid *Said  `json:"result_said,omitempty"`
	Moves      []Move `json:"moves"`
	// Evals are Black's evaluation (centi-stones) of the position after
	// each move, Evals[i] after move i+1.
	Evals []int `json:"evals"`
	// Turn is the move after which the evaluation swung most: the moment
	// the game turned. Nil with fewer than two evaluations.
	Turn *Turn `json:"turn,omitempty"`
	// WinLine is the five (or more) that won, in order; empty when the
	// game was not won by five.
	WinLine []string `json:"win_line,omitempty"`
	sgf     []byte
}

// Turn is the largest swing of the evaluation: after move Move it went
// from From to To (Black's view).
type Turn struct {
	Move int    `json:"move"`
	By   string `json:"by"` // the colour that played it
	From int    `json:"from"`
	To   int    `json:"to"`
}

// reviewID is what a review's ID may hold: it goes into addresses and
// file names.
var reviewID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// NewReview builds the review of rec with evals (Black's view after each
// move; may be shorter than the game, or nil). sgf is the record as the
// page offers it for download.
func NewReview(id string, rec *record.Record, evals []int, sgf []byte) (*Review, error) {
	if !reviewID.MatchString(id) {
		return nil, fmt.Errorf("review: id %q: want 1-64 letters, digits, '.', '_' or '-'", id)
	}
	if len(evals) > len(rec.Moves) {
		return nil, fmt.Errorf("review: %d evaluations for %d moves", len(evals), len(rec.Moves))
	}
	r := &Review{ID: id, Rule: rec.Rule.String(), Size: rec.Size, Black: rec.Black, White: rec.White,
		Evals: append([]int{}, evals...), Moves: []Move{}, sgf: sgf}
	b, err := rules.NewBoard(rec.Size)
	if err != nil {
		return nil, fmt.Errorf("review: %w", err)
	}
	for i, m := range rec.Moves {
		r.Moves = append(r.Moves, Move{N: i + 1, Color: m.Color.String(), Point: m.Point.String()})
		if !m.Point.IsPass() {
			if !m.Point.In(rec.Size) || b.At(m.Point) != rules.Empty {
				return nil, fmt.Errorf("review: move %d on %v: off the board or taken", i+1, m.Point)
			}
			b.Set(m.Point, m.Color)
		}
	}
	switch {
	case rec.Result.Draw:
		r.Result = "draw"
	case rec.Result.Winner != rules.Empty:
		r.Result = rec.Result.Winner.String() + " wins"
	}
	if n := len(rec.Moves); n > 0 && !rec.Result.Draw && rec.Result.Winner != rules.Empty {
		last := rec.Moves[n-1]
		if last.Color == rec.Result.Winner && !last.Point.IsPass() {
			r.WinLine = fiveThrough(b, last.Point)
		}
	}
	// The swing is measured in winning chances, not centi-stones: a won
	// game growing more won is no turn.
	best := 0.0
	for i := 1; i < len(evals); i++ {
		swing := math.Abs(WinChance(evals[i]) - WinChance(evals[i-1]))
		if r.Turn == nil || swing > best {
			best = swing
			r.Turn = &Turn{Move: i + 1, By: r.Moves[i].Color, From: evals[i-1], To: evals[i]}
		}
	}
	return r, nil
}

// WinChance maps an evaluation (centi-stones, Black's view) to Black's
// chance of winning, 0 to 1: a logistic curve, 400 centi-stones to a
// chance of about 73%.
func WinChance(v int) float64 { return 1 / (1 + math.Exp(-float64(v)/400)) }

// fiveThrough returns the longest line of five or more through p of p's
// colour, from one end to the other, or nil.
func fiveThrough(b *rules.Board, p rules.Point) []string {
	c := b.At(p)
	var best []string
	for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		start := p
		for q := (rules.Point{X: start.X - d[0], Y: start.Y - d[1]}); q.In(b.Size()) && b.At(q) == c; q = (rules.Point{X: q.X - d[0], Y: q.Y - d[1]}) {
			start = q
		}
		var line []string
		for q := start; q.In(b.Size()) && b.At(q) == c; q = (rules.Point{X: q.X + d[0], Y: q.Y + d[1]}) {
			line = append(line, q.String())
		}
		if len(line) >= 5 && len(line) > len(best) {
			best = line
		}
	}
	return best
}

// maxReviews bounds the reviews kept: the day's last games.
const maxReviews = 50

// SetReview publishes a game's review; the page's state names it as the
// latest (State.Review), so that the page links to it.
func (s *Server) SetReview(r *Review) {
	defer s.Republish()
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.reviews[r.ID]; !ok {
		s.reviewOrder = append(s.reviewOrder, r.ID)
	}
	s.reviews[r.ID] = r
	for len(s.reviewOrder) > maxReviews {
		delete(s.reviews, s.reviewOrder[0])
		s.reviewOrder = s.reviewOrder[1:]
	}
	s.latestReview = r.ID
}

// review returns the review a request names (?game=ID), or the latest.
func (s *Server) review(r *http.Request) (*Review, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := r.URL.Query().Get("game")
	if id == "" && len(s.reviewOrder) > 0 {
		id = s.reviewOrder[len(s.reviewOrder)-1]
	}
	rv, ok := s.reviews[id]
	if !ok {
		return nil, errors.New("no such game to review")
	}
	return rv, nil
}

func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) {
	rv, err := s.review(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	writeJSON(w, rv)
}

func (s *Server) handleReviewSGF(w http.ResponseWriter, r *http.Request) {
	rv, err := s.review(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/x-go-sgf")
	w.Header().Set("Content-Disposition", `attachment; filename="tengen-`+rv.ID+`.sgf"`)
	w.Write(rv.sgf)
}

// handleReviewQR draws the QR code of the review's address on the table's
// network, as SVG.
func (s *Server) handleReviewQR(w http.ResponseWriter, r *http.Request) {
	rv, err := s.review(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	u := s.ReviewURL(r, rv.ID)
	svg, err := s.qrSVG(u)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("X-Review-URL", u)
	w.Write([]byte(svg))
}

// qrSVG draws the QR code of u, once: encoding tries eight masks, and
// every phone at the table asks for the same few codes.
func (s *Server) qrSVG(u string) (string, error) {
	s.mu.Lock()
	svg, ok := s.qrCache[u]
	s.mu.Unlock()
	if ok {
		return svg, nil
	}
	c, err := qr.Encode([]byte(u), qr.M)
	if err != nil {
		return "", err
	}
	svg = c.SVG()
	s.mu.Lock()
	if len(s.qrCache) >= maxReviews {
		clear(s.qrCache)
	}
	s.qrCache[u] = svg
	s.mu.Unlock()
	return svg, nil
}

// ReviewURL is the address of a game's review for a phone on the same
// network: Options.BaseURL when set, otherwise this machine's LAN address
// (LANAddress) with the port the request came in on.
func (s *Server) ReviewURL(r *http.Request, id string) string {
	base := s.opts.BaseURL
	if base == "" {
		_, port, err := net.SplitHostPort(r.Host)
		if err != nil {
			port = "80"
		}
		host := LANAddress()
		if host == "" {
			host, _, _ = net.SplitHostPort(r.Host)
		}
		base = "http://" + net.JoinHostPort(host, port) + "/"
	}
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	u = u.JoinPath("review.html")
	u.RawQuery = url.Values{"game": {id}}.Encode()
	return u.String()
}

// LANAddress returns this machine's IPv4 address on the table's network
// ("" when there is none): the address a phone at the table reaches the
// page by. It is the source address of the default route (a UDP socket
// is connected, which sends nothing), else the first address of an
// interface that is up and not a loopback.
func LANAddress() string {
	if c, err := net.Dial("udp4", "192.0.2.1:9"); err == nil { // TEST-NET-1: never answered
		ip := c.LocalAddr().(*net.UDPAddr).IP
		c.Close()
		if !ip.IsLoopback() && !ip.IsUnspecified() {
			return ip.String()
		}
	}
	ifs, err := net.Interfaces()
	if err != nil {
		return ""
	}
	for _, ifc := range ifs {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if ipn, ok := a.(*net.IPNet); ok && ipn.IP.To4() != nil && !ipn.IP.IsLinkLocalUnicast() {
				return ipn.IP.String()
			}
		}
	}
	return ""
}
