package rules

import (
	"errors"
	"fmt"
	"strings"
)

// Game is the referee of one game: it takes the moves as they are made on
// the board, says whose turn it is and when and how the game ends, and
// refuses illegal moves with a reason instead of fixing them. Black moves
// first and the colours alternate; a pass is a move.
//
// Forbidden moves follow the renju rules for a game over the board: a
// forbidden Black move does not end the game by itself. White (or the
// referee) must claim it at once, before White's next move, or it stands;
// an overline stays claimable until the game ends. After SetAutoClaim(true)
// the referee claims every forbidden move as it is made, as a computer
// referee does.
type Game struct {
	size      int
	rule      Rule
	reading   Reading
	autoClaim bool
	board     Board
	moves     []Move
	outcome   Outcome
}

// Move is one move of a game.
type Move struct {
	C Color
	P Point // Pass for a pass
	// Forbidden is the kind of a forbidden Black move under renju
	// (NotForbidden otherwise). The move stands unless it is claimed.
	Forbidden ForbiddenKind
}

// Reason says why a game ended.
type Reason int8

const (
	NotOver       Reason = iota
	Five                 // a winning line (the rule set says which)
	ForbiddenMove        // Black's forbidden move was claimed; White wins
	FullBoard            // no empty point left: a draw
	TwoPasses            // both players passed in turn: a draw (RIF)
	Resignation          // a player resigned
	Time                 // a player ran out of time
	Agreement            // both players agreed to a draw
	Fours                // time ran out and the count of fours decided, a casual custom
)

var reasonNames = [...]string{"", "five", "forbidden", "full board", "two passes", "resignation", "time", "agreement", "fours"}

// String gives the reason's name: "five", "forbidden", "full board",
// "two passes", "resignation", "time", "agreement", "fours" ("" while the
// game goes on).
func (r Reason) String() string {
	if r >= 0 && int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(?)"
}

// ParseReason reads a reason's name, or an outcome's Code
// ("forbidden:double-three" is ForbiddenMove).
func ParseReason(s string) (Reason, error) {
	name, _, _ := strings.Cut(s, ":")
	for r, n := range reasonNames {
		if n == name && n != "" {
			return Reason(r), nil
		}
	}
	return NotOver, fmt.Errorf("unknown reason %q (want five, forbidden, full board, two passes, resignation, time, agreement or fours)", s)
}

// Outcome is how a game ended.
type Outcome struct {
	Over   bool
	Winner Color  // Empty for a draw (or while the game goes on)
	Reason Reason // NotOver while the game goes on
	// Move is the number (from 1) of the move that decided the game: the
	// five, the forbidden move, the move that filled the board, the
	// second pass, or the last move before a resignation or loss on time.
	Move int
	Kind ForbiddenKind // for ForbiddenMove: which kind was claimed
}

// Code is the reason as the CLI prints it: the Reason's name, with the
// kind for a forbidden move, e.g. "forbidden:double-three".
func (o Outcome) Code() string {
	if o.Reason == ForbiddenMove {
		return o.Reason.String() + ":" + o.Kind.String()
	}
	return o.Reason.String()
}

func (o Outcome) String() string {
	switch {
	case !o.Over:
		return "the game goes on"
	case o.Reason == NotOver && o.Winner == Empty: // over, for a reason not known
		return fmt.Sprintf("draw at move %d", o.Move)
	case o.Reason == NotOver:
		return fmt.Sprintf("%s wins at move %d", o.Winner, o.Move)
	case o.Winner == Empty:
		return fmt.Sprintf("draw by %s at move %d", o.Code(), o.Move)
	case o.Reason == ForbiddenMove:
		return fmt.Sprintf("%s wins: Black's move %d is forbidden (%s)", o.Winner, o.Move, o.Kind)
	}
	return fmt.Sprintf("%s wins by %s at move %d", o.Winner, o.Code(), o.Move)
}

