package vision_test

import (
	"testing"

	"tengen/vision"
)

// TestStandingDoubtsBesideMove: a stone set on a point beside a standing
// doubt reaches into the doubted point's patch (its rim, its shadow in the
// sun), which says nothing of the doubted point: the doubt stays standing.
// The scene is TestStandingDoubts' (a patch of sunlight washing out rows 2,
// columns 3 and 4); each stone is set on a point beside one of them, in a
// frame of its own noise, and a stone set on a doubted point is still
// news.
func TestStandingDoubtsBesideMove(t *testing.T) {
	stones, sc, read := sunlitBoard(t)
	with := func(p [2]int, c vision.Stone) map[[2]int]vision.Stone {
		m := map[[2]int]vision.Stone{p: c}
		for q, s := range stones {
			m[q] = s
		}
		return m
	}
	patch := map[[2]int]bool{{2, 3}: true, {2, 4}: true}
	// standing is a StandingDoubts that has seen the board as it is in
	// two frames, the patch's doubts standing.
	var pls [2]*vision.Planes
	var rs [2]*vision.Reading
	for f := range pls {
		pls[f], rs[f] = read(sc(stones, int64(f+1)))
	}
	standing := func() *vision.StandingDoubts {
		var d vision.StandingDoubts
		for f := range pls {
			d.News(pls[f], rs[f], rs[f].Doubtful(vision.Sure))
			d.Seen(pls[f], rs[f], rs[f].Doubtful(vision.Sure))
		}
		return &d
	}
	frame := int64(100)
	tried := 0
	for _, p := range [][2]int{{1, 2}, {1, 3}, {1, 4}, {1, 5}, {2, 2}, {2, 5}, {3, 2}, {3, 3}, {3, 4}, {3, 5}} {
		for _, c := range []vision.Stone{vision.Black, vision.White} {
			frame++
			d := standing()
			pl, r := read(sc(with(p, c), frame))
			if r.Stones[p[0]][p[1]] != c {
				continue // the new stone is itself read otherwise: not this test's case
			}
			var doubted [][2]int
			for _, q := range r.Doubtful(vision.Sure) {
				if patch[q] {
					doubted = append(doubted, q)
				}
			}
			if len(doubted) == 0 {
				continue
			}
			tried++
			if news := d.News(pl, r, doubted); len(news) > 0 {
				t.Errorf("a %c stone set at %v: news %v, want none (the doubts %v stood)", c, p, news, doubted)
			}
		}
	}
	t.Logf("%d stones set beside the patch left its points in doubt", tried)
	if tried < 10 {
		t.Errorf("only %d stones set beside the patch left its points in doubt: the test tests little", tried)
	}
	for _, c := range []vision.Stone{vision.Black, vision.White} {
		frame++
		d := standing()
		pl, r := read(sc(with([2]int{2, 4}, c), frame))
		if news := d.News(pl, r, [][2]int{{2, 3}, {2, 4}}); len(news) != 1 || news[0] != [2]int{2, 4} {
			t.Errorf("a %c stone set on (2, 4), beside (2, 3): news %v, want (2, 4) alone", c, news)
		}
	}
}
