package game

import (
	"context"
	"image"

	"tengen/rules"
)

// Eyes watch the board.
type Eyes interface {
	// Look returns the board as it stands once the view has held steady
	// (no hand or arm over it) for the tracker's settling time, waiting
	// until then or until ctx ends. Called again, it returns the next
	// steady view, which may be the same board.
	Look(ctx context.Context) (Sight, error)
}

// Sight is one steady view of the board.
type Sight struct {
	Board    *rules.Board
	Evidence image.Image // the frame it was read from, for the log; may be nil
}

// Hand moves stones.
type Hand interface {
	// Place takes a stone of colour c from its bowl and puts it on p.
	Place(ctx context.Context, p rules.Point, c rules.Color) error
	// Take lifts the stone of colour c at p and drops it in c's bowl.
	Take(ctx context.Context, p rules.Point, c rules.Color) error
	// Park moves the arm out of the camera's view.
	Park(ctx context.Context) error
}

// Voice tells people what happened: speech, the terminal, the web page.
type Voice interface {
	Say(m Message)
}

// Message is something the robot says, as a key and its arguments so that
// each output can word it in its own language.
type Message struct {
	Key  string   // e.g. "your-move", "two-stones"
	Args []string // e.g. points in the Chinese notation
	Text string   // the English wording, for logs and the terminal
}

// Referee is the part of the rules the loop needs; rules.Game provides it.
type Referee interface {
	ToMove() rules.Color
	// Play makes c's move at p, returning an error naming the reason if
	// it is illegal (occupied, off the board, not c's turn).
	Play(c rules.Color, p rules.Point) error
	// Undo takes back the last move.
	Undo() error
	// Over reports whether the game has ended; Result says how.
	Over() bool
	Result() Result
	Board() *rules.Board
	Moves() []rules.Point
	// Forbidden lists Black's forbidden points now (renju only).
	Forbidden() []rules.Forbid
}

// Result is how a game ended.
type Result struct {
	Winner rules.Color // Empty for a draw
	Reason string      // "five", "forbidden:double-three", "full board", "resignation", "time"…
	Move   int         // the move that decided it
}
