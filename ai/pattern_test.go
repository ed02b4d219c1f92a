package ai

import (
	"fmt"
	"testing"
)

// classifyAll is the pattern table classified key by key, each as itself:
// what buildPatternTable's shortcut must give.
func classifyAll(fr fiveRule, c uint32) *[1 << 20]uint8 {
	t := new([1 << 20]uint8)
	for i := range t {
		t[i] = 0xff
	}
	for k := range uint32(1 << 20) {
		classify(t, k, fr, c)
	}
	return t
}

// TestBuildPatternTable: the tables built with the opponent's stones read
// as edge are the tables of every key classified as itself, for every five
// rule and colour.
func TestBuildPatternTable(t *testing.T) {
	for _, fr := range []fiveRule{fiveOrMore, exactlyFive, caroFive} {
		for c := uint32(cellBlack); c <= cellWhite; c++ {
			got, want := buildPatternTable(fr, c), classifyAll(fr, c)
			bad := 0
			for k := range want {
				if got[k] != want[k] {
					if bad < 3 {
						t.Errorf("five rule %d, colour %d, key %020b: pattern %d, want %d", fr, c, k, got[k], want[k])
					}
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("five rule %d, colour %d: %d keys differ", fr, c, bad)
			}
		}
	}
}

// BenchmarkPatternTable: building one colour's table, which a fresh
// brain's first move may wait for (full: every key classified as itself,
// as before the shortcut).
func BenchmarkPatternTable(b *testing.B) {
	for _, fr := range []fiveRule{fiveOrMore, exactlyFive, caroFive} {
		b.Run(fmt.Sprintf("rule%d", fr), func(b *testing.B) {
			for b.Loop() {
				buildPatternTable(fr, cellBlack)
			}
		})
	}
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			classifyAll(exactlyFive, cellBlack)
		}
	})
}
