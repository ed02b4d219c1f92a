package gomocup

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"tengen/ai"
	"tengen/rules"
)

// Settings are what a brain's player depends on; Serve makes a new player
// when an INFO line changes them. The board size and the rule are not
// among them: every position a player is asked about carries its own.
type Settings struct {
	MaxMemory int64 // bytes; 0 = the player's default
	Threads   int   // 0 = the player's default
}

// Brain configures Serve.
type Brain struct {
	// NewPlayer makes the player that answers move requests.
	NewPlayer func(Settings) (ai.Player, error)
	// About is the reply to ABOUT, e.g. `name="Tengen", version="1.0"`.
	About string
	// DefaultTurnTime applies until the manager sends INFO timeout_turn
	// (the protocol leaves the default to the brain).
	DefaultTurnTime time.Duration
}

// maxLine bounds a command line; longer input is reported and skipped.
const maxLine = 4096

// brainState is one Serve session.
type brainState struct {
	cfg Brain
	out *lineWriter

	size     int // 0 until START
	rule     rules.Rule
	settings Settings
	player   ai.Player
	made     Settings // settings the player was made with

	moves    []move // in order
	turn     time.Duration
	match    time.Duration
	timeLeft time.Duration // <0 unknown
}

// move is a stone as the protocol knows it: whose it is, not its colour.
type move struct {
	p   rules.Point
	own bool
}

// lineWriter writes whole lines and flushes them, safe for the player's
// info callbacks from other goroutines.
type lineWriter struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (lw *lineWriter) printf(format string, a ...any) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return
	}
	fmt.Fprintf(lw.w, format+"\n", a...)
	lw.err = lw.w.Flush()
}

// Serve runs the brain protocol: commands from in, answers to out, until
// END, the end of in, or ctx is done. Malformed input is answered with an
// ERROR line and never stops the brain; only a failure to write ends Serve
// with an error.
func Serve(ctx context.Context, in io.Reader, out io.Writer, cfg Brain) error {
	if cfg.DefaultTurnTime == 0 {
		cfg.DefaultTurnTime = 5 * time.Second
	}
	s := &brainState{cfg: cfg, out: &lineWriter{w: bufio.NewWriter(out)}, turn: cfg.DefaultTurnTime, timeLeft: -1}
	lines := newLineReader(in)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, err := lines.next()
		if errors.Is(err, errLongLine) {
			s.out.printf("ERROR line longer than %d bytes ignored", maxLine)
			continue
		}
		if err != nil {
			if err == io.EOF {
				return s.out.err
			}
			return err
		}
		if line == "" {
			continue
		}
		if s.handle(ctx, line, lines) {
			return s.out.err
		}
		if s.out.err != nil {
			return fmt.Errorf("writing to the manager: %w", s.out.err)
		}
	}
}

var errLongLine = errors.New("line too long")

// lineReader reads lines of at most maxLine bytes, tolerating CRLF.
type lineReader struct{ r *bufio.Reader }

func newLineReader(in io.Reader) *lineReader { return &lineReader{bufio.NewReaderSize(in, maxLine)} }

func (lr *lineReader) next() (string, error) {
	line, isPrefix, err := lr.r.ReadLine()
	if err != nil {
		return "", err
	}
	if isPrefix {
		for isPrefix && err == nil {
			_, isPrefix, err = lr.r.ReadLine()
		}
		return "", errLongLine
	}
	return strings.TrimSpace(string(line)), nil
}

// quote shortens and quotes untrusted input for an ERROR line.
func quote(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return strconv.QuoteToASCII(s)
}

// handle runs one command; it reports whether the session is over.
func (s *brainState) handle(ctx context.Context, line string, lines *lineReader) bool {
	word, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch strings.ToUpper(word) {
	case "START":
		s.start(arg)
	case "RECTSTART":
		w, h, ok := strings.Cut(arg, ",")
		if !ok || strings.TrimSpace(w) != strings.TrimSpace(h) {
			s.out.printf("ERROR only square boards are supported, got %s", quote(arg))
			return false
		}
		s.start(strings.TrimSpace(w))
	case "RESTART":
		if s.needStart() {
			s.newGame()
			s.out.printf("OK")
		}
	case "BEGIN":
		if s.needStart() {
			if len(s.moves) > 0 {
				s.out.printf("ERROR BEGIN on a board that is not empty")
				return false
			}
			s.think(ctx)
		}
	case "TURN":
		if !s.needStart() {
			return false
		}
		p, err := s.point(arg)
		if err != nil {
			s.out.printf("ERROR TURN: %v", err)
			return false
		}
		s.moves = append(s.moves, move{p, false})
		s.think(ctx)
	case "PLAY":
		if !s.needStart() {
			return false
		}
		p, err := s.point(arg)
		if err != nil {
			s.out.printf("ERROR PLAY: %v", err)
			return false
		}
		s.moves = append(s.moves, move{p, true})
		s.out.printf("%s", p.Gomocup(s.size))
	case "BOARD":
		s.board(ctx, lines)
	case "SWAP2BOARD":
		s.swap2(ctx, lines)
	case "TAKEBACK":
		if s.needStart() {
			s.takeback(arg)
		}
	case "INFO":
		s.info(arg)
	case "ABOUT":
		s.out.printf("%s", s.cfg.About)
	case "END":
		return true
	default:
		s.out.printf("UNKNOWN command %s", quote(word))
	}
	return false
}

