package swiss

import (
	"errors"
	"fmt"
)

// MatchFormat is how a pairing is played when it is more than one game.
//
// The first player (the pairing's Black) has Black in game 1, and the
// colours alternate from game to game. A game won scores 1, a drawn
// game ½. The match ends as soon as one player cannot be caught within
// BestOf games. If the players are level after BestOf games, up to
// Deciders extra games follow, colours still alternating, and the first
// of them that is won decides the match; if none is won (or Deciders is
// 0), the match is drawn and scores ½ each in the tournament.
type MatchFormat struct {
	BestOf   int // number of games, odd: 1, 3, 5, 7, …
	Deciders int // extra deciding games on a tie; 0: a tie is a drawn match
}

// Match is a best-of-N match between the two players of a pairing.
type Match struct {
	format MatchFormat
	games  []Result // each game's result by that game's colours
}

// NewMatch returns a match not yet started.
func NewMatch(f MatchFormat) (*Match, error) {
	if f.BestOf < 1 || f.BestOf%2 == 0 || f.BestOf > 99 {
		return nil, fmt.Errorf("swiss: best of %d: want an odd number of games from 1 to 99", f.BestOf)
	}
	if f.Deciders < 0 || f.Deciders > 99 {
		return nil, fmt.Errorf("swiss: %d deciding games: want 0 to 99", f.Deciders)
	}
	return &Match{format: f}, nil
}

// FirstIsBlack reports whether the match's first player has Black in the
// next game (game 1, 3, 5, …).
func (m *Match) FirstIsBlack() bool { return len(m.games)%2 == 0 }

// Games returns the results so far, each by its own game's colours.
func (m *Match) Games() []Result { return append([]Result(nil), m.games...) }

// Score returns the match points of the first and the second player.
func (m *Match) Score() (first, second Points) {
	for i, g := range m.games {
		b, w := g.points()
		if i%2 == 0 {
			first, second = first+b, second+w
		} else {
			first, second = first+w, second+b
		}
	}
	return first, second
}

// Add records the next game's result, by that game's colours.
func (m *Match) Add(r Result) error {
	if r != BlackWins && r != WhiteWins && r != Draw {
		return fmt.Errorf("swiss: a game's result must be a win or a draw, not %v", r)
	}
	if _, done := m.Result(); done {
		return errors.New("swiss: the match is already decided")
	}
	m.games = append(m.games, r)
	return nil
}

// Result returns the match's result in the pairing's terms (BlackWins:
// the first player won the match) and whether the match is over.
func (m *Match) Result() (Result, bool) {
	a, b := m.Score()
	played, n := len(m.games), m.format.BestOf
	if played <= n {
		left := Points(2 * (n - played))
		switch {
		case a > b+left:
			return BlackWins, true
		case b > a+left:
			return WhiteWins, true
		case played < n:
			return Pending, false
		}
		// Level after BestOf games.
	}
	if played > n { // the last game was a decider
		switch m.games[played-1] {
		case BlackWins, WhiteWins:
			if a > b {
				return BlackWins, true
			}
			return WhiteWins, true
		}
	}
	if played-n < m.format.Deciders {
		return Pending, false
	}
	return Draw, true
}
