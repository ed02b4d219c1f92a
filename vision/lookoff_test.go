package vision

import (
	"math"
	"testing"
)

// TestLookOff: lookOff reads what a search for a stone off its point
// finds at a point read empty, and at a point read a stone of the colour
// looked for unsurely, only where the search finds its centre within
// sureNearest of the point and a stone's width clear of the stones read
// (a stone nearer halfway stays the doubt it was, as classify read it).
func TestLookOff(t *testing.T) {
	type found struct {
		du, dv, c float64
		ok        bool
	}
	tests := []struct {
		name     string
		was      Stone
		conf     float64
		beside   bool // a black stone read on the next point right, (3, 2)
		search   *found
		want     Stone
		wantConf float64
		read     bool // lookOff tells it read a stone
	}{
		{"empty, found", Empty, 1, false, &found{0.45, 0, 0.8, true}, White, 0.8, true},
		{"empty, none", Empty, 0.9, false, &found{}, Empty, 0.9, false},
		{"unsure, found near", White, 0.2, false, &found{0.3, -0.2, 0.9, true}, White, 0.9, true},
		{"unsure, found near less surely", White, 0.3, false, &found{-0.1, 0.35, 0.1, true}, White, 0.3, true},
		{"unsure, found nearer halfway", White, 0.2, false, &found{0, -0.42, 1, true}, White, 0.2, false},
		{"unsure, found toward an empty point", White, 0.2, false, &found{0.35, 0, 1, true}, White, 1, true},
		{"unsure, found against a stone read", White, 0.2, true, &found{0.35, 0, 1, true}, White, 0.2, false},
		{"unsure, none", White, 0.2, false, &found{}, White, 0.2, false},
		{"sure", White, 0.6, false, nil, White, 0.6, false},
		{"the other colour, unsure", Black, 0.2, false, nil, Black, 0.2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st := [][]Stone{make([]Stone, 5), make([]Stone, 5), make([]Stone, 5), make([]Stone, 5), make([]Stone, 5)}
			conf := make([][]float64, 5)
			for j := range st {
				conf[j] = make([]float64, 5)
				for i := range st[j] {
					st[j][i], conf[j][i] = Empty, 1
				}
			}
			st[2][2], conf[2][2] = tc.was, tc.conf
			if tc.beside {
				st[2][3] = Black
			}
			called := false
			search := func(i, j int, unsure bool) (cu, cv, c float64, ok bool) {
				called = true
				if i != 2 || j != 2 || st[j][i] != Empty || unsure != (tc.was != Empty) {
					t.Errorf("search(%d, %d, %v) with the point read %c, want (2, 2) empty, unsure %v", i, j, unsure, st[j][i], tc.was != Empty)
				}
				if tc.search == nil {
					return 0, 0, 0, false
				}
				return 2 + tc.search.du, 2 + tc.search.dv, tc.search.c, tc.search.ok
			}
			_, _, ok := lookOff(st, conf, 2, 2, White, search)
			if called != (tc.search != nil) {
				t.Errorf("searched %v, want %v", called, tc.search != nil)
			}
			if st[2][2] != tc.want || math.Abs(conf[2][2]-tc.wantConf) > 1e-9 {
				t.Errorf("read %c at %.2f, want %c at %.2f", st[2][2], conf[2][2], tc.want, tc.wantConf)
			}
			if ok != tc.read {
				t.Errorf("told it read a stone %v, want %v", ok, tc.read)
			}
		})
	}
}
