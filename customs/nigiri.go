package customs

import (
	"fmt"
	"math/rand/v2"
	"strconv"

	"tengen/game"
	"tengen/rules"
)

// Side is one of the two at the table.
type Side int8

const (
	Person Side = iota
	Robot
)

func (s Side) String() string {
	if s == Robot {
		return "robot"
	}
	return "person"
}

// Other returns the other side.
func (s Side) Other() Side { return 1 - s }

// Parity is a guess of a handful: odd or even.
type Parity int8

const (
	Odd Parity = iota
	Even
)

func (p Parity) String() string {
	if p == Even {
		return "even"
	}
	return "odd"
}

// ParseParity reads "odd"/"even" (or 单/双, 單/雙).
func ParseParity(s string) (Parity, error) {
	switch s {
	case "odd", "单", "單":
		return Odd, nil
	case "even", "双", "雙":
		return Even, nil
	}
	return Odd, fmt.Errorf("unknown guess %q (want odd or even)", s)
}

// ParityOf returns the parity of n.
func ParityOf(n int) Parity {
	if n%2 == 0 {
		return Even
	}
	return Odd
}

// NewRand returns the random source of the customs: seeded, so that a
// simulation replays.
func NewRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// RobotGuess is the robot's guess of the person's handful.
func RobotGuess(r *rand.Rand) Parity { return Parity(r.IntN(2)) }

// MaxHandful bounds the stones the robot hides: a handful, as a person
// grabs (the arm moves each one, so not too many).
const MaxHandful = 9

// RobotHides returns how many stones the robot hides in the bowl area,
// 1 to MaxHandful.
func RobotHides(r *rand.Rand) int { return 1 + r.IntN(MaxHandful) }

// Handful returns the stones a person put on the board for 猜先: those
// seen that were not on the board before, of either colour. Stones that
// were there before must stay untouched, or the count could be wrong and
// the person is asked to put them down again.
func Handful(before, seen *rules.Board) ([]rules.Point, error) {
	if before.Size() != seen.Size() {
		return nil, fmt.Errorf("handful: boards of size %d and %d", before.Size(), seen.Size())
	}
	var added []rules.Point
	n := before.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := rules.Point{X: x, Y: y}
			b, s := before.At(p), seen.At(p)
			switch {
			case b == s:
			case b != rules.Empty:
				return nil, fmt.Errorf("handful: the stone on %v was disturbed", p)
			default:
				added = append(added, p)
			}
		}
	}
	if len(added) == 0 {
		return nil, fmt.Errorf("handful: no stones were put down")
	}
	return added, nil
}

// Nigiri is one 猜先: who hid the stones, the other's guess, and how
// many there were.
type Nigiri struct {
	Hider Side
	Guess Parity
	Count int
}

// Right reports whether the guess was right.
func (g Nigiri) Right() bool { return ParityOf(g.Count) == g.Guess }

// Black is the side that plays Black (the first player of an opening
// protocol): the guesser when right, the hider otherwise.
func (g Nigiri) Black() Side {
	if g.Right() {
		return g.Hider.Other()
	}
	return g.Hider
}

// Announce returns what the robot says once the stones are counted: its
// guess (when it guessed), the count, who plays Black, and that it clears
// the stones (when they are on the board).
func (g Nigiri) Announce() []game.Message {
	var out []game.Message
	count := strconv.Itoa(g.Count)
	if g.Hider == Person {
		out = append(out, game.Message{Key: "nigiri-guess", Args: []string{g.Guess.String()}, Text: "I guess " + g.Guess.String() + "."})
		out = append(out, game.Message{Key: "nigiri-count", Args: []string{count, ParityOf(g.Count).String()},
			Text: fmt.Sprintf("I count %d stones: %s.", g.Count, ParityOf(g.Count))})
	} else {
		out = append(out, game.Message{Key: "nigiri-reveal", Args: []string{count, ParityOf(g.Count).String()},
			Text: fmt.Sprintf("There are %d stones: %s.", g.Count, ParityOf(g.Count))})
	}
	if g.Black() == Robot {
		out = append(out, game.Message{Key: "nigiri-robot-black", Text: "I play Black."})
	} else {
		out = append(out, game.Message{Key: "nigiri-person-black", Text: "You play Black."})
	}
	if g.Hider == Person {
		out = append(out, game.Message{Key: "nigiri-clear", Text: "I clear the stones away."})
	}
	return out
}
