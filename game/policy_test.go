package game

import "testing"

func TestPolicy(t *testing.T) {
	tour := Policy{}
	for _, c := range []struct {
		name string
		p    Policy
		used int
		ok   bool
		key  string
	}{
		{"casual first", casual, 0, true, ""},
		{"casual third", casual, 2, true, ""},
		{"casual used up", casual, 3, false, "takeback-used-up"},
		{"tournament", tour, 0, false, "takeback-not-allowed"},
	} {
		ok, why := c.p.Takeback(c.used)
		if ok != c.ok || why.Key != c.key {
			t.Errorf("%s: %v %q", c.name, ok, why.Key)
		}
	}
	for _, c := range []struct {
		name       string
		p          Policy
		move, eval int
		accept     bool
		key        string
	}{
		{"casual level", casual, 20, 10, true, "draw-accepted"},
		{"casual robot losing", casual, 20, -500, true, "draw-accepted"},
		{"casual robot winning", casual, 20, 200, false, "draw-declined"},
		{"casual too early", casual, 9, 0, false, "draw-declined"},
		{"tournament", tour, 20, 0, false, "draw-not-allowed"},
	} {
		ok, say := c.p.AnswerDraw(c.move, c.eval)
		if ok != c.accept || say.Key != c.key {
			t.Errorf("%s: %v %q", c.name, ok, say.Key)
		}
	}
	for _, c := range []struct {
		name       string
		p          Policy
		move, eval int
		offer      bool
	}{
		{"late and level", casual, 80, 5, true},
		{"early", casual, 20, 5, false},
		{"robot better", casual, 80, 100, false},
		{"robot worse", casual, 80, -100, false},
		{"tournament", tour, 80, 0, false},
	} {
		if got := c.p.OfferDraw(c.move, c.eval); got != c.offer {
			t.Errorf("%s: offer %v", c.name, got)
		}
	}
}
