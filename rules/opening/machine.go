package opening

import (
	"errors"
	"fmt"
	"strings"

	"tengen/rules"
)

// Errors that Apply wraps, so callers can tell the kinds apart with
// errors.Is; the message says what exactly was wrong.
var (
	ErrDone        = errors.New("the opening is over")
	ErrWrongPlayer = errors.New("not this player's turn")
	ErrNotAllowed  = errors.New("action not allowed now")
	ErrBadPoint    = errors.New("illegal point")
	ErrSymmetric   = errors.New("symmetric offers")
	ErrBadNumber   = errors.New("number out of range")
)

// Move is one move of the opening: a stone, or a pass (Point is
// rules.Pass).
type Move struct {
	Color rules.Color
	Point rules.Point
}

func (m Move) String() string { return m.Color.String() + " " + m.Point.String() }

// Step says what the machine waits for: who acts and what they may do.
type Step struct {
	Player  Player
	Allowed []ActionKind
	// Stone is the colour a Place, Pass or Offer puts down.
	Stone rules.Color
	// Side bounds a Place: the stone must lie in the central Side x Side
	// square; 0 means anywhere.
	Side int
	// Count is how many points an Offer must hold.
	Count int
	// Min and Max bound a Declare.
	Min, Max int
	// What describes the step for people.
	What string
}

// Result is how an opening ended.
type Result struct {
	Moves []Move // every move in order, passes included
	Black Player // who plays Black in the main game
	// NextColor is the colour to play the first move of the main game,
	// NextMove its number (moves are numbered from 1).
	NextColor rules.Color
	NextMove  int
}

// Machine runs one opening under a protocol. It is not safe for
// concurrent use; it does no I/O.
type Machine struct {
	proto    Protocol
	size     int
	node     int
	black    Player
	board    *rules.Board
	moves    []Move
	declared int
	offers   []rules.Point
}

// New starts an opening under p on an empty board of the given size. The
// first player holds black.
func New(p Protocol, size int) (*Machine, error) {
	b, err := rules.NewBoard(size)
	if err != nil {
		return nil, err
	}
	m := &Machine{proto: p, size: size, board: b}
	if len(p.nodes) == 0 {
		m.node = done
	}
	return m, nil
}

// Protocol returns the machine's protocol.
func (m *Machine) Protocol() Protocol { return m.proto }

// Done reports whether the opening is over.
func (m *Machine) Done() bool { return m.node == done }

// Next returns who acts next and what they may do; nothing once the
// opening is over.
func (m *Machine) Next() (who Player, allowed []ActionKind) {
	s := m.Step()
	return s.Player, s.Allowed
}

// Step describes the step the machine waits for; the zero Step once the
// opening is over.
func (m *Machine) Step() Step {
	if m.Done() {
		return Step{}
	}
	n := m.proto.nodes[m.node]
	s := Step{Player: m.holder(n.actor), What: n.what}
	for _, o := range n.opts {
		s.Allowed = append(s.Allowed, o.kind)
		switch o.kind {
		case Place:
			s.Stone, s.Side = o.stone, o.side
		case Offer:
			s.Stone, s.Count = o.stone, m.offerCount(o)
		case Declare:
			s.Min, s.Max = o.min, o.max
		case Pass, Choose:
			if s.Stone == rules.Empty {
				s.Stone = o.stone
			}
		}
	}
	return s
}

// holder returns the player who holds colour c now.
func (m *Machine) holder(c rules.Color) Player {
	if c == rules.Black {
		return m.black
	}
	return m.black.Other()
}

// Black returns the player holding black now.
func (m *Machine) Black() Player { return m.black }

// Board returns a copy of the stones laid so far (offers not included).
func (m *Machine) Board() *rules.Board { return m.board.Clone() }

// Moves returns the moves made so far.
func (m *Machine) Moves() []Move { return append([]Move(nil), m.moves...) }

// Offers returns the fifth moves on offer, waiting for a choice.
func (m *Machine) Offers() []rules.Point { return append([]rules.Point(nil), m.offers...) }

// Declared returns the declared number of fifth moves, 0 if none yet.
func (m *Machine) Declared() int { return m.declared }

func (m *Machine) offerCount(o option) int {
	if o.min > 0 {
		return o.min
	}
	return m.declared
}

// Result returns how the opening ended; an error while it is running.
func (m *Machine) Result() (Result, error) {
	if !m.Done() {
		s := m.Step()
		return Result{}, fmt.Errorf("the opening is not over: waiting for the %s (%s)", s.Player, s.What)
	}
	next := rules.Black
	if len(m.moves)%2 == 1 {
		next = rules.White
	}
	return Result{Moves: m.Moves(), Black: m.black, NextColor: next, NextMove: len(m.moves) + 1}, nil
}

