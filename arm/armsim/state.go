package armsim

import "tengen/kinematics"

// TableState is everything on a Table, for saving a simulated world
// across a restart of the program (the board outlives the process).
type TableState struct {
	Board []Stone      `json:"board"`
	Bowls [2]BowlState `json:"bowls"` // black, white
}

// BowlState is a bowl's top stones and the reserve below them.
type BowlState struct {
	Top     []kinematics.Vec3 `json:"top"`
	Reserve int               `json:"reserve"`
}

// State returns a copy of the table's contents.
func (t *Table) State() TableState {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := TableState{Board: append([]Stone(nil), t.board...)}
	for i, b := range t.bowls {
		s.Bowls[i] = BowlState{Top: append([]kinematics.Vec3(nil), b.top...), Reserve: b.reserve}
	}
	return s
}

// SetState replaces the table's contents.
func (t *Table) SetState(s TableState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.board = append([]Stone(nil), s.Board...)
	for i := range t.bowls {
		t.bowls[i].top = append([]kinematics.Vec3(nil), s.Bowls[i].Top...)
		t.bowls[i].reserve = s.Bowls[i].Reserve
	}
}
