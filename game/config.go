package game

import "tengen/rules"

// Config is what a game is played under; it is the journal's first entry.
type Config struct {
	Rule    string `json:"rule"`
	Size    int    `json:"size"`
	Reading string `json:"reading,omitempty"`
	Opening string `json:"opening,omitempty"`
	// Black and White name the players: an engine and its level, an
	// external engine, or "person" for someone at the board.
	Black       string `json:"black"`
	White       string `json:"white"`
	TimeControl string `json:"time_control,omitempty"`
	// Robot, when set, names which of Black and White the robot is (an
	// exhibition's visitor may take any name), so that a game resumed
	// after a restart seats its players again.
	Robot string `json:"robot,omitempty"`
	// Event is the kind of event the game belongs to: "casual" (the
	// default) or "tournament", which allow different draws and takebacks
	// (customs.PolicyOf makes the session's Policy from it).
	Event string `json:"event,omitempty"`
	// OnTime is how a game over its time is decided: "" a loss on time,
	// "fours" by the count of each side's fours, a casual custom.
	OnTime string `json:"on_time,omitempty"`
	// Match, when set, is the best-of-N match between the person and the
	// robot the game is one of, so that a restart rebuilds the match's
	// score from its games' journals.
	Match MatchGame `json:"match,omitzero"`
}

// MatchGame places a game in a best-of-N match (customs.Match keeps its
// score): the match's format and the game's number in it, from 1.
type MatchGame struct {
	BestOf   int `json:"best_of"`
	Deciders int `json:"deciders"` // extra games on a tie
	Game     int `json:"game"`
}

// DefaultOpening is the opening protocol a rule is played with unless
// told otherwise: the RIF rule for renju (the rule of its world
// championships until 2017 and the simplest of the renju protocols) and
// swap2 for the gomoku rules (freestyle, standard, caro), as in gomoku
// championships.
func DefaultOpening(r rules.Rule) string {
	if r == rules.Renju {
		return "rif"
	}
	return "swap2"
}