func (s *brainState) start(arg string) {
	n, err := strconv.Atoi(arg)
	if err != nil {
		s.out.printf("ERROR START wants a board size, got %s", quote(arg))
		return
	}
	if err := rules.CheckSize(n); err != nil {
		s.out.printf("ERROR %v", err)
		return
	}
	s.size = n
	s.newGame()
	// The player is made now, not on the first move: making an engine
	// builds its tables, which the first move's clock must not pay for.
	if _, err := s.getPlayer(); err != nil {
		s.out.printf("ERROR %v", err)
		return
	}
	s.out.printf("OK")
}

// newGame clears the board and tells a player that learns across moves
// (the engine's transposition table) that a new game begins.
func (s *brainState) newGame() {
	s.moves = s.moves[:0]
	if ng, ok := s.player.(interface{ NewGame() }); ok {
		ng.NewGame()
	}
}

func (s *brainState) needStart() bool {
	if s.size == 0 {
		s.out.printf("ERROR no board yet: send START first")
		return false
	}
	return true
}

// point reads a Gomocup "x,y" that must be an empty point of the board.
func (s *brainState) point(arg string) (rules.Point, error) {
	p, err := rules.ParseGomocup(arg, s.size)
	if err != nil {
		return p, err
	}
	for _, m := range s.moves {
		if m.p == p {
			return p, fmt.Errorf("point %s is already taken", arg)
		}
	}
	return p, nil
}

// board reads BOARD lines up to DONE. Lines are x,y,field: 1 own stone,
// 2 opponent's, 3 a stone of a continuous game's won line (we treat it as
// an opponent's stone: a point nobody may use).
func (s *brainState) board(ctx context.Context, lines *lineReader) {
	var moves []move
	var bad error
	for {
		line, err := lines.next()
		if errors.Is(err, errLongLine) {
			if bad == nil {
				bad = fmt.Errorf("BOARD line %d is too long", len(moves)+1)
			}
			continue
		}
		if err != nil {
			return // the manager went away mid-command
		}
		if strings.EqualFold(line, "DONE") {
			break
		}
		if bad != nil || line == "" {
			continue
		}
		m, err := s.boardLine(line, moves)
		if err != nil {
			bad = fmt.Errorf("BOARD line %d: %v", len(moves)+1, err)
			continue
		}
		moves = append(moves, m)
	}
	if !s.needStart() {
		return
	}
	if bad != nil {
		s.out.printf("ERROR %v", bad)
		return
	}
	s.moves = moves
	s.think(ctx)
}

func (s *brainState) boardLine(line string, moves []move) (move, error) {
	i := strings.LastIndexByte(line, ',')
	if i < 0 || s.size == 0 {
		return move{}, fmt.Errorf("want x,y,field, got %s", quote(line))
	}
	p, err := rules.ParseGomocup(line[:i], s.size)
	if err != nil {
		return move{}, err
	}
	for _, m := range moves {
		if m.p == p {
			return move{}, fmt.Errorf("point %s is given twice", line[:i])
		}
	}
	switch strings.TrimSpace(line[i+1:]) {
	case "1":
		return move{p, true}, nil
	case "2", "3":
		return move{p, false}, nil
	}
	return move{}, fmt.Errorf("field must be 1, 2 or 3, got %s", quote(line[i+1:]))
}

func (s *brainState) takeback(arg string) {
	p, err := rules.ParseGomocup(arg, s.size)
	if err != nil {
		s.out.printf("ERROR TAKEBACK: %v", err)
		return
	}
	for i, m := range s.moves {
		if m.p == p {
			s.moves = append(s.moves[:i], s.moves[i+1:]...)
			s.out.printf("OK")
			return
		}
	}
	s.out.printf("ERROR TAKEBACK: no stone at %s", quote(arg))
}

