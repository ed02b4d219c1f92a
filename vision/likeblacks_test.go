package vision

import "testing"

// TestLikeBlacks checks that a doubtful point reads black when it looks
// like the black stones read around it (values as measured on
// g09_11.11.28 r11c10: a sparkly blue-grey stone on yellow wood, 0.71 of
// the board's brightness, among stones as bright), and not when it is
// clearly brighter than they are, shows its lines, has wood's colour, or
// too few stones are read around it to tell.
func TestLikeBlacks(t *testing.T) {
	const n = 5
	empty := features{lines: 0.7, topL: 225, baseL: 225, neutral: 0.45, board: 225}
	doubt := features{lines: -0.99, topL: 109, baseL: 135, neutral: 0.9, board: 189}
	sparkly := []float64{132, 120, 89, 123} // their tops (or bases), as measured
	dark := []float64{74, 80, 70, 78}
	blacks := [][2]int{{1, 1}, {2, 1}, {3, 2}, {2, 3}} // (column, row) around the middle
	for _, tc := range []struct {
		name   string
		p      features
		levels []float64
		want   Stone
	}{
		{"among stones as bright", doubt, sparkly, Black},
		{"brighter than the stones around", doubt, dark, Empty},
		{"shows its lines", func() features { p := doubt; p.lines = 0.5; return p }(), sparkly, Empty},
		{"wood's colour", func() features { p := doubt; p.neutral = 0.5; return p }(), sparkly, Empty},
		{"two stones around", doubt, sparkly[:2], Empty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := make([][]features, n)
			ref := make([][]float64, n)
			st := make([][]Stone, n)
			conf := make([][]float64, n)
			for j := range f {
				f[j] = make([]features, n)
				ref[j] = make([]float64, n)
				st[j] = make([]Stone, n)
				conf[j] = make([]float64, n)
				for i := range f[j] {
					f[j][i], ref[j][i], st[j][i] = empty, 0.7, Empty
				}
			}
			for k, l := range tc.levels {
				b := blacks[k]
				f[b[1]][b[0]] = features{lines: -0.9, topL: l, baseL: l, neutral: 0.9, board: 225}
				st[b[1]][b[0]] = Black
			}
			f[2][2] = tc.p
			likeBlacks(f, ref, st, conf)
			if got := st[2][2]; got != tc.want {
				t.Errorf("read %c, want %c (confidence %.2f)", got, tc.want, conf[2][2])
			}
			for j := range st {
				for i := range st[j] {
					if (i != 2 || j != 2) && st[j][i] == Black && f[j][i].topL == 225 {
						t.Errorf("row %d col %d: bare board read black", j, i)
					}
				}
			}
		})
	}
}
