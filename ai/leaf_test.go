package ai

import "testing"

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
