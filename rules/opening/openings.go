package opening

import (
	"fmt"

	"tengen/rules"
)

// Kind says how White 2 touches Black 1: directly (on a line, 直指) or
// indirectly (on a diagonal, 斜指).
type Kind int8

const (
	Direct Kind = iota
	Indirect
)

func (k Kind) String() string {
	if k == Indirect {
		return "indirect"
	}
	return "direct"
}

// offset is a point relative to the centre: DX columns to the right,
// DY rows away from Black's side.
type offset struct{ DX, DY int }

func (o offset) at(size int) rules.Point {
	c := rules.Centre(size)
	return rules.Point{X: c.X + o.DX, Y: c.Y + o.DY}
}

// Opening is one of the 26 named renju openings (珠型): Black 1 on the
// centre, White 2 touching it and Black 3 in the central 5x5 square.
type Opening struct {
	Number  int    // 1-13 direct, 14-26 indirect, in the RIF order
	Name    string // Japanese name in romaji
	Chinese string // Chinese name (simplified)
	Kind    Kind
	white   offset // White 2, relative to the centre
	black   offset // Black 3, relative to the centre
}

// Moves returns the opening's three moves in its canonical orientation on
// a board of the given size: Black 1 on the centre, White 2 straight above
// it (direct) or above and to the right (indirect), on 15x15 h8, h9 or i9,
// and Black 3.
func (o Opening) Moves(size int) [3]rules.Point {
	return [3]rules.Point{rules.Centre(size), o.white.at(size), o.black.at(size)}
}

func (o Opening) String() string {
	return fmt.Sprintf("%d %s (%s, %s)", o.Number, o.Name, o.Chinese, o.Kind)
}

// The canonical orientation follows the common diagrams (Wikipedia,
// "Renju opening pattern"; renju.net): White 2 on h9 or i9, Black 3 on the
// right-hand side. The positions were checked against three independent
// tables (a Chinese server's 26-opening table, a Scala renju library and a
// C engine's table) that agree with each other.
var openings = [26]Opening{
	{1, "Kansei", "寒星", Direct, offset{0, 1}, offset{0, 2}},
	{2, "Keigetsu", "溪月", Direct, offset{0, 1}, offset{1, 2}},
	{3, "Sosei", "疏星", Direct, offset{0, 1}, offset{2, 2}},
	{4, "Kagetsu", "花月", Direct, offset{0, 1}, offset{1, 1}},
	{5, "Zangetsu", "残月", Direct, offset{0, 1}, offset{2, 1}},
	{6, "Ugetsu", "雨月", Direct, offset{0, 1}, offset{1, 0}},
	{7, "Kinsei", "金星", Direct, offset{0, 1}, offset{2, 0}},
	{8, "Shogetsu", "松月", Direct, offset{0, 1}, offset{0, -1}},
	{9, "Kyugetsu", "丘月", Direct, offset{0, 1}, offset{1, -1}},
	{10, "Shingetsu", "新月", Direct, offset{0, 1}, offset{2, -1}},
	{11, "Zuisei", "瑞星", Direct, offset{0, 1}, offset{0, -2}},
	{12, "Sangetsu", "山月", Direct, offset{0, 1}, offset{1, -2}},
	{13, "Yusei", "游星", Direct, offset{0, 1}, offset{2, -2}},
	{14, "Chosei", "长星", Indirect, offset{1, 1}, offset{2, 2}},
	{15, "Kyogetsu", "峡月", Indirect, offset{1, 1}, offset{2, 1}},
	{16, "Kosei", "恒星", Indirect, offset{1, 1}, offset{2, 0}},
	{17, "Suigetsu", "水月", Indirect, offset{1, 1}, offset{2, -1}},
	{18, "Ryusei", "流星", Indirect, offset{1, 1}, offset{2, -2}},
	{19, "Ungetsu", "云月", Indirect, offset{1, 1}, offset{1, 0}},
	{20, "Hogetsu", "浦月", Indirect, offset{1, 1}, offset{1, -1}},
	{21, "Rangetsu", "岚月", Indirect, offset{1, 1}, offset{1, -2}},
	{22, "Gingetsu", "银月", Indirect, offset{1, 1}, offset{0, -1}},
	{23, "Myojo", "明星", Indirect, offset{1, 1}, offset{0, -2}},
	{24, "Shagetsu", "斜月", Indirect, offset{1, 1}, offset{-1, -1}},
	{25, "Meigetsu", "名月", Indirect, offset{1, 1}, offset{-1, -2}},
	{26, "Suisei", "彗星", Indirect, offset{1, 1}, offset{-2, -2}},
}

// All returns the 26 openings in number order.
func All() []Opening { return append([]Opening(nil), openings[:]...) }

// ByNumber returns opening n (1-26).
func ByNumber(n int) (Opening, error) {
	if n < 1 || n > len(openings) {
		return Opening{}, fmt.Errorf("no opening number %d (want 1 to 26)", n)
	}
	return openings[n-1], nil
}