// Event is what the referee says about a move just played.
type Event struct {
	Move int // the move's number, from 1
	// Claimable is the kind of this move's forbidden shape when White may
	// now claim it (NotForbidden otherwise, or when AutoClaim already
	// ended the game).
	Claimable ForbiddenKind
	Outcome   Outcome // the game's state after the move
}

// IllegalMoveError is a move the referee refuses. The game is unchanged.
type IllegalMoveError struct {
	N      int // the number the move would have had
	C      Color
	P      Point
	Reason string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("move %d (%s %v) is illegal: %s", e.N, e.C, e.P, e.Reason)
}

// ErrNothingToClaim is Claim's error when no forbidden move can be claimed.
var ErrNothingToClaim = errors.New("no forbidden move can be claimed")

// NewGame starts a game on a size x size board under rule r; rd is the
// reading of renju threes (see Forbidden) and matters only for renju.
func NewGame(size int, r Rule, rd Reading) (*Game, error) {
	b, err := NewBoard(size)
	if err != nil {
		return nil, err
	}
	if r < Freestyle || r > Caro {
		return nil, fmt.Errorf("unknown rule %v", r)
	}
	if rd != ReadingRIF && rd != ReadingGomocup {
		return nil, fmt.Errorf("unknown reading %v", rd)
	}
	return &Game{size: size, rule: r, reading: rd, board: *b}, nil
}

// SetAutoClaim chooses whether the referee claims forbidden moves itself,
// ending the game at once (off by default, as over a real board where
// White must speak up).
func (g *Game) SetAutoClaim(on bool) { g.autoClaim = on }

// Size, Rule and Reading return the game's settings.
func (g *Game) Size() int        { return g.size }
func (g *Game) Rule() Rule       { return g.rule }
func (g *Game) Reading() Reading { return g.reading }

// Board returns a copy of the position.
func (g *Game) Board() *Board { return g.board.Clone() }

// Moves returns a copy of the moves so far.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// ToMove returns the colour whose turn it is.
func (g *Game) ToMove() Color {
	if len(g.moves)%2 == 0 {
		return Black
	}
	return White
}

// Outcome says whether and how the game ended.
func (g *Game) Outcome() Outcome { return g.outcome }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.outcome.Over }

// Play makes move c at p (Pass to pass). An illegal move — the game is
// over, the wrong colour (two moves in a row), a point off the board or
// taken — returns an *IllegalMoveError and changes nothing.
func (g *Game) Play(c Color, p Point) (Event, error) {
	n := len(g.moves) + 1
	illegal := func(format string, a ...any) (Event, error) {
		return Event{}, &IllegalMoveError{N: n, C: c, P: p, Reason: fmt.Sprintf(format, a...)}
	}
	switch {
	case g.outcome.Over:
		return illegal("the game is over (%v)", g.outcome)
	case c != Black && c != White:
		return illegal("%v is not a player's colour", c)
	case c != g.ToMove():
		if n == 1 {
			return illegal("black moves first")
		}
		return illegal("%s made move %d: the same colour cannot move twice in a row", c, n-1)
	case p.IsPass():
		g.moves = append(g.moves, Move{C: c, P: Pass})
		if n > 1 && g.moves[n-2].P.IsPass() {
			g.end(Empty, TwoPasses, n, NotForbidden)
		}
		return Event{Move: n, Outcome: g.outcome}, nil
	case !p.In(g.size):
		return illegal("the point is off the %dx%d board", g.size, g.size)
	case g.board.At(p) != Empty:
		return illegal("the point is taken by %s", g.board.At(p))
	}
	win := g.board.Wins(p, c, g.rule)
	kind := NotForbidden
	if g.rule == Renju && c == Black && !win {
		kind = g.board.Forbidden(p, g.reading)
	}
	g.board.Set(p, c)
	g.moves = append(g.moves, Move{C: c, P: p, Forbidden: kind})
	ev := Event{Move: n}
	switch {
	case win:
		g.end(c, Five, n, NotForbidden)
	case kind != NotForbidden && g.autoClaim:
		g.end(White, ForbiddenMove, n, kind)
	case kind != NotForbidden:
		ev.Claimable = kind
	}
	if !g.outcome.Over && g.board.Full() {
		// No move is left to waive a claim with, so the referee decides
		// a claim still open before calling the draw.
		if _, err := g.Claim(); err != nil {
			g.end(Empty, FullBoard, n, NotForbidden)
		}
		ev.Claimable = NotForbidden
	}
	ev.Outcome = g.outcome
	return ev, nil
}

