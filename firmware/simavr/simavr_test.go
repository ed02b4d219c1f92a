package simavr

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	once     sync.Once
	built    Build
	buildErr error
	dir      string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if dir != "" {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

func mustBuild(t testing.TB) Build {
	t.Helper()
	if err := ToolsPresent(); err != nil {
		t.Skipf("skipping: %v", err)
	}
	once.Do(func() {
		if dir, buildErr = os.MkdirTemp("", "tengen-simavr-"); buildErr == nil {
			built, buildErr = BuildAll(context.Background(), dir)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return built
}

// TestFirmwareUnitTests compiles the generic firmware code (protocol,
// queue, interpolation, safety) for the host with the address and
// undefined-behaviour sanitizers and runs its C unit tests.
func TestFirmwareUnitTests(t *testing.T) {
	for _, tool := range []string{"make", "cc"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("skipping: %s not installed", tool)
		}
	}
	if err := Make(context.Background(), t.TempDir(), "test"); err != nil {
		t.Fatal(err)
	}
}

func TestBuildOutputs(t *testing.T) {
	b := mustBuild(t)
	hex, err := os.ReadFile(b.HEX)
	if err != nil {
		t.Fatal(err)
	}
	s := strings.TrimSpace(string(hex))
	if !strings.HasPrefix(s, ":") || !strings.HasSuffix(s, ":00000001FF") {
		t.Errorf("%s is not Intel HEX", b.HEX)
	}
	if elf, err := os.ReadFile(b.ELF); err != nil || !strings.HasPrefix(string(elf), "\x7fELF") {
		t.Errorf("%s is not an ELF file (%v)", b.ELF, err)
	}
}

func TestHarnessSafeStartAndPacing(t *testing.T) {
	b := mustBuild(t)
	sim, err := Start(b, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()
	if _, err := os.Stat(sim.PTY); err != nil {
		t.Fatalf("pty: %v", err)
	}
	c0, err := sim.Cycles()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := sim.Sleep(300 * time.Millisecond); err != nil {
		t.Fatal(err)
	}
	c1, _ := sim.Cycles()
	wall := time.Since(start)
	// Paced: the simulation never runs ahead of the wall clock (by more
	// than the harness's 1 ms slack and a command's round trip).
	if simulated := time.Duration(c1-c0) * time.Microsecond / CyclesPerMicrosecond; simulated > wall+20*time.Millisecond {
		t.Errorf("%v simulated in %v: faster than real time", simulated, wall)
	}
	pump, valve, led, err := sim.Outputs()
	if err != nil || pump || valve || !led {
		t.Errorf("after power-up: pump %v valve %v LED %v (%v), want off, closed, on (reset fault)", pump, valve, led, err)
	}
	ps, err := sim.Pulses()
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range ps {
		if p.Count != 0 {
			t.Errorf("servo %d: %d pulses with no position commanded", i+1, p.Count)
		}
	}
	if err := sim.SetEStop(true); err != nil {
		t.Fatal(err)
	}
	if err := sim.SetSensorVolts(2.5); err != nil {
		t.Fatal(err)
	}
	if err := sim.Reset(); err != nil {
		t.Fatal(err)
	}
	if _, err := sim.command("bogus"); err == nil || !strings.Contains(err.Error(), "unknown command") {
		t.Errorf("unknown harness command: %v", err)
	}
}

func TestStartFailsCleanly(t *testing.T) {
	b := mustBuild(t)
	b.ELF = filepath.Join(t.TempDir(), "missing.elf")
	if sim, err := Start(b, false); err == nil {
		sim.Close()
		t.Fatal("started with a missing firmware file")
	}
}

// BenchmarkSimulatedSecond measures how long simavr takes for one second
// of firmware time when unpaced: below 1 s/op it runs faster than real time.
func BenchmarkSimulatedSecond(b *testing.B) {
	bd := mustBuild(b)
	sim, err := Start(bd, true)
	if err != nil {
		b.Fatal(err)
	}
	defer sim.Close()
	for b.Loop() {
		if err := sim.Sleep(time.Second); err != nil {
			b.Fatal(err)
		}
	}
}

// The harness links the pty under a name of our choosing (-l).
func TestHarnessLinkName(t *testing.T) {
	b := mustBuild(t)
	link := filepath.Join(t.TempDir(), "ttyTENGEN")
	cmd := exec.Command(b.Harness, "-l", link, b.ELF)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	sc := bufio.NewScanner(stdout)
	pty := ""
	for pty == "" && sc.Scan() {
		if p, ok := strings.CutPrefix(sc.Text(), "pty "); ok {
			pty = p
		}
	}
	if target, err := os.Readlink(link); err != nil || target != pty || pty == "" {
		t.Errorf("link %s -> %q (%v), pty %q", link, target, err, pty)
	}
	io.WriteString(stdin, "quit\n")
}
