package serial

import (
	"context"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"tengen/firmware/simavr"
)

// The integration tests run the real firmware in simavr; the firmware and
// harness are built once per test binary.
var (
	buildOnce sync.Once
	build     simavr.Build
	buildErr  error
	buildDir  string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func startSim(t testing.TB) *simavr.Sim {
	t.Helper()
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("skipping firmware-in-simavr test: %v", err)
	}
	if tt, ok := t.(*testing.T); ok {
		// Each simulation mostly waits on real time (~40% of a core).
		tt.Parallel()
	}
	buildOnce.Do(func() {
		if buildDir, buildErr = os.MkdirTemp("", "tengen-fw-"); buildErr == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			build, buildErr = simavr.BuildAll(ctx, buildDir)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	sim, err := simavr.Start(build, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sim.Close() })
	return sim
}

// plug stands between the driver and the port, so tests can corrupt bytes
// on the line or pull the cable.
type plug struct {
	mu      sync.Mutex
	onWrite func(p []byte) []byte // may return altered bytes
	onRead  func(p []byte)        // may alter received bytes in place
	current *plugPort
}

type plugPort struct {
	io.ReadWriteCloser
	plug *plug
}

func (pp *plugPort) Write(p []byte) (int, error) {
	pp.plug.mu.Lock()
	hook := pp.plug.onWrite
	pp.plug.mu.Unlock()
	q := p
	if hook != nil {
		q = hook(append([]byte(nil), p...))
	}
	if _, err := pp.ReadWriteCloser.Write(q); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (pp *plugPort) Read(p []byte) (int, error) {
	n, err := pp.ReadWriteCloser.Read(p)
	pp.plug.mu.Lock()
	hook := pp.plug.onRead
	pp.plug.mu.Unlock()
	if hook != nil && n > 0 {
		hook(p[:n])
	}
	return n, err
}

// unplug closes the port under the driver, as pulling the USB cable does.
func (pl *plug) unplug() {
	pl.mu.Lock()
	cur := pl.current
	pl.mu.Unlock()
	if cur != nil {
		cur.ReadWriteCloser.Close()
	}
}

func (pl *plug) set(onWrite func([]byte) []byte, onRead func([]byte)) {
	pl.mu.Lock()
	pl.onWrite, pl.onRead = onWrite, onRead
	pl.mu.Unlock()
}

// openSim opens a driver on sim's pty through a plug.
func openSim(t testing.TB, sim *simavr.Sim, tune ...func(*Options)) (*Driver, *plug) {
	t.Helper()
	pl := &plug{}
	opts := Options{}
	for _, f := range tune {
		f(&opts)
	}
	opts.defaults()
	d := &Driver{path: sim.PTY, opts: opts, open: func(path string, baud int) (io.ReadWriteCloser, error) {
		p, err := openPort(path, baud)
		if err != nil {
			return nil, err
		}
		pp := &plugPort{ReadWriteCloser: p, plug: pl}
		pl.mu.Lock()
		pl.current = pp
		pl.mu.Unlock()
		return pp, nil
	}}
	if err := d.start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, pl
}