// Identify names the opening that the three moves (Black 1, White 2,
// Black 3) form on a board of the given size, and returns the symmetry s
// with AboutCentre(s, p) carrying the opening's canonical moves onto
// them. Black 1
// must be on the centre, White 2 touching it and Black 3 in the central
// 5x5 square; anything else is an error saying which move is wrong.
func Identify(moves [3]rules.Point, size int) (Opening, rules.Symmetry, error) {
	if err := checkThree(moves, size, 5); err != nil {
		return Opening{}, 0, err
	}
	for _, o := range openings {
		can := o.Moves(size)
		for _, s := range rules.Symmetries {
			if AboutCentre(s, can[1], size) == moves[1] && AboutCentre(s, can[2], size) == moves[2] {
				return o, s, nil
			}
		}
	}
	// checkThree admits only shapes that the table covers (a test proves
	// it), so reaching here means the table itself is broken.
	return Opening{}, 0, fmt.Errorf("internal error: no opening matches %s", rules.FormatPoints(moves[:]))
}

// checkThree checks the shape of an opening with Black 3 inside the
// central side x side square.
func checkThree(m [3]rules.Point, size, side int) error {
	if err := rules.CheckSize(size); err != nil {
		return err
	}
	if m[0] != rules.Centre(size) {
		return fmt.Errorf("Black 1 at %v is not on the centre %v", m[0], rules.Centre(size))
	}
	if !inCentral(m[1], size, 3) || m[1] == m[0] {
		//lint:ignore ST1005 "White 2" names a move, as the rules write it
		return fmt.Errorf("White 2 at %v does not touch Black 1 at %v", m[1], m[0])
	}
	if !inCentral(m[2], size, side) || m[2] == m[0] || m[2] == m[1] {
		return fmt.Errorf("Black 3 at %v is not a free point of the central %dx%d square", m[2], side, side)
	}
	return nil
}

// inCentral reports whether p lies in the central side x side square of
// the board (side odd; 0 means the whole board).
func inCentral(p rules.Point, size, side int) bool {
	if !p.In(size) {
		return false
	}
	if side <= 0 {
		return true
	}
	c, r := rules.Centre(size), side/2
	return abs(p.X-c.X) <= r && abs(p.Y-c.Y) <= r
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Shape is a three-move opening shape: Black 1 on the centre, White 2
// touching it and Black 3 somewhere in a central square.
type Shape struct {
	Kind  Kind
	Moves [3]rules.Point
}

// Shapes lists every distinct opening shape, up to the 8 symmetries about
// the centre (the board symmetries on an odd-sized board),
// with Black 3 inside the central side x side square of a board of the
// given size: side 5 gives the 26 classic openings, side 7 the 52 of the
// Yamaguchi 52-opening rule. Each shape is given in the canonical
// orientation (White 2 on the centre's upper or upper-right neighbour),
// direct shapes first, each group in reading order of Black 3.
func Shapes(size, side int) ([]Shape, error) {
	if side < 3 || side%2 == 0 || side > size {
		return nil, fmt.Errorf("central square side %d must be odd, at least 3 and at most the board size %d", side, size)
	}
	if err := rules.CheckSize(size); err != nil {
		return nil, err
	}
	c := rules.Centre(size)
	seen := map[[3]rules.Point]bool{}
	var out []Shape
	for _, w := range []rules.Point{{X: c.X, Y: c.Y + 1}, {X: c.X + 1, Y: c.Y + 1}} {
		kind := Direct
		if w.X != c.X {
			kind = Indirect
		}
		r := side / 2
		for y := c.Y + r; y >= c.Y-r; y-- {
			for x := c.X - r; x <= c.X+r; x++ {
				b := rules.Point{X: x, Y: y}
				if b == c || b == w {
					continue
				}
				m := [3]rules.Point{c, w, b}
				key := canonicalThree(m, size)
				if seen[key] {
					continue
				}
				seen[key] = true
				out = append(out, Shape{Kind: kind, Moves: m})
			}
		}
	}
	return out, nil
}

// canonicalThree is the smallest image of a three-move shape under the
// symmetries about the centre, so two shapes are equivalent exactly when their keys
// are equal.
func canonicalThree(m [3]rules.Point, size int) [3]rules.Point {
	var best [3]rules.Point
	for i, s := range rules.Symmetries {
		img := [3]rules.Point{AboutCentre(s, m[0], size), AboutCentre(s, m[1], size), AboutCentre(s, m[2], size)}
		if i == 0 || lessThree(img, best) {
			best = img
		}
	}
	return best
}

func lessThree(a, b [3]rules.Point) bool {
	for i := range a {
		if a[i] != b[i] {
			return lessPoint(a[i], b[i])
		}
	}
	return false
}

func lessPoint(a, b rules.Point) bool {
	if a.Y != b.Y {
		return a.Y < b.Y
	}
	return a.X < b.X
}

// AboutCentre maps p by the rotation or reflection s (as rules.Symmetry
// numbers them) about the centre point of a board of the given size. On
// an odd-sized board that is the board symmetry s itself; an even-sized
// board has no central point, and its openings are still laid around
// rules.Centre, so they are compared by motions about that point.
func AboutCentre(s rules.Symmetry, p rules.Point, size int) rules.Point {
	c := rules.Centre(size)
	x, y := linear(int8(s), p.X-c.X, p.Y-c.Y)
	return rules.Point{X: c.X + x, Y: c.Y + y}
}
