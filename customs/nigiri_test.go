package customs

import (
	"strings"
	"testing"

	"tengen/rules"
)

func TestNigiri(t *testing.T) {
	for _, c := range []struct {
		hider Side
		guess Parity
		count int
		right bool
		black Side
		keys  string
	}{
		{Person, Odd, 7, true, Robot, "nigiri-guess nigiri-count nigiri-robot-black nigiri-clear"},
		{Person, Odd, 8, false, Person, "nigiri-guess nigiri-count nigiri-person-black nigiri-clear"},
		{Person, Even, 12, true, Robot, "nigiri-guess nigiri-count nigiri-robot-black nigiri-clear"},
		{Robot, Even, 3, false, Robot, "nigiri-reveal nigiri-robot-black"},
		{Robot, Odd, 3, true, Person, "nigiri-reveal nigiri-person-black"},
	} {
		g := Nigiri{Hider: c.hider, Guess: c.guess, Count: c.count}
		if g.Right() != c.right || g.Black() != c.black {
			t.Errorf("%+v: right %v black %v, want %v %v", g, g.Right(), g.Black(), c.right, c.black)
		}
		var keys []string
		for _, m := range g.Announce() {
			keys = append(keys, m.Key)
		}
		if got := strings.Join(keys, " "); got != c.keys {
			t.Errorf("%+v announces %q, want %q", g, got, c.keys)
		}
	}
}

func TestParity(t *testing.T) {
	for _, c := range []struct {
		s    string
		want Parity
		ok   bool
	}{{"odd", Odd, true}, {"even", Even, true}, {"单", Odd, true}, {"雙", Even, true}, {"three", Odd, false}} {
		got, err := ParseParity(c.s)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseParity(%q) = %v, %v", c.s, got, err)
		}
	}
	if ParityOf(0) != Even || ParityOf(9) != Odd {
		t.Error("ParityOf is wrong")
	}
}

// TestRobotChoicesAreSeeded checks that the robot's guesses and hidden
// counts replay from a seed, and that both guesses and every count occur.
func TestRobotChoicesAreSeeded(t *testing.T) {
	a, b := NewRand(7), NewRand(7)
	seen := map[Parity]bool{}
	counts := map[int]bool{}
	for i := 0; i < 200; i++ {
		g, h := RobotGuess(a), RobotGuess(b)
		n, m := RobotHides(a), RobotHides(b)
		if g != h || n != m {
			t.Fatal("the same seed gave different choices")
		}
		if n < 1 || n > MaxHandful {
			t.Fatalf("hid %d stones", n)
		}
		seen[g], counts[n] = true, true
	}
	if len(seen) != 2 || len(counts) != MaxHandful {
		t.Errorf("guesses %v, counts %v: not all occur", seen, counts)
	}
}

func TestHandful(t *testing.T) {
	before := board(t, "a1", "o15")
	for _, c := range []struct {
		name string
		seen *rules.Board
		n    int
		err  string
	}{
		{"five white", board(t, "a1", "o15 h8 h9 i8 g7 j10"), 5, ""},
		{"mixed colours", board(t, "a1 c3", "o15 h8"), 2, ""},
		{"one", board(t, "a1", "o15 h8"), 1, ""},
		{"none", board(t, "a1", "o15"), 0, "no stones"},
		{"disturbed", board(t, "", "o15 h8 h9"), 0, "a1 was disturbed"},
		{"colour changed", board(t, "o15", "a1 h8"), 0, "disturbed"},
		{"other size", rules.MustBoard(13), 0, "size"},
	} {
		pts, err := Handful(before, c.seen)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || len(pts) != c.n {
			t.Errorf("%s: %d stones (%v), %v; want %d", c.name, len(pts), pts, err, c.n)
		}
	}
}
