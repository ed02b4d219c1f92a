package sim

import (
	"fmt"
	"math"
	"sync"

	"tengen/arm/armsim"
	"tengen/kinematics"
	"tengen/rules"
)

// World is everything on the table. The arm's simulator reaches the same
// stones through the embedded Table.
type World struct {
	*armsim.Table
	Layout kinematics.Layout

	mu   sync.Mutex
	hand *Hand        // a hand over the board, nil when none
	path string       // where the world is saved, "" for nowhere (Persist)
	err  error        // the first error saving it
	held armsim.Stone // the stone on the nozzle (Colour Empty: none), as last saved

	// moment makes a saved world one moment's: a stone passing between
	// the table and the nozzle, and a save's reading of both, hold it, so
	// that no save sees the stone in both places or in neither; saves
	// also land in the order they read.
	moment sync.Mutex

	// Injected faults (faults.go): refuse makes the nozzle seal on no
	// stone; nudge sends the next stone released over an intersection to
	// a free neighbouring one, and nudged reports that it did.
	refuse, nudge, nudged bool
}

// Hand is a person's hand over the board, in board millimetres around a
// point: it hides the stones under it from the camera.
type Hand struct {
	Over   rules.Point
	Radius float64 // mm
}

// NewWorld returns an empty board of the layout with full bowls.
func NewWorld(layout kinematics.Layout, seed uint64) *World {
	return &World{Table: armsim.NewTable(layout, StoneHeight, 40, 200, seed), Layout: layout}
}

// StoneHeight is a stone's thickness, mm.
const StoneHeight = 8

// SetHand puts a hand over the board (nil takes it away).
func (w *World) SetHand(h *Hand) {
	w.mu.Lock()
	w.hand = h
	w.mu.Unlock()
}

// HandOver returns the hand over the board, if any.
func (w *World) HandOver() *Hand {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.hand
}

// Truth is the board as it really is: every stone on its nearest
// intersection. A stone further than half a cell from every intersection
// counts as off the grid and is returned in off.
func (w *World) Truth() (b *rules.Board, off []armsim.Stone) {
	b = rules.MustBoard(w.Layout.Size)
	for _, s := range w.Board() {
		p, d := w.nearest(s.At)
		if d > w.pitch()/2 || b.At(p) != rules.Empty {
			off = append(off, s)
			continue
		}
		b.Set(p, s.Colour)
	}
	return b, off
}

// Offset returns how far (mm) the stone nearest p lies from p's centre, and
// whether there is a stone within half a cell.
func (w *World) Offset(p rules.Point) (float64, bool) {
	_, d, ok := w.Nearest(p)
	return d, ok && d <= w.pitch()/2
}

// Centre says where the stone on p lies, as the world stands: its
// centre's offset from the point in grid steps (see game.Sight).
func (w *World) Centre(p rules.Point) (dx, dy float64, err error) {
	s, d, ok := w.Nearest(p)
	if !ok || d > w.pitch()/2 {
		return 0, 0, fmt.Errorf("no stone on %s", p)
	}
	fx, fy := w.onGrid(s.At)
	return fx - float64(p.X), fy - float64(p.Y), nil
}

func (w *World) pitch() float64 { return w.layout().StepX.Norm() }

// onGrid returns where a point in the arm's frame lies on the board's
// grid, in steps from a1: at ≈ A1 + x·StepX + y·StepY in the board's
// plane.
func (w *World) onGrid(at kinematics.Vec3) (x, y float64) {
	l := w.layout()
	d := at.Sub(l.A1)
	sx, sy := l.StepX, l.StepY
	a, b, c := sx.Dot(sx), sx.Dot(sy), sy.Dot(sy)
	u, v := d.Dot(sx), d.Dot(sy)
	det := a*c - b*b
	return (u*c - v*b) / det, (v*a - u*b) / det
}

// nearest returns the intersection nearest a point in the arm's frame and
// the horizontal distance to it.
func (w *World) nearest(at kinematics.Vec3) (rules.Point, float64) {
	l := w.layout()
	fx, fy := w.onGrid(at)
	p := rules.Point{X: int(math.Round(fx)), Y: int(math.Round(fy))}
	p.X = max(0, min(l.Size-1, p.X))
	p.Y = max(0, min(l.Size-1, p.Y))
	q := l.Intersection(p)
	return p, math.Hypot(at[0]-q[0], at[1]-q[1])
}

// Bump moves the board on the table by (dx, dy) mm and turns it by deg
// degrees about its centre, with every stone on it (a bumped table); the
// bowls stay put.
func (w *World) Bump(dx, dy, deg float64) {
	l := w.layout()
	c := l.A1.Add(l.StepX.Add(l.StepY).Scale(float64(l.Size-1) / 2))
	sin, cos := math.Sincos(deg * math.Pi / 180)
	turn := func(v kinematics.Vec3) kinematics.Vec3 {
		return kinematics.Vec3{cos*v[0] - sin*v[1], sin*v[0] + cos*v[1], v[2]}
	}
	move := func(v kinematics.Vec3) kinematics.Vec3 {
		return c.Add(turn(v.Sub(c))).Add(kinematics.Vec3{dx, dy, 0})
	}
	l.A1, l.StepX, l.StepY = move(l.A1), turn(l.StepX), turn(l.StepY)
	w.Table.MoveBoard(l, move)
	w.mu.Lock()
	w.Layout = l
	w.mu.Unlock()
	w.saveKeepErr()
}

// layout returns the board's layout now.
func (w *World) layout() kinematics.Layout {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.Layout
}
