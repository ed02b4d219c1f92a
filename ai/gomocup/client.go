package gomocup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"tengen/ai"
	"tengen/rules"
)

// ClientOptions configure a Client. Zero fields take the defaults given.
type ClientOptions struct {
	// Dir is the brain's working directory (default: the caller's).
	Dir string
	// StartTimeout bounds starting the brain and its answer to START
	// (default 15 s: some brains load large tables first).
	StartTimeout time.Duration
	// Grace is how much longer than its time limit a brain may take to
	// answer before it is killed (default 1 s).
	Grace time.Duration
	// Quiet is how long to wait after a brain's move before sending it
	// the next command (default 50 ms): Rapfi ignores a command that
	// arrives right after its own move.
	Quiet time.Duration
	// MaxMemory is sent as INFO max_memory when positive (bytes).
	MaxMemory int64
	// Threads is sent as INFO thread_num when positive.
	Threads int
	// Log receives the brain's MESSAGE, DEBUG and ERROR lines, its stderr
	// and anything unexpected, each prefixed with where it came from. Nil
	// drops them.
	Log func(line string)
}

// Client runs an external Gomocup brain as a subprocess and plays through
// it as an ai.Player. A brain that hangs is killed when its time is up and
// one that crashes is reported; either way the next Think starts it again.
// A Client plays one game at a time; it is safe for use by one goroutine.
type Client struct {
	argv []string
	opt  ClientOptions
	name string

	proc  *brainProc
	asked bool // ABOUT has been sent
	// board is the size and rule of the last board started, for starting
	// a killed brain again between games.
	board ai.Position
}

// brainProc is one run of the brain.
type brainProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string   // stdout, closed at EOF
	exited chan struct{} // closed when the process is gone
	quit   chan struct{} // closed when we stop listening
	once   sync.Once
	err    error // its exit status, valid after exited

	size      int
	rule      rules.Rule
	stones    []ai.Stone // the brain's board after its last move; nil = unknown
	fresh     bool       // the brain's board is empty (after START or RESTART)
	lastReply time.Time
	lastError string // the last ERROR line, for reports
	stderr    *tail
	quiet     time.Duration
}

// NewClient returns a client for the brain run by argv (the program and
// its arguments). The brain is started on the first Think.
func NewClient(argv []string, opt ClientOptions) (*Client, error) {
	if len(argv) == 0 || argv[0] == "" {
		return nil, errors.New("gomocup client: no command to run")
	}
	if opt.StartTimeout == 0 {
		opt.StartTimeout = 15 * time.Second
	}
	if opt.Grace == 0 {
		opt.Grace = time.Second
	}
	if opt.Quiet == 0 {
		opt.Quiet = 50 * time.Millisecond
	}
	name := strings.TrimPrefix(filepath.Base(argv[0]), "pbrain-")
	return &Client{argv: argv, opt: opt, name: name}, nil
}

// Name implements ai.Player: the brain's ABOUT name once it has started,
// otherwise its program name without "pbrain-".
func (c *Client) Name() string { return c.name }

func (c *Client) log(format string, a ...any) {
	if c.opt.Log != nil {
		c.opt.Log(c.name + ": " + fmt.Sprintf(format, a...))
	}
}

// Close ends the brain: END, then a kill if it has not exited within a
// second.
func (c *Client) Close() error {
	if c.proc == nil {
		return nil
	}
	p := c.proc
	c.proc = nil
	fmt.Fprintf(p.stdin, "END\n")
	p.stdin.Close()
	p.stopListening()
	select {
	case <-p.exited:
	case <-time.After(time.Second):
		p.kill()
		<-p.exited
	}
	return nil
}

func (p *brainProc) kill() {
	p.stopListening()
	if p.cmd.Process != nil {
		// The brain may be a script with children: end the whole group.
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
}

// stopListening lets the stdout reader drop what the brain still says,
// so it never blocks on a full channel nobody reads.
func (p *brainProc) stopListening() { p.once.Do(func() { close(p.quit) }) }

// tail keeps the last lines of a stream for error reports.
type tail struct {
	mu    sync.Mutex
	lines []string
}

func (t *tail) add(l string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines = append(t.lines, l)
	if len(t.lines) > 5 {
		t.lines = t.lines[1:]
	}
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, " | ")
}

