package game

// Config is what a game is played under; it is the journal's first entry.
type Config struct {
	Rule        string `json:"rule"`
	Size        int    `json:"size"`
	Reading     string `json:"reading,omitempty"`
	Opening     string `json:"opening,omitempty"`
	RobotColor  string `json:"robot_color"` // "black" or "white"
	Robot       string `json:"robot"`       // the engine's name and level
	Person      string `json:"person"`
	TimeControl string `json:"time_control,omitempty"`
}
