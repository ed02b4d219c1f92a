package sim

import (
	"fmt"

	"tengen/ai"
	"tengen/game"
	"tengen/rules"
	"tengen/rules/opening"
)

// seatOpening sets up an opening protocol, by name, between the robot's
// engine and the person in session s: the robot holds seat, the person
// the other, and they exchange decisions on a channel as the page or a
// button would carry them. The session's and the person's colours are
// the tentative ones (the first player Black) until the opening seats
// them.
func seatOpening(name string, s *game.Session, robot *ai.Engine, seat opening.Player, p *Person, personEngine *ai.Engine) error {
	proto, err := opening.ByName(name)
	if err != nil {
		return err
	}
	m, err := opening.New(proto, s.Referee.Size())
	if err != nil {
		return fmt.Errorf("opening %s: %w", name, err)
	}
	s.Config.Opening = proto.Name()
	if m.Done() {
		return nil // free: nothing to play before the game
	}
	rule, reading := s.Referee.Rule(), s.Referee.Reading()
	decisions := make(chan opening.Action, 1)
	s.Opening = &game.Opening{Machine: m, Robot: seat, Decisions: decisions,
		Decider: game.EngineDecider{Engine: robot, Me: seat, Rule: rule, Reading: reading}}
	p.Opening = &OpeningSeat{Machine: m, Me: seat.Other(), Engine: personEngine, Reading: reading, Say: decisions}
	return nil
}

// seatOf returns the opening seat of the player holding colour c at the
// start: the first player holds Black.
func seatOf(c rules.Color) opening.Player {
	if c == rules.Black {
		return opening.First
	}
	return opening.Second
}