// start runs the brain and reads its stdout and stderr in the background.
func (c *Client) start() (*brainProc, error) {
	cmd := exec.Command(c.argv[0], c.argv[1:]...)
	cmd.Dir = c.opt.Dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting brain %q: %w", c.argv[0], err)
	}
	p := &brainProc{cmd: cmd, stdin: stdin, lines: make(chan string, 256), exited: make(chan struct{}), quit: make(chan struct{}), stderr: &tail{}, quiet: c.opt.Quiet}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		defer close(p.lines)
		lr := newLineReader(stdout)
		for {
			l, err := lr.next()
			if errors.Is(err, errLongLine) {
				c.log("overlong line ignored")
				continue
			}
			if err != nil {
				return
			}
			select {
			case p.lines <- l:
			case <-p.quit:
				io.Copy(io.Discard, stdout)
				return
			}
		}
	}()
	go func() {
		defer wg.Done()
		lr := newLineReader(stderr)
		for {
			l, err := lr.next()
			if err != nil && !errors.Is(err, errLongLine) {
				return
			}
			if l != "" {
				p.stderr.add(l)
				c.log("stderr: %s", l)
			}
		}
	}()
	go func() {
		wg.Wait()
		p.err = cmd.Wait()
		close(p.exited)
	}()
	return p, nil
}

// died describes why the brain stopped, for an error.
func (p *brainProc) died() error {
	<-p.exited
	msg := fmt.Sprintf("the brain exited (%v)", p.err)
	if s := p.stderr.String(); s != "" {
		msg += "; stderr: " + s
	}
	if p.lastError != "" {
		msg += "; it said ERROR " + p.lastError
	}
	return errors.New(msg)
}

func (p *brainProc) send(lines ...string) error {
	// Rapfi drops a command that arrives right after its move.
	if wait := time.Until(p.lastReply.Add(p.quiet)); wait > 0 {
		time.Sleep(wait)
	}
	_, err := io.WriteString(p.stdin, strings.Join(lines, "\n")+"\n")
	return err
}

// reply waits until deadline for a line that answer accepts, handling
// MESSAGE, DEBUG and ERROR lines on the way.
//
// An ERROR line ends the wait with an error when final is set (the answer
// to START); before a move it is only reported, as the protocol allows.
func (c *Client) reply(ctx context.Context, p *brainProc, deadline time.Time, final bool, info func(ai.Info), answer func(string) bool) error {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return p.died()
			}
			word, rest, _ := strings.Cut(l, " ")
			switch strings.ToUpper(word) {
			case "MESSAGE", "DEBUG":
				c.log("%s", l)
				if in, ok := ParseInfo(rest); ok && info != nil {
					info(in)
				}
				continue
			case "ERROR":
				c.log("%s", l)
				p.lastError = rest
				if final {
					return errors.New("ERROR " + rest)
				}
				continue
			}
			if m := aboutName.FindStringSubmatch(l); m != nil {
				if m[1] != "" {
					c.name = m[1]
				}
				continue
			}
			if answer(l) {
				return nil
			}
			c.log("unexpected line %s", quote(l))
		case <-timer.C:
			p.kill()
			msg := "the brain did not answer in time and was killed"
			if p.lastError != "" {
				msg += "; it said ERROR " + p.lastError
			}
			return fmt.Errorf("%s: %w", msg, context.DeadlineExceeded)
		case <-ctx.Done():
			p.kill()
			return ctx.Err()
		}
	}
}

