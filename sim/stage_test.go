package sim

import (
	"tengen/arm/armsim"
	"testing"
	"time"

	"tengen/rules"
)

func pt(s string) rules.Point {
	p, err := rules.ParsePoint(s, 15)
	if err != nil {
		panic(err)
	}
	return p
}

// Two paced people at a stage take turns, and a watcher sees every
// position between their moves.
func TestStagePacedPeople(t *testing.T) {
	r, err := NewRobot(1, TopCamera{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	st := &Stage{World: r.World, Camera: TopCamera{}, Start: time.Unix(0, 0), Frame: time.Second}
	for i, moves := range []string{"h8 i9 j10", "h9 i10"} {
		pts, _ := rules.ParsePoints(moves, 15)
		c := []rules.Color{rules.Black, rules.White}[i]
		st.Actors = append(st.Actors, &Paced{Person: NewPerson(c, &ListPlayer{Moves: pts}, rules.Freestyle, uint64(i)), Quiet: 5})
	}
	seen := 0
	for looks := 0; seen < 5 && looks < 100; looks++ {
		s, err := st.Look(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		n := s.Board.Count(rules.Black) + s.Board.Count(rules.White)
		if n > seen+1 {
			t.Fatalf("a look jumped from %d to %d stones: the people did not wait for each other", seen, n)
		}
		seen = n
		if s.Evidence == nil {
			t.Fatal("TopCamera gave no frame")
		}
	}
	if seen != 5 {
		t.Fatalf("saw %d stones", seen)
	}
	if got := st.Now().Sub(time.Unix(0, 0)); got != time.Duration(st.Frames)*time.Second || st.Frames == 0 {
		t.Errorf("stage clock %v after %d frames", got, st.Frames)
	}
}

func TestKnockAndTopCamera(t *testing.T) {
	w := NewWorld(layoutOf(armsim.SeedArm()), 1)
	for _, s := range []string{"h8", "i8", "j8", "h9", "i9"} {
		w.Put(rules.Black, pt(s), 0, 0)
	}
	before := len(w.Board())
	moved, fell := w.Knock(5, pt("i8"), 3, 2, 0.5)
	if moved+fell != 3 || len(w.Board()) != before-fell {
		t.Errorf("knock: %d moved, %d fell, %d stones left of %d", moved, fell, len(w.Board()), before)
	}
	// Same seed, same knock.
	w2 := NewWorld(layoutOf(armsim.SeedArm()), 1)
	for _, s := range []string{"h8", "i8", "j8", "h9", "i9"} {
		w2.Put(rules.Black, pt(s), 0, 0)
	}
	w2.Knock(5, pt("i8"), 3, 2, 0.5)
	a, _ := w.Truth()
	b, _ := w2.Truth()
	if !equal(a, b) {
		t.Errorf("the knock is not deterministic:\n%v\n%v", a, b)
	}
	// A white stone laid on a black one hides it from the camera.
	w3 := NewWorld(layoutOf(armsim.SeedArm()), 1)
	w3.Put(rules.Black, pt("h8"), 0, 0)
	w3.Put(rules.White, pt("h8"), 1, 1)
	v, _ := TopCamera{}.View(w3)
	tv, _ := TruthCamera{}.View(w3)
	if v.Board.At(pt("h8")) != rules.White || tv.Board.At(pt("h8")) != rules.Black {
		t.Errorf("top camera sees %v, truth camera %v", v.Board.At(pt("h8")), tv.Board.At(pt("h8")))
	}
}

func TestScript(t *testing.T) {
	w := NewWorld(layoutOf(armsim.SeedArm()), 1)
	s := &Script{Steps: []ScriptStep{
		{Reach: 2, Do: PutStone(rules.Black, pt("h8"))},
		{Do: func(w *World) { w.MoveStone(pt("h8"), pt("h9"), 0, 0) }},
	}}
	occluded := 0
	for i := 0; i < 5 && !s.Done(); i++ {
		s.Step(t.Context(), w)
		if w.HandOver() != nil {
			occluded++
		}
	}
	b, _ := w.Truth()
	if !s.Done() || occluded != 2 || b.At(pt("h9")) != rules.Black || b.At(pt("h8")) != rules.Empty {
		t.Errorf("done %v, occluded %d frames, board\n%v", s.Done(), occluded, b)
	}
}
