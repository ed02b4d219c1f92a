package customs

import "testing"

func TestLevels(t *testing.T) {
	prev := 0
	for _, a := range Answers {
		lv := LevelFor(a)
		if lv <= prev || lv < MinLevel || lv > MaxLevel {
			t.Errorf("%v: level %d after %d", a, lv, prev)
		}
		prev = lv
		if back, err := ParseAnswer(a.String()); err != nil || back != a {
			t.Errorf("%v does not read back: %v", a, err)
		}
	}
	if _, err := ParseAnswer("maybe"); err == nil {
		t.Error("an unknown answer was accepted")
	}
	for _, c := range []struct{ rating, level int }{
		{0, 1}, {999, 1}, {1000, 2}, {1349, 3}, {1500, 5}, {1800, 7}, {2249, 9}, {2250, 10}, {3000, 10}, {-50, 1},
	} {
		if got := LevelForRating(c.rating); got != c.level {
			t.Errorf("rating %d: level %d, want %d", c.rating, got, c.level)
		}
	}
	for _, c := range []struct{ level, streak, want int }{
		{4, 2, 5}, {4, 1, 4}, {4, -2, 3}, {10, 5, 10}, {1, -3, 1}, {4, 0, 4},
	} {
		if got := NextLevel(c.level, Visitor{Streak: c.streak}); got != c.want {
			t.Errorf("NextLevel(%d, streak %d) = %d, want %d", c.level, c.streak, got, c.want)
		}
	}
	if m := LevelMessage(3); m.Key != "level-chosen" || m.Args[0] != "3" {
		t.Errorf("%+v", m)
	}
}
