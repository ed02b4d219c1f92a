package serial

import (
	"errors"
	"io"
	"strings"
	"sync"
	"tengen/arm"
	"testing"
	"time"
)

// silentPort is a device that never answers.
type silentPort struct {
	mu     sync.Mutex
	closed chan struct{}
	writes int
}

func (p *silentPort) Read(b []byte) (int, error) {
	<-p.closed
	return 0, io.ErrClosedPipe
}

func (p *silentPort) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.writes++
	return len(b), nil
}

func (p *silentPort) Close() error {
	select {
	case <-p.closed:
	default:
		close(p.closed)
	}
	return nil
}

func TestHandshakeTimeoutNamesPortAndClosesIt(t *testing.T) {
	var ports []*silentPort
	opts := Options{Handshake: 300 * time.Millisecond, RTO: 20 * time.Millisecond, Retries: 2}
	opts.defaults()
	d := &Driver{path: "/dev/ttyFAKE7", opts: opts, open: func(string, int) (io.ReadWriteCloser, error) {
		p := &silentPort{closed: make(chan struct{})}
		ports = append(ports, p)
		return p, nil
	}}
	start := time.Now()
	err := d.start()
	if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), "/dev/ttyFAKE7") || !strings.Contains(err.Error(), "handshake") {
		t.Fatalf("start against a silent device: %v", err)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second {
		t.Errorf("gave up after %v", elapsed)
	}
	for i, p := range ports {
		select {
		case <-p.closed:
		default:
			t.Errorf("port %d of %d left open", i+1, len(ports))
		}
		if p.writes == 0 {
			t.Errorf("port %d: nothing sent", i+1)
		}
	}
	// Each try retransmits before giving up.
	if len(ports) == 0 || ports[0].writes != 1+opts.Retries {
		t.Errorf("first port saw %d frames, want %d", ports[0].writes, 1+opts.Retries)
	}
}

func TestOpenErrorIsWrapped(t *testing.T) {
	sentinel := errors.New("no such device")
	opts := Options{}
	opts.defaults()
	d := &Driver{path: "/dev/ttyGONE", opts: opts, open: func(string, int) (io.ReadWriteCloser, error) { return nil, sentinel }}
	err := d.start()
	if !errors.Is(err, sentinel) || !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), "/dev/ttyGONE") {
		t.Errorf("got %v", err)
	}
}

// A refusal for a latched fault names the faults for errors.As.
func TestLatchedFaultIsAFaultError(t *testing.T) {
	d := &Driver{path: "/dev/ttyFAKE"}
	err := d.check("pump", status{result: resFault, faults: arm.FaultHostSilent | arm.FaultQueueUnder})
	var fe *arm.FaultError
	if !errors.Is(err, ErrFault) || !errors.As(err, &fe) || fe.Faults != arm.FaultHostSilent|arm.FaultQueueUnder {
		t.Errorf("%v: ErrFault %v, faults %v", err, errors.Is(err, ErrFault), fe)
	}
	if !strings.Contains(err.Error(), "faults host silent, queue underrun") {
		t.Errorf("%v does not name the faults", err)
	}
}

// identPort is a device that answers every frame with an ident reply
// for protocol revision proto.
type identPort struct {
	proto byte
	ps    parser
	r     *io.PipeReader
	w     *io.PipeWriter
}

func newIdentPort(proto byte) *identPort {
	r, w := io.Pipe()
	return &identPort{proto: proto, r: r, w: w}
}

func (p *identPort) Read(b []byte) (int, error) { return p.r.Read(b) }

func (p *identPort) Write(b []byte) (int, error) {
	frames, _ := p.ps.feed(b)
	for _, f := range frames {
		payload := append([]byte{msgIdentReply, p.proto, 16, 20, 0xF4, 0x01, 0xC4, 0x09}, "tengen-fw 0.9.0"...)
		rep, err := encodeFrame(f.seq+1, payload)
		if err != nil {
			return 0, err
		}
		go p.w.Write(rep)
	}
	return len(b), nil
}

func (p *identPort) Close() error { return p.w.Close() }

// A firmware of another protocol revision is a *ProtocolError naming both
// revisions and the port, so the caller can say which firmware to flash.
func TestProtocolMismatch(t *testing.T) {
	opts := Options{Handshake: time.Second}
	opts.defaults()
	d := &Driver{path: "/dev/ttyOLD", opts: opts, open: func(string, int) (io.ReadWriteCloser, error) {
		return newIdentPort(ProtocolVersion + 1), nil
	}}
	err := d.start()
	var perr *ProtocolError
	if !errors.As(err, &perr) {
		t.Fatalf("start against an older firmware: %v, want a *ProtocolError", err)
	}
	if *perr != (ProtocolError{Firmware: "tengen-fw 0.9.0", Got: ProtocolVersion + 1, Want: ProtocolVersion}) {
		t.Errorf("got %+v", *perr)
	}
	if !strings.Contains(err.Error(), "/dev/ttyOLD") {
		t.Errorf("%v does not name the port", err)
	}
}
