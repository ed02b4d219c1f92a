package game

import (
	"context"
	"image"
	"slices"

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
	// Centre, where the eyes can tell, says where the stone on p lies:
	// its centre's offset from the point in grid steps, along the
	// board's rows (dx, toward column o) and columns (dy, toward row 15).
	// Nil where they cannot.
	Centre func(p rules.Point) (dx, dy float64, err error)
	// Unsure are the points the eyes could not vouch for, which read as
	// the caller expected (LookFor); none from Look. Eyes may leave out a
	// doubt that stood, unchanged, since before the last move (rig: a
	// patch of sunlight is the light, not a stone; vision.StandingDoubts).
	Unsure []rules.Point
}

// An Expecter is Eyes that can take a steady view in which a few points
// (vision.FewDoubtful) stay in doubt, as long as each reads as want says:
// a patch of sunlight that washes out an empty point's lines for a whole
// game then does not stop the game. A doubtful point that reads
// otherwise is waited out as Look waits, so a change is never taken from
// a point the eyes cannot vouch for: the robot's own stone on one must be
// seen, never put there again. The game asks for such views where it
// compares the board with the record (a person's move, the robot's stone
// placed, a takeback, an opening step and its stones put right, resuming)
// and to clear the board between games (a point in doubt that reads empty
// counts as empty); it expects nothing (NoExpectation) on the points it
// acts on whatever they hold (offers to lift, a placement to resume). The
// watched hand looks for a stone fallen from the nozzle, which may be
// anywhere, with Look.
type Expecter interface {
	LookFor(ctx context.Context, want Expect) (Sight, error)
}

// Expect says what the caller expects on a point (a record's At); nil
// expects nothing, as Look.
type Expect func(p rules.Point) rules.Color

// NoExpectation, returned by an Expect for a point, vouches for no
// reading there: a doubtful point there is waited out, as Look waits. The
// caller asks it for the points it is about to act on.
const NoExpectation rules.Color = -1

// nothing expects the board empty.
func nothing(rules.Point) rules.Color { return rules.Empty }

// actingOn expects what want expects, but nothing on ps, the points the
// caller acts on whatever it sees there.
func actingOn(want Expect, ps ...rules.Point) Expect {
	return func(p rules.Point) rules.Color {
		if slices.Contains(ps, p) {
			return NoExpectation
		}
		return want(p)
	}
}

// LookFor takes a steady view from eyes that may keep a few doubtful
// points reading as want says (an Expecter), or a view with none (Look).
func LookFor(ctx context.Context, eyes Eyes, want Expect) (Sight, error) {
	if e, ok := eyes.(Expecter); ok {
		return e.LookFor(ctx, want)
	}
	return eyes.Look(ctx)
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

// A Dropper is a Hand that can tell when a stone fell from it on the way
// (the controller reset or the vacuum let go with the stone in the air):
// the hand puts another stone where it was going, and the fallen one lies
// on some point. In the opening, where a person may put stones of either
// colour, the robot could not tell it from theirs without this.
type Dropper interface {
	// Drops returns the stones fallen since the last call.
	Drops() []Drop
}

// A Doubter is Eyes that can tell when the reader stays unsure of a few
// points while nothing moves, where Look would wait for ever: a stone
// between two points, a white stone the light makes hard to tell from the
// wood (the session asks the person to set those stones straight), or a
// point that reads empty but hides its lines (a patch of sunlight or
// glare, something left over it: the session asks to clear or shade it).
type Doubter interface {
	// NotifyDoubt makes the eyes call f with such points, once a spell:
	// those read as stones, and those read empty.
	NotifyDoubt(f func(stones, empty []rules.Point))
}

// Drop is a stone fallen from the hand.
type Drop struct {
	C rules.Color
	// Seen is the board as the camera saw it once the arm had recovered,
	// before the stone was put again: the fallen stone is on it, and no
	// stone a person puts after the robot's.
	Seen *rules.Board
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