// Claimable lists the numbers of the forbidden moves White may claim now:
// the last move if it is a forbidden Black move, and every overline
// (which may be claimed at any time before the game ends).
func (g *Game) Claimable() []int {
	if g.outcome.Over {
		return nil
	}
	var ns []int
	for i, m := range g.moves {
		if m.Forbidden == Overline || (m.Forbidden != NotForbidden && i == len(g.moves)-1) {
			ns = append(ns, i+1)
		}
	}
	return ns
}

// Claim claims a forbidden move for White: the last move if it is one,
// or else the earliest overline still standing. White wins. It returns
// ErrNothingToClaim when no move can be claimed.
func (g *Game) Claim() (Outcome, error) {
	ns := g.Claimable()
	if len(ns) == 0 {
		return g.outcome, ErrNothingToClaim
	}
	n := ns[0]
	if last := ns[len(ns)-1]; last == len(g.moves) {
		n = last
	}
	g.end(White, ForbiddenMove, n, g.moves[n-1].Forbidden)
	return g.outcome, nil
}

// Resign ends the game: c resigns and the other side wins.
func (g *Game) Resign(c Color) error { return g.lose(c, Resignation) }

// Timeout ends the game: c ran out of time and the other side wins.
func (g *Game) Timeout(c Color) error { return g.lose(c, Time) }

// DecideByFours ends a game in which a player ran out of time the casual
// way, by the count of each side's fours: winner has more, Empty for equal
// counts (a draw).
func (g *Game) DecideByFours(winner Color) error {
	if g.outcome.Over {
		return fmt.Errorf("the game is over (%v)", g.outcome)
	}
	if winner != Black && winner != White && winner != Empty {
		return fmt.Errorf("%v is not a player's colour", winner)
	}
	g.end(winner, Fours, len(g.moves), NotForbidden)
	return nil
}

// AgreeDraw ends the game drawn by the players' agreement.
func (g *Game) AgreeDraw() error {
	if g.outcome.Over {
		return fmt.Errorf("the game is over (%v)", g.outcome)
	}
	g.end(Empty, Agreement, len(g.moves), NotForbidden)
	return nil
}

func (g *Game) lose(c Color, r Reason) error {
	if g.outcome.Over {
		return fmt.Errorf("the game is over (%v)", g.outcome)
	}
	if c != Black && c != White {
		return fmt.Errorf("%v is not a player's colour", c)
	}
	g.end(c.Opponent(), r, len(g.moves), NotForbidden)
	return nil
}

func (g *Game) end(winner Color, r Reason, n int, k ForbiddenKind) {
	g.outcome = Outcome{Over: true, Winner: winner, Reason: r, Move: n, Kind: k}
}

// Undo takes back the last move (a takeback). An end of the game that
// came after it — a claim, a resignation, a loss on time — is taken back
// with it. It returns the move taken back, or an error when there is none.
func (g *Game) Undo() (Move, error) {
	if len(g.moves) == 0 {
		return Move{}, errors.New("no move to take back")
	}
	last := g.moves[len(g.moves)-1]
	if !last.P.IsPass() {
		g.board.Set(last.P, Empty)
	}
	g.moves = g.moves[:len(g.moves)-1]
	// The game was going on before the move (it could not have been
	// played otherwise), so it goes on now.
	g.outcome = Outcome{}
	return last, nil
}
