package ai

import "testing"

// TestClearMakesTheTableNew: a cleared table holds nothing and is aged as
// a new one, so a game after NewGame searches as a new engine does.
func TestClearMakesTheTableNew(t *testing.T) {
	tt := newTransTable(1 << 16)
	tt.newSearch()
	tt.store(0x1234_5678_9abc_def0, 7, 42, 5, 1)
	if _, score, depth, _, ok := tt.probe(0x1234_5678_9abc_def0); !ok || score != 42 || depth != 5 {
		t.Fatalf("stored entry not found: score %d depth %d ok %v", score, depth, ok)
	}
	tt.clear()
	if _, _, _, _, ok := tt.probe(0x1234_5678_9abc_def0); ok {
		t.Error("the entry survived clear")
	}
	for i := range tt.entries {
		if tt.entries[i].data.Load() != 0 || tt.entries[i].check.Load() != 0 {
			t.Fatalf("entry %d not zero after clear", i)
		}
	}
	if g := tt.gen.Load(); g != 0 {
		t.Errorf("generation %d after clear, want 0 as a new table's", g)
	}
}

// BenchmarkNewGame measures what a new game costs the engine with a
// Gomocup-sized table (350 MB allowed: 128 MiB), its searchers used once.
func BenchmarkNewGame(b *testing.B) {
	e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 350_000_000})
	for b.Loop() {
		e.tt.newSearch()
		e.NewGame()
	}
}