// ready returns a running brain set up for pos, starting one if needed.
func (c *Client) ready(ctx context.Context, pos ai.Position) (*brainProc, error) {
	p := c.proc
	if p != nil {
		select {
		case <-p.exited:
			p = nil
		default:
		}
	}
	if p != nil && p.size == pos.Size && p.rule == pos.Rule {
		return p, nil
	}
	if p == nil {
		var err error
		if p, err = c.start(); err != nil {
			return nil, err
		}
		c.proc = p
	}
	deadline := time.Now().Add(c.opt.StartTimeout)
	if err := p.send("START " + strconv.Itoa(pos.Size)); err != nil {
		return nil, c.fail(p, fmt.Errorf("sending START: %w", err))
	}
	err := c.reply(ctx, p, deadline, true, nil, func(l string) bool { return l == "OK" })
	if err != nil {
		c.kill(p)
		if p.lastError != "" {
			return nil, fmt.Errorf("the brain refused START %d: %s", pos.Size, p.lastError)
		}
		return nil, fmt.Errorf("starting the brain: %w", err)
	}
	p.lastReply = time.Now()
	p.size, p.rule, p.stones, p.fresh = pos.Size, pos.Rule, nil, true
	c.board = ai.Position{Size: pos.Size, Rule: pos.Rule}
	infos := []string{"INFO rule " + strconv.Itoa(RuleBits(pos.Rule))}
	if c.opt.MaxMemory > 0 {
		infos = append(infos, "INFO max_memory "+strconv.FormatInt(c.opt.MaxMemory, 10))
	}
	if c.opt.Threads > 0 {
		infos = append(infos, "INFO thread_num "+strconv.Itoa(c.opt.Threads))
	}
	if !c.asked {
		infos, c.asked = append(infos, "ABOUT"), true
	}
	if err := p.send(infos...); err != nil {
		return nil, c.fail(p, err)
	}
	return p, nil
}

func (c *Client) kill(p *brainProc) {
	p.kill()
	if c.proc == p {
		c.proc = nil
	}
}

// fail kills the brain after a broken pipe and explains why.
func (c *Client) fail(p *brainProc, err error) error {
	c.kill(p)
	select {
	case <-p.exited:
		return p.died()
	case <-time.After(time.Second):
		return err
	}
}

var aboutName = regexp.MustCompile(`name="([^"]*)"`)

// Think implements ai.Player: it sends the position (TURN when it extends
// the brain's board by the opponent's move, BEGIN on an empty board,
// BOARD otherwise) with the time limits, and waits for the move.
func (c *Client) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	start := time.Now()
	p, err := c.ready(ctx, pos)
	if err != nil {
		return ai.Result{}, err
	}
	turn := lim.TurnTime
	if lim.NoTurnLimit {
		turn = lim.TimeLeft
	}
	budget := turn
	if lim.TimeLeft > 0 && (lim.TimeLeft < budget || budget == 0) {
		budget = lim.TimeLeft
	}
	cmds := []string{
		"INFO timeout_turn " + strconv.FormatInt(turn.Milliseconds(), 10),
		"INFO timeout_match " + strconv.FormatInt(lim.MatchTime.Milliseconds(), 10),
	}
	if lim.MatchTime > 0 {
		cmds = append(cmds, "INFO time_left "+strconv.FormatInt(lim.TimeLeft.Milliseconds(), 10))
	}
	n := len(pos.Stones)
	if n == 0 && !p.fresh {
		// BEGIN is only for an empty board.
		if err := c.restart(ctx, p); err != nil {
			return ai.Result{}, err
		}
	}
	switch {
	case n == 0:
		cmds = append(cmds, "BEGIN")
	case p.stones != nil && n == len(p.stones)+1 && sameStones(p.stones, pos.Stones[:n-1]) && pos.Stones[n-1].C != pos.ToMove:
		cmds = append(cmds, "TURN "+pos.Stones[n-1].P.Gomocup(pos.Size))
	default:
		cmds = append(cmds, "BOARD")
		for _, s := range pos.Stones {
			f := "2"
			if s.C == pos.ToMove {
				f = "1"
			}
			cmds = append(cmds, s.P.Gomocup(pos.Size)+","+f)
		}
		cmds = append(cmds, "DONE")
	}
	p.stones, p.fresh = nil, false // unknown until the brain answers
	if err := p.send(cmds...); err != nil {
		return ai.Result{}, c.fail(p, fmt.Errorf("sending the position: %w", err))
	}
	var res ai.Result
	var moveErr error
	// The caller's deadline, when it sets one, is the referee's: it wins
	// over our own allowance.
	deadline := start.Add(budget + c.opt.Grace)
	if d, ok := ctx.Deadline(); ok {
		deadline = d
	}
	err = c.reply(ctx, p, deadline, false, func(in ai.Info) {
		res.Info = in
		if info != nil {
			info(in)
		}
	}, func(l string) bool {
		mv, err := rules.ParseGomocup(l, pos.Size)
		if err != nil {
			if strings.Count(l, ",") == 1 {
				moveErr = fmt.Errorf("the brain answered %s: %v", quote(l), err)
				return true
			}
			return false
		}
		res.Move = mv
		return true
	})
	if err != nil {
		c.kill(p)
		return ai.Result{}, err
	}
	p.lastReply = time.Now()
	if moveErr != nil {
		return ai.Result{}, moveErr
	}
	p.stones = append(append([]ai.Stone(nil), pos.Stones...), ai.Stone{P: res.Move, C: pos.ToMove})
	res.Elapsed = time.Since(start)
	return res, nil
}

