package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"tengen/rules"
)

// midgames are reproducible middle-game positions (moves 16-40 of greedy
// games, converted to rule) where neither side wins by fours: positions
// the main search has to work on.
func midgames(tb testing.TB, n int, rule rules.Rule) []Position {
	var out []Position
	gamePositions(tb, 99, func(p Position) bool {
		if len(p.Stones) < 16 || len(p.Stones)%8 != 0 {
			return true
		}
		p.Stones = append([]Stone(nil), p.Stones...)
		p.Rule = rule
		s, me := solver(tb, p)
		if s.b.has(me, t5) || s.b.has(3-me, t5) || s.vcf(me, 12) || s.vcf(3-me, 12) {
			return true
		}
		out = append(out, p)
		return len(out) < n
	})
	return out
}

// BenchmarkSearchNPS reports the main search's nodes per second on one
// thread over middle-game positions, 100k nodes each (the root threat
// searches are off so that only the main search is timed).
func BenchmarkSearchNPS(b *testing.B) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		b.Run(rule.String(), func(b *testing.B) {
			ps := midgames(b, 8, rule)
			e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 16 << 20})
			e.lv.vcf, e.lv.vct = 0, 0
			// The tables of every rule are built in the background by the
			// first NewEngine: not while a search is timed.
			<-warmed
			var nodes int64
			var elapsed time.Duration
			depth := 0
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				r, err := e.Think(context.Background(), p, Limits{NoTurnLimit: true, Nodes: 100000}, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes += r.Nodes
				elapsed += r.Elapsed
				depth += r.Depth
			}
			b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
			b.ReportMetric(float64(depth)/float64(b.N), "depth")
		})
	}
}

// BenchmarkMakeUnmake measures the incremental board update.
func BenchmarkMakeUnmake(b *testing.B) {
	p := midgames(b, 1, rules.Renju)[0]
	bd, _, _ := setup(p)
	var moves []cell
	bd.eachNear(func(i cell) bool {
		moves = append(moves, i)
		return true
	})
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		bd.play(moves[i%len(moves)], uint8(i%2+1))
		bd.undo()
	}
}

// puzzle is a position whose side to move wins by threats in exactly
// depth moves of its own (and not in fewer).
type puzzle struct {
	pos   Position
	depth int
}

// openPositions yields the positions of gamePositions with at least
// eight stones where neither side has a five to make or to stop: a search
// there runs its course rather than answering a four.
func openPositions(tb testing.TB, seed uint64, f func(Position) bool) {
	tb.Helper()
	gamePositions(tb, seed, func(p Position) bool {
		if len(p.Stones) < 8 {
			return true
		}
		b, me, err := setup(p)
		if err != nil {
			tb.Fatal(err)
		}
		if b.has(me, t5) || b.has(3-me, t5) {
			return true
		}
		return f(p)
	})
}

// gamePositions yields the positions of reproducible games between two
// greedy players from random three-stone openings.
func gamePositions(tb testing.TB, seed uint64, f func(Position) bool) {
	rng := rand.New(rand.NewPCG(seed, 2))
	for game := 0; game < 400; game++ {
		p := randomPosition(rng, 15, rules.Freestyle, 3)
		g1, g2 := NewGreedy(int64(rng.IntN(1000))), NewGreedy(int64(rng.IntN(1000)))
		rb := rules.MustBoard(15)
		for _, s := range p.Stones {
			rb.Set(s.P, s.C)
		}
		for len(p.Stones) < 120 {
			if !f(p) {
				return
			}
			pl := g1
			if p.ToMove == rules.White {
				pl = g2
			}
			r, err := pl.Think(context.Background(), p, Limits{}, nil)
			if err != nil || rb.Wins(r.Move, p.ToMove, p.Rule) {
				break
			}
			rb.Set(r.Move, p.ToMove)
			p.Stones = append(p.Stones, Stone{P: r.Move, C: p.ToMove})
			p.ToMove = p.ToMove.Opponent()
		}
	}
}

