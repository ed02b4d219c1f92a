package customs

import (
	"fmt"
	"strconv"

	"tengen/game"
)

// Mode is the kind of event a game belongs to.
type Mode int8

const (
	Casual     Mode = iota // a visitor's game, a friendly match
	Tournament             // a rated or tournament game: the rules as written
)

func (m Mode) String() string {
	if m == Tournament {
		return "tournament"
	}
	return "casual"
}

// ParseMode reads "casual" or "tournament".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "casual", "":
		return Casual, nil
	case "tournament":
		return Tournament, nil
	}
	return Casual, fmt.Errorf("unknown event mode %q (want casual or tournament)", s)
}

// Policy says what the robot allows and does about draws and takebacks.
type Policy struct {
	Draws     bool // draw offers allowed
	Takebacks int  // takebacks a person may ask for in one game; 0: none
	// DrawMargin is how close to level (centi-stones, the robot's view)
	// a position must be for the robot to accept or offer a draw.
	DrawMargin int
	// OfferAfter is the move number from which the robot offers a draw in
	// a level position.
	OfferAfter int
}

// PolicyFor returns the customs of an event mode: a tournament game allows
// no draw offers and no takebacks (the rules as written); a casual game
// allows draw offers and three takebacks.
func PolicyFor(m Mode) Policy {
	if m == Tournament {
		return Policy{}
	}
	return Policy{Draws: true, Takebacks: 3, DrawMargin: 30, OfferAfter: 60}
}

// Takeback decides a person's request for a takeback when used have
// been granted in this game already; the message says why not.
func (p Policy) Takeback(used int) (ok bool, why game.Message) {
	switch {
	case p.Takebacks == 0:
		return false, game.Message{Key: "takeback-not-allowed", Text: "Takebacks are not allowed in tournament games."}
	case used >= p.Takebacks:
		n := strconv.Itoa(p.Takebacks)
		return false, game.Message{Key: "takeback-used-up", Args: []string{n}, Text: "You have used all " + n + " takebacks of this game."}
	}
	return true, game.Message{}
}

// AnswerDraw decides a person's draw offer from the robot's evaluation
// (centi-stones from the robot's side): it accepts only when allowed and
// the robot is not better than DrawMargin.
func (p Policy) AnswerDraw(robotEval int) (accept bool, say game.Message) {
	switch {
	case !p.Draws:
		return false, game.Message{Key: "draw-not-allowed", Text: "Draw offers are not allowed in tournament games."}
	case robotEval <= p.DrawMargin:
		return true, game.Message{Key: "draw-accepted", Text: "I accept the draw."}
	}
	return false, game.Message{Key: "draw-declined", Text: "I decline the draw; let us play on."}
}

// OfferDraw reports whether the robot offers a draw now: allowed, late in
// the game, and the position level within DrawMargin either way.
func (p Policy) OfferDraw(move, robotEval int) bool {
	return p.Draws && move >= p.OfferAfter && robotEval <= p.DrawMargin && robotEval >= -p.DrawMargin
}
