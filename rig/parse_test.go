package rig

import (
	"math"
	"strings"
	"testing"
)

func TestParseJog(t *testing.T) {
	tests := []struct {
		in   string
		want [3]float64
		err  bool
	}{
		{"x 1.5", [3]float64{1.5, 0, 0}, false},
		{"y -2", [3]float64{0, -2, 0}, false},
		{"z -0.25", [3]float64{0, 0, -0.25}, false},
		{"z 51", [3]float64{}, true},
		{"z NaN", [3]float64{}, true},
		{"w 1", [3]float64{}, true},
		{"x", [3]float64{}, true},
		{"xy 1", [3]float64{}, true},
	}
	for _, tc := range tests {
		got, err := parseJog(strings.Fields(tc.in))
		if (err != nil) != tc.err || (err == nil && [3]float64(got) != tc.want) {
			t.Errorf("parseJog(%q) = %v, %v", tc.in, got, err)
		}
	}
}

func FuzzParseJog(f *testing.F) {
	for _, s := range []string{"x 1.5", "z -50", "y 1e309", "z inf", "x -0", "q", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseJog(strings.Fields(strings.ToLower(s)))
		if err != nil {
			return
		}
		n := 0
		for _, v := range d {
			if math.IsNaN(v) || math.Abs(v) > 50 {
				t.Fatalf("%q: jog %v beyond 50 mm", s, d)
			}
			if v != 0 {
				n++
			}
		}
		if n > 1 {
			t.Fatalf("%q: jog %v on more than one axis", s, d)
		}
	})
}
