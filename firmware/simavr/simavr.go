// Package simavr builds the Tengen firmware and runs it in the simavr AVR
// simulator under our harness (firmware/harness/harness.c): the firmware's
// UART0 appears as a pty that the serial driver opens like a USB port, and
// the harness measures the servo pulses, feeds the vacuum sensor's voltage
// and works the e-stop. Tests and the simulated robot use it; it needs
// avr-gcc, avr-libc, libsimavr-dev and libelf-dev (`make deps`).
package simavr

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// CyclesPerMicrosecond is the simulated ATmega328P's clock in MHz.
const CyclesPerMicrosecond = 16

// Build holds the built firmware and harness.
type Build struct {
	ELF     string // firmware for the ATmega328P
	HEX     string // the same, for avrdude
	Harness string // the simavr harness
}

// ErrToolsMissing reports that the AVR toolchain or simavr is not installed.
var ErrToolsMissing = errors.New("avr-gcc or simavr development files missing (run `make deps`)")

// SourceDir is the firmware source directory (this package's parent).
func SourceDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// ToolsPresent reports whether the firmware and harness can be built here.
func ToolsPresent() error {
	for _, tool := range []string{"make", "avr-gcc", "pkg-config", "cc"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s: %w", tool, ErrToolsMissing)
		}
	}
	if err := exec.Command("pkg-config", "--exists", "simavr").Run(); err != nil {
		return fmt.Errorf("pkg-config simavr: %w", ErrToolsMissing)
	}
	return nil
}

// BuildAll runs the firmware Makefile's firmware and harness targets into
// dir. defines, such as "-DCORE_GRIP_LIMIT_MS=2000UL", change the
// firmware's compile-time limits for a test; the robot's firmware has none.
func BuildAll(ctx context.Context, dir string, defines ...string) (Build, error) {
	if err := ToolsPresent(); err != nil {
		return Build{}, err
	}
	if err := Make(ctx, dir, "FWDEFS="+strings.Join(defines, " "), "firmware", "harness"); err != nil {
		return Build{}, err
	}
	return Build{
		ELF:     filepath.Join(dir, "tengen-fw.elf"),
		HEX:     filepath.Join(dir, "tengen-fw.hex"),
		Harness: filepath.Join(dir, "harness"),
	}, nil
}

// Make runs the firmware Makefile with BUILD=dir for targets.
func Make(ctx context.Context, dir string, targets ...string) error {
	args := append([]string{"-s", "-C", SourceDir(), "BUILD=" + dir}, targets...)
	out, err := exec.CommandContext(ctx, "make", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("make %s: %w\n%s", strings.Join(targets, " "), err, out)
	}
	return nil
}

// Sim is a running harness.
type Sim struct {
	PTY string // the firmware's UART0

	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	mu     sync.Mutex
	closed bool
}

// Start runs b's firmware in the harness. With fast set the simulation
// runs as fast as the host allows; otherwise it is paced to real time, so
// the firmware's timeouts match the host's clock.
func Start(b Build, fast bool) (*Sim, error) {
	args := []string{b.ELF}
	if fast {
		args = []string{"-f", b.ELF}
	}
	cmd := exec.Command(b.Harness, args...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("harness: %w", err)
	}
	s := &Sim{cmd: cmd, stdin: stdin, lines: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	// simavr prints its own banner lines first.
	timeout := time.After(10 * time.Second)
	for s.PTY == "" {
		select {
		case line, ok := <-s.lines:
			if !ok {
				s.Close()
				return nil, errors.New("harness exited before opening its pty")
			}
			if p, ok := strings.CutPrefix(line, "pty "); ok {
				s.PTY = p
			}
		case <-timeout:
			s.Close()
			return nil, errors.New("harness: no pty after 10 s")
		}
	}
	return s, nil
}

// command sends one command and returns its reply line, which starts with
// the command's name.
func (s *Sim) command(cmd string) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil, errors.New("harness closed")
	}
	if _, err := fmt.Fprintln(s.stdin, cmd); err != nil {
		return nil, fmt.Errorf("harness %q: %w", cmd, err)
	}
	name := strings.Fields(cmd)[0]
	timeout := time.After(5 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				return nil, fmt.Errorf("harness %q: exited", cmd)
			}
			f := strings.Fields(line)
			if len(f) > 0 && f[0] == "err" {
				return nil, fmt.Errorf("harness %q: %s", cmd, line)
			}
			if len(f) > 0 && f[0] == name {
				return f[1:], nil
			}
		case <-timeout:
			return nil, fmt.Errorf("harness %q: no reply in 5 s", cmd)
		}
	}
}

