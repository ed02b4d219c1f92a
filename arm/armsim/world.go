package armsim

import (
	"math"
	"math/rand/v2"
	"sync"

	"tengen/kinematics"
	"tengen/rules"
)

// World is what lies under the arm: the simulator asks it for the stone
// the nozzle seals on and hands it the stones it drops. The game's
// simulated world implements it; Table is a small one for tests.
type World interface {
	// Take removes and returns the stone whose top face centre lies within
	// radius mm of the nozzle tip at tip, if there is one.
	Take(tip kinematics.Vec3, radius float64) (rules.Color, bool)
	// Drop puts down a stone released with the nozzle tip at tip (the
	// stone's top face centre there); it falls onto whatever is below.
	Drop(c rules.Color, tip kinematics.Vec3)
}

// A Carrier is a World told where the stone on the nozzle is while the
// arm carries it, so that it can outlive the program: a real stone falls
// where the nozzle was when the controller lets go (it resets when the
// restarted program opens its port), not back into its bowl.
type Carrier interface {
	// Carry says the stone of colour c is on the nozzle, whose tip is at
	// tip; Drop or Take ends the carry.
	Carry(c rules.Color, tip kinematics.Vec3)
}

// Stone is a stone on the table: its colour and the centre of its top face.
type Stone struct {
	Colour rules.Color
	At     kinematics.Vec3
}

// Table is a World of a board and two bowls. The board is the plane of
// Layout's intersections. A bowl is a funnel: its top stone settles within
// 3 mm of the centre at the bowl's picking height, and the next one drops
// into place from the reserve when it is taken.
type Table struct {
	mu          sync.Mutex
	layout      kinematics.Layout
	stoneHeight float64
	bowlRadius  float64
	rng         *rand.Rand
	board       []Stone
	bowls       [2]bowl // black, white
}

type bowl struct {
	colour  rules.Color
	centre  kinematics.Vec3
	top     []kinematics.Vec3
	reserve int
}

// NewTable returns a table for the layout with perBowl stones in each
// bowl of radius bowlRadius (mm), stones stoneHeight thick, the bowls'
// stones settling as the seed has them.
func NewTable(layout kinematics.Layout, stoneHeight, bowlRadius float64, perBowl int, seed uint64) *Table {
	t := &Table{layout: layout, stoneHeight: stoneHeight, bowlRadius: bowlRadius, rng: rand.New(rand.NewPCG(seed, 0x7e46))}
	t.bowls[0] = bowl{colour: rules.Black, centre: layout.BlackBowl, reserve: perBowl}
	t.bowls[1] = bowl{colour: rules.White, centre: layout.WhiteBowl, reserve: perBowl}
	for i := range t.bowls {
		t.refill(&t.bowls[i])
	}
	return t
}

// feedScatter is how far (mm) from a bowl's centre its top stone settles.
const feedScatter = 3

// refill lets the next stone from the reserve settle near the centre.
func (t *Table) refill(b *bowl) {
	if b.reserve == 0 {
		return
	}
	r := feedScatter * math.Sqrt(t.rng.Float64())
	a := 2 * math.Pi * t.rng.Float64()
	b.top = append(b.top, b.centre.Add(kinematics.Vec3{r * math.Cos(a), r * math.Sin(a), 0}))
	b.reserve--
}

// Take implements World.
func (t *Table) Take(tip kinematics.Vec3, radius float64) (rules.Color, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, s := range t.board {
		if s.At.Sub(tip).Norm() <= radius {
			t.board = append(t.board[:i], t.board[i+1:]...)
			return s.Colour, true
		}
	}
	for i := range t.bowls {
		b := &t.bowls[i]
		for j, p := range b.top {
			if p.Sub(tip).Norm() <= radius {
				b.top = append(b.top[:j], b.top[j+1:]...)
				if len(b.top) == 0 {
					t.refill(b)
				}
				return b.colour, true
			}
		}
	}
	return rules.Empty, false
}

// Drop implements World: a stone released over a bowl joins it, anywhere
// else it lands on the board's plane.
func (t *Table) Drop(c rules.Color, tip kinematics.Vec3) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := range t.bowls {
		b := &t.bowls[i]
		if math.Hypot(tip[0]-b.centre[0], tip[1]-b.centre[1]) <= t.bowlRadius {
			b.reserve++ // it sinks into the heap
			return
		}
	}
	t.board = append(t.board, Stone{Colour: c, At: kinematics.Vec3{tip[0], tip[1], t.surface(tip[0], tip[1]) + t.stoneHeight}})
}

// surface is the board plane's height under (x, y).
func (t *Table) surface(x, y float64) float64 {
	n := t.layout.StepX.Cross(t.layout.StepY)
	if n[2] == 0 {
		return t.layout.A1[2]
	}
	return t.layout.A1[2] - (n[0]*(x-t.layout.A1[0])+n[1]*(y-t.layout.A1[1]))/n[2]
}

// Put places a stone of colour c on intersection p, off by (dx, dy) mm.
func (t *Table) Put(c rules.Color, p rules.Point, dx, dy float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	at := t.layout.Intersection(p)
	at[0] += dx
	at[1] += dy
	t.board = append(t.board, Stone{Colour: c, At: kinematics.Vec3{at[0], at[1], t.surface(at[0], at[1]) + t.stoneHeight}})
}

// SetBowl replaces the bowl of colour c's stones by stones at the given
// offsets (mm) from its centre and no reserve.
func (t *Table) SetBowl(c rules.Color, offsets ...[2]float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := &t.bowls[0]
	if c == rules.White {
		b = &t.bowls[1]
	}
	b.top, b.reserve = nil, 0
	for _, o := range offsets {
		b.top = append(b.top, b.centre.Add(kinematics.Vec3{o[0], o[1], 0}))
	}
}

// Board returns the stones on the board.
func (t *Table) Board() []Stone {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]Stone(nil), t.board...)
}

// InBowl returns how many stones the bowl of colour c holds.
func (t *Table) InBowl(c rules.Color) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.bowls[0]
	if c == rules.White {
		b = t.bowls[1]
	}
	return len(b.top) + b.reserve
}

// Nearest returns the board stone nearest intersection p and its
// horizontal distance from it (mm).
func (t *Table) Nearest(p rules.Point) (Stone, float64, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	at := t.layout.Intersection(p)
	best, dist := Stone{}, math.Inf(1)
	for _, s := range t.board {
		if d := math.Hypot(s.At[0]-at[0], s.At[1]-at[1]); d < dist {
			best, dist = s, d
		}
	}
	return best, dist, len(t.board) > 0
}

// MoveBoard moves the board to layout (a bumped table), and every stone
// on it by move, the same rigid motion; the bowls stay where they are.
func (t *Table) MoveBoard(layout kinematics.Layout, move func(kinematics.Vec3) kinematics.Vec3) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.layout.A1, t.layout.StepX, t.layout.StepY = layout.A1, layout.StepX, layout.StepY
	for i := range t.board {
		t.board[i].At = move(t.board[i].At)
	}
}
