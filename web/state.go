package web

// State is everything the page shows. The game publishes a new State on
// every change; the page redraws from it alone.
type State struct {
	Title       string     `json:"title"`
	Rule        string     `json:"rule"`
	Size        int        `json:"size"`
	Status      string     `json:"status"`  // what the robot is doing or waiting for
	ToMove      string     `json:"to_move"` // "black", "white" or "" when over
	Result      string     `json:"result,omitempty"`
	Moves       []Move     `json:"moves"`
	Forbidden   []Mark     `json:"forbidden,omitempty"` // Black's forbidden points (renju)
	Clocks      []Clock    `json:"clocks,omitempty"`    // black first
	Eval        *Eval      `json:"eval,omitempty"`
	EvalHistory []int      `json:"eval_history,omitempty"` // Black's view, one per move
	Events      []string   `json:"events,omitempty"`       // latest last
	Standings   []Standing `json:"standings,omitempty"`
	Paused      bool       `json:"paused"`
	Fault       string     `json:"fault,omitempty"` // waiting for the operator
	HasCamera   bool       `json:"has_camera"`
	// Lang is the robot's language setting ("en", "zh-Hans", "zh-Hant"):
	// the page's language until the viewer picks another.
	Lang string `json:"lang,omitempty"`
	// Messages are the robot's latest messages, latest last, for the page
	// to word in the viewer's language.
	Messages []Said `json:"messages,omitempty"`
	// StatusSaid, when set, is Status as a message, for the page to word
	// in the viewer's language.
	StatusSaid *Said `json:"status_said,omitempty"`
	// ResultSaid is the result as a message (i18n.OutcomeMessage).
	ResultSaid *Said `json:"result_said,omitempty"`
	// Explain, when set, draws the forbidden shape that lost the game.
	Explain *Explain `json:"explain,omitempty"`
	// Review names the latest game's review (Server.SetReview fills it).
	Review string `json:"review,omitempty"`
	// Visitors says the page offers visitors their own panel; AskGuess
	// that the robot waits for a visitor's 猜先 guess (both filled by the
	// server from Options.Visitors).
	Visitors bool `json:"visitors,omitempty"`
	AskGuess bool `json:"ask_guess,omitempty"`
	// Opening is the opening protocol's step in progress; nil outside
	// an opening.
	Opening *OpeningStep `json:"opening,omitempty"`
	// Calibration is the calibration page's view (calibrate.html); nil
	// on the game's page.
	Calibration *Calibration `json:"calibration,omitempty"`
}

// Calibration is what the calibration page shows: the file, the camera's
// picture with the board's corners, and the guided step running, which
// the operator answers with the page's buttons as at the terminal.
type Calibration struct {
	File  string `json:"file"`  // the calibration file the steps write
	Check string `json:"check"` // the file's state: "complete and valid" or what is missing and how to fix it
	// CheckTexts is Check in every language, by tag ("zh-Hans").
	CheckTexts map[string]string `json:"check_texts,omitempty"`
	OK         bool              `json:"ok"`   // the file is complete and valid
	Size       int               `json:"size"` // lines per side of the board
	// Picture is the camera picture's width and height (the picture is
	// /api/camera.jpg); zero before one is taken.
	Picture [2]int `json:"picture"`
	Shot    int    `json:"shot"` // counts the pictures taken, so the page fetches a new one
	// Views counts the chessboard views kept for the lens step.
	Views int `json:"views"`
	// LensViews are where the chessboard lay in each of them: its outer
	// inner corners, going round, in picture pixels.
	LensViews [][4][2]float64 `json:"lens_views,omitempty"`
	// LensGuide is what the person holding the chessboard should do next
	// (calibration.LensGuide), in every language by tag.
	LensGuide map[string]string `json:"lens_guide,omitempty"`
	// ViewShown is set while the picture is the last chessboard view.
	ViewShown bool `json:"view_shown,omitempty"`
	// Corners are the board's outer grid corners in the picture, found or
	// saved, in the reader's order: the image's top left first, then
	// clockwise; empty when none.
	Corners [][2]float64 `json:"corners,omitempty"`
	// Step is the guided step running ("servos", "arm", "verify",
	// "park"), "" when none.
	Step    string   `json:"step,omitempty"`
	Console []string `json:"console"`          // the running or last step's latest lines, latest last
	Prompt  string   `json:"prompt,omitempty"` // what the running step asks now
	Error   string   `json:"error,omitempty"`  // how the last step or action failed
}

// Move is a stone in move order.
type Move struct {
	N     int    `json:"n"`
	Color string `json:"color"`
	Point string `json:"point"` // Chinese notation, e.g. "h8"
}

// Mark is a marked point with a reason.
type Mark struct {
	Point string `json:"point"`
	Kind  string `json:"kind"`
}

// Clock is one side's clock.
type Clock struct {
	Color   string `json:"color"`
	Display string `json:"display"`
	Running bool   `json:"running"`
}

// Eval is the engine's current opinion.
type Eval struct {
	Score int      `json:"score"` // centi-stones for Black
	Depth int      `json:"depth"`
	PV    []string `json:"pv"`
}

// Standing is a row of the tournament table.
type Standing struct {
	Rank     int     `json:"rank"`
	Name     string  `json:"name"`
	Score    float64 `json:"score"`
	Buchholz float64 `json:"buchholz"`
	Games    int     `json:"games"`
}

// Said is something the robot said, as a catalogue key and its arguments
// in the catalogue's form (i18n.Normalize), with the English text for a
// page that does not know the key.
type Said struct {
	Key  string   `json:"key"`
	Args []string `json:"args,omitempty"`
	Text string   `json:"text"`
	Time string   `json:"time,omitempty"` // "15:04:05"
}

// Explain shows why Black's move is forbidden: the point, the kind
// ("overline", "double-four", "double-three") and the lines that make
// the shape, each a list of points in the Chinese notation.
type Explain struct {
	Point string     `json:"point"`
	Kind  string     `json:"kind"`
	Lines [][]string `json:"lines"`
}

// OpeningStep is the step an opening protocol waits for: whose decision
// it is and what is asked. The page offers the person buttons for exactly
// the decisions in Allowed, which it posts as the operator action
// "opening" (do=keep|swap|pass|offer|declare N|choose h8).
type OpeningStep struct {
	Protocol string `json:"protocol"`
	// By is "robot" or "person": who takes this step.
	By string `json:"by"`
	// Player is "first" or "second" (the tentative Black is first), and
	// Colour the colour that player holds now.
	Player string `json:"player"`
	Colour string `json:"colour"`
	// Allowed are the actions allowed now: "place", "pass", "swap",
	// "keep", "declare", "offer", "choose".
	Allowed []string `json:"allowed"`
	// Stone is the colour a place, pass or offer puts down.
	Stone string `json:"stone,omitempty"`
	// Count is how many fifth moves an offer holds; Min and Max bound a
	// declare.
	Count int `json:"count,omitempty"`
	Min   int `json:"min,omitempty"`
	Max   int `json:"max,omitempty"`
	// Declared is the number of fifth moves declared, 0 if none yet.
	Declared int `json:"declared,omitempty"`
	// Offers are the fifth moves on the board waiting for a choice.
	Offers []string `json:"offers,omitempty"`
	// Question is what is asked, for the page to word in the viewer's
	// language.
	Question Said `json:"question"`
}
