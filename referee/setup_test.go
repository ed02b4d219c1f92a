package referee_test

import (
	"errors"
	"testing"

	"tengen/arm"
	"tengen/i18n"
	"tengen/referee"
	"tengen/rules"
	"tengen/rules/record"
	"tengen/sim"
)

// The arm lays out a recorded game for study, from a board with stray
// stones on it, and clears it afterwards; no stone is lost.
func TestSetupAndClear(t *testing.T) {
	robot, err := sim.NewRobot(2, sim.TopCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer robot.Close()
	w := robot.World
	w.Put(rules.Black, pt("a15"), 0, 0) // stray stones: one surplus, one where a white one belongs
	w.Put(rules.Black, pt("i9"), 0, 0)
	stones := func() int { return len(w.Board()) + w.InBowl(rules.Black) + w.InBowl(rules.White) }
	before := stones()
	rec, err := record.Read([]byte("(;GM[4]FF[4]SZ[15];B[hh];W[ig];B[ii];W[gg];B[jj];W[kk];B[hj])"), record.FormatUnknown)
	if err != nil {
		t.Fatal(err)
	}
	want, err := rec.Board()
	if err != nil {
		t.Fatal(err)
	}
	stage := &sim.Stage{World: w, Camera: sim.TopCamera{}}
	hand := arm.Hand{Arm: robot.Arm}
	steps, err := referee.Setup(t.Context(), stage, hand, want)
	if err != nil {
		t.Fatal(err)
	}
	truth, off := w.Truth()
	if f := referee.Examine(want, truth); !f.Clean() || len(off) > 0 {
		t.Fatalf("after setting up: %v, off the grid %v", f, off)
	}
	if len(steps) != 7 { // both stray black stones are lifted onto black points, the rest come from the bowls
		t.Errorf("%d steps: %v", len(steps), steps)
	}
	for _, m := range rec.Moves {
		if d, ok := w.Offset(m.Point); !ok || d > 4 {
			t.Errorf("%v lies %.1f mm off its point", m.Point, d)
		}
	}
	if err := referee.Clear(t.Context(), stage, hand); err != nil {
		t.Fatal(err)
	}
	if n := len(w.Board()); n != 0 {
		t.Errorf("%d stones left on the board", n)
	}
	if after := stones(); after != before {
		t.Errorf("%d stones before, %d after", before, after)
	}
}

// Guide gives up after its views when nobody does the steps, with an
// error a person reads in their language.
func TestGuideGivesUp(t *testing.T) {
	robot, err := sim.NewRobot(2, sim.TopCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer robot.Close()
	want, err := rules.NewBoard(15)
	if err != nil {
		t.Fatal(err)
	}
	want.Set(pt("h8"), rules.Black)
	stage := &sim.Stage{World: robot.World, Camera: sim.TopCamera{}}
	var said []referee.Step
	_, err = referee.Guide(t.Context(), stage, want, func(st referee.Step) { said = append(said, st) }, 2)
	if !errors.Is(err, referee.ErrNotRestored) {
		t.Fatalf("Guide with nobody at the board: %v, want ErrNotRestored", err)
	}
	if len(said) != 1 || said[0].To != pt("h8") {
		t.Errorf("steps shown %v, want the one stone at h8", said)
	}
	zh := &i18n.Printer{Lang: i18n.Simplified}
	if got := zh.Error(err); got != "看了2次，棋盘仍没能复原" {
		t.Errorf("in Chinese: %q", got)
	}
}
