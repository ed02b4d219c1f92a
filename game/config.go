package game

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
}
