package customs

import (
	"testing"

	"tengen/rules"
)

func TestPolicyFor(t *testing.T) {
	cas, tour := PolicyFor(Casual, false), PolicyFor(Tournament, false)
	if !cas.Draws || cas.Takebacks != 3 || cas.OnTime != nil {
		t.Errorf("casual: %+v", cas)
	}
	if tour.Draws || tour.Takebacks != 0 || tour.OnTime != nil {
		t.Errorf("tournament: %+v", tour)
	}
	// Black has two fours, White one: Black wins the count.
	b := board(t, "h8 i8 j8 k8 c3 c4 c5 c6", "m1 m2 m3 m4")
	for _, m := range []Mode{Casual, Tournament} {
		p := PolicyFor(m, true)
		if p.OnTime == nil {
			t.Fatalf("%v: no count of fours on time", m)
		}
		w, say := p.OnTime(b, rules.Renju)
		if w != rules.Black || len(say) != 1 || say[0].Key != "time-fours" || say[0].Args[0] != "2" || say[0].Args[1] != "1" {
			t.Errorf("%v: winner %v, said %+v", m, w, say)
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
