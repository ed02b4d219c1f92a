package rules

// Symmetry is one of the 8 symmetries of the square board (the dihedral
// group D4): identity, three rotations and four reflections.
type Symmetry int8

// Symmetries lists all eight, identity first.
var Symmetries = [8]Symmetry{0, 1, 2, 3, 4, 5, 6, 7}

// Apply maps p on a board of the given size. Symmetries 0-3 rotate by
// 0, 90, 180 and 270 degrees counter-clockwise; 4-7 reflect across the
// vertical axis first, then rotate the same way.
func (s Symmetry) Apply(p Point, size int) Point {
	if p.IsPass() {
		return p
	}
	m := size - 1
	x, y := p.X, p.Y
	if s >= 4 {
		x = m - x
	}
	for i := Symmetry(0); i < s%4; i++ {
		x, y = m-y, x
	}
	return Point{x, y}
}

// Inverse returns the symmetry that undoes s.
func (s Symmetry) Inverse() Symmetry {
	if s >= 4 {
		return s // reflections are their own inverse
	}
	return (4 - s) % 4
}