// Pulse is what the harness measured on one servo pin, in CPU cycles.
type Pulse struct {
	Count          uint64 // pulses since the last ClearPulses
	Last, Min, Max uint64 // width of the last pulse, extremes since ClearPulses
	Period         uint64 // last rising edge to rising edge
}

// LastMicros is the last pulse width in µs.
func (p Pulse) LastMicros() float64 { return float64(p.Last) / CyclesPerMicrosecond }

// Jitter is the spread of widths since ClearPulses, in µs.
func (p Pulse) Jitter() float64 { return float64(p.Max-p.Min) / CyclesPerMicrosecond }

// Pulses reports the three servo pins D9, D10, D11.
func (s *Sim) Pulses() ([3]Pulse, error) {
	var ps [3]Pulse
	f, err := s.command("stats")
	if err != nil {
		return ps, err
	}
	if len(f) != 15 {
		return ps, fmt.Errorf("harness stats: want 15 fields, got %q", f)
	}
	for i := range ps {
		var v [5]uint64
		for j := range v {
			if v[j], err = strconv.ParseUint(f[5*i+j], 10, 64); err != nil {
				return ps, fmt.Errorf("harness stats: %w", err)
			}
		}
		ps[i] = Pulse{Count: v[0], Last: v[1], Min: v[2], Max: v[3], Period: v[4]}
	}
	return ps, nil
}

// ClearPulses restarts the counts and min/max of Pulses.
func (s *Sim) ClearPulses() error {
	_, err := s.command("clear")
	return err
}

// SetSensorVolts sets the voltage on ADC0, the vacuum sensor's output.
func (s *Sim) SetSensorVolts(v float64) error {
	_, err := s.command(fmt.Sprintf("adc %d", int(v*1000+0.5)))
	return err
}

// SetEStop opens (true: stopped) or closes the e-stop switch on D2.
func (s *Sim) SetEStop(open bool) error {
	v := 0
	if open {
		v = 1
	}
	_, err := s.command(fmt.Sprintf("estop %d", v))
	return err
}

// Outputs reports the pump (D5), valve (D6) and LED (D13) pins.
func (s *Sim) Outputs() (pump, valve, led bool, err error) {
	f, err := s.command("pins")
	if err != nil {
		return false, false, false, err
	}
	if len(f) != 3 {
		return false, false, false, fmt.Errorf("harness pins: %q", f)
	}
	return f[0] == "1", f[1] == "1", f[2] == "1", nil
}

// Cycles is the simulated time in CPU cycles.
func (s *Sim) Cycles() (uint64, error) {
	f, err := s.command("time")
	if err != nil {
		return 0, err
	}
	if len(f) != 1 {
		return 0, fmt.Errorf("harness time: %q", f)
	}
	return strconv.ParseUint(f[0], 10, 64)
}

// Reset restarts the MCU, as a watchdog reset or a power cycle would.
func (s *Sim) Reset() error {
	_, err := s.command("reset")
	return err
}

// Close stops the harness.
func (s *Sim) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	fmt.Fprintln(s.stdin, "quit")
	s.stdin.Close()
	s.mu.Unlock()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(3 * time.Second):
		s.cmd.Process.Kill()
		return <-done
	}
}

// Sleep waits until d of simulated time has passed. On a loaded machine the
// simulation runs slower than real time, so tests wait on its clock.
func (s *Sim) Sleep(d time.Duration) error {
	start, err := s.Cycles()
	if err != nil {
		return err
	}
	want := start + uint64(d.Microseconds())*CyclesPerMicrosecond
	limit := time.Now().Add(20*d + 5*time.Second)
	for {
		now, err := s.Cycles()
		if err != nil {
			return err
		}
		if now >= want {
			return nil
		}
		if time.Now().After(limit) {
			return fmt.Errorf("harness: simulated time stuck at %d cycles", now)
		}
		time.Sleep(min(5*time.Millisecond, time.Duration(want-now)*time.Microsecond/CyclesPerMicrosecond))
	}
}
