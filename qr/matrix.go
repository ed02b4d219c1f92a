package qr

// matrix is a symbol being drawn: its modules and which of them belong to
// function patterns (finders, timing, alignment, format and version
// information), which data and masks leave alone.
type matrix struct {
	size     int
	dark     []bool
	function []bool
}

// newMatrix draws a version's function patterns and reserves the format
// areas.
func newMatrix(version int) *matrix {
	n := 17 + 4*version
	m := &matrix{size: n, dark: make([]bool, n*n), function: make([]bool, n*n)}
	// Finder patterns with their light separators, in three corners.
	for _, c := range [][2]int{{3, 3}, {n - 4, 3}, {3, n - 4}} {
		for dy := -4; dy <= 4; dy++ {
			for dx := -4; dx <= 4; dx++ {
				d := max(abs(dx), abs(dy)) // ring: 0–1 dark core, 2 light, 3 dark, 4 separator
				m.fix(c[0]+dx, c[1]+dy, d != 2 && d != 4)
			}
		}
	}
	// Timing patterns along row 6 and column 6.
	for i := 8; i < n-8; i++ {
		m.fix(i, 6, i%2 == 0)
		m.fix(6, i, i%2 == 0)
	}
	// Alignment patterns, except where they would cover a finder.
	pos := alignment[version]
	for _, y := range pos {
		for _, x := range pos {
			if (x == 6 && y == 6) || (x == 6 && y == pos[len(pos)-1]) || (x == pos[len(pos)-1] && y == 6) {
				continue
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					m.fix(x+dx, y+dy, max(abs(dx), abs(dy)) != 1)
				}
			}
		}
	}
	// The format areas (drawn per mask) and the module that is always dark.
	m.drawFormat(0, 0)
	m.fix(8, n-8, true)
	if version >= 7 {
		m.drawVersion(version)
	}
	return m
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// fix sets a function module.
func (m *matrix) fix(x, y int, dark bool) {
	if x < 0 || y < 0 || x >= m.size || y >= m.size {
		return
	}
	m.dark[y*m.size+x] = dark
	m.function[y*m.size+x] = true
}

// bch returns data followed by its BCH check bits: the remainder of
// data·x^checkBits divided by the generator polynomial gen.
func bch(data, checkBits, gen int) int {
	rem := data << checkBits
	for i := bitLen(rem) - 1; i >= checkBits; i-- {
		if rem>>i&1 == 1 {
			rem ^= gen << (i - checkBits)
		}
	}
	return data<<checkBits | rem
}

func bitLen(x int) int {
	n := 0
	for ; x > 0; x >>= 1 {
		n++
	}
	return n
}

// formatInfo is the 15-bit format information: the level's bits and the
// mask, BCH(15,5)-coded and XORed with 101010000010010.
func formatInfo(l Level, mask int) int {
	return bch(formatBits[l]<<3|mask, 10, 0x537) ^ 0x5412
}

// drawFormat writes the format information twice: around the top-left
// finder, and split between the other two finders. Bit 0 is the least
// significant.
func (m *matrix) drawFormat(l Level, mask int) {
	f := formatInfo(l, mask)
	bit := func(i int) bool { return f>>i&1 == 1 }
	n := m.size
	for i := 0; i < 15; i++ {
		// Around the top-left finder: up column 8, then left along row 8,
		// stepping over the timing pattern at 6.
		switch {
		case i < 6:
			m.fix(8, i, bit(i))
		case i < 8:
			m.fix(8, i+1, bit(i))
		case i == 8:
			m.fix(7, 8, bit(i))
		default:
			m.fix(14-i, 8, bit(i))
		}
		// The second copy: row 8 from the right edge, then column 8 up
		// from the bottom edge.
		if i < 8 {
			m.fix(n-1-i, 8, bit(i))
		} else {
			m.fix(8, n-15+i, bit(i))
		}
	}
}

// drawVersion writes the 18-bit version information (versions 7 and up)
// beside the top-right and bottom-left finders.
func (m *matrix) drawVersion(version int) {
	v := bch(version, 12, 0x1F25)
	n := m.size
	for i := 0; i < 18; i++ {
		d := v>>i&1 == 1
		a, b := n-11+i%3, i/3
		m.fix(a, b, d)
		m.fix(b, a, d)
	}
}

// placeData lays the codewords' bits in the standard's zigzag: column
// pairs from the right, going up and down in turn, skipping the vertical
// timing pattern and every function module. Modules left over (the
// remainder bits) stay light.
func (m *matrix) placeData(words []byte) {
	n := m.size
	i := 0
	for right := n - 1; right >= 1; right -= 2 {
		if right == 6 {
			right = 5
		}
		upward := (right+1)&2 == 0
		for k := 0; k < n; k++ {
			y := k
			if upward {
				y = n - 1 - k
			}
			for x := right; x >= right-1; x-- {
				if m.function[y*n+x] {
					continue
				}
				if i < len(words)*8 {
					m.dark[y*n+x] = words[i/8]>>(7-i%8)&1 == 1
					i++
				}
			}
		}
	}
}

// masks are the eight data mask conditions, by row y and column x: a
// module where the condition holds is inverted.
var masks = [8]func(y, x int) bool{
	func(y, x int) bool { return (y+x)%2 == 0 },
	func(y, x int) bool { return y%2 == 0 },
	func(y, x int) bool { return x%3 == 0 },
	func(y, x int) bool { return (y+x)%3 == 0 },
	func(y, x int) bool { return (y/2+x/3)%2 == 0 },
	func(y, x int) bool { return y*x%2+y*x%3 == 0 },
	func(y, x int) bool { return (y*x%2+y*x%3)%2 == 0 },
	func(y, x int) bool { return ((y+x)%2+y*x%3)%2 == 0 },
}

func (m *matrix) applyMask(mask int) {
	for y := 0; y < m.size; y++ {
		for x := 0; x < m.size; x++ {
			if !m.function[y*m.size+x] && masks[mask](y, x) {
				m.dark[y*m.size+x] = !m.dark[y*m.size+x]
			}
		}
	}
}

// dataModules counts the modules left for data in a version.
func dataModules(version int) int {
	m := newMatrix(version)
	n := 0
	for _, f := range m.function {
		if !f {
			n++
		}
	}
	return n
}
