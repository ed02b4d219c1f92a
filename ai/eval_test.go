package ai

import (
	"context"
	"testing"

	"tengen/rules"
)

// TestThreatEval: the race terms give the mover its double threats when
// the opponent cannot answer with a four, count two open threats against
// it, and ignore renju Black's double threes (forbidden); threatEval weighs
// them with the set's weights, whose decisive terms keep their signs
// whatever the tuner made of the rest.
func TestThreatEval(t *testing.T) {
	type counts map[uint8]int32
	tests := []struct {
		name           string
		mine, theirs   counts
		mine33, thei33 bool // double three forbidden to that side
		term           int  // the term that fires, -1 none
		n              int32
	}{
		{"quiet board", counts{}, counts{}, false, false, -1, 0},
		{"mover's four-three", counts{t43: 1}, counts{}, false, false, termMine43, 1},
		{"four-three against a four", counts{t43: 1}, counts{tB4: 2}, false, false, -1, 0},
		{"mover's double three", counts{t33: 1}, counts{}, false, false, termMine33, 1},
		{"renju Black's double three", counts{t33: 1}, counts{}, true, false, -1, 0},
		{"one open three against", counts{}, counts{t44: 2}, false, false, termTheirF4, 1},
		{"two open threes against", counts{}, counts{t44: 4}, false, false, termTheirManyF4, 1},
		{"open threes against, mover has a four", counts{tB4: 1}, counts{t44: 4}, false, false, -1, 0},
		{"opponent's double three", counts{}, counts{t33: 2}, false, false, termTheirDouble, 2},
		{"opponent's many double threats", counts{}, counts{t33: 5, t43: 2}, false, false, termTheirDouble, 4},
		{"renju Black's double three against White", counts{}, counts{t33: 2}, false, true, -1, 0},
	}
	for _, tt := range tests {
		var mine, theirs [numThreats]int32
		for k, v := range tt.mine {
			mine[k] = v
		}
		for k, v := range tt.theirs {
			theirs[k] = v
		}
		terms := threatTerms(&mine, &theirs, tt.mine33, tt.thei33)
		for k, n := range terms {
			want := int32(0)
			if k == tt.term {
				want = tt.n
			}
			if n != want {
				t.Errorf("%s: term %s = %d, want %d", tt.name, termNames[k], n, want)
			}
		}
		for set := range numEvalSets {
			w := setWeights(set)
			want := 0
			if tt.term >= 0 {
				want = int(tt.n * w[featTerms+tt.term] / evalUnit)
			}
			if v := threatEval(w, &mine, &theirs, tt.mine33, tt.thei33); v != want {
				t.Errorf("%s, set %s: threatEval = %d, want %d", tt.name, setNames[set], v, want)
			}
		}
	}
	for set := range numEvalSets {
		w := setWeights(set)
		if w[featTerms+termMine43] < 500*evalUnit || w[featTerms+termTheirManyF4] > -500*evalUnit {
			t.Errorf("set %s: the mover's four-three weighs %d and three open threats against it %d (eighths)",
				setNames[set], w[featTerms+termMine43], w[featTerms+termTheirManyF4])
		}
	}
}

// TestQuiescenceSeesDoubleThree: a one-ply search (the root threat
// solvers off) proves the double three at j8 wins, because the leaf goes
// on reading while the opponent faces an open three.
func TestQuiescenceSeesDoubleThree(t *testing.T) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		p := pos(t, 15, rule, rules.White, "a1 a15 o1 o15 c3", "g8 h8 j10 j11")
		e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 1 << 20})
		e.lv.vcf, e.lv.vct = 0, 0
		r, err := e.Think(context.Background(), p, Limits{NoTurnLimit: true, Depth: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move.String() != "j8" || r.Score <= winBound {
			t.Errorf("%v: depth 1 plays %v with score %d, want j8 proven won", rule, r.Move, r.Score)
		}
	}
}

// TestAvoidThreats: a move after which the opponent wins by threats
// (White's four-three at k8) gives way to the next root move that stops
// it; when none does, the chosen move stays.
func TestAvoidThreats(t *testing.T) {
	tests := []struct {
		root []string
		want string
	}{
		{[]string{"c13", "k8"}, "k8"},
		{[]string{"c13", "d13", "k9"}, "k9"},
		{[]string{"l8", "c13"}, "l8"},
		{[]string{"c13", "d13"}, "c13"},
	}
	for _, tt := range tests {
		p := pos(t, 15, rules.Freestyle, rules.Black, "a1 a15 o1 o15 g8 h9 j9 i7 l12 j12 l9 m8", "h8 i8 j8 k10 k11")
		e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 1 << 20})
		b, me, err := setup(p)
		if err != nil {
			t.Fatal(err)
		}
		var stop atomicBool
		s := e.searcher(0, b, &stop.b)
		var root []rootMove
		for _, m := range tt.root {
			pt, err := rules.ParsePoint(m, 15)
			if err != nil {
				t.Fatal(err)
			}
			root = append(root, rootMove{m: b.cellOf(pt)})
		}
		m, ok := e.avoidThreats(s, root, root[0].m, me, e.lv.vct, safetyNodes)
		got := b.pointOf(m).String()
		if got != tt.want || !ok {
			t.Errorf("root %v: avoidThreats plays %s (finished %v), want %s", tt.root, got, ok, tt.want)
		}
		// Cut short by the threat timer (the deeper reading of the time
		// left over), it keeps the move it was given and says so.
		s.threatStop.Store(true)
		if m, ok := e.avoidThreats(s, root, root[0].m, me, e.lv.vct+2, 10*safetyNodes); m != root[0].m || ok {
			t.Errorf("root %v: avoidThreats cut short plays %v (finished %v), want %v unfinished", tt.root, b.pointOf(m), ok, tt.root[0])
		}
	}
}
