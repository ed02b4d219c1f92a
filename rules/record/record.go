package record

import (
	"fmt"
	"strings"
	"time"

	"tengen/rules"
)

// NoRule marks a record whose rule set is not known (an SGF without RU,
// a PSQ file, which never says).
const NoRule rules.Rule = -1

// Record is one game: its setting, its players and result, and its moves
// in the order they were played.
type Record struct {
	Size         int        // board size, rules.MinSize..rules.MaxSize
	Rule         rules.Rule // NoRule when unknown
	Black, White string     // players' names; "" when unknown
	Result       Result
	Date         string // as written, ideally YYYY-MM-DD (SGF DT)
	Event        string // tournament or occasion (SGF EV)
	Opening      string // opening name, e.g. "Kansei" or "Swap2" (SGF ON)
	Comment      string // comment on the whole game
	Moves        []Move
}

// Move is one move of a record.
type Move struct {
	Color   rules.Color
	Point   rules.Point   // rules.Pass for a pass
	Time    time.Duration // time the player used, 0 when not recorded; millisecond precision
	Comment string
}

// Result says how a game ended.
type Result struct {
	Winner rules.Color // Empty for a draw or when there is no result
	Draw   bool
	// Reason is how the winner won: "" (unspecified, e.g. by five),
	// ReasonResign, ReasonTime, ReasonForfeit, or free text.
	Reason string
}

// Reasons that SGF writes as its letters R, T and F.
const (
	ReasonResign  = "resign"
	ReasonTime    = "time"
	ReasonForfeit = "forfeit"
)

// Known reports whether the result says anything.
func (r Result) Known() bool { return r.Draw || r.Winner != rules.Empty }

// String writes the result the way SGF's RE does: "B+", "W+R", "0", or "".
func (r Result) String() string {
	switch {
	case r.Draw:
		return "0"
	case r.Winner == rules.Empty:
		return ""
	}
	s := "B+"
	if r.Winner == rules.White {
		s = "W+"
	}
	switch r.Reason {
	case ReasonResign:
		return s + "R"
	case ReasonTime:
		return s + "T"
	case ReasonForfeit:
		return s + "F"
	}
	return s + r.Reason
}

// ParseResult reads a result written as SGF's RE: "B+", "W+R", "B+Time",
// "0" or "Draw", "" or "?" or "Void" (no result).
func ParseResult(s string) (Result, error) {
	t := strings.TrimSpace(s)
	switch strings.ToLower(t) {
	case "", "?", "void":
		return Result{}, nil
	case "0", "draw", "jigo":
		return Result{Draw: true}, nil
	}
	if len(t) < 2 || t[1] != '+' {
		return Result{}, fmt.Errorf("bad result %q: want B+…, W+…, 0 (draw) or ? (unknown)", s)
	}
	var r Result
	switch t[0] {
	case 'B', 'b':
		r.Winner = rules.Black
	case 'W', 'w':
		r.Winner = rules.White
	default:
		return Result{}, fmt.Errorf("bad result %q: the winner must be B or W", s)
	}
	switch reason := t[2:]; strings.ToLower(reason) {
	case "r", "resign":
		r.Reason = ReasonResign
	case "t", "time":
		r.Reason = ReasonTime
	case "f", "forfeit":
		r.Reason = ReasonForfeit
	default:
		r.Reason = reason
	}
	return r, nil
}

// Points returns the points of the moves, passes included.
func (r *Record) Points() []rules.Point {
	pts := make([]rules.Point, len(r.Moves))
	for i, m := range r.Moves {
		pts[i] = m.Point
	}
	return pts
}

// Board replays the moves onto a new board. It fails on a bad size, a
// move off the board or onto a taken point, naming the move.
func (r *Record) Board() (*rules.Board, error) {
	b, err := rules.NewBoard(r.Size)
	if err != nil {
		return nil, err
	}
	for i, m := range r.Moves {
		if err := checkMove(b, m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		if !m.Point.IsPass() {
			b.Set(m.Point, m.Color)
		}
	}
	return b, nil
}

// checkMove says why m cannot be played on b, or nil.
func checkMove(b *rules.Board, m Move) error {
	if m.Color != rules.Black && m.Color != rules.White {
		return fmt.Errorf("a move needs a colour, black or white")
	}
	if m.Point.IsPass() {
		return nil
	}
	if !m.Point.In(b.Size()) {
		return fmt.Errorf("%s stone at %v is off the %dx%d board", m.Color, m.Point, b.Size(), b.Size())
	}
	if c := b.At(m.Point); c != rules.Empty {
		return fmt.Errorf("%s stone at %v: the point is already taken by %s", m.Color, m.Point, c)
	}
	return nil
}

// Alternate builds the moves of a game where Black and White take turns,
// Black first, from a list of points.
func Alternate(pts []rules.Point) []Move {
	moves := make([]Move, len(pts))
	c := rules.Black
	for i, p := range pts {
		moves[i] = Move{Color: c, Point: p}
		c = c.Opponent()
	}
	return moves
}

// SyntaxError is a corrupt record: the format, where (1-based line and
// column; Column 0 when only the line is known) and what was expected.
type SyntaxError struct {
	Format Format
	Line   int
	Column int
	Msg    string
}

func (e *SyntaxError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("%s: line %d, column %d: %s", e.Format, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: line %d: %s", e.Format, e.Line, e.Msg)
}

// Moves turns a game's moves into a record's, each with the time its
// player used where times has it (to the millisecond, as records keep it).
func Moves(moves []rules.Move, times []time.Duration) []Move {
	out := make([]Move, len(moves))
	for i, m := range moves {
		out[i] = Move{Color: m.C, Point: m.P}
		if i < len(times) {
			out[i].Time = times[i].Round(time.Millisecond)
		}
	}
	return out
}

// ResultOf is the result a record keeps for a game's outcome: none while
// the game goes on; a forbidden move's kind is kept in the reason.
func ResultOf(out rules.Outcome) Result {
	if !out.Over {
		return Result{}
	}
	r := Result{Winner: out.Winner, Draw: out.Winner == rules.Empty}
	switch out.Reason {
	case rules.Resignation:
		r.Reason = ReasonResign
	case rules.Time, rules.Fours:
		r.Reason = ReasonTime
	case rules.ForbiddenMove:
		r.Reason = out.Code()
	}
	return r
}
