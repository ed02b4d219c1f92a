package ai

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"tengen/rules"
)

// choice is a position with the move a stronger engine chose there.
type choice struct {
	src    string
	pos    Position
	strong rules.Point // Rapfi's move
	played rules.Point // Tengen's move in the game
}

// rapfiChoices reads testdata/rapfi_choices.txt.
func rapfiChoices(tb testing.TB) []choice {
	f, err := os.Open("testdata/rapfi_choices.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []choice
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) < 6 {
			tb.Fatalf("rapfi_choices.txt:%d: %d fields, want at least 6", line, len(fs))
		}
		rule, err := rules.ParseRule(fs[0])
		if err != nil {
			tb.Fatalf("rapfi_choices.txt:%d: %v", line, err)
		}
		c := choice{src: fs[1], pos: Position{Size: 15, Rule: rule}}
		pts, err := rules.ParsePoints(strings.Join(append([]string{fs[2], fs[3]}, fs[5:]...), " "), 15)
		if err != nil {
			tb.Fatalf("rapfi_choices.txt:%d: %v", line, err)
		}
		c.strong, c.played = pts[0], pts[1]
		for k, p := range pts[2:] {
			col := rules.Black
			if k%2 == 1 {
				col = rules.White
			}
			c.pos.Stones = append(c.pos.Stones, Stone{P: p, C: col})
		}
		c.pos.ToMove = rules.Black
		if len(c.pos.Stones)%2 == 1 {
			c.pos.ToMove = rules.White
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRapfiChoices searches each position of rapfi_choices.txt on a
// fixed node budget (TENGEN_NODES, default 300k; TENGEN_THREADS, default
// 1) and reports the depth reached, how often the engine's move is
// Rapfi's, and the CPU time a position. Depth per node and agreement with
// a much stronger engine are the figures a pruning change is judged by;
// node budgets keep them independent of the machine's load.
// TENGEN_DEPTH=d searches each position to depth d instead (no budget).
// TENGEN_CHOICES_OUT names a file for the per-position results.
// TENGEN_REPEAT=n searches each position n times and counts the least CPU
// time of the n (on one thread the searches are the same): on a shared
// machine the others' load slows some runs, never speeds one up.
// Run it with -benchtime 1x: one pass is the whole set.
func BenchmarkRapfiChoices(b *testing.B) {
	nodes := int64(envCount(b, "TENGEN_NODES", 300000))
	threads := envCount(b, "TENGEN_THREADS", 1)
	repeat := envCount(b, "TENGEN_REPEAT", 1)
	lim := Limits{NoTurnLimit: true, Nodes: nodes}
	if os.Getenv("TENGEN_DEPTH") != "" {
		// To a fixed depth instead: nodes/pos is then what a pruning
		// change saves.
		lim = Limits{NoTurnLimit: true, Depth: envCount(b, "TENGEN_DEPTH", 0)}
	}
	cs := rapfiChoices(b)
	var log strings.Builder
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		b.Run(rule.String(), func(b *testing.B) {
			var depth, match, diffMatch, diff, n int
			var cpu time.Duration
			var searched int64
			for i := 0; i < b.N; i++ {
				for _, c := range cs {
					if c.pos.Rule != rule {
						continue
					}
					var r Result
					least := time.Duration(math.MaxInt64)
					for range repeat {
						e := NewEngine(EngineOptions{Threads: threads, MaxMemory: 32 << 20})
						<-warmed
						t0 := cpuTime()
						var err error
						r, err = e.Think(context.Background(), c.pos, lim, nil)
						least = min(least, cpuTime()-t0)
						if err != nil {
							b.Fatal(err)
						}
					}
					cpu += least
					n++
					depth += r.Depth
					searched += r.Nodes
					ok := r.Move == c.strong
					if ok {
						match++
					}
					if c.strong != c.played {
						diff++
						if ok {
							diffMatch++
						}
					}
					fmt.Fprintf(&log, "%s %s depth %d score %d move %v rapfi %v played %v match %v\n", rule, c.src, r.Depth, r.Score, r.Move, c.strong, c.played, ok)
				}
			}
			b.ReportMetric(float64(depth)/float64(n), "depth")
			b.ReportMetric(100*float64(match)/float64(n), "%rapfi")
			b.ReportMetric(100*float64(diffMatch)/float64(max(diff, 1)), "%rapfi-where-played-differs")
			b.ReportMetric(float64(cpu.Milliseconds())/float64(n), "cpu-ms/pos")
			b.ReportMetric(float64(searched)/cpu.Seconds(), "nodes/cpu-s")
			b.ReportMetric(float64(searched)/float64(n), "nodes/pos")
		})
	}
	if out := os.Getenv("TENGEN_CHOICES_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(log.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// envCount is the count the environment variable name gives, or def
// where it is unset.
func envCount(tb testing.TB, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		tb.Fatalf("%s=%q: want a count from 1", name, v)
	}
	return n
}