// threatPuzzles builds n puzzles from positions of greedy games: VCF
// puzzles (fours only) when vct is false, otherwise VCT puzzles that have
// no VCF. Each VCF puzzle is checked with the plain solver (a win at its
// depth, none in fewer); each VCT puzzle with the main alpha-beta search,
// which must prove the win on its own.
func threatPuzzles(tb testing.TB, n int, vct bool) []puzzle {
	var out []puzzle
	gamePositions(tb, 314, func(p Position) bool {
		p.Stones = append([]Stone(nil), p.Stones...)
		s, me := solver(tb, p)
		if s.b.has(me, t5) || s.b.has(3-me, t5) || s.b.has(me, t44) {
			return true
		}
		if !vct {
			d := 0
			for k := 3; k <= 8 && d == 0; k++ {
				if s.vcf(me, k) {
					d = k
				}
			}
			if fresh, _ := solver(tb, p); d == 0 || fresh.vcf(me, 2) {
				return true // (a fresh table: wins are stored whatever their depth)
			}
			if d <= 4 {
				nv := naiveOf(p)
				if !nv.vcf(rules.Color(me), d) || nv.vcf(rules.Color(me), d-1) {
					tb.Fatalf("VCF puzzle fails the plain solver's check:\n%v", s.b)
				}
			} else if !provedBySearch(tb, p, d) {
				return true
			}
			out = append(out, puzzle{p, d})
			return len(out) < n
		}
		if s.vcf(me, maxVCFDepth) {
			return true
		}
		d := 0
		for k := 2; k <= 3 && d == 0; k++ {
			if s.vct(me, k) {
				d = k
			}
		}
		if d == 0 {
			return true
		}
		if provedBySearch(tb, p, d) {
			out = append(out, puzzle{p, d})
		}
		return len(out) < n
	})
	if len(out) < n {
		tb.Fatalf("built only %d puzzles", len(out))
	}
	return out
}

// provedBySearch reports whether the main alpha-beta search, without the
// threat solvers at the root, proves the side to move wins.
func provedBySearch(tb testing.TB, p Position, d int) bool {
	e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 16 << 20})
	e.lv.vct, e.lv.vcf = 0, 0
	r, err := e.Think(context.Background(), p, Limits{NoTurnLimit: true, Depth: 2*d + 3, Nodes: 2000000}, nil)
	return err == nil && r.Score > winBound
}

func benchPuzzles(b *testing.B, vct bool) {
	ps := threatPuzzles(b, 12, vct)
	b.ResetTimer()
	var nodes int64
	for i := 0; i < b.N; i++ {
		for _, pz := range ps {
			b.StopTimer()
			s, me := solver(b, pz.pos)
			b.StartTimer()
			var win bool
			if vct {
				win = s.vct(me, pz.depth)
			} else {
				win = s.vcf(me, maxVCFDepth)
			}
			if !win {
				b.Fatal("puzzle not solved")
			}
			nodes += s.nodes
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(ps)), "µs/puzzle")
	depths := 0
	for _, pz := range ps {
		depths += pz.depth
	}
	b.ReportMetric(float64(depths)/float64(len(ps)), "mean-depth")
	b.ReportMetric(float64(nodes)/float64(b.N*len(ps)), "nodes/puzzle")
}

// BenchmarkVCFPuzzles: time to solve VCF puzzles (3-8 fours deep).
func BenchmarkVCFPuzzles(b *testing.B) { benchPuzzles(b, false) }

// BenchmarkVCTPuzzles: time to solve VCT puzzles (2-3 threats deep, no VCF).
func BenchmarkVCTPuzzles(b *testing.B) { benchPuzzles(b, true) }

// BenchmarkLadder plays each level against the next (balanced pairs from
// three openings, renju, on the robot's clock of 2 s a move, level 10 on
// two threads) and reports the lower level's score fraction per pair: the
// ladder works when every figure is below 0.5. Levels 1-8 stop at their
// node budgets before the clock; level 9's budget takes about the 2 s.
// Run it with -benchtime 1x; it takes about half an hour.
func BenchmarkLadder(b *testing.B) {
	for i := 0; i < b.N; i++ {
		for lv := 1; lv < 10; lv++ {
			lo := NewEngine(EngineOptions{Level: lv, Threads: 1, MaxMemory: 8 << 20, Seed: uint64(lv)})
			hi := NewEngine(EngineOptions{Level: lv + 1, Threads: 2, MaxMemory: 8 << 20, Seed: uint64(lv + 100)})
			s, n := match(b, lo, hi, rules.Renju, Limits{TurnTime: 2 * time.Second}, ladderOpenings[:3])
			b.ReportMetric(s/float64(n), fmt.Sprintf("L%dvsL%d", lv, lv+1))
		}
	}
}

