package customs

import (
	"fmt"

	"tengen/game"
	"tengen/rules"
	"tengen/rules/swiss"
)

// Match is a match between the person and the robot: best of 3, 5 or 7
// (or a single game), colours alternating from game to game, and extra
// games on a tie (the first of them that is won decides). It keeps the
// score by side; rules/swiss.Match does the counting.
type Match struct {
	BestOf, Extra int
	first         Side // plays Black in game 1
	m             *swiss.Match
}

// NewMatch starts a match of bestOf games (1, 3, 5 or 7) with up to extra
// deciding games on a tie (the rules' custom is 1); first plays Black in
// game 1, as decided by 猜先.
func NewMatch(bestOf, extra int, first Side) (*Match, error) {
	switch bestOf {
	case 1, 3, 5, 7:
	default:
		return nil, fmt.Errorf("a match is best of 1, 3, 5 or 7 games, not %d", bestOf)
	}
	if extra < 0 || extra > 9 {
		return nil, fmt.Errorf("%d extra games on a tie: want 0 to 9", extra)
	}
	m, err := swiss.NewMatch(swiss.MatchFormat{BestOf: bestOf, Deciders: extra})
	if err != nil {
		return nil, err
	}
	return &Match{BestOf: bestOf, Extra: extra, first: first, m: m}, nil
}

// Played returns the number of games played.
func (m *Match) Played() int { return len(m.m.Games()) }

// Black returns the side that plays Black in the next game.
func (m *Match) Black() Side {
	if m.m.FirstIsBlack() {
		return m.first
	}
	return m.first.Other()
}

// Add records a game's result by its colours: the winner, or rules.Empty
// for a draw.
func (m *Match) Add(winner rules.Color) error {
	r := swiss.Draw
	switch winner {
	case rules.Black:
		r = swiss.BlackWins
	case rules.White:
		r = swiss.WhiteWins
	}
	return m.m.Add(r)
}

// Score returns the points of the person and of the robot, draws counting
// a half.
func (m *Match) Score() (person, robot float64) {
	a, b := m.m.Score()
	if m.first == Robot {
		a, b = b, a
	}
	return float64(a) / 2, float64(b) / 2
}

// Result says whether the match is over and who won it; draw is set when
// it ended level.
func (m *Match) Result() (winner Side, draw, over bool) {
	r, over := m.m.Result()
	switch {
	case !over:
		return 0, false, false
	case r == swiss.Draw:
		return 0, true, true
	case r == swiss.BlackWins:
		return m.first, false, true
	}
	return m.first.Other(), false, true
}

// Deciding reports whether the next game is an extra one on a tie.
func (m *Match) Deciding() bool {
	_, _, over := m.Result()
	return !over && m.Played() >= m.BestOf
}

// Announce returns what the robot says after a game: the score, then the
// match's result or, when the next game is an extra one, that it decides.
func (m *Match) Announce() []game.Message {
	p, r := m.Score()
	out := []game.Message{{Key: "match-score", Args: []string{fmtHalf(p), fmtHalf(r)},
		Text: fmt.Sprintf("The match stands at %s to %s (you first).", fmtHalf(p), fmtHalf(r))}}
	winner, draw, over := m.Result()
	switch {
	case over && draw:
		out = append(out, game.Message{Key: "match-drawn", Text: "The match is drawn."})
	case over && winner == Person:
		out = append(out, game.Message{Key: "match-person-wins", Text: "You win the match. Well played!"})
	case over:
		out = append(out, game.Message{Key: "match-robot-wins", Text: "I win the match. Thank you for the games!"})
	case m.Deciding():
		out = append(out, game.Message{Key: "match-decider", Text: "The match is level: one more game decides it."})
	}
	return out
}

func fmtHalf(x float64) string { return fmt.Sprint(x) }
