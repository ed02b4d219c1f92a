package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"tengen/i18n/errmsg"

	"tengen/arm/armsim"
	"tengen/kinematics"
	"tengen/rules"
)

// A simulated world can outlive the program, as a real board outlives a
// power cut: with a file set, every change to the stones is saved, and
// LoadWorld brings the world back after a restart.

// worldFile is the saved form of a world. Held is the stone on the
// nozzle, its top face centre where the nozzle tip was last saved.
type worldFile struct {
	Layout kinematics.Layout `json:"layout"`
	Table  armsim.TableState `json:"table"`
	Held   *armsim.Stone     `json:"held,omitempty"`
}

// carryStep is how far (mm) the nozzle moves with a stone before the
// world is saved again: where the stone falls if the program dies then.
const carryStep = 10

// Persist saves the world to path now and after every change.
func (w *World) Persist(path string) error {
	w.mu.Lock()
	w.path = path
	w.mu.Unlock()
	return w.save()
}

// LoadWorld reads a world saved by Persist and keeps saving to the same
// file. A missing file gives a new world (with the layout and seed given)
// saved there. A stone the arm carried when the program stopped falls
// where the nozzle was: the controller lets go when the program, started
// again, opens its port (an Arduino resets then).
func LoadWorld(path string, layout kinematics.Layout, seed uint64) (*World, error) {
	w := NewWorld(layout, seed)
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return w, w.Persist(path)
	case err != nil:
		return nil, errmsg.Wrap(err, "err.world-read")
	}
	f, err := parseWorld(data)
	if err != nil {
		return nil, errmsg.Mark(err, "err.world-bad", path, err.Error())
	}
	w = NewWorld(f.Layout, seed)
	w.Table.SetState(f.Table)
	if f.Held != nil {
		w.dropHeld(*f.Held)
	}
	return w, w.Persist(path)
}

// dropHeld lets fall the stone the nozzle held when the program stopped.
// One that lands between points, on another stone or beside the board the
// operator, starting the program again, puts back in its bowl; one on a
// free point stays there for the robot to find, as a stone it dropped.
func (w *World) dropHeld(held armsim.Stone) {
	w.Table.Drop(held.Colour, held.At)
	_, off := w.Truth()
	for _, s := range off {
		if s.At[0] != held.At[0] || s.At[1] != held.At[1] {
			continue
		}
		if c, ok := w.Table.Take(s.At, 0.01); ok {
			w.Table.Drop(c, bowlCentre(w, c))
		}
	}
}

// parseWorld decodes and checks a saved world; an error names the field.
func parseWorld(data []byte) (worldFile, error) {
	var f worldFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return f, fmt.Errorf("not a saved world: %w", err)
	}
	l := f.Layout
	if l.Size < 5 || l.Size > 25 {
		return f, fmt.Errorf("layout.Size %d: want a board of 5 to 25 lines", l.Size)
	}
	for _, v := range []struct {
		name string
		v    kinematics.Vec3
	}{{"A1", l.A1}, {"StepX", l.StepX}, {"StepY", l.StepY}, {"BlackBowl", l.BlackBowl}, {"WhiteBowl", l.WhiteBowl}, {"Park", l.Park}} {
		if !finiteVec(v.v) {
			return f, fmt.Errorf("layout.%s %v: want finite millimetres", v.name, v.v)
		}
	}
	if c := l.StepX.Cross(l.StepY); math.Hypot(c[0], c[1]) == 0 && c[2] == 0 {
		return f, fmt.Errorf("layout.StepX %v and StepY %v: the board's steps must span a plane", l.StepX, l.StepY)
	}
	for i, st := range f.Table.Board {
		if st.Colour != rules.Black && st.Colour != rules.White {
			return f, fmt.Errorf("table.board[%d].Colour %d: want 1 (black) or 2 (white)", i, st.Colour)
		}
		if !finiteVec(st.At) {
			return f, fmt.Errorf("table.board[%d].At %v: want finite millimetres", i, st.At)
		}
	}
	if h := f.Held; h != nil {
		if h.Colour != rules.Black && h.Colour != rules.White {
			return f, fmt.Errorf("held.Colour %d: want 1 (black) or 2 (white)", h.Colour)
		}
		if !finiteVec(h.At) {
			return f, fmt.Errorf("held.At %v: want finite millimetres", h.At)
		}
	}
	for i, b := range f.Table.Bowls {
		if b.Reserve < 0 {
			return f, fmt.Errorf("table.bowls[%d].reserve %d: want 0 or more", i, b.Reserve)
		}
		for j, at := range b.Top {
			if !finiteVec(at) {
				return f, fmt.Errorf("table.bowls[%d].top[%d] %v: want finite millimetres", i, j, at)
			}
		}
	}
	return f, nil
}

