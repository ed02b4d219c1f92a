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

// checkEvent checks cfg's event settings, which came from the flags
// named.
func checkEvent(cfg game.Config, event, onTime string) error {
	if _, err := customs.ParseMode(cfg.Event); err != nil {
		return badFlag("--event", event, err)
	}
	if _, err := customs.PolicyOf(cfg); err != nil {
		return badFlag("--on-time", onTime, err)
	}
	return nil
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
