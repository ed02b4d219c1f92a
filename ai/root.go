package ai

// rootMove is a move at the root with its score from the last search
// that reached it.
type rootMove struct {
	m     cell
	score int
	exact bool // score is exact, not a bound
}

// searchRoot searches the root moves to depth within (alpha, beta),
// reorders them best first, and returns the best score. When stopped part
// way it returns with the moves searched so far in order.
func (s *searcher) searchRoot(root []rootMove, depth, alpha, beta int, me uint8) int {
	b := s.b
	opp := 3 - me
	s.pvLen[0] = 0
	best := -WinScore
	for k := range root {
		m := root[k].m
		b.play(m, me)
		var v int
		if k == 0 {
			v = -s.search(depth-1, -beta, -alpha, 1, opp)
		} else {
			r := 0
			if depth >= 3 && b.sideOf(m, me-1).threat() < tB4 {
				r = max(0, min(reduction(depth, k), depth-2))
			}
			v = -s.search(depth-1-r, -alpha-1, -alpha, 1, opp)
			if v > alpha && (r > 0 || v < beta) {
				v = -s.search(depth-1, -beta, -alpha, 1, opp)
			}
		}
		b.undo()
		if s.stopped {
			break
		}
		root[k].score, root[k].exact = v, v > alpha && v < beta
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				s.pv[0][0] = m
				copy(s.pv[0][1:], s.pv[1][1:s.pvLen[1]])
				s.pvLen[0] = max(s.pvLen[1], 1)
				// Move the new best to the front, keeping the others' order.
				rm := root[k]
				copy(root[1:k+1], root[:k])
				root[0] = rm
			}
			if v >= beta {
				break
			}
		}
	}
	return best
}
