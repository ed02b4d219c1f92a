package sim

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"tengen/ai"
	"tengen/game"
	"tengen/rules"
)

func TestRunTruthCamera(t *testing.T) {
	var log bytes.Buffer
	sum, err := Run(t.Context(), Options{Games: 2, Seed: 1, Rule: rules.Renju, RobotLevel: 6, PersonLevel: 2,
		Think: 50 * time.Millisecond, PushRate: 0.2, Camera: TruthCamera{}, Dir: t.TempDir(), Log: &log})
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	t.Logf("%+v", sum)
	if sum.Games != 2 || sum.Moves < 10 {
		t.Errorf("summary %+v", sum)
	}
	if sum.MisreadMoves != 0 || sum.StonesLost != 0 || sum.StonesMisplaced != 0 {
		t.Errorf("misread %d, lost %d, misplaced %d\n%s", sum.MisreadMoves, sum.StonesLost, sum.StonesMisplaced, log.String())
	}
	if sum.MedianCycleS <= 0 {
		t.Errorf("no cycle time measured")
	}
}

// TestMisplacedNamesStones: the robot's stones lying off their points at
// the end of a game are named with how far off; the person's are not
// counted, however far off they lie.
func TestMisplacedNamesStones(t *testing.T) {
	w := NewWorld(SeedLayout(), 1)
	g, err := rules.NewGame(15, rules.Freestyle, rules.ReadingRIF)
	if err != nil {
		t.Fatal(err)
	}
	moves := []struct {
		c       rules.Color
		p       string
		dx      float64
		inWorld bool
	}{
		{rules.Black, "h8", 1, true},  // the robot's, on its point
		{rules.White, "h9", 9, true},  // the person's, far off
		{rules.Black, "j8", 6, true},  // the robot's, 6 mm off
		{rules.White, "g9", 0, true},  // the person's
		{rules.Black, "k8", 0, false}, // the robot's, gone from the board
	}
	for _, m := range moves {
		p, err := rules.ParsePoint(m.p, 15)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Play(m.c, p); err != nil {
			t.Fatal(err)
		}
		if m.inWorld {
			w.Put(m.c, p, m.dx, 0)
		}
	}
	s := &game.Session{Black: ai.NewGreedy(1), Referee: g}
	var got []string
	for _, m := range misplaced(s, &Person{}, w) {
		got = append(got, m.p.String()+" "+m.mm)
	}
	if want := "j8 6.0, k8 -"; strings.Join(got, ", ") != want {
		t.Errorf("misplaced %q, want %q", strings.Join(got, ", "), want)
	}
}
