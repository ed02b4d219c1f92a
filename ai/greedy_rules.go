package ai

import "tengen/rules"

// greedyWins reports whether c playing p makes a winning line under rule.
func greedyWins(b *rules.Board, p rules.Point, c rules.Color, rule rules.Rule) bool {
	for _, d := range greedyDirs {
		n := greedyRun(b, p, c, d)
		switch {
		case n < 5:
		case rule == rules.Freestyle || (rule == rules.Renju && c == rules.White):
			return true
		case n == 5 && rule != rules.Caro:
			return true
		case n == 5 && !greedyBlockedBothEnds(b, p, c, d):
			return true
		}
	}
	return false
}

// greedyBlockedBothEnds reports whether c's line through p along d has
// opponent stones at both ends (Caro's dead five).
func greedyBlockedBothEnds(b *rules.Board, p rules.Point, c rules.Color, d rules.Point) bool {
	opp := c.Opponent()
	blocked := 0
	for _, s := range []int{1, -1} {
		q := rules.Point{X: p.X + s*d.X, Y: p.Y + s*d.Y}
		for b.At(q) == c {
			q = rules.Point{X: q.X + s*d.X, Y: q.Y + s*d.Y}
		}
		if b.At(q) == opp {
			blocked++
		}
	}
	return blocked == 2
}

// greedyForbidden reports whether p is forbidden for c under rule.
// TODO(gomocup): use the rules package's renju check once it lands.
func greedyForbidden(b *rules.Board, p rules.Point, c rules.Color, rule rules.Rule) bool {
	return false
}
