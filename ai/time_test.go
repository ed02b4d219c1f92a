package ai

import (
	"sync/atomic"
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

// TestSearchReadsItsOwnClock: a searcher stops at a passed deadline by
// reading the clock itself, with no timer to tell it, within pollNodes
// nodes: the main search (setting timeUp), also when its caller gives up,
// and a budgeted threat read cut short by its own deadline (threatCut: its
// "no win" proves nothing). The positions are ones where both run far
// beyond pollNodes without a clock.
func TestSearchReadsItsOwnClock(t *testing.T) {
	searched, read := false, false
	openPositions(t, 35, func(p Position) bool {
		s, me := solver(t, p)
		past := time.Now().Add(-time.Millisecond)
		if !searched {
			s.search(6, -WinScore, WinScore, 1, me)
			if s.nodes > 4*pollNodes && !s.stopped {
				searched = true
				gaveUp := make(chan struct{})
				close(gaveUp)
				for name, c := range map[string]deadlines{"past its hard deadline": {hard: past}, "its caller gave up": {done: gaveUp}} {
					s, me = solver(t, p)
					var timeUp atomic.Bool
					s.clock, s.clock.timeUp = c, &timeUp
					s.search(6, -WinScore, WinScore, 1, me)
					if !s.stopped || !timeUp.Load() || s.nodes > pollNodes {
						t.Errorf("search %s: stopped %v, timeUp %v after %d nodes, want both within %d\n%v", name, s.stopped, timeUp.Load(), s.nodes, pollNodes, s.b)
					}
				}
			}
		}
		if !read {
			s, me = solver(t, p)
			s.vctBudget(me, 6, 1<<20)
			if s.nodes > 4*pollNodes {
				read = true
				s, me = solver(t, p)
				s.clock = deadlines{threat: past}
				if s.vctBudget(me, 6, 1<<20) || !s.threatCut || s.stopped || s.nodes > pollNodes {
					t.Errorf("threat read past its deadline: threatCut %v, stopped %v after %d nodes, want cut (not stopped) within %d\n%v", s.threatCut, s.stopped, s.nodes, pollNodes, s.b)
				}
			}
		}
		return !searched || !read
	})
	if !searched || !read {
		t.Fatalf("no position to try: a search found %v, a threat read %v", searched, read)
	}
}
