package customs

import (
	"fmt"

	"tengen/game"
	"tengen/rules"
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

// PolicyFor returns the customs of an event mode: a tournament game allows
// no draw offers and no takebacks (the rules as written); a casual game
// allows draw offers and three takebacks. foursOnTime decides a game over
// its time by counting fours (DecideByFours), the casual custom, instead
// of a loss on time.
func PolicyFor(m Mode, foursOnTime bool) game.Policy {
	var p game.Policy
	if m == Casual {
		p = game.Policy{Draws: true, Takebacks: 3, DrawMargin: 30, OfferAfter: 60}
	}
	if foursOnTime {
		p.OnTime = func(b *rules.Board, r rules.Rule) (rules.Color, []game.Message) {
			fc := DecideByFours(b, r)
			return fc.Winner, fc.Announce()
		}
	}
	return p
}

// PolicyOf returns the policy a game's settings name: its Event (casual or
// tournament) and its OnTime ("" a loss on time, "fours" the count).
func PolicyOf(cfg game.Config) (game.Policy, error) {
	m, err := ParseMode(cfg.Event)
	if err != nil {
		return game.Policy{}, err
	}
	fours, err := ParseOnTime(cfg.OnTime)
	if err != nil {
		return game.Policy{}, err
	}
	return PolicyFor(m, fours), nil
}

// ParseOnTime reads a rule for a game over its time (Config.OnTime): ""
// a loss on time, "fours" the count of fours.
func ParseOnTime(s string) (fours bool, err error) {
	switch s {
	case "":
		return false, nil
	case "fours":
		return true, nil
	}
	return false, fmt.Errorf("unknown rule for a game over its time %q (want fours, or none for a loss)", s)
}
