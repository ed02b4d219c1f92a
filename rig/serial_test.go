//go:build cgo

package rig

import (
	"context"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tengen/arm/armsim"
	"tengen/calibration"
	"tengen/firmware/simavr"
	"tengen/vision/synth"
)

// TestOpenSerialFirmware opens the whole rig as `tengen play` does, with
// the arm on our firmware running in simavr behind a pty and the camera a
// folder of rendered frames; the game's hand parks the arm, the eyes read
// the board, and Close releases both.
func TestOpenSerialFirmware(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the firmware in simavr")
	}
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("no simavr tools: %v", err)
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	build, err := simavr.BuildAll(ctx, filepath.Join(dir, "fw"))
	if err != nil {
		t.Fatal(err)
	}
	sim, err := simavr.Start(build, false)
	if err != nil {
		t.Fatal(err)
	}
	defer sim.Close()

	frames := filepath.Join(dir, "frames")
	os.Mkdir(frames, 0o755)
	for _, name := range []string{"0.png", "1.png", "2.png"} {
		f, _ := os.Create(filepath.Join(frames, name))
		png.Encode(f, synth.Render(scene(nil, false, 0)))
		f.Close()
	}
	cal := calibration.Default()
	cal.Arm = armsim.SeedArm()
	for k, c := range imgCorners {
		cal.Board.Corners[k] = [2]float64{c.X, c.Y}
	}
	path := filepath.Join(dir, "calibration.yaml")
	if err := calibration.Save(path, cal); err != nil {
		t.Fatal(err)
	}
	r, err := Open(Config{Calibration: path, Camera: frames, Arm: "serial:" + sim.PTY})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.Hand().Park(ctx); err != nil {
		t.Fatal(err)
	}
	at, homed := r.Arm.Position()
	if d := at.Sub(r.Arm.Layout().Park); !homed || d[0]*d[0]+d[1]*d[1]+d[2]*d[2] > 0.01 {
		t.Errorf("arm at %v (homed %v), want the parking spot %v", at, homed, r.Arm.Layout().Park)
	}
	s, err := r.Eyes.Look(ctx)
	if err != nil || pointsOf(s.Board) != "" {
		t.Errorf("look: %v, stones %q; want an empty board", err, pointsOf(s.Board))
	}
	if err := r.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}
