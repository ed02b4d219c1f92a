package sim

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	bugserial "go.bug.st/serial"
	"golang.org/x/sys/unix"
)

// lineProxy sits on the serial line between the driver and the firmware's
// pty, as a flaky USB cable would: it forwards bytes both ways and, when
// asked, flips a byte, drops a byte or stalls the line for a while. The
// driver opens Path, a new pty.
type lineProxy struct {
	Path string

	master *os.File
	device io.ReadWriteCloser

	mu      sync.Mutex
	flip    int // bytes still to flip (the next ones forwarded, either way)
	drop    int // bytes still to drop
	stalled time.Time
	hits    map[string]int // faults that touched a byte, by name
	stop    chan struct{}
}

// newLineProxy opens devicePath (the harness's pty) and a new pty for the
// driver, and starts forwarding.
func newLineProxy(devicePath string) (*lineProxy, error) {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, fmt.Errorf("line proxy: %w", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		return nil, fmt.Errorf("line proxy: unlocking the pty: %w", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		return nil, fmt.Errorf("line proxy: pty number: %w", err)
	}
	dev, err := bugserial.Open(devicePath, &bugserial.Mode{BaudRate: 115200})
	if err != nil {
		m.Close()
		return nil, fmt.Errorf("line proxy: %w", err)
	}
	p := &lineProxy{Path: fmt.Sprintf("/dev/pts/%d", n), master: m, device: dev, hits: map[string]int{}, stop: make(chan struct{})}
	go p.pump(m, dev)
	go p.pump(dev, m)
	return p, nil
}

// pump copies src to dst a byte at a time through the faults.
func (p *lineProxy) pump(src io.Reader, dst io.Writer) {
	buf := make([]byte, 256)
	for {
		n, err := src.Read(buf)
		if err != nil {
			// The pty's master reads EIO while the driver has the port
			// closed (it reconnects after a reset): wait for it to reopen.
			select {
			case <-p.stop:
				return
			case <-time.After(10 * time.Millisecond):
				continue
			}
		}
		out := buf[:0:0]
		for _, b := range buf[:n] {
			p.mu.Lock()
			if d := time.Until(p.stalled); d > 0 {
				p.mu.Unlock()
				time.Sleep(d) // the line hangs; bytes wait in the cable's buffers
				p.mu.Lock()
			}
			switch {
			case p.drop > 0:
				p.drop--
				p.hits[FaultSerialDrop]++
				p.mu.Unlock()
				continue
			case p.flip > 0:
				p.flip--
				p.hits[FaultSerialFlip]++
				b ^= 1 << (b % 8)
			}
			p.mu.Unlock()
			out = append(out, b)
		}
		if len(out) > 0 {
			if _, err := dst.Write(out); err != nil {
				return
			}
		}
	}
}

// Flip flips a bit in each of the next n bytes; Drop loses the next n;
// Stall holds the line for d.
func (p *lineProxy) Flip(n int) { p.mu.Lock(); p.flip += n; p.mu.Unlock() }
func (p *lineProxy) Drop(n int) { p.mu.Lock(); p.drop += n; p.mu.Unlock() }
func (p *lineProxy) Stall(d time.Duration) {
	p.mu.Lock()
	p.stalled = time.Now().Add(d)
	p.mu.Unlock()
}

// Close stops forwarding.
func (p *lineProxy) Close() error {
	close(p.stop)
	p.master.Close()
	return p.device.Close()
}
