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

// InsetFits returns the inset lattices Locate's line path weighs for an
// n x n board (see insetLattices) and, for comparison, every inset grid
// of the same outlines fitted in full, all in field pixels.
func InsetFits(pl *Planes, n int) (kept, full [][4]Point, err error) {
	field, norm, scale, err := lineField(pl, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	defer norm.Close()
	choice := choiceOf(pl, field, lineSegments(norm), n, scale)
	frames := append(outlineQuads(pl, scale, nil), regionOutlines(pl, scale)...)
	for _, c := range insetLattices(field, n, frames, choice) {
		kept = append(kept, c.q)
	}
	for _, o := range frames {
		for _, g := range insetGrids(o, n) {
			q, _ := descendLattice(field, n, g, gridStep(g, n)/8, 0.4)
			full = append(full, q)
		}
	}
	return kept, full, nil
}

// InsetKeep is how many inset lattices Locate fits in full.
const InsetKeep = insetKeep

// StepsApart is stepsApart, for tests.
func StepsApart(a, b [4]Point, n int) float64 { return stepsApart(a, b, n) }

// HalfPitched tells along which axis (0: across, 1: down; -1: neither)
// the n x n lattice through corners (frame pixels, reader's order) lies
// at half the grid's pitch, and on which parity of its lines the stones
// sit (see halfPitched).
func HalfPitched(pl *Planes, n int, corners [4]Point) (axis, parity int) {
	return halfPitched(pl, n, corners)
}

// OutlineAt is how clearly point (i, j) of the n x n board through
// corners is a white stone's round outline (see outline), read as on
// the board's lattice, with no stones read around it.
func OutlineAt(pl *Planes, n int, corners [4]Point, i, j int) (float64, error) {
	s, err := newSampler(pl, n, OrderCorners(corners))
	if err != nil {
		return 0, err
	}
	s.chosen, s.eye = true, s.cam.position()
	m, _ := s.outline(float64(i), float64(j), nil)
	return m, nil
}
