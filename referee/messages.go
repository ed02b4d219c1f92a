package referee

import (
	"errors"
	"fmt"

	"strconv"
	"strings"

	"tengen/game"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/opening"
)

// The referee says everything as a game.Message: a key of package i18n's
// catalogue, its arguments in the catalogue's form (points "h8", colours
// "black", counts, players "first"/"second"), and the English text for
// the log and the terminal. A test words every message the referee says
// in every language.

// msg builds a message.
func msg(key, text string, args ...string) game.Message {
	return game.Message{Key: key, Args: args, Text: text}
}

// refusal is an error the referee words itself: why a press or a
// declaration is refused.
type refusal struct{ m game.Message }

func (r refusal) Error() string { return r.m.Text }

func refuse(key, text string, args ...string) error { return refusal{msg(key, text, args...)} }

// refusalOf words why the rules refused something: the referee's own
// refusals, the opening protocol's and the rules' errors by their kind.
// An error of no known kind is said in its English text.
func refusalOf(err error) game.Message {
	var rf refusal
	if errors.As(err, &rf) {
		return rf.m
	}
	var ill *rules.IllegalMoveError
	if errors.As(err, &ill) {
		return msg("illegal-move", err.Error(), strconv.Itoa(ill.N), ill.C.String(), ill.P.String())
	}
	if key, ok := game.OpeningRefusal(err); ok {
		return msg(key, err.Error())
	}
	if errors.Is(err, rules.ErrNothingToClaim) {
		return msg("nothing-to-claim", err.Error())
	}
	if strings.HasPrefix(err.Error(), "the game is over") {
		return msg("game-over-already", err.Error())
	}
	return msg("refused", "Not accepted: "+err.Error(), err.Error())
}

// pointList writes points as the catalogue's list argument: "h8 i9".
func pointList(ps []rules.Point) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return strings.Join(out, " ")
}

// placedPoints writes the points of stones as a list argument.
func placedPoints(ps []game.Placed) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.P.String()
	}
	return strings.Join(out, " ")
}

// player is a player as a message argument: "first" or "second".
func player(p opening.Player) string { return strings.TrimSuffix(p.String(), " player") }

// actionMessage says an opening action the rules accepted, by its kind.
func actionMessage(by opening.Player, a opening.Action) game.Message {
	text := fmt.Sprintf("%s: %s.", capital(by.String()), a)
	switch a.Kind {
	case opening.Place, opening.Choose:
		return msg(a.Kind.String(), text, a.Point.String())
	case opening.Offer:
		return msg("offer", text, pointList(a.Points))
	case opening.Declare:
		return msg("declare", text, strconv.Itoa(a.N))
	}
	return msg(a.Kind.String(), text)
}

// StepMessage says whose turn it is in the opening and what they may do:
// the robot's step message (i18n.StepMessage) under the referee's key for
// it, which names the player first; the protocol's own English description
// is the Text.
func StepMessage(st opening.Step) game.Message {
	m := i18n.StepMessage(st)
	return game.Message{Key: refereeKey(m.Key), Args: append([]string{player(st.Player)}, m.Args...),
		Text: fmt.Sprintf("The %s's turn in the opening: %s.", st.Player, st.What)}
}

// refereeKey is the referee's catalogue key for the robot's step key k.
func refereeKey(k string) string { return "ref-" + k }

// Message is the step said to people rebuilding a position.
func (s Step) Message() game.Message {
	text := capital(s.String()) + "."
	switch s.Kind {
	case Remove:
		return msg("fix-remove", text, s.C.String(), s.From.String())
	case Move:
		return msg("fix-move", text, s.C.String(), s.From.String(), s.To.String())
	}
	return msg("fix-add", text, s.C.String(), s.To.String())
}
