package main

import (
	"flag"

	"tengen/customs"
	"tengen/game"
	"tengen/i18n/errmsg"
)

// eventFlag is --event, the kind of event a person's game belongs to.
func eventFlag(fs *flag.FlagSet) *string {
	return fs.String("event", "casual", "the kind of event: casual (the person may offer draws and take back three moves a game; the robot offers a draw in a level game late on) or tournament (neither: the rules as written)")
}

// eventConfig is the settings --event and --on-time name (onTime "loss":
// the default, which the settings leave empty), checked.
func eventConfig(event, onTime string) (game.Config, error) {
	cfg := game.Config{Event: event}
	if onTime != "loss" {
		cfg.OnTime = onTime
	}
	if _, err := customs.ParseMode(cfg.Event); err != nil {
		return cfg, badFlag("--event", event, err)
	}
	if _, err := customs.ParseOnTime(cfg.OnTime); err != nil {
		return cfg, badFlag("--on-time", onTime, err)
	}
	return cfg, nil
}

// applyPolicy sets s's policy from its settings (the journal's, for a
// resumed game).
func applyPolicy(s *game.Session) error {
	p, err := customs.PolicyOf(s.Config)
	if err != nil {
		return errmsg.Wrap(err, "err.journal", s.Journal.Path())
	}
	s.Policy = p
	return nil
}
