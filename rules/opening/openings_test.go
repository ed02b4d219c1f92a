package opening

import (
	"testing"

	"tengen/rules"
)

func pt(t testing.TB, s string, size int) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(s, size)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOpeningTable(t *testing.T) {
	tests := []struct {
		n             int
		name, chinese string
		kind          Kind
		moves         string
	}{
		{1, "Kansei", "寒星", Direct, "h8 h9 h10"},
		{4, "Kagetsu", "花月", Direct, "h8 h9 i9"},
		{8, "Shogetsu", "松月", Direct, "h8 h9 h7"},
		{13, "Yusei", "游星", Direct, "h8 h9 j6"},
		{14, "Chosei", "长星", Indirect, "h8 i9 j10"},
		{19, "Ungetsu", "云月", Indirect, "h8 i9 i8"},
		{26, "Suisei", "彗星", Indirect, "h8 i9 f6"},
	}
	for _, tt := range tests {
		o, err := ByNumber(tt.n)
		if err != nil {
			t.Fatal(err)
		}
		m := o.Moves(15)
		if o.Number != tt.n || o.Name != tt.name || o.Chinese != tt.chinese || o.Kind != tt.kind || rules.FormatPoints(m[:]) != tt.moves {
			t.Errorf("opening %d = %v %s, want %s %s %v %s", tt.n, o, rules.FormatPoints(m[:]), tt.name, tt.chinese, tt.kind, tt.moves)
		}
	}
	for _, n := range []int{0, 27, -1} {
		if _, err := ByNumber(n); err == nil {
			t.Errorf("ByNumber(%d) accepted", n)
		}
	}
	seen := map[string]bool{}
	for i, o := range All() {
		if o.Number != i+1 || (o.Kind == Direct) != (o.Number <= 13) || seen[o.Name] || seen[o.Chinese] {
			t.Errorf("opening %d: %v out of order, wrong kind or duplicate name", i+1, o)
		}
		seen[o.Name], seen[o.Chinese] = true, true
	}
}

// TestOpeningsDistinct: no symmetry of the board carries one named
// opening onto another.
func TestOpeningsDistinct(t *testing.T) {
	for _, size := range []int{15, 19, 5} {
		all := All()
		for i, a := range all {
			for _, b := range all[i+1:] {
				if canonicalThree(a.Moves(size), size) == canonicalThree(b.Moves(size), size) {
					t.Errorf("size %d: %v and %v are the same shape", size, a, b)
				}
			}
		}
	}
}

// TestOpeningsCover enumerates every legal first three moves (White 2 on
// any of the 8 neighbours, Black 3 on any free point of the 5x5 square)
// and checks that each is exactly one of the 26, in one orientation that
// Identify reports correctly, and that all 26 occur.
func TestOpeningsCover(t *testing.T) {
	for _, size := range []int{15, 19, 5, 22} {
		c := rules.Centre(size)
		hit := map[int]int{}
		positions := 0
		for wy := -1; wy <= 1; wy++ {
			for wx := -1; wx <= 1; wx++ {
				w := rules.Point{X: c.X + wx, Y: c.Y + wy}
				if w == c {
					continue
				}
				for by := -2; by <= 2; by++ {
					for bx := -2; bx <= 2; bx++ {
						b := rules.Point{X: c.X + bx, Y: c.Y + by}
						if b == c || b == w {
							continue
						}
						positions++
						m := [3]rules.Point{c, w, b}
						o, s, err := Identify(m, size)
						if err != nil {
							t.Fatalf("size %d: %s: %v", size, rules.FormatPoints(m[:]), err)
						}
						can := o.Moves(size)
						for i := range m {
							if AboutCentre(s, can[i], size) != m[i] {
								t.Fatalf("size %d: %s identified as %v but symmetry %d gives %v", size, rules.FormatPoints(m[:]), o, s, can)
							}
						}
						hit[o.Number]++
					}
				}
			}
		}
		if positions != 8*23 || len(hit) != 26 {
			t.Errorf("size %d: %d positions cover %d openings, want 184 and 26", size, positions, len(hit))
		}
	}
}

func TestIdentifyRejects(t *testing.T) {
	tests := []struct{ moves string }{
		{"h7 h9 h10"},  // Black 1 off centre
		{"h8 h10 h11"}, // White 2 not touching
		{"h8 h9 h11"},  // Black 3 outside 5x5
		{"h8 h9 h9"},   // Black 3 on White 2
		{"h8 h8 h9"},   // White 2 on Black 1
	}
	for _, tt := range tests {
		pts, err := rules.ParsePoints(tt.moves, 15)
		if err != nil {
			t.Fatal(err)
		}
		if o, _, err := Identify([3]rules.Point(pts), 15); err == nil {
			t.Errorf("Identify(%s) = %v, want an error", tt.moves, o)
		}
	}
}

