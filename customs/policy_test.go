package customs

import "testing"

func TestPolicy(t *testing.T) {
	cas, tour := PolicyFor(Casual), PolicyFor(Tournament)
	for _, c := range []struct {
		name string
		p    Policy
		used int
		ok   bool
		key  string
	}{
		{"casual first", cas, 0, true, ""},
		{"casual third", cas, 2, true, ""},
		{"casual used up", cas, 3, false, "takeback-used-up"},
		{"tournament", tour, 0, false, "takeback-not-allowed"},
	} {
		ok, why := c.p.Takeback(c.used)
		if ok != c.ok || why.Key != c.key {
			t.Errorf("%s: %v %q", c.name, ok, why.Key)
		}
	}
	for _, c := range []struct {
		name   string
		p      Policy
		eval   int
		accept bool
		key    string
	}{
		{"casual level", cas, 10, true, "draw-accepted"},
		{"casual robot losing", cas, -500, true, "draw-accepted"},
		{"casual robot winning", cas, 200, false, "draw-declined"},
		{"tournament", tour, 0, false, "draw-not-allowed"},
	} {
		ok, say := c.p.AnswerDraw(c.eval)
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
		{"late and level", cas, 80, 5, true},
		{"early", cas, 20, 5, false},
		{"robot better", cas, 80, 100, false},
		{"robot worse", cas, 80, -100, false},
		{"tournament", tour, 80, 0, false},
	} {
		if got := c.p.OfferDraw(c.move, c.eval); got != c.offer {
			t.Errorf("%s: offer %v", c.name, got)
		}
	}
	for _, s := range []string{"casual", "tournament", ""} {
		if _, err := ParseMode(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseMode("blitz"); err == nil {
		t.Error("an unknown mode was accepted")
	}
}
