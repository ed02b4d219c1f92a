package ai

import (
	"context"
	"testing"
	"time"

	"tengen/rules"
)

func TestPonderThenThink(t *testing.T) {
	e := NewEngine(EngineOptions{Threads: 2, MaxMemory: 4 << 20})
	p := pos(t, 15, rules.Renju, rules.White, "h8 j9 i10", "i9 j10")
	done := make(chan Result)
	go func() {
		r, err := e.Ponder(context.Background(), p, nil)
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	time.Sleep(50 * time.Millisecond)
	// Think cancels the ponder (which was never cancelled by its caller)
	// and answers.
	r := think(t, e, p, Limits{NoTurnLimit: true, Depth: 3})
	pr := <-done
	if !pr.Move.In(15) {
		t.Errorf("ponder returned %v", pr.Move)
	}
	if r.Depth == 0 {
		t.Errorf("think after ponder: %+v", r)
	}
}

func TestCancelledContext(t *testing.T) {
	e := NewEngine(EngineOptions{MaxMemory: 1 << 20})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := pos(t, 15, rules.Freestyle, rules.Black, "h8 i9", "h9 i8")
	// No limit at all but a dead context: it must still answer, legally.
	r, err := e.Think(ctx, p, Limits{NoTurnLimit: true}, nil)
	if err != nil || !r.Move.In(15) {
		t.Fatalf("Think with a cancelled context: %v, %v", r.Move, err)
	}
}

func TestInstantAndInfo(t *testing.T) {
	e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 1 << 20})
	p := pos(t, 15, rules.Standard, rules.White, "h8 i9 g7", "h9 i8")
	// timeout_turn 0: the instant answer searches two plies at most.
	r := think(t, e, p, Limits{})
	if r.Depth > 2 {
		t.Errorf("instant answer searched depth %d", r.Depth)
	}
	var infos []Info
	r, err := e.Think(context.Background(), p, Limits{NoTurnLimit: true, Depth: 5}, func(i Info) { infos = append(infos, i) })
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) == 0 {
		t.Fatal("no progress reported")
	}
	for k, in := range infos {
		if in.Depth != k+1 || len(in.PV) == 0 || !in.PV[0].In(15) {
			t.Errorf("info %d: %+v", k, in)
		}
	}
	if r.Depth != infos[len(infos)-1].Depth || r.PV[0] != r.Move {
		t.Errorf("result %+v does not match the last info %+v", r, infos[len(infos)-1])
	}
}
