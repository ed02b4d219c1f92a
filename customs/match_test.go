package customs

import (
	"strings"
	"testing"

	"tengen/rules"
)

func TestMatch(t *testing.T) {
	B, W, D := rules.Black, rules.White, rules.Empty
	for _, c := range []struct {
		name          string
		bestOf, extra int
		first         Side
		games         []rules.Color // each game's winner by its colours
		blacks        string        // who had Black in each game, and next
		person, robot float64
		over, draw    bool
		winner        Side
		last          string // the last announcement's key
	}{
		{"best of 3, person wins 2-1", 3, 1, Person, []rules.Color{B, B, B}, "PRPR", 2, 1, true, false, Person, "match-person-wins"},
		{"best of 3 decided early", 3, 1, Robot, []rules.Color{B, W}, "RPR", 0, 2, true, false, Robot, "match-robot-wins"},
		{"best of 5 goes on", 5, 1, Person, []rules.Color{B, D, W}, "PRPR", 1.5, 1.5, false, false, 0, "match-score"},
		{"level after 3: extra game", 3, 1, Person, []rules.Color{D, D, D}, "PRPR", 1.5, 1.5, false, false, 0, "match-decider"},
		{"the extra game decides", 3, 1, Person, []rules.Color{D, D, D, B}, "PRPRP", 1.5, 2.5, true, false, Robot, "match-robot-wins"},
		{"drawn extra game: a drawn match", 3, 1, Person, []rules.Color{D, D, D, D}, "PRPRP", 2, 2, true, true, 0, "match-drawn"},
		{"best of 7 swept", 7, 1, Person, []rules.Color{B, W, B, W}, "PRPRP", 4, 0, true, false, Person, "match-person-wins"},
	} {
		m, err := NewMatch(c.bestOf, c.extra, c.first)
		if err != nil {
			t.Fatal(err)
		}
		blacks := ""
		for _, g := range c.games {
			blacks += strings.ToUpper(m.Black().String()[:1])
			if err := m.Add(g); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		if _, _, over := m.Result(); !over {
			blacks += strings.ToUpper(m.Black().String()[:1])
		}
		if blacks != c.blacks[:len(blacks)] || len(blacks) != len(c.blacks) && !c.over {
			t.Errorf("%s: Black by game %s, want %s", c.name, blacks, c.blacks)
		}
		p, r := m.Score()
		winner, draw, over := m.Result()
		if p != c.person || r != c.robot || over != c.over || draw != c.draw || over && !draw && winner != c.winner {
			t.Errorf("%s: score %v-%v over %v draw %v winner %v", c.name, p, r, over, draw, winner)
		}
		msgs := m.Announce()
		if got := msgs[len(msgs)-1].Key; got != c.last {
			t.Errorf("%s: last announcement %q, want %q", c.name, got, c.last)
		}
	}
}

func TestMatchErrors(t *testing.T) {
	for _, c := range []struct{ bestOf, extra int }{{2, 1}, {9, 1}, {0, 0}, {3, -1}, {3, 10}} {
		if _, err := NewMatch(c.bestOf, c.extra, Person); err == nil {
			t.Errorf("best of %d with %d extra accepted", c.bestOf, c.extra)
		}
	}
	m, _ := NewMatch(1, 0, Person)
	if err := m.Add(rules.Black); err != nil {
		t.Fatal(err)
	}
	if err := m.Add(rules.Black); err == nil {
		t.Error("a game was added to a finished match")
	}
}
