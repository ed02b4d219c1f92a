package game

import (
	"strconv"

	"tengen/rules"
)

// Policy is what the event a game belongs to allows about draws and
// takebacks, and how it decides a game over its time: package customs
// sets it from the event's kind (customs.PolicyFor). The zero Policy is a
// tournament's, the rules as written: no draw offers, no takebacks, and a
// player out of time loses.
type Policy struct {
	Draws     bool // draw offers allowed, the person's and the robot's
	Takebacks int  // takebacks a person may ask for in one game; 0: none
	// DrawMargin is how close to level (centi-stones, the robot's view)
	// a position must be for the robot to accept or offer a draw.
	DrawMargin int
	// OfferAfter is the move number from which the robot offers a draw in
	// a level position.
	OfferAfter int
	// OnTime, if set, decides a game in which a player ran out of time
	// from its board (the casual count of fours, customs.DecideByFours):
	// the winner, Empty for a draw, and what the robot says. Unset, the
	// player out of time loses.
	OnTime func(b *rules.Board, r rules.Rule) (winner rules.Color, say []Message)
}

// Takeback decides a person's request for a takeback when used have
// been granted in this game already; the message says why not.
func (p Policy) Takeback(used int) (ok bool, why Message) {
	switch {
	case p.Takebacks == 0:
		return false, Message{Key: "takeback-not-allowed", Text: "Takebacks are not allowed in tournament games."}
	case used >= p.Takebacks:
		n := strconv.Itoa(p.Takebacks)
		return false, Message{Key: "takeback-used-up", Args: []string{n}, Text: "You have used all " + n + " takebacks of this game."}
	}
	return true, Message{}
}

// AnswerDraw decides a person's draw offer after move of the game from
// the robot's evaluation (centi-stones from the robot's side): it accepts
// only when allowed, once both sides have made a few moves (minDrawMoves),
// and when the robot is not better than DrawMargin.
func (p Policy) AnswerDraw(move, robotEval int) (accept bool, say Message) {
	switch {
	case !p.Draws:
		return false, Message{Key: "draw-not-allowed", Text: "Draw offers are not allowed in tournament games."}
	case move >= minDrawMoves && robotEval <= p.DrawMargin:
		return true, Message{Key: "draw-accepted", Text: "I accept the draw."}
	}
	return false, Message{Key: "draw-declined", Text: "I decline the draw; let us play on."}
}

// minDrawMoves is how many moves a game has before the robot takes a
// draw: an offer at the start is a joke, or a wish not to play.
const minDrawMoves = 10

// OfferDraw reports whether the robot offers a draw now: allowed, late in
// the game, and the position level within DrawMargin either way.
func (p Policy) OfferDraw(move, robotEval int) bool {
	return p.Draws && move >= p.OfferAfter && robotEval <= p.DrawMargin && robotEval >= -p.DrawMargin
}