func TestShapes(t *testing.T) {
	count := func(shapes []Shape) (d, i int) {
		for _, s := range shapes {
			if s.Kind == Direct {
				d++
			} else {
				i++
			}
		}
		return
	}
	s5, err := Shapes(15, 5)
	if err != nil {
		t.Fatal(err)
	}
	if d, i := count(s5); d != 13 || i != 13 {
		t.Errorf("5x5: %d direct + %d indirect, want 13 + 13", d, i)
	}
	// The 5x5 shapes are exactly the 26 named openings.
	named := map[[3]rules.Point]bool{}
	for _, o := range All() {
		named[canonicalThree(o.Moves(15), 15)] = true
	}
	for _, s := range s5 {
		if !named[canonicalThree(s.Moves, 15)] {
			t.Errorf("5x5 shape %s is not a named opening", rules.FormatPoints(s.Moves[:]))
		}
	}
	s7, err := Shapes(15, 7)
	if err != nil {
		t.Fatal(err)
	}
	if d, i := count(s7); d != 26 || i != 26 {
		t.Errorf("7x7: %d direct + %d indirect, want 26 + 26 (the 52 openings)", d, i)
	}
	for i, a := range s7 {
		for _, b := range s7[i+1:] {
			if canonicalThree(a.Moves, 15) == canonicalThree(b.Moves, 15) {
				t.Errorf("7x7 shapes %v and %v are equivalent", a.Moves, b.Moves)
			}
		}
	}
	for _, bad := range [][2]int{{15, 4}, {15, 1}, {7, 9}, {4, 3}} {
		if _, err := Shapes(bad[0], bad[1]); err == nil {
			t.Errorf("Shapes(%d, %d) accepted", bad[0], bad[1])
		}
	}
}

// TestAboutCentre: on odd boards the motions about the centre are the
// board symmetries of rules.Symmetry.
func TestAboutCentre(t *testing.T) {
	for _, size := range []int{5, 15, 19} {
		for _, s := range rules.Symmetries {
			for y := 0; y < size; y++ {
				for x := 0; x < size; x++ {
					p := rules.Point{X: x, Y: y}
					if got, want := AboutCentre(s, p, size), s.Apply(p, size); got != want {
						t.Fatalf("size %d, symmetry %d, %v: %v, board symmetry gives %v", size, s, p, got, want)
					}
				}
			}
		}
	}
}

func TestEquivalent(t *testing.T) {
	tests := []struct {
		name           string
		blacks, whites string
		p, q           string
		want           bool
	}{
		// Kansei h8 h9 h10 with White 4 on g9: mirror in column h.
		{"board axis", "h8 h10", "h9 g9", "g7", "i7", false},
		{"board axis mirror", "h8 h10", "h9", "g7", "i7", true},
		// Blacks h8 h10, whites g9 i9... axis row 9 does not pass the centre.
		{"off-centre axis", "h8 h10", "h9 g9", "g11", "g7", true},
		{"off-centre axis, not mirror", "h8 h10", "h9 g9", "g11", "f7", false},
		{"same point", "h8", "h9", "i8", "i8", false},
		{"no symmetry", "h8 j10", "h9", "a1", "o15", false},
		// Black h8 alone: all 8 rotations and reflections about h8.
		{"rotation", "h8", "", "i9", "g7", true},
	}
	for _, tt := range tests {
		b := rules.MustBoard(15)
		bl, _ := rules.ParsePoints(tt.blacks, 15)
		wh, _ := rules.ParsePoints(tt.whites, 15)
		if err := b.Place(bl, wh); err != nil {
			t.Fatal(err)
		}
		if got := Equivalent(b, pt(t, tt.p, 15), pt(t, tt.q, 15)); got != tt.want {
			t.Errorf("%s: Equivalent(%s, %s) = %v, want %v\n%s", tt.name, tt.p, tt.q, got, tt.want, b)
		}
	}
}

func BenchmarkIdentify(b *testing.B) {
	m := All()[25].Moves(15)
	s := rules.Symmetry(6)
	img := [3]rules.Point{AboutCentre(s, m[0], 15), AboutCentre(s, m[1], 15), AboutCentre(s, m[2], 15)}
	for b.Loop() {
		if _, _, err := Identify(img, 15); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEquivalent(b *testing.B) {
	bd := rules.MustBoard(15)
	bl, _ := rules.ParsePoints("h8 h10", 15)
	wh, _ := rules.ParsePoints("h9 g9", 15)
	if err := bd.Place(bl, wh); err != nil {
		b.Fatal(err)
	}
	p, q := pt(b, "g7", 15), pt(b, "g11", 15)
	for b.Loop() {
		if !Equivalent(bd, p, q) {
			b.Fatal("not equivalent")
		}
	}
}
