package vision

// ShiftLines moves the n x n lattice through corners (frame pixels, any
// order) by whole lines as Locate's line path does, and returns the
// moved corners in the reader's order.
func ShiftLines(pl *Planes, n int, corners [4]Point) ([4]Point, error) {
	field, norm, scale, err := lineField(pl, nil, nil)
	if err != nil {
		return [4]Point{}, err
	}
	defer norm.Close()
	for i, p := range corners {
		corners[i] = Point{p.X * scale, p.Y * scale}
	}
	q := OrderCorners(corners)
	choice := choiceOf(pl, field, lineSegments(norm), n, scale)
	s := latticeScore(field, n, q)
	m := shiftLattice(field, n, lattice{q, s, choice(q, s)}, choice)
	for i, p := range m.q {
		m.q[i] = Point{p.X / scale, p.Y / scale}
	}
	return OrderCorners(m.q), nil
}
