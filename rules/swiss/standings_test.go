package swiss

import (
	"fmt"
	"strings"
	"testing"
)

// played builds a tournament from rounds written as "D-B 0, C-A =, E bye":
// Black-White then 1 (Black wins), 0 (White wins) or = (draw).
func played(t *testing.T, names string, rounds ...string) *Tournament {
	t.Helper()
	tour, err := New(strings.Fields(names), 1)
	if err != nil {
		t.Fatal(err)
	}
	index := map[string]int{}
	for i, n := range tour.names {
		index[n] = i
	}
	for _, r := range rounds {
		round := Round{Bye: -1}
		for _, g := range strings.Split(r, ",") {
			var pair, res string
			fmt.Sscan(g, &pair, &res)
			if res == "bye" {
				round.Bye = index[pair]
				continue
			}
			b, w, _ := strings.Cut(pair, "-")
			round.Pairings = append(round.Pairings, Pairing{Black: index[b], White: index[w],
				Result: map[string]Result{"1": BlackWins, "0": WhiteWins, "=": Draw}[res]})
		}
		tour.rounds = append(tour.rounds, round)
	}
	return tour
}

// TestTieBreakOrder: each case is chosen so that the criterion under
// test disagrees with every later one, which proves the order.
func TestTieBreakOrder(t *testing.T) {
	tests := []struct {
		name   string
		names  string
		rounds []string
		want   string // "rank name score buchholz progressive direct wins", in order
	}{
		{"score; a bye scores 1 but is no win and adds no Buchholz", "A B C", []string{"A-B 1, C bye"}, "1 A 1 0 1 0 1 | 2 C 1 0 1 0 0 | 3 B 0 1 0 0 0"},
		{
			// B and F: equal score; B's Buchholz is higher, while progressive
			// score and wins favour F. E and F are tied on the first three;
			// F won their game.
			"buchholz", "A B C D E F",
			[]string{"A-F =, B-C =, E-D 1", "F-E 1, C-A 1, D-B =", "C-F 1, B-E =, A-D 0", "D-C 1, F-B =, E-A ="},
			"1 C 2½ 7½ 7 0 2 | 2 D 2½ 7½ 4½ 0 2 | 3 B 2 9 5 0 0 | 4 F 2 7½ 5½ 1 1 | 5 E 2 7½ 5½ 0 1 | 6 A 1 9 2½ 0 0",
		},
		{
			// All four on 1½ with Buchholz 4½. C's progressive score beats
			// A's, though A has a direct win over B and a win.
			"progressive", "A B C D",
			[]string{"B-C =, D-A 1", "C-D =, A-B 1", "D-B 0, A-C ="},
			"1 D 1½ 4½ 4 0 1 | 2 C 1½ 4½ 3 0 0 | 3 A 1½ 4½ 2½ 1 1 | 4 B 1½ 4½ 2½ 0 1",
		},
		{
			// B and C: equal score, Buchholz and progressive; C scored 1½ of
			// 2 against B, while B has more wins.
			"direct encounter", "A B C D",
			[]string{"D-B 0, C-A =", "B-C 0, A-D 0", "C-D =, A-B 0", "B-C =, D-A 0"},
			"1 C 2½ 8 6½ 1½ 1 | 2 B 2½ 8 6½ ½ 2 | 3 D 1½ 8 4 0 1 | 4 A 1½ 8 3 0 1",
		},
		{
			// A, C and F are tied on the first three, but C and F never
			// met, so direct encounter does not apply (though F beat A);
			// F has a win; A and C are tied on everything and share 5th.
			"wins, and direct encounter only when all met", "A B C D E F",
			[]string{"D-B 0, E-F 1, A-C =", "B-E 1, F-A 1, C-D 0", "A-B =, D-F 1, E-C ="},
			"1 B 2½ 4½ 5½ 0 2 | 2 D 2 4½ 3 0 2 | 3 E 1½ 4½ 3½ 0 1 | 4 F 1 4½ 2 0 1 | 5 A 1 4½ 2 0 0 | 5 C 1 4½ 2 0 0",
		},
	}
	for _, tt := range tests {
		tour := played(t, tt.names, tt.rounds...)
		var got []string
		for _, s := range tour.Standings() {
			got = append(got, fmt.Sprintf("%d %s %v %v %v %v %d", s.Rank, s.Name, s.Score, s.Buchholz, s.Progressive, s.Direct, s.Wins))
		}
		if g := strings.Join(got, " | "); g != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, g, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		name   string
		format MatchFormat
		games  []Result // by each game's colours
		want   Result   // the first player is the pairing's Black
		done   bool
	}{
		{"best of 3, 2-0", MatchFormat{BestOf: 3}, []Result{BlackWins, WhiteWins}, BlackWins, true},
		{"best of 3, after one game", MatchFormat{BestOf: 3}, []Result{BlackWins}, Pending, false},
		{"best of 3, 1-1 goes on", MatchFormat{BestOf: 3}, []Result{BlackWins, BlackWins}, Pending, false},
		{"best of 3, second player 2-1", MatchFormat{BestOf: 3}, []Result{BlackWins, BlackWins, WhiteWins}, WhiteWins, true},
		{"best of 3, draws: 1½-1½ is a drawn match", MatchFormat{BestOf: 3}, []Result{Draw, BlackWins, BlackWins}, Draw, true},
		{"best of 3, a decider after a tie", MatchFormat{BestOf: 3, Deciders: 2}, []Result{Draw, BlackWins, BlackWins}, Pending, false},
		{"decider won by the second player (Black in game 4)", MatchFormat{BestOf: 3, Deciders: 2},
			[]Result{Draw, BlackWins, BlackWins, BlackWins}, WhiteWins, true},
		{"two drawn deciders: drawn match", MatchFormat{BestOf: 3, Deciders: 2},
			[]Result{Draw, BlackWins, BlackWins, Draw, Draw}, Draw, true},
		{"best of 5 decided early at 3-0", MatchFormat{BestOf: 5}, []Result{BlackWins, WhiteWins, BlackWins}, BlackWins, true},
		{"best of 5, 2½-½ not yet decided", MatchFormat{BestOf: 5}, []Result{BlackWins, WhiteWins, Draw}, Pending, false},
		{"best of 7, 4-3", MatchFormat{BestOf: 7},
			[]Result{BlackWins, BlackWins, BlackWins, BlackWins, BlackWins, BlackWins, WhiteWins}, WhiteWins, true},
	}
	for _, tt := range tests {
		m, err := NewMatch(tt.format)
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range tt.games {
			if want := i%2 == 0; m.FirstIsBlack() != want {
				t.Errorf("%s: game %d: first player black %v, want %v", tt.name, i+1, m.FirstIsBlack(), want)
			}
			if err := m.Add(g); err != nil {
				t.Fatalf("%s: game %d: %v", tt.name, i+1, err)
			}
		}
		if got, done := m.Result(); got != tt.want || done != tt.done {
			t.Errorf("%s: Result() = %v, %v; want %v, %v", tt.name, got, done, tt.want, tt.done)
		}
		if tt.done {
			if err := m.Add(Draw); err == nil {
				t.Errorf("%s: a game after the end was accepted", tt.name)
			}
		}
	}
	for _, f := range []MatchFormat{{BestOf: 2}, {BestOf: 0}, {BestOf: 3, Deciders: -1}} {
		if _, err := NewMatch(f); err == nil {
			t.Errorf("NewMatch(%+v) accepted", f)
		}
	}
}

// A match's result feeds the tournament like a game's.
func TestMatchFeedsTournament(t *testing.T) {
	tour, _ := New([]string{"a", "b"}, 1)
	r, _ := tour.Pair()
	m, _ := NewMatch(MatchFormat{BestOf: 3})
	m.Add(WhiteWins) // the pairing's White wins game 1
	if err := tour.SetMatchResult(0, 0, m); err == nil {
		t.Error("an unfinished match was accepted")
	}
	m.Add(BlackWins) // and game 2, with Black
	if err := tour.SetMatchResult(0, 0, m); err != nil {
		t.Fatal(err)
	}
	st := tour.Standings()
	if st[0].Player != r.Pairings[0].White || st[0].Score != Win {
		t.Errorf("standings %+v; want the pairing's White first with 1", st)
	}
}