// info stores an INFO key. The protocol has no reply to INFO; a value we
// cannot read is reported with ERROR and ignored, an unknown key ignored.
func (s *brainState) info(arg string) {
	key, val, _ := strings.Cut(arg, " ")
	key, val = strings.ToLower(key), strings.TrimSpace(val)
	num := func() (int64, bool) {
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil || n < 0 {
			s.out.printf("ERROR INFO %s wants a non-negative integer, got %s", key, quote(val))
			return 0, false
		}
		return n, true
	}
	ms := func(n int64) time.Duration {
		if n > int64(time.Duration(1<<62)/time.Millisecond) {
			n = int64(time.Duration(1<<62) / time.Millisecond)
		}
		return time.Duration(n) * time.Millisecond
	}
	switch key {
	case "timeout_turn":
		if n, ok := num(); ok {
			s.turn = ms(n)
		}
	case "timeout_match":
		if n, ok := num(); ok {
			s.match = ms(n)
		}
	case "time_left":
		if n, ok := num(); ok {
			s.timeLeft = ms(n)
		}
	case "max_memory":
		if n, ok := num(); ok {
			s.settings.MaxMemory = n
		}
	case "thread_num":
		if n, ok := num(); ok && n < 1<<16 {
			s.settings.Threads = int(n)
		}
	case "rule":
		if n, ok := num(); ok {
			s.rule = RuleFromBits(int(n))
		}
	case "game_type", "folder", "evaluate":
		// Nothing to do: the game type says who the opponent is, the folder
		// is for persistent files (we keep none), evaluate asks for the
		// evaluation under the mouse pointer (optional; we do not offer it).
	default:
		// Unknown keys are ignored, as the protocol asks.
	}
	// A player is made again as soon as its settings change, not on the
	// next move: a manager may send its INFO lines well before the move
	// (the second player's first move follows the opponent's), and then
	// the move's clock need not pay for it. Before START, START makes it.
	if s.player != nil && s.made != s.settings {
		if _, err := s.getPlayer(); err != nil {
			s.out.printf("ERROR %v", err)
		}
	}
}

// RuleFromBits maps INFO rule's bit sum to a rule set: 4 renju, 8 caro,
// 1 exactly five (standard), otherwise freestyle. Bit 2 (continuous game)
// does not change how a game is won.
func RuleFromBits(bits int) rules.Rule {
	switch {
	case bits&4 != 0:
		return rules.Renju
	case bits&8 != 0:
		return rules.Caro
	case bits&1 != 0:
		return rules.Standard
	}
	return rules.Freestyle
}

// RuleBits is the INFO rule value for r (see RuleFromBits).
func RuleBits(r rules.Rule) int {
	switch r {
	case rules.Renju:
		return 4
	case rules.Caro:
		return 9
	case rules.Standard:
		return 1
	}
	return 0
}

// position turns the protocol's stones into a position for the side to
// move. Colours follow from the counts: with as many own stones as the
// opponent's the brain has Black, otherwise White. Stones keep the
// manager's order, which under renju is the move order.
func (s *brainState) position(moves []move) ai.Position {
	own := 0
	for _, m := range moves {
		if m.own {
			own++
		}
	}
	me := rules.Black
	if len(moves)-own > own {
		me = rules.White
	}
	pos := ai.Position{Size: s.size, Rule: s.rule, Reading: rules.ReadingGomocup, ToMove: me}
	for _, m := range moves {
		c := me
		if !m.own {
			c = me.Opponent()
		}
		pos.Stones = append(pos.Stones, ai.Stone{P: m.p, C: c})
	}
	return pos
}

func (s *brainState) limits() ai.Limits {
	return ai.Limits{TurnTime: s.turn, MatchTime: s.match, TimeLeft: max(s.timeLeft, 0), NoTurnLimit: false}
}

// getPlayer returns the player for the current settings, making a new one
// when they changed.
func (s *brainState) getPlayer() (ai.Player, error) {
	if s.player != nil && s.made == s.settings {
		return s.player, nil
	}
	p, err := s.cfg.NewPlayer(s.settings)
	if err != nil {
		return nil, err
	}
	s.player, s.made = p, s.settings
	return p, nil
}

// search asks the player for a move in pos, reporting its progress as
// MESSAGE lines. The context carries the hard deadline the manager will
// enforce, so a player that overruns is stopped with its best move so far.
func (s *brainState) search(ctx context.Context, pos ai.Position, lim ai.Limits) (ai.Result, error) {
	p, err := s.getPlayer()
	if err != nil {
		return ai.Result{}, err
	}
	deadline := lim.TurnTime
	if lim.MatchTime > 0 && s.timeLeft >= 0 && (deadline == 0 || s.timeLeft < deadline) {
		deadline = s.timeLeft
	}
	if deadline > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, deadline)
		defer cancel()
	}
	res, err := p.Think(ctx, pos, lim, func(in ai.Info) { s.out.printf("MESSAGE %s", FormatInfo(in)) })
	if err != nil {
		return res, err
	}
	if !res.Move.In(s.size) {
		return res, fmt.Errorf("the player answered %v, which is not a point of the board", res.Move)
	}
	for _, st := range pos.Stones {
		if st.P == res.Move {
			return res, fmt.Errorf("the player answered %v, which is taken", res.Move)
		}
	}
	return res, nil
}

// FormatInfo writes a search report for a MESSAGE line.
func FormatInfo(in ai.Info) string {
	return fmt.Sprintf("depth %d score %d nodes %d time %dms pv %s",
		in.Depth, in.Score, in.Nodes, in.Elapsed.Milliseconds(), rules.FormatPoints(in.PV))
}

// think answers a move request in the current position.
func (s *brainState) think(ctx context.Context) {
	res, err := s.search(ctx, s.position(s.moves), s.limits())
	if err != nil {
		s.out.printf("ERROR %v", err)
		return
	}
	s.moves = append(s.moves, move{res.Move, true})
	s.out.printf("%s", res.Move.Gomocup(s.size))
}
