package record

import (
	"strings"
	"testing"

	"tengen/rules"
)

func TestChineseRoundTrip(t *testing.T) {
	r := sample(t)
	data, err := WriteChinese(r)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadChinese(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if back.Size != r.Size || back.Rule != r.Rule || back.Black != r.Black || back.White != r.White || back.Result != r.Result {
		t.Errorf("header: got %+v, want %+v", back, r)
	}
	if rules.FormatPoints(back.Points()) != rules.FormatPoints(r.Points()) {
		t.Errorf("moves: got %v, want %v", back.Points(), r.Points())
	}
}

func TestChineseNumbers(t *testing.T) {
	for n, want := range map[int]string{1: "①", 3: "③", 20: "⑳", 21: "㉑", 35: "㉟", 36: "㊱", 49: "㊾", 50: "㊿", 51: "(51)"} {
		if got := Circled(n); got != want {
			t.Errorf("Circled(%d) = %q, want %q", n, got, want)
		}
		if n <= 50 {
			r, _ := utf8DecodeFirst(want)
			if back := uncircled(r); back != n {
				t.Errorf("uncircled(%q) = %d, want %d", want, back, n)
			}
		}
	}
	// A long game: every Black number circled or bracketed, White's plain.
	var pts []rules.Point
	for i := 0; i < 60; i++ {
		pts = append(pts, rules.Point{X: i % 15, Y: i / 15})
	}
	data, err := WriteChinese(&Record{Size: 15, Rule: rules.Renju, Moves: Alternate(pts)})
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for _, frag := range []string{"① A1  2 B1  ③ C1", "㊾ D4  50 E4", "(51) F4  52 G4", "(59) N4  60 O4"} {
		if !strings.Contains(s, frag) {
			t.Errorf("sheet lacks %q:\n%s", frag, s)
		}
	}
	back, err := ReadChinese(data)
	if err != nil || len(back.Moves) != 60 {
		t.Fatalf("read back: %v, %d moves", err, len(back.Moves))
	}
}

func utf8DecodeFirst(s string) (rune, int) {
	for _, r := range s {
		return r, 1
	}
	return 0, 0
}

func TestReadChineseErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"① H8 ② H9\n", "line 1, column 6: chinese score sheet: move 2: Black's (odd) numbers are circled"},
		{"① H8 3 H9\n", "move number 3, want 2"},
		{"① H8\n2 H8\n", "line 2, column 1: chinese score sheet: move 2: white stone at h8: the point is already taken"},
		{"① Z8\n", "move 1: point \"Z8\" is off a 15x15 board"},
		{"H8 H9\n", "a point \"H8\" without a move number"},
		{"① H8\n黑方 Black: Ann\n", "header line \"黑方 Black\" after the first move"},
		{"颜色: red\n", "unknown header"},
		{"棋盘 Size: 99\n", "board size 99 is not supported"},
		{"① \n", "move 1 has no point"},
	} {
		_, err := ReadChinese([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadChinese(%q) = %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}
