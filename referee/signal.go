package referee

import (
	"fmt"

	"tengen/rules"
	"tengen/rules/opening"
)

// SignalKind is what a player pressed or declared.
type SignalKind int8

const (
	// Press is a clock button: Color ends their move.
	Press SignalKind = iota + 1
	// Swap, Keep, Declare (N), Choose (Point) and Pass are the opening
	// protocol's declarations, by Player.
	Swap
	Keep
	Declare
	Choose
	Pass
	// Claim is White's claim of a forbidden Black move.
	Claim
	// Resign ends the game: Color resigns.
	Resign
	// Confirm is a player's agreement to a rebuilt position.
	Confirm
)

var signalNames = [...]string{Press: "press", Swap: "swap", Keep: "keep", Declare: "declare", Choose: "choose",
	Pass: "pass", Claim: "claim", Resign: "resign", Confirm: "confirm"}

func (k SignalKind) String() string {
	if k > 0 && int(k) < len(signalNames) {
		return signalNames[k]
	}
	return fmt.Sprintf("signal(%d)", int(k))
}

// Signal is one press of a button or one declaration on the page. The
// opening's declarations name the Player; the clock, claims and
// resignations name the Color.
type Signal struct {
	Kind   SignalKind
	Player opening.Player
	Color  rules.Color
	N      int         // Declare
	Point  rules.Point // Choose
}

func (s Signal) String() string {
	switch s.Kind {
	case Declare:
		return fmt.Sprintf("%s declares %d", s.Player, s.N)
	case Choose:
		return fmt.Sprintf("%s chooses %v", s.Player, s.Point)
	case Swap, Keep, Pass:
		return fmt.Sprintf("%s: %s", s.Player, s.Kind)
	case Confirm:
		return fmt.Sprintf("%s confirms", s.Player)
	}
	return fmt.Sprintf("%s: %s", s.Color, s.Kind)
}

// Panel is the players' side of the table: the clock's buttons (GPIO) and
// the page. Signals returns what was pressed or declared since the last
// call without waiting; the referee calls it between views of the board.
type Panel interface {
	Signals() []Signal
}

// ChanPanel is a Panel fed by a channel (GPIO button handlers, the page's
// actions).
type ChanPanel <-chan Signal

// Signals implements Panel.
func (c ChanPanel) Signals() []Signal {
	var out []Signal
	for {
		select {
		case s, ok := <-c:
			if !ok {
				return out
			}
			out = append(out, s)
		default:
			return out
		}
	}
}

// PanelFunc adapts a function to Panel.
type PanelFunc func() []Signal

// Signals implements Panel.
func (f PanelFunc) Signals() []Signal { return f() }
