package sim

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	bugserial "go.bug.st/serial"
	"golang.org/x/sys/unix"
)

// lineProxy sits on the serial line between the driver and the firmware's
// pty, as a flaky USB cable would: it forwards bytes both ways and, when
// asked, flips a byte, drops a byte, stalls the line for a while, or is
// pulled out and plugged back. The driver opens Path, a symlink to a new
// pty, as udev's /dev/serial/by-id links are to a USB adapter's tty: it
// vanishes while the cable is out and comes back, to a new pty, when it
// is plugged in again.
type lineProxy struct {
	Path string

	dir    string
	device io.ReadWriteCloser

	mu      sync.Mutex
	master  *os.File // the driver's pty, nil while the cable is out
	flip    int      // bytes still to flip (the next ones forwarded, either way)
	drop    int      // bytes still to drop
	stalled time.Time
	stop    chan struct{}
}

// newLineProxy opens devicePath (the harness's pty) and a new pty for the
// driver, and starts forwarding.
func newLineProxy(devicePath string) (*lineProxy, error) {
	dir, err := os.MkdirTemp("", "tengen-line-")
	if err != nil {
		return nil, fmt.Errorf("line proxy: %w", err)
	}
	dev, err := bugserial.Open(devicePath, &bugserial.Mode{BaudRate: 115200})
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("line proxy: %w", err)
	}
	p := &lineProxy{Path: filepath.Join(dir, "ttyACM-tengen"), dir: dir, device: dev, stop: make(chan struct{})}
	if err := p.plug(); err != nil {
		dev.Close()
		os.RemoveAll(dir)
		return nil, err
	}
	go p.fromDriver()
	go p.toDriver()
	return p, nil
}

// plug opens a new pty for the driver and points Path at it.
func (p *lineProxy) plug() error {
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return fmt.Errorf("line proxy: %w", err)
	}
	if err := unix.IoctlSetPointerInt(int(m.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		m.Close()
		return fmt.Errorf("line proxy: unlocking the pty: %w", err)
	}
	n, err := unix.IoctlGetInt(int(m.Fd()), unix.TIOCGPTN)
	if err != nil {
		m.Close()
		return fmt.Errorf("line proxy: pty number: %w", err)
	}
	// A new link renamed over the path: the driver never sees half of it.
	tmp := p.Path + ".new"
	os.Remove(tmp)
	if err := os.Symlink(fmt.Sprintf("/dev/pts/%d", n), tmp); err != nil {
		m.Close()
		return fmt.Errorf("line proxy: %w", err)
	}
	if err := os.Rename(tmp, p.Path); err != nil {
		m.Close()
		return fmt.Errorf("line proxy: %w", err)
	}
	p.mu.Lock()
	p.master = m
	p.mu.Unlock()
	return nil
}

// Unplug pulls the cable: the driver's port hangs up and its path
// vanishes; after outage it is plugged back (a new pty at the same path).
// Bytes the firmware sends meanwhile are lost, as on a pulled cable.
func (p *lineProxy) Unplug(outage time.Duration) {
	p.mu.Lock()
	m := p.master
	p.master = nil
	p.mu.Unlock()
	if m == nil {
		return // already out
	}
	os.Remove(p.Path)
	m.Close()
	time.AfterFunc(outage, func() {
		select {
		case <-p.stop:
		default:
			p.plug()
		}
	})
}

func (p *lineProxy) current() *os.File {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.master
}

// wait pauses a pump after a failed read; it reports false once the proxy
// is closed.
func (p *lineProxy) wait() bool {
	select {
	case <-p.stop:
		return false
	case <-time.After(10 * time.Millisecond):
		return true
	}
}

// fromDriver forwards the driver's bytes to the firmware.
func (p *lineProxy) fromDriver() {
	buf := make([]byte, 256)
	for {
		m := p.current()
		if m == nil {
			if !p.wait() {
				return
			}
			continue
		}
		n, err := m.Read(buf)
		if err != nil {
			// The master reads EIO while the driver has the port closed
			// (it reconnects after a reset), and fails once unplugged.
			if !p.wait() {
				return
			}
			continue
		}
		if out := p.filter(buf[:n]); len(out) > 0 {
			if _, err := p.device.Write(out); err != nil {
				return
			}
		}
	}
}

// toDriver forwards the firmware's bytes to the driver, if plugged in.
func (p *lineProxy) toDriver() {
	buf := make([]byte, 256)
	for {
		n, err := p.device.Read(buf)
		if err != nil {
			if !p.wait() {
				return
			}
			continue
		}
		out := p.filter(buf[:n])
		if m := p.current(); m != nil && len(out) > 0 {
			m.Write(out) // a failed write is a byte lost on the line
		}
	}
}

// filter passes bytes through the line's faults.
func (p *lineProxy) filter(in []byte) []byte {
	out := make([]byte, 0, len(in))
	for _, b := range in {
		p.mu.Lock()
		if d := time.Until(p.stalled); d > 0 {
			p.mu.Unlock()
			time.Sleep(d) // the line hangs; bytes wait in the cable's buffers
			p.mu.Lock()
		}
		switch {
		case p.drop > 0:
			p.drop--
			p.mu.Unlock()
			continue
		case p.flip > 0:
			p.flip--
			b ^= 1 << (b % 8)
		}
		p.mu.Unlock()
		out = append(out, b)
	}
	return out
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

// Close stops forwarding and removes the driver's path.
func (p *lineProxy) Close() error {
	close(p.stop)
	p.mu.Lock()
	m := p.master
	p.master = nil
	p.mu.Unlock()
	if m != nil {
		m.Close()
	}
	os.RemoveAll(p.dir)
	return p.device.Close()
}
