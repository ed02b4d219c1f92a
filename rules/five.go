package rules

// Wins reports whether placing colour c on the empty point p makes a
// winning line under rule r:
//
//   - Freestyle: five or more in a row.
//   - Standard: exactly five; an overline does not win.
//   - Renju: Black exactly five, White five or more. A Black five wins even
//     when the same move also makes a forbidden shape (five comes first).
//   - Caro: exactly five (Gomocup's caro is "exact five" plus the caro
//     bit), and not blocked at both ends by the opponent's stones. The edge
//     of the board is not a block, only a stone is, so a five that touches
//     the edge always wins: the rule is there to stop a five that the
//     opponent has already shut in, and the edge is nobody's stone.
//
// It is false when p is off the board or taken, or c is not a player's
// colour. Wins does not allocate.
func (b *Board) Wins(p Point, c Color, r Rule) bool {
	if !p.In(b.size) || (c != Black && c != White) {
		return false
	}
	i := index(p)
	if b.cells[i] != Empty {
		return false
	}
	for _, d := range dirs {
		lo, hi := b.runs(i, d, c)
		n := 1 + lo + hi
		switch {
		case n < 5:
			continue
		case r == Freestyle, r == Renju && c == White:
			return true
		case n > 5:
			continue
		case r != Caro:
			return true
		}
		// Caro: exactly five; the points just beyond its ends are not c.
		opp := c.Opponent()
		if b.cells[i-(lo+1)*d] != opp || b.cells[i+(hi+1)*d] != opp {
			return true
		}
	}
	return false
}

// runs counts the stones of colour c next to index i going backwards (lo)
// and forwards (hi) along step d. Walls stop a run.
func (b *Board) runs(i, d int, c Color) (lo, hi int) {
	for j := i - d; b.cells[j] == c; j -= d {
		lo++
	}
	for j := i + d; b.cells[j] == c; j += d {
		hi++
	}
	return lo, hi
}
