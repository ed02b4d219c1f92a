package serial

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// errUnsynced: the MCU answered "not synchronised", i.e. it restarted
// since the handshake.
var errUnsynced = errors.New("device lost synchronisation (did it reset?)")

var errLinkClosed = errors.New("link closed")

// reply is the answer to one request: the payload of the MCU frame that
// acknowledged it. If the MCU's own reply was lost, a later reply that
// acknowledged the request cumulatively stands in, and exact is false.
type reply struct {
	payload []byte
	exact   bool
	err     error
}

type request struct {
	payload []byte
	seq     byte
	frame   []byte
	done    chan reply
}

type rxEvent struct {
	frames []frame
	err    error
}

// link is the reliable, ordered request/reply channel over one open port:
// a go-back-N window of requests, each retransmitted on a NAK or after rto
// without an acknowledgement, as in Klipper's serial queue. It owns the
// port and closes it when it fails or is closed.
type link struct {
	name    string
	port    io.ReadWriteCloser
	window  int
	rto     time.Duration
	retries int

	submit chan *request
	rx     chan rxEvent
	quit   chan struct{}
	dead   chan struct{}
	err    error // why the link ended; read after dead is closed

	retransmits atomic.Int64
	badFrames   atomic.Int64
}

func newLink(name string, port io.ReadWriteCloser, window int, rto time.Duration, retries int) *link {
	l := &link{
		name: name, port: port, window: window, rto: rto, retries: retries,
		submit: make(chan *request),
		rx:     make(chan rxEvent, 16),
		quit:   make(chan struct{}),
		dead:   make(chan struct{}),
	}
	go l.read()
	go l.run()
	return l
}

func (l *link) read() {
	buf := make([]byte, 256)
	var ps parser
	for {
		n, err := l.port.Read(buf)
		if n > 0 {
			frames, bad := ps.feed(buf[:n])
			l.badFrames.Add(int64(bad))
			if len(frames) > 0 {
				select {
				case l.rx <- rxEvent{frames: frames}:
				case <-l.dead:
					return
				}
			}
		}
		if err == nil && n == 0 {
			// A read timeout; an EOF-less empty read.
			select {
			case <-l.dead:
				return
			default:
				continue
			}
		}
		if err != nil {
			select {
			case l.rx <- rxEvent{err: err}:
			case <-l.dead:
			}
			return
		}
	}
}

// before reports whether sequence number s precedes ack in the window.
func before(s, ack byte) bool {
	d := ack - s
	return d >= 1 && d <= 128
}

func (l *link) run() {
	var win []*request
	var seq byte
	tries := 0
	var deadline, lastResend time.Time
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()

	fail := func(err error) {
		l.err = err
		close(l.dead)
		l.port.Close()
		for _, r := range win {
			r.done <- reply{err: err}
		}
	}
	resend := func() error {
		lastResend = time.Now()
		for _, r := range win {
			l.retransmits.Add(1)
			if _, err := l.port.Write(r.frame); err != nil {
				return err
			}
		}
		return nil
	}
	ack := func(a byte, payload []byte) {
		popped := false
		for len(win) > 0 && before(win[0].seq, a) {
			r := win[0]
			win = win[1:]
			r.done <- reply{payload: payload, exact: r.seq+1 == a}
			popped = true
		}
		if popped {
			tries = 0
			deadline = time.Now().Add(l.rto)
		}
	}

	for {
		if len(win) > 0 {
			timer.Reset(time.Until(deadline))
		}
		var submit chan *request
		if len(win) < l.window {
			submit = l.submit
		}
		select {
		case r := <-submit:
			r.seq = seq
			seq++
			f, err := encodeFrame(r.seq, r.payload)
			if err != nil {
				r.done <- reply{err: err}
				continue
			}
			r.frame = f
			if len(win) == 0 {
				tries = 0
				deadline = time.Now().Add(l.rto)
			}
			win = append(win, r)
			if _, err := l.port.Write(f); err != nil {
				fail(fmt.Errorf("write: %w", err))
				return
			}
		case ev := <-l.rx:
			if ev.err != nil {
				fail(fmt.Errorf("read: %w", ev.err))
				return
			}
			for _, f := range ev.frames {
				if len(f.payload) == 0 {
					continue
				}
				if f.payload[0] == msgIdentReply && (len(win) == 0 || win[0].payload[0] != msgIdentify) {
					// An identify from a link closed before ours, still
					// in the port's buffer, answered late: its
					// acknowledgement can fall in our window, but it
					// answers nothing of ours.
					continue
				}
				if f.payload[0] != msgNak {
					ack(f.seq, f.payload)
					continue
				}
				if len(f.payload) > 1 && f.payload[1] != 0 {
					fail(errUnsynced)
					return
				}
				// A NAK names the first frame the MCU is missing. Go back
				// at once, but not again for every frame in flight; frames
				// it had already executed are resent too, and answered as
				// duplicates with a fresh status, since their replies may
				// be the ones that were lost.
				if len(win) > 0 && time.Since(lastResend) > l.rto/4 {
					if err := resend(); err != nil {
						fail(fmt.Errorf("write: %w", err))
						return
					}
				}
			}
		case <-timer.C:
			if len(win) == 0 || time.Now().Before(deadline) {
				continue
			}
			tries++
			if tries > l.retries {
				fail(fmt.Errorf("no acknowledgement after %d tries of %v", tries, l.rto))
				return
			}
			if err := resend(); err != nil {
				fail(fmt.Errorf("write: %w", err))
				return
			}
			deadline = time.Now().Add(l.rto)
		case <-l.quit:
			fail(errLinkClosed)
			return
		}
	}
}

// start puts payload in the window, waiting while the window is full.
func (l *link) start(ctx context.Context, payload []byte) (*request, error) {
	r := &request{payload: payload, done: make(chan reply, 1)}
	select {
	case l.submit <- r:
		return r, nil
	case <-l.dead:
		return nil, l.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (r *request) wait(ctx context.Context) (reply, error) {
	select {
	case rep := <-r.done:
		return rep, rep.err
	case <-ctx.Done():
		return reply{}, ctx.Err()
	}
}

func (l *link) do(ctx context.Context, payload []byte) (reply, error) {
	r, err := l.start(ctx, payload)
	if err != nil {
		return reply{}, err
	}
	return r.wait(ctx)
}

func (l *link) close() {
	select {
	case <-l.dead:
	default:
		close(l.quit)
		<-l.dead
	}
}
