package ai

import "tengen/rules"

// forbidKind says why a point is forbidden to Black under renju.
type forbidKind uint8

const (
	notForbidden forbidKind = iota
	forbidOverline
	forbidDoubleFour
	forbidDoubleThree
)

// forbidden judges empty cell i for Black under renju, following the RIF
// definitions: a five wins (it is never forbidden); otherwise an overline,
// two fours, or two threes are forbidden, where a three counts only if it
// can become a straight four by a move that is not itself forbidden
// (recursively). rules.ReadingGomocup does not count a three whose
// straight-four point also makes a five.
func (b *board) forbidden(i cell) forbidKind {
	s := b.sideOf(i, 0)
	if s.threat() == t5 {
		return notForbidden
	}
	fours, threes := 0, 0
	for d := range 4 {
		switch s.pat(d) {
		case patOL:
			return forbidOverline
		case patB4, patF4:
			fours++
		case patD4:
			fours += 2
		case patF3:
			threes++
		}
	}
	if fours >= 2 {
		return forbidDoubleFour
	}
	if threes < 2 {
		return notForbidden
	}
	// Which cells on each three's line already made a straight four
	// without i: those do not belong to the three through i.
	var before [4][2*halfLine - 1]bool
	var dirs [4]bool
	for d := range 4 {
		if s.pat(d) != patF3 {
			continue
		}
		dirs[d] = true
		for k := -4; k <= 4; k++ {
			q := cell(int(i) + k*b.dirs[d])
			before[d][k+4] = k != 0 && b.stones[q] == cellEmpty && b.sideOf(q, 0).pat(d) == patF4
		}
	}
	b.play(i, cellBlack)
	real := 0
	for d := range dirs {
		if dirs[d] && b.realThree(i, d, &before[d]) {
			real++
		}
	}
	b.undo()
	if real >= 2 {
		return forbidDoubleThree
	}
	return notForbidden
}

// realThree reports whether Black's stone at i (just played) makes a three
// along direction d: some point on the line gives a straight four through i
// and is not forbidden.
func (b *board) realThree(i cell, d int, before *[2*halfLine - 1]bool) bool {
	for k := -4; k <= 4; k++ {
		q := cell(int(i) + k*b.dirs[d])
		if k == 0 || before[k+4] || b.stones[q] != cellEmpty || b.sideOf(q, 0).pat(d) != patF4 {
			continue
		}
		if b.reading == rules.ReadingGomocup && b.sideOf(q, 0).threat() == t5 {
			continue
		}
		if b.forbidden(q) == notForbidden {
			return true
		}
	}
	return false
}
