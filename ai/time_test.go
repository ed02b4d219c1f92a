package ai

import (
	"testing"
	"time"
)

func TestTimeBudget(t *testing.T) {
	tests := []struct {
		name     string
		lim      Limits
		instant  bool
		min, max time.Duration // bounds on the hard limit
	}{
		{"timeout_turn 0 answers at once", Limits{}, true, 0, 0},
		{"per move, with margin", Limits{TurnTime: time.Second}, false, 700 * time.Millisecond, 950 * time.Millisecond},
		{"short turns keep a margin", Limits{TurnTime: 100 * time.Millisecond}, false, 50 * time.Millisecond, 95 * time.Millisecond},
		{"a share of the match", Limits{NoTurnLimit: true, MatchTime: 180 * time.Second, TimeLeft: 60 * time.Second}, false, time.Second, 5 * time.Second},
		{"turn caps the share", Limits{TurnTime: 500 * time.Millisecond, TimeLeft: 60 * time.Second}, false, 300 * time.Millisecond, 480 * time.Millisecond},
		{"little time left", Limits{TurnTime: 5 * time.Second, TimeLeft: 600 * time.Millisecond}, false, time.Millisecond, 60 * time.Millisecond},
		{"depth only", Limits{NoTurnLimit: true, Depth: 6}, false, 0, 0},
	}
	for _, tt := range tests {
		b := timeBudget(tt.lim, 20, 225)
		if b.instant != tt.instant || b.hard < tt.min || b.hard > tt.max || b.soft > b.hard {
			t.Errorf("%s: budget %+v, want instant=%v and hard in [%v, %v]", tt.name, b, tt.instant, tt.min, tt.max)
		}
	}
	// A level's cap shortens a long clock but not a fixed budget.
	if b := timeBudget(Limits{TurnTime: 10 * time.Second}, 0, 225).forLevel(levels[1]); b.hard != levels[1].timeCap {
		t.Errorf("level 1 on a 10 s clock: %+v", b)
	}
	// A level with a node budget is not stopped by the soft limit, and a
	// noisy one ends its search with a third of the clock left for its
	// choice; one without noise searches to the end.
	for lv := 1; lv < 10; lv++ {
		b := timeBudget(Limits{TurnTime: 10 * time.Second}, 0, 225).forLevel(levels[lv])
		search := b.hard * 2 / 3
		if levels[lv].temp == 0 {
			search = 0
		}
		if b.soft != b.hard || b.search != search {
			t.Errorf("level %d on a 10 s clock: %+v, want soft = hard and the search ending at %v", lv, b, search)
		}
	}
	if b := timeBudget(Limits{TurnTime: 10 * time.Second}, 0, 225).forLevel(levels[10]); b.search != 0 || b.soft >= b.hard {
		t.Errorf("level 10 on a 10 s clock: %+v, want the soft limit and no early end", b)
	}
	// Each level takes no more time than the next.
	for lv := 1; lv < 10; lv++ {
		a := timeBudget(Limits{TurnTime: time.Second}, 0, 225).forLevel(levels[lv])
		b := timeBudget(Limits{TurnTime: time.Second}, 0, 225).forLevel(levels[lv+1])
		if a.hard > b.hard {
			t.Errorf("level %d thinks %v, level %d only %v", lv, a.hard, lv+1, b.hard)
		}
	}
}
