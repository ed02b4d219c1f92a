package ai

import (
	"sync/atomic"

	"tengen/rules"
)

// naive is a plain board with slow, obviously correct five detection, to
// check the engine's tables and solvers against.
type naive struct {
	size  int
	rule  rules.Rule
	cells []rules.Color
}

func newNaive(size int, rule rules.Rule) *naive {
	return &naive{size: size, rule: rule, cells: make([]rules.Color, size*size)}
}

func (n *naive) at(x, y int) rules.Color {
	if x < 0 || y < 0 || x >= n.size || y >= n.size {
		return rules.Empty
	}
	return n.cells[y*n.size+x]
}

// makesFive reports whether a stone of c at empty (x, y) wins: a run of
// five (exactly five for renju Black and standard, five or more otherwise).
func (n *naive) makesFive(x, y int, c rules.Color) bool {
	exact := n.rule == rules.Standard || (n.rule == rules.Renju && c == rules.Black)
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		run := 1
		for k := 1; n.at(x+k*d[0], y+k*d[1]) == c; k++ {
			run++
		}
		for k := 1; n.at(x-k*d[0], y-k*d[1]) == c; k++ {
			run++
		}
		if run == 5 || (run > 5 && !exact) {
			return true
		}
	}
	return false
}

// fivePoints lists the empty points where c makes five.
func (n *naive) fivePoints(c rules.Color) [][2]int {
	var out [][2]int
	for y := 0; y < n.size; y++ {
		for x := 0; x < n.size; x++ {
			if n.at(x, y) == rules.Empty && n.makesFive(x, y, c) {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}

func (n *naive) set(x, y int, c rules.Color) { n.cells[y*n.size+x] = c }

// vcf is the VCF search written the slow, plain way, with the same
// semantics as searcher.vcf for freestyle and standard: the attacker wins
// with a five, or a four with two five points; a defender's four must be
// blocked with a four.
func (n *naive) vcf(att rules.Color, depth int) bool {
	def := att.Opponent()
	if len(n.fivePoints(att)) > 0 {
		return true
	}
	var moves [][2]int
	if df := n.fivePoints(def); len(df) > 0 {
		if len(df) > 1 {
			return false
		}
		moves = df
	} else {
		if depth <= 0 {
			return false
		}
		for y := 0; y < n.size; y++ {
			for x := 0; x < n.size; x++ {
				if n.at(x, y) == rules.Empty {
					moves = append(moves, [2]int{x, y})
				}
			}
		}
	}
	for _, m := range moves {
		n.set(m[0], m[1], att)
		fp := n.fivePoints(att)
		win := false
		switch {
		case len(fp) >= 2:
			win = true
		case len(fp) == 1:
			n.set(fp[0][0], fp[0][1], def)
			win = n.vcf(att, depth-1)
			n.set(fp[0][0], fp[0][1], rules.Empty)
		}
		n.set(m[0], m[1], rules.Empty)
		if win {
			return true
		}
	}
	return false
}

type atomicBool struct{ b atomic.Bool }