func finiteVec(v kinematics.Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// save writes the world atomically (a kill leaves the old or the new file).
func (w *World) save() error {
	w.mu.Lock()
	path := w.path
	w.mu.Unlock()
	if path == "" {
		return nil
	}
	w.moment.Lock()
	defer w.moment.Unlock()
	f := worldFile{Layout: w.layout(), Table: w.Table.State()}
	w.mu.Lock()
	if w.held.Colour != rules.Empty {
		held := w.held
		f.Held = &held
	}
	w.mu.Unlock()
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("saving the simulated world: %w", err)
	}
	return os.Rename(tmp, path)
}

// Take implements armsim.World, saving the change.
func (w *World) Take(tip kinematics.Vec3, radius float64) (rules.Color, bool) {
	w.mu.Lock()
	refuse := w.refuse
	w.mu.Unlock()
	if refuse {
		return rules.Empty, false
	}
	w.moment.Lock()
	c, ok := w.Table.Take(tip, radius)
	if ok {
		w.mu.Lock()
		w.held = armsim.Stone{Colour: c, At: tip}
		w.mu.Unlock()
	}
	w.moment.Unlock()
	if ok {
		w.saveKeepErr()
	}
	return c, ok
}

// Carry implements armsim.Carrier: the world is saved each carryStep mm
// of the way, so that the stone falls about where the nozzle was if the
// program dies.
func (w *World) Carry(c rules.Color, tip kinematics.Vec3) {
	w.mu.Lock()
	moved := w.held.Colour != c || w.held.At.Sub(tip).Norm() >= carryStep
	if moved {
		w.held = armsim.Stone{Colour: c, At: tip}
	}
	w.mu.Unlock()
	if moved {
		w.saveKeepErr()
	}
}

// Drop implements armsim.World, saving the change.
func (w *World) Drop(c rules.Color, tip kinematics.Vec3) {
	w.mu.Lock()
	nudge := w.nudge
	w.mu.Unlock()
	if nudge {
		if to, ok := w.neighbour(tip); ok {
			tip = to
			w.mu.Lock()
			w.nudge, w.nudged = false, true
			w.mu.Unlock()
		}
	}
	w.moment.Lock()
	w.Table.Drop(c, tip)
	w.mu.Lock()
	w.held = armsim.Stone{}
	w.mu.Unlock()
	w.moment.Unlock()
	w.saveKeepErr()
}

// Put places a stone of colour c on p, off by (dx, dy) mm, saving it.
func (w *World) Put(c rules.Color, p rules.Point, dx, dy float64) {
	w.Table.Put(c, p, dx, dy)
	w.saveKeepErr()
}

// saveKeepErr saves the world, keeping the first error for Err: the
// simulated reality cannot go on if its own file cannot be written.
func (w *World) saveKeepErr() {
	if err := w.save(); err != nil {
		w.fail(err)
	}
}

// fail stops the simulated reality: Err returns the first such error.
func (w *World) fail(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err == nil {
		w.err = err
	}
}

// Err returns the first error that stopped the simulated reality (its
// file not written, the firmware simulator's coupling lost).
func (w *World) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// neighbour returns tip moved from the intersection under it to a free
// neighbouring one, if tip is over an intersection and one is free.
func (w *World) neighbour(tip kinematics.Vec3) (kinematics.Vec3, bool) {
	p, d := w.nearest(tip)
	if d > w.pitch()/4 {
		return tip, false
	}
	truth, _ := w.Truth()
	for _, dir := range [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		q := rules.Point{X: p.X + dir[0], Y: p.Y + dir[1]}
		if !q.In(truth.Size()) || truth.At(q) != rules.Empty {
			continue
		}
		if _, dq, ok := w.Nearest(q); ok && dq < w.pitch() {
			continue // a stray stone lies near it
		}
		l := w.layout()
		return tip.Add(l.Intersection(q).Sub(l.Intersection(p))), true
	}
	return tip, false
}

// bowl returns the state of colour c's bowl.
func (w *World) bowl(c rules.Color) armsim.BowlState {
	return w.Table.State().Bowls[bowlIndex(c)]
}

// setBowl replaces the state of colour c's bowl, saving the world.
func (w *World) setBowl(c rules.Color, b armsim.BowlState) {
	w.moment.Lock()
	st := w.Table.State()
	st.Bowls[bowlIndex(c)] = b
	w.Table.SetState(st)
	w.moment.Unlock()
	w.saveKeepErr()
}

func bowlIndex(c rules.Color) int {
	if c == rules.White {
		return 1
	}
	return 0
}
