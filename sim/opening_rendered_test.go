//go:build cgo

package sim

import (
	"testing"

	"tengen/ai"
	"tengen/game"
	"tengen/rules"
	"tengen/rules/opening"
)

// A RIF opening over the simulated board seen by the rendered camera and
// read by the vision code: the robot sets the opening and offers its two
// fifth moves with the arm, the person keeps (on the page), plays White 4
// by hand and chooses by taking the other offer off. The board ends with
// exactly the opening's five stones where the machine has them.
func TestOpeningRenderedCamera(t *testing.T) {
	if testing.Short() {
		t.Skip("renders every frame")
	}
	// Half the usual resolution keeps the test quick; the vision code still
	// has some 19 pixels a cell.
	cam := NewRenderedCamera()
	cam.Width, cam.Height = cam.Width/2, cam.Height/2
	for i := range cam.Corners {
		cam.Corners[i].X /= 2
		cam.Corners[i].Y /= 2
	}
	r, err := NewRobot(5, cam)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	proto, _ := opening.ByName("rif")
	m, _ := opening.New(proto, r.World.Layout.Size)
	decisions := make(chan opening.Action, 1)
	robot := ai.NewEngine(ai.EngineOptions{Level: 2, Seed: 5, Threads: 1})
	personEngine := ai.NewEngine(ai.EngineOptions{Level: 2, Seed: 6, Threads: 1})
	p := NewPerson(rules.White, personEngine, rules.Renju, 5)
	p.Turn = func() int { return 0 } // only the opening is played here
	p.Opening = &OpeningSeat{Machine: m, Me: opening.Second, Engine: personEngine, Reading: rules.ReadingRIF, Say: decisions}
	r.Eyes.People = []*Person{p}
	o := &game.Opening{Machine: m, Robot: opening.First, Eyes: r.Eyes, Hand: r.Hand(), Decisions: decisions,
		Decider: game.EngineDecider{Engine: robot, Me: opening.First, Rule: rules.Renju, Reading: rules.ReadingRIF}}
	res, err := o.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Moves) != 5 {
		t.Fatalf("opening moves %v", res.Moves)
	}
	truth, off := r.World.Truth()
	if ch := compare(m.Board(), truth); ch != "" || len(off) > 0 {
		t.Errorf("the board differs from the opening: %s; off the grid %v", ch, off)
	}
	t.Logf("opening %v in %d frames", res.Moves, r.Eyes.Frames)
}
