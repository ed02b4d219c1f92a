package serial

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"
)

// pipePort is one end of a buffered, bidirectional byte stream.
type pipePort struct {
	r *os.File
	w *os.File
	// drop, if set, swallows whole writes (frames lost on the wire).
	drop func() bool
}

func (p *pipePort) Read(b []byte) (int, error) { return p.r.Read(b) }
func (p *pipePort) Write(b []byte) (int, error) {
	if p.drop != nil && p.drop() {
		return len(b), nil
	}
	return p.w.Write(b)
}
func (p *pipePort) Close() error { p.r.Close(); return p.w.Close() }

func pipePair(t *testing.T) (host, dev *pipePort) {
	r1, w1, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r2, w2, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	return &pipePort{r: r1, w: w2}, &pipePort{r: r2, w: w1}
}

// lossy returns a drop rule losing writes with probability p, seeded.
func lossy(p float64, seed uint64) func() bool {
	var mu sync.Mutex
	rng := rand.New(rand.NewPCG(seed, 1))
	return func() bool {
		mu.Lock()
		defer mu.Unlock()
		return rng.Float64() < p
	}
}

// fakeDevice follows the firmware's sequencing rules (PROTOCOL.md,
// "Reliability") and records the payloads it executed.
func fakeDevice(port io.ReadWriteCloser, executed chan<- byte) {
	var ps parser
	var expected byte
	naked := false
	buf := make([]byte, 256)
	reply := func(p ...byte) {
		f, _ := encodeFrame(expected, p)
		port.Write(f)
	}
	for {
		n, err := port.Read(buf)
		if err != nil {
			close(executed)
			return
		}
		frames, bad := ps.feed(buf[:n])
		if bad > 0 && !naked {
			naked = true
			reply(msgNak, 0)
		}
		for _, f := range frames {
			switch {
			case f.seq == expected:
				expected++
				naked = false
				executed <- f.payload[0]
				reply(msgStatusReply, resOK, f.payload[0])
			case byte(expected-f.seq) <= 128:
				reply(msgStatusReply, resDuplicate, f.payload[0])
			case !naked:
				naked = true
				reply(msgNak, 0)
			}
		}
	}
}

// TestLinkExactlyOnceOverLossyLine: with whole frames lost in both
// directions, every request is executed exactly once, in order, and
// answered.
func TestLinkExactlyOnceOverLossyLine(t *testing.T) {
	for _, tc := range []struct {
		name        string
		hostP, devP float64
		window      int
		wantResends bool
	}{
		{"clean", 0, 0, 4, false},
		{"host frames lost", 0.1, 0, 4, true},
		{"replies lost", 0, 0.2, 4, true},
		{"both lost, window 1", 0.1, 0.1, 1, true},
		{"both lost, window 8", 0.15, 0.15, 8, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			host, dev := pipePair(t)
			if tc.hostP > 0 {
				host.drop = lossy(tc.hostP, 1)
			}
			if tc.devP > 0 {
				dev.drop = lossy(tc.devP, 2)
			}
			executed := make(chan byte, 1000)
			go fakeDevice(dev, executed)
			l := newLink("pipe", host, tc.window, 20*time.Millisecond, 10)
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			const n = 200
			var reqs []*request
			for i := range n {
				r, err := l.start(ctx, []byte{byte(i)})
				if err != nil {
					t.Fatal(err)
				}
				reqs = append(reqs, r)
			}
			for i, r := range reqs {
				rep, err := r.wait(ctx)
				if err != nil {
					t.Fatalf("request %d: %v", i, err)
				}
				if len(rep.payload) != 3 || rep.payload[0] != msgStatusReply {
					t.Fatalf("request %d: reply % x", i, rep.payload)
				}
			}
			l.close()
			dev.Close()
			var got []byte
			for b := range executed {
				got = append(got, b)
			}
			if len(got) != n {
				t.Fatalf("executed %d requests, want %d", len(got), n)
			}
			for i, b := range got {
				if b != byte(i) {
					t.Fatalf("execution %d was request %d: out of order or repeated", i, b)
				}
			}
			if resent := l.retransmits.Load() > 0; resent != tc.wantResends {
				t.Errorf("retransmits %d", l.retransmits.Load())
			}
		})
	}
}

func TestLinkGivesUpAndClosesThePort(t *testing.T) {
	host, dev := pipePair(t)
	defer dev.Close()
	l := newLink("pipe", host, 4, 10*time.Millisecond, 3)
	_, err := l.do(context.Background(), []byte{msgStatus})
	if err == nil {
		t.Fatal("no error from a silent device")
	}
	if _, werr := host.w.Write([]byte{0}); werr == nil {
		t.Error("port still open after the link gave up")
	}
}

// Identifies a closed link left in the port's buffer are answered after
// the new link's handshake: a late ident reply whose acknowledgement
// covers the new link's status request must not pass for its answer.
func TestLinkStaleIdentReply(t *testing.T) {
	host, dev := pipePair(t)
	defer dev.Close()
	go func() {
		var ps parser
		buf := make([]byte, 256)
		reply := func(ack byte, p ...byte) {
			f, _ := encodeFrame(ack, p)
			dev.Write(f)
		}
		for {
			n, err := dev.Read(buf)
			if err != nil {
				return
			}
			frames, _ := ps.feed(buf[:n])
			for _, f := range frames {
				switch f.payload[0] {
				case msgIdentify: // the old link's identify #0, answered first
					reply(1, msgIdentReply, 1)
				case msgStatus: // the old link's #1, then the new link's #0, then the request
					reply(2, msgIdentReply, 1)
					reply(1, msgIdentReply, 1)
					reply(2, msgStatusReply, resOK, 0)
				}
			}
		}
	}()
	l := newLink("pipe", host, 4, time.Second, 3)
	defer l.close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if rep, err := l.do(ctx, []byte{msgIdentify}); err != nil || rep.payload[0] != msgIdentReply {
		t.Fatalf("handshake: % x, %v", rep.payload, err)
	}
	rep, err := l.do(ctx, []byte{msgStatus})
	if err != nil || rep.payload[0] != msgStatusReply || !rep.exact {
		t.Errorf("status request answered by % x (exact %v), %v", rep.payload, rep.exact, err)
	}
}
