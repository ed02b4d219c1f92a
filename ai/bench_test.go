package ai

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"tengen/rules"
)

// midgames are reproducible middle-game positions for speed figures.
func midgames(tb testing.TB, n int, rule rules.Rule) []Position {
	rng := rand.New(rand.NewPCG(99, 1))
	var out []Position
	for len(out) < n {
		p := randomPosition(rng, 15, rule, 20+rng.IntN(10))
		nv := naiveOf(p)
		if len(nv.fivePoints(rules.Black)) == 0 && len(nv.fivePoints(rules.White)) == 0 {
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkSearchNPS reports the main search's nodes per second on one
// thread over middle-game positions.
func BenchmarkSearchNPS(b *testing.B) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		b.Run(rule.String(), func(b *testing.B) {
			ps := midgames(b, 8, rule)
			e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 16 << 20})
			var nodes int64
			var elapsed time.Duration
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				r, err := e.Think(context.Background(), p, Limits{NoTurnLimit: true, Nodes: 100000}, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
				elapsed += r.Elapsed
			}
			b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
		})
	}
}

// BenchmarkMakeUnmake measures the incremental board update.
func BenchmarkMakeUnmake(b *testing.B) {
	p := midgames(b, 1, rules.Renju)[0]
	bd, _, _ := setup(p)
	var moves []cell
	bd.eachEmpty(func(i cell) bool {
		if bd.near[i] > 0 {
			moves = append(moves, i)
		}
		return true
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.play(moves[i%len(moves)], uint8(i%2+1))
		bd.undo()
	}
}
