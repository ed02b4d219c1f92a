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