// restart empties the brain's board with RESTART, on which a brain also
// forgets what it learnt (ours clears its transposition table).
func (c *Client) restart(ctx context.Context, p *brainProc) error {
	if err := p.send("RESTART"); err != nil {
		return c.fail(p, err)
	}
	if err := c.reply(ctx, p, time.Now().Add(c.opt.StartTimeout), true, nil, func(l string) bool { return l == "OK" }); err != nil {
		c.kill(p)
		return fmt.Errorf("RESTART: %w", err)
	}
	p.lastReply = time.Now()
	p.stones, p.fresh = nil, true
	return nil
}

// Start starts the brain for games on a board of size under rule and
// waits for it to accept START, so that a brain that cannot be started
// (a missing program, one that crashes or refuses the board) is known
// before its first move; its first Think then goes on from it.
func (c *Client) Start(ctx context.Context, size int, rule rules.Rule) error {
	_, err := c.ready(ctx, ai.Position{Size: size, Rule: rule})
	return err
}

// NewGame tells a running brain that a new game begins (RESTART), so that
// it starts from nothing learnt, as an internal engine does: a brain that
// kept its table played a match pair's second game, the same opening with
// colours swapped, having just searched it, and the engine that is Black
// first in every pair always played White in that warmer game. It is done
// before the game, off the clock. A brain killed in the last game (it
// overran its time, or crashed) is started again here: started on its
// next move's clock, a slow start on a busy machine lost that game on time
// too, and the one after (in a 500 ms match at load 10, one kill cost the
// next four games). A brain that fails is killed and the next Think
// starts a new one.
func (c *Client) NewGame() {
	p := c.proc
	if p != nil {
		select {
		case <-p.exited:
			p = nil
		default:
		}
	}
	if p == nil {
		if c.board.Size > 0 {
			if _, err := c.ready(context.Background(), c.board); err != nil {
				c.log("new game: %v", err)
			}
		}
		return
	}
	if p.fresh {
		return
	}
	if err := c.restart(context.Background(), p); err != nil {
		c.log("new game: %v", err)
	}
}

func sameStones(a, b []ai.Stone) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

var infoNumber = regexp.MustCompile(`^-?\d+`)

// ParseInfo reads a search report from a MESSAGE or DEBUG line: ours
// ("depth 7 score 35 nodes 1200 time 80ms pv h8 i9") and the common
// "Depth 8-10 | Eval 86 | Node 1046" style. ok is false when the line has
// no depth. Only our "pv" is read as a principal variation: other engines
// count rows from either side (Rapfi's "Bestline" from the top).
func ParseInfo(s string) (in ai.Info, ok bool) {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '|' || r == '\t' })
	for i := 0; i+1 < len(f); i++ {
		num, err := strconv.ParseInt(infoNumber.FindString(f[i+1]), 10, 64)
		switch strings.ToLower(f[i]) {
		case "depth":
			if err == nil {
				in.Depth, ok = int(num), true
			}
		case "score", "eval", "ev":
			if err == nil {
				in.Score = int(num)
			}
		case "nodes", "node":
			if err == nil {
				in.Nodes = num
			}
		case "pv":
			for _, t := range f[i+1:] {
				p, err := rules.ParsePoint(t, rules.MaxSize)
				if err != nil {
					break
				}
				in.PV = append(in.PV, p)
			}
		}
	}
	return in, ok
}
