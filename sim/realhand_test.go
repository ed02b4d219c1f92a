package sim

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"tengen/ai"
	"tengen/firmware/simavr"
	"tengen/game"
	"tengen/rig"
	"tengen/rules"
)

// resettingHand is the real robot's hand whose arm controller restarts
// as the arm sets out on the robot's second move, before it holds a
// stone.
type resettingHand struct {
	game.Hand
	r      *Robot
	places int
	reset  atomic.Bool
}

func (h *resettingHand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if h.places++; h.places == 2 {
		h.r.rig.resetAfter(100*time.Millisecond, func() { h.reset.Store(true) })
	}
	return h.Hand.Place(ctx, p, c)
}

// The real robot's way past a restart of its arm's controller, on the real
// firmware in simavr: the move fails with a fault rig.Transient takes as
// one the robot gets past by itself, the game resumes from its journal
// (ThroughFaults: the arm is homed, the move made), and it goes on to its
// end with every robot stone on its point or in its bowl. (On a loaded
// machine the firmware may also stop for host silence: the same way.)
func TestRealRobotGetsPastAControllerReset(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the firmware in simavr in real time")
	}
	if err := simavr.ToolsPresent(); err != nil {
		t.Skipf("firmware in simavr: %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	w := NewWorld(SeedLayout(), 5)
	whites := w.InBowl(rules.White)
	r, err := NewFirmwareRobot(ctx, w, t.TempDir(), TruthCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	person := NewPerson(rules.Black, ai.NewEngine(ai.EngineOptions{Level: 2, Seed: 5, Threads: 1}), rules.Freestyle, 5)
	person.Limits = ai.Limits{TurnTime: 30 * time.Millisecond}
	r.Eyes.People = []*Person{person}
	cfg := game.Config{Rule: "freestyle", Size: 15, Black: "person", White: "robot"}
	ref, err := game.NewReferee(cfg)
	if err != nil {
		t.Fatal(err)
	}
	j, err := game.CreateJournal(filepath.Join(t.TempDir(), "g.journal"))
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := j.Append(game.Entry{Type: game.EntryStart, Config: &cfg}); err != nil {
		t.Fatal(err)
	}
	ctl := make(chan game.Request, 1)
	hand := &resettingHand{Hand: &rig.WatchedHand{Hand: r.hand, Eyes: r.Eyes}, r: r}
	s := &game.Session{Config: cfg, Referee: ref, Journal: j, Eyes: r.Eyes, Hand: hand, Control: ctl, MaxWrongViews: 200,
		White:  ai.NewEngine(ai.EngineOptions{Level: 2, Seed: 6, Threads: 1}),
		Limits: ai.Limits{TurnTime: 30 * time.Millisecond},
		Observe: func(sn game.Snapshot) {
			if len(sn.Moves) >= 10 && len(ctl) == 0 {
				ctl <- game.RequestResign
			}
		}}
	person.Follow(s.Referee)
	var faults []error
	out, err := game.ThroughFaults(ctx, s, s.Play, func(ctx context.Context, fault error) error {
		faults = append(faults, fault)
		if !rig.Transient(fault) {
			return fault
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%v (faults %v)", err, faults)
	}
	if !hand.reset.Load() || len(faults) == 0 || out.Reason != rules.Resignation {
		t.Errorf("reset %v, faults %v, outcome %v; want the reset's fault and the person's resignation", hand.reset.Load(), faults, out)
	}
	truth, off := w.Truth()
	if ch := game.Compare(s.Referee.Board(), truth); ch.Kind != game.NoChange || len(off) != 0 {
		t.Errorf("the board differs from the record:\n%v\nrecord:\n%v\noff the points %v", truth, s.Referee.Board(), off)
	}
	// Every white stone is on the table or in its bowl. (A starved host
	// lets the firmware stop the pump: a stone can fall off the board,
	// where the camera does not look.)
	onTable := 0
	for _, st := range w.Board() {
		if st.Colour == rules.White {
			onTable++
		}
	}
	if got := onTable + w.InBowl(rules.White); got != whites {
		t.Errorf("white stones: %d on the table and in the bowl, want %d\nfaults %v", got, whites, faults)
	}
	if onTable != truth.Count(rules.White) {
		t.Logf("%d white stones fell off the board (faults %v)", onTable-truth.Count(rules.White), faults)
	}
}
