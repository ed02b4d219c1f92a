package swiss

import "slices"

// Standing is one line of the standings.
type Standing struct {
	Rank   int // 1-based; players tied on every criterion share a rank
	Player int
	Name   string
	Score  Points
	// Tie-breaks, in the order they apply.
	Buchholz    Points // the sum of the opponents' scores (a bye adds nothing)
	Progressive Points // the sum of the running score after each round
	Direct      Points // points against the other players tied so far, when they all met; else 0
	Wins        int    // games won (a bye is not a game won)
	Byes        int
}

// Standings ranks the players by score, then Buchholz, then progressive
// score, then direct encounter, then number of wins. Pending results
// count as not played.
func (t *Tournament) Standings() []Standing {
	h := t.history()
	n := len(t.names)
	st := make([]Standing, n)
	for i := range n {
		st[i] = Standing{Player: i, Name: t.names[i], Score: h.score[i], Progressive: h.progress[i],
			Wins: h.wins[i], Byes: h.byes[i]}
		for _, o := range h.opps[i] {
			if o >= 0 {
				st[i].Buchholz += h.score[o]
			}
		}
	}
	before := func(a, b Standing) int {
		switch {
		case a.Score != b.Score:
			return int(b.Score - a.Score)
		case a.Buchholz != b.Buchholz:
			return int(b.Buchholz - a.Buchholz)
		}
		return int(b.Progressive - a.Progressive)
	}
	slices.SortStableFunc(st, func(a, b Standing) int {
		if c := before(a, b); c != 0 {
			return c
		}
		return a.Player - b.Player
	})
	// Direct encounter applies within each group still tied, and only
	// when every two of its players have met: otherwise it would favour
	// whoever happened to meet a weaker tied player.
	for i := 0; i < n; {
		j := i + 1
		for j < n && before(st[i], st[j]) == 0 {
			j++
		}
		group := st[i:j]
		if len(group) > 1 && allMet(h, group) {
			for k := range group {
				for _, o := range group {
					group[k].Direct += h.vs[group[k].Player][o.Player]
				}
			}
		}
		slices.SortStableFunc(group, func(a, b Standing) int {
			if a.Direct != b.Direct {
				return int(b.Direct - a.Direct)
			}
			return b.Wins - a.Wins
		})
		i = j
	}
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && before(st[i-1], st[i]) == 0 && st[i-1].Direct == st[i].Direct && st[i-1].Wins == st[i].Wins {
			st[i].Rank = st[i-1].Rank
		}
	}
	return st
}

func allMet(h *history, group []Standing) bool {
	for i, a := range group {
		for _, b := range group[i+1:] {
			if !h.met[a.Player][b.Player] {
				return false
			}
		}
	}
	return true
}
