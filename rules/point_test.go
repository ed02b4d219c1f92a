package rules

import "testing"

func TestParsePoint(t *testing.T) {
	tests := []struct {
		in   string
		size int
		want Point
		ok   bool
	}{
		{"h8", 15, Point{7, 7}, true},
		{"H8", 15, Point{7, 7}, true},
		{" a1 ", 15, Point{0, 0}, true},
		{"o15", 15, Point{14, 14}, true},
		{"p1", 15, Point{}, false},
		{"a16", 15, Point{}, false},
		{"s19", 19, Point{18, 18}, true},
		{"a0", 15, Point{}, false},
		{"h", 15, Point{}, false},
		{"8h", 15, Point{}, false},
		{"h+8", 15, Point{}, false},
		{"pass", 15, Pass, true},
	}
	for _, tt := range tests {
		got, err := ParsePoint(tt.in, tt.size)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParsePoint(%q, %d) = %v, %v; want %v ok=%v", tt.in, tt.size, got, err, tt.want, tt.ok)
		}
		if tt.ok && !got.IsPass() && got.String() != stringsLower(tt.in) {
			t.Errorf("String() = %q, want %q", got.String(), stringsLower(tt.in))
		}
	}
}

func stringsLower(s string) string {
	out := []byte{}
	for _, c := range []byte(s) {
		if c == ' ' {
			continue
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return string(out)
}

func TestGomocupRoundTrip(t *testing.T) {
	for _, size := range []int{5, 15, 19, 22} {
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				p := Point{x, y}
				q, err := ParseGomocup(p.Gomocup(size), size)
				if err != nil || q != p {
					t.Fatalf("size %d: %v -> %q -> %v, %v", size, p, p.Gomocup(size), q, err)
				}
			}
		}
	}
	// Gomocup's row 0 is the far side: on 15x15, "7,0" is h15.
	if p, _ := ParseGomocup("7,0", 15); p.String() != "h15" {
		t.Errorf(`ParseGomocup("7,0") = %v, want h15`, p)
	}
	for _, bad := range []string{"", "1", "a,b", "-1,3", "15,0", "3,15"} {
		if _, err := ParseGomocup(bad, 15); err == nil {
			t.Errorf("ParseGomocup(%q) accepted", bad)
		}
	}
}

func TestSymmetries(t *testing.T) {
	const size = 15
	p := Point{2, 5}
	seen := map[Point]bool{}
	for _, s := range Symmetries {
		q := s.Apply(p, size)
		if !q.In(size) {
			t.Fatalf("%d maps %v off the board: %v", s, p, q)
		}
		if back := s.Inverse().Apply(q, size); back != p {
			t.Errorf("symmetry %d: inverse gives %v, want %v", s, back, p)
		}
		seen[q] = true
	}
	if len(seen) != 8 {
		t.Errorf("a generic point has %d images, want 8", len(seen))
	}
	if c := Centre(size); Symmetry(3).Apply(c, size) != c {
		t.Error("rotation moves the centre")
	}
}
