package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"tengen/firmware/simavr"
)

// TestPlayKillAndResumeFirmware is the kill-and-resume test with the arm
// on the real firmware in simavr, through the serial driver: the process
// (and with it the simulated MCU) is killed at a random journal line and
// resumed on a freshly started firmware. It plays in real time, so it
// makes TENGEN_KILL_FW_RUNS runs (default 1; make soak-kill makes more).
func TestPlayKillAndResumeFirmware(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the firmware in simavr in real time")
	}
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("firmware in simavr: %v", err)
	}
	t.Parallel() // it mostly waits on the firmware's real time
	runs := 1
	if n, err := strconv.Atoi(os.Getenv("TENGEN_KILL_FW_RUNS")); err == nil {
		runs = n
	}
	bin := buildTengen(t)
	// One firmware build for every run (the data folder's firmware/).
	data := t.TempDir()
	if _, err := simavr.BuildAll(t.Context(), filepath.Join(data, "firmware")); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(2026, 12))
	for i := 0; i < runs; i++ {
		// A weak person: short games, as the arm moves in real time.
		args := []string{"play", "--sim", "--firmware", "--camera", "truth", "--think", "40ms", "--person-level", "1",
			"--engine", "tengen:level=7", "--seed", strconv.Itoa(i + 1)}
		killAndResume(t, bin, i, args, []string{"TENGEN_DATA=" + data}, 2+rng.IntN(14), rng, 120*time.Second)
	}
}