// BenchmarkVCTNoWin: time to read positions from greedy games without a
// VCF four threats deep: most VCT reads in play find no win, and their
// cost is what a search pays for asking.
func BenchmarkVCTNoWin(b *testing.B) {
	var ps []Position
	gamePositions(b, 271, func(p Position) bool {
		p.Stones = append([]Stone(nil), p.Stones...)
		s, me := solver(b, p)
		if len(p.Stones) < 10 || s.b.has(me, t5) || s.b.has(3-me, t5) || s.vcf(me, maxVCFDepth) {
			return true
		}
		ps = append(ps, p)
		return len(ps) < 24
	})
	b.ResetTimer()
	var nodes int64
	wins := 0
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			b.StopTimer()
			s, me := solver(b, p)
			b.StartTimer()
			if s.vct(me, 4) {
				wins++
			}
			nodes += s.nodes
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(ps)), "µs/read")
	b.ReportMetric(float64(nodes)/float64(b.N*len(ps)), "nodes/read")
	b.ReportMetric(float64(wins)/float64(b.N*len(ps)), "wins/read")
}

// vctCase is a position from Tengen's games against Rapfi in which the
// side to move has no win by fours; kind is what Rapfi read for it: "win"
// (it proved a forced win), "lose" (a forced loss, so no win exists) or
// "even" (neither, within its time).
type vctCase struct {
	pos  Position
	kind string
	src  string
}

// vctCases reads testdata/vct_cases.txt: one position a line, "rule kind
// source moves...", the moves from the first, alternating from Black.
func vctCases(tb testing.TB) []vctCase {
	var out []vctCase
	for _, l := range caseLines(tb, "vct_cases.txt") {
		f := l.f
		rule, err := rules.ParseRule(f[0])
		if err != nil {
			tb.Fatal(err)
		}
		p := Position{Size: 15, Rule: rule, ToMove: rules.Black}
		for _, m := range f[3:] {
			q, err := rules.ParsePoint(m, 15)
			if err != nil {
				tb.Fatal(err)
			}
			p.Stones = append(p.Stones, Stone{P: q, C: p.ToMove})
			p.ToMove = p.ToMove.Opponent()
		}
		out = append(out, vctCase{pos: p, kind: f[1], src: f[2]})
	}
	return out
}

// BenchmarkVCTCases reads every case with the VCT, 500k nodes at most,
// and reports how many of Rapfi's wins it finds within 20k, 100k and
// 500k nodes (a read cut by its budget ends where a larger one would go
// on, so one read gives all three) and the nodes it spends on the cases
// with and without a win. Run it with -benchtime 1x.
func BenchmarkVCTCases(b *testing.B) {
	cases := vctCases(b)
	for _, depth := range []int{4, 6, 10} {
		b.Run(fmt.Sprintf("depth%d", depth), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				var solved [3]int
				var winNodes, otherNodes int64
				wins, others := 0, 0
				for _, c := range cases {
					s, me := solver(b, c.pos)
					win := s.vctBudget(me, depth, 500000)
					if win && c.kind == "lose" {
						b.Fatalf("%s: a win claimed in a lost position", c.src)
					}
					if c.kind != "win" {
						others++
						otherNodes += s.nodes
						continue
					}
					wins++
					winNodes += s.nodes
					for k, budget := range []int64{20000, 100000, 500000} {
						if win && s.nodes <= budget {
							solved[k]++
						}
					}
				}
				b.ReportMetric(float64(solved[0]), "solved-20k")
				b.ReportMetric(float64(solved[1]), "solved-100k")
				b.ReportMetric(float64(solved[2]), "solved-500k")
				b.ReportMetric(float64(winNodes)/float64(wins), "nodes/win-case")
				b.ReportMetric(float64(otherNodes)/float64(others), "nodes/other-case")
			}
		})
	}
}