// CanPlace reports whether a Place at p would be legal now, and why not.
func (m *Machine) CanPlace(p rules.Point) error {
	o, err := m.option(m.Step().Player, Place)
	if err != nil {
		return err
	}
	return m.checkPlace(o, p)
}

// Apply performs action a by player by. An illegal action is refused with
// an error saying why, and leaves the machine as it was.
func (m *Machine) Apply(by Player, a Action) error {
	o, err := m.option(by, a.Kind)
	if err != nil {
		return err
	}
	switch a.Kind {
	case Place:
		if err := m.checkPlace(o, a.Point); err != nil {
			return err
		}
		m.play(o.stone, a.Point)
	case Pass:
		m.moves = append(m.moves, Move{o.stone, rules.Pass})
	case Swap:
		m.black = m.black.Other()
	case Keep:
	case Declare:
		if a.N < o.min || a.N > o.max {
			return fmt.Errorf("%w: declared %d fifth moves, want %d to %d", ErrBadNumber, a.N, o.min, o.max)
		}
		m.declared = a.N
	case Offer:
		if err := m.checkOffer(o, a.Points); err != nil {
			return err
		}
		m.offers = append([]rules.Point(nil), a.Points...)
	case Choose:
		if !contains(m.offers, a.Point) {
			return fmt.Errorf("%w: %v is not one of the offered fifth moves (%s)", ErrBadPoint, a.Point, rules.FormatPoints(m.offers))
		}
		m.offers = nil
		m.play(o.stone, a.Point)
	default:
		return fmt.Errorf("%w: unknown action kind %d", ErrNotAllowed, a.Kind)
	}
	m.node = o.next
	return nil
}

// option finds the option of kind k at the current step for player by.
func (m *Machine) option(by Player, k ActionKind) (option, error) {
	if m.Done() {
		return option{}, fmt.Errorf("%w: no more opening actions (%s by the %s)", ErrDone, k, by)
	}
	n := m.proto.nodes[m.node]
	who := m.holder(n.actor)
	if by != who {
		return option{}, fmt.Errorf("%w: the %s (holding %s) must act: %s", ErrWrongPlayer, who, n.actor, n.what)
	}
	var names []string
	for _, o := range n.opts {
		if o.kind == k {
			return o, nil
		}
		names = append(names, o.kind.String())
	}
	return option{}, fmt.Errorf("%w: cannot %s at move %d; allowed: %s (%s)", ErrNotAllowed, k, len(m.moves)+1, strings.Join(names, ", "), n.what)
}

func (m *Machine) checkPlace(o option, p rules.Point) error {
	num := len(m.moves) + 1
	if p.IsPass() {
		return fmt.Errorf("%w: move %d: a pass is its own action, not a placement", ErrBadPoint, num)
	}
	if !p.In(m.size) {
		return fmt.Errorf("%w: move %d at %v is off the %dx%d board", ErrBadPoint, num, p, m.size, m.size)
	}
	if c := m.board.At(p); c != rules.Empty {
		return fmt.Errorf("%w: move %d at %v: the point is taken by %s", ErrBadPoint, num, p, c)
	}
	if !inCentral(p, m.size, o.side) {
		return fmt.Errorf("%w: move %d at %v must be %s", ErrBadPoint, num, p, placeRegion(o.side, m.size))
	}
	return nil
}

func placeRegion(side, size int) string {
	if side == 1 {
		return "on the centre " + rules.Centre(size).String()
	}
	return fmt.Sprintf("in the central %dx%d square", side, side)
}

func (m *Machine) checkOffer(o option, pts []rules.Point) error {
	want := m.offerCount(o)
	if len(pts) != want {
		return fmt.Errorf("%w: offered %d fifth moves, want exactly %d", ErrBadNumber, len(pts), want)
	}
	for i, p := range pts {
		if p.IsPass() || !p.In(m.size) {
			return fmt.Errorf("%w: offer %d at %v is off the %dx%d board", ErrBadPoint, i+1, p, m.size, m.size)
		}
		if c := m.board.At(p); c != rules.Empty {
			return fmt.Errorf("%w: offer %d at %v: the point is taken by %s", ErrBadPoint, i+1, p, c)
		}
		if contains(pts[:i], p) {
			return fmt.Errorf("%w: %v is offered twice", ErrBadPoint, p)
		}
	}
	syms := positionSymmetries(m.board)
	for i, p := range pts {
		for _, q := range pts[i+1:] {
			for _, mo := range syms {
				if mo.apply(p) == q {
					return fmt.Errorf("%w: offers %v and %v are symmetric in this position", ErrSymmetric, p, q)
				}
			}
		}
	}
	return nil
}

func (m *Machine) play(c rules.Color, p rules.Point) {
	m.board.Set(p, c)
	m.moves = append(m.moves, Move{c, p})
}

func contains(pts []rules.Point, p rules.Point) bool {
	for _, q := range pts {
		if q == p {
			return true
		}
	}
	return false
}
