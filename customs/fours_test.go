package customs

import (
	"strconv"
	"testing"

	"tengen/rules"
)

func TestFours(t *testing.T) {
	for _, c := range []struct {
		name           string
		blacks, whites string
		rule           rules.Rule
		colour         rules.Color
		n, open        int
	}{
		{"open four", "h8 i8 j8 k8", "", rules.Renju, rules.Black, 1, 1},
		{"closed four", "h8 i8 j8 k8", "g8", rules.Renju, rules.Black, 1, 0},
		{"dead four", "h8 i8 j8 k8", "g8 l8", rules.Renju, rules.Black, 0, 0},
		{"broken four", "h8 i8 k8 l8", "", rules.Renju, rules.Black, 1, 0},
		{"two fours on one line", "e8 g8 h8 i8 k8", "", rules.Renju, rules.Black, 2, 0},
		{"diagonal open four", "d4 e5 f6 g7", "", rules.Standard, rules.Black, 1, 1},
		{"falling diagonal", "d12 e11 f10 g9", "c13", rules.Standard, rules.Black, 1, 0},
		{"three is no four", "h8 i8 j8", "", rules.Renju, rules.Black, 0, 0},
		// XXXX.X: the point between makes six, which wins only where overlines do.
		{"overline point, renju black", "h8 i8 j8 k8 m8", "", rules.Renju, rules.Black, 1, 0},
		{"overline point, freestyle", "h8 i8 j8 k8 m8", "", rules.Freestyle, rules.Black, 1, 1},
		{"overline point, renju white", "", "h8 i8 j8 k8 m8", rules.Renju, rules.White, 1, 1},
		// Caro: a five shut in at both ends does not win.
		{"caro shut in", "h8 i8 j8 k8", "g8 m8", rules.Caro, rules.Black, 0, 0},
		{"standard not shut in", "h8 i8 j8 k8", "g8 m8", rules.Standard, rules.Black, 1, 0},
		{"at the edge", "a1 a2 a3 a4", "", rules.Renju, rules.Black, 1, 0},
		{"other colour ignored", "h8 i8 j8 k8", "", rules.Renju, rules.White, 0, 0},
		{"two directions", "h8 i8 j8 k8 h9 h10 h11", "", rules.Renju, rules.Black, 2, 2},
	} {
		fs := Fours(board(t, c.blacks, c.whites), c.colour, c.rule)
		open := 0
		for _, f := range fs {
			if f.Open() {
				open++
			}
			if f.Color != c.colour || len(f.Stones) < 4 {
				t.Errorf("%s: bad four %+v", c.name, f)
			}
		}
		if len(fs) != c.n || open != c.open {
			t.Errorf("%s: %d fours (%d open), want %d (%d): %+v", c.name, len(fs), open, c.n, c.open, fs)
		}
	}
}

func TestDecideByFours(t *testing.T) {
	for _, c := range []struct {
		name           string
		blacks, whites string
		b, w           int
		winner         rules.Color
	}{
		{"black more", "h8 i8 j8 k8 c3 c4 c5 c6", "m1 m2 m3 m4", 2, 1, rules.Black},
		{"white more", "h8 i8 j8", "m1 m2 m3 m4", 0, 1, rules.White},
		{"equal: draw", "h8 i8 j8 k8", "m1 m2 m3 m4", 1, 1, rules.Empty},
		{"none: draw", "h8", "m1", 0, 0, rules.Empty},
	} {
		fc := DecideByFours(board(t, c.blacks, c.whites), rules.Renju)
		if fc.Black != c.b || fc.White != c.w || fc.Winner != c.winner {
			t.Errorf("%s: %+v", c.name, fc)
		}
		msgs := fc.Announce()
		if len(msgs) != 1 || msgs[0].Key != "time-fours" || msgs[0].Args[0] != strconv.Itoa(c.b) || msgs[0].Args[1] != strconv.Itoa(c.w) {
			t.Errorf("%s: announces %+v", c.name, msgs)
		}
	}
}

func BenchmarkDecideByFours(b *testing.B) {
	bd := board(b, "h8 i8 j8 k8 c3 c4 c5 c6 g9 f10 e11", "m1 m2 m3 m4 h9 h10 i9 j9")
	for b.Loop() {
		DecideByFours(bd, rules.Renju)
	}
}
