package ai

import (
	"testing"

	"tengen/rules"
)

// TestLeafReadsFoursOnlyWhenTheyMatter: at a leaf where the side to move
// wins by fours, the win is found when the static score is below beta,
// and no four is read when the static score already fails high (a win
// could only raise it).
func TestLeafReadsFoursOnlyWhenTheyMatter(t *testing.T) {
	for _, pz := range threatPuzzles(t, 3, false) {
		s, me := solver(t, pz.pos)
		s.leafVCF = pz.depth
		if v := s.search(0, WinScore-20, WinScore-19, 1, me); v <= winBound {
			t.Errorf("leaf with a VCF in %d scores %d, want a win\n%v", pz.depth, v, s.b)
		}
		s, me = solver(t, pz.pos)
		s.leafVCF = pz.depth
		e := s.evaluate(me)
		if v := s.search(0, e-2, e-1, 1, me); v < e-1 || s.nodes != 1 {
			t.Errorf("leaf failing high on its static score %d: got %d after %d nodes, want >= %d after 1", e, v, s.nodes, e-1)
		}
	}
}

// TestUnsettledLeafLeavesFoursToTheSearch: at a leaf where the opponent
// threatens a straight four, the VCF solver is not run (the position gets
// no entry in its table), yet a win by fours is still found by the
// quiescence search over the replies, which include every four.
func TestUnsettledLeafLeavesFoursToTheSearch(t *testing.T) {
	found := 0
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		gamePositions(t, 5, func(p Position) bool {
			p.Stones = append([]Stone(nil), p.Stones...)
			p.Rule = rule
			s, me := solver(t, p)
			if s.b.has(me, t5) || s.b.has(3-me, t5) || s.hasWinningThreat(me) || !s.hasWinningThreat(3-me) || !s.vcf(me, 2) {
				return true
			}
			s, me = solver(t, p)
			s.leafVCF = 2
			v := s.search(0, -WinScore, WinScore, 1, me)
			h := s.b.hash ^ vcfSalt[me]
			if e := s.vtt[h&(1<<vcfTableBits-1)]; e != 0 && e>>8 == h>>8 {
				t.Errorf("the unsettled leaf ran the VCF solver\n%v", s.b)
			}
			if v <= winBound {
				t.Errorf("leaf with a VCF in 2 scores %d, want a win\n%v", v, s.b)
			}
			found++
			return found%4 != 0
		})
	}
	if found < 8 {
		t.Fatalf("found %d positions, want 8", found)
	}
}

// TestLeafReadsFourThrees: Black's only fours also make open threes (no
// point makes a plain four), and they win by fours in two; the leaf must
// read them.
func TestLeafReadsFourThrees(t *testing.T) {
	pt := func(x, y int) rules.Point { return rules.Point{X: x, Y: y} }
	var stones []Stone
	// Row 7: O X X X _ _ ; columns through both four points: open twos.
	for _, p := range []rules.Point{pt(1, 7), pt(2, 7), pt(3, 7), pt(4, 5), pt(4, 6), pt(5, 8), pt(5, 9)} {
		stones = append(stones, Stone{P: p, C: rules.Black})
	}
	for _, p := range []rules.Point{pt(0, 7), pt(14, 0), pt(14, 2), pt(14, 4), pt(12, 14), pt(10, 14), pt(8, 14)} {
		stones = append(stones, Stone{P: p, C: rules.White})
	}
	s, me := solver(t, Position{Size: 15, Rule: rules.Freestyle, Stones: stones, ToMove: rules.Black})
	if s.b.has(me, tB4) || !s.b.has(me, t43) || s.b.has(me, t44) {
		t.Fatalf("position has fours %d, four-threes %d, straight-four points %d; want 0, >0, 0\n%v",
			s.b.count[0][tB4], s.b.count[0][t43], s.b.count[0][t44], s.b)
	}
	s.leafVCF = 2
	if v := s.search(0, WinScore-20, WinScore-19, 1, me); v <= winBound {
		t.Errorf("leaf with a VCF in 2 through a four-three scores %d, want a win\n%v", v, s.b)
	}
}

// TestReverseFutility: a null-window node near the horizon whose static
// score beats beta by the margin is cut at once, unless the opponent
// threatens a straight four; then it is searched.
func TestReverseFutility(t *testing.T) {
	cut, searched := 0, 0
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		gamePositions(t, 7, func(p Position) bool {
			p.Stones = append([]Stone(nil), p.Stones...)
			p.Rule = rule
			s, me := solver(t, p)
			opp := 3 - me
			if s.b.has(me, t5) || s.b.has(opp, t5) || s.hasWinningThreat(me) {
				return true
			}
			threatened := s.hasWinningThreat(opp)
			for depth := 1; depth <= rfpDepth; depth++ {
				s, me = solver(t, p)
				beta := s.evaluate(me) - rfpMargin*depth
				if beta >= winBound || beta <= -winBound+1 {
					continue
				}
				v := s.search(depth, beta-1, beta, 1, me)
				switch {
				case threatened && s.nodes == 1:
					t.Errorf("depth %d: cut at once although the opponent threatens a straight four\n%v", depth, s.b)
				case !threatened && (s.nodes != 1 || v < beta):
					t.Errorf("depth %d, static score beta+%d: got %d after %d nodes, want >= %d after 1\n%v", depth, rfpMargin*depth, v, s.nodes, beta, s.b)
				}
				if threatened {
					searched++
				} else {
					cut++
				}
			}
			return cut+searched < 60
		})
	}
	if cut < 8 || searched < 8 {
		t.Fatalf("%d cut and %d threatened nodes, want 8 of each", cut, searched)
	}
}
