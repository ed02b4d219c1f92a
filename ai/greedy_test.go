package ai

import (
	"context"
	"testing"

	"tengen/rules"
)

// greedyPos builds a position from move lists in the Chinese notation.
func greedyPos(t *testing.T, rule rules.Rule, toMove rules.Color, blacks, whites string) Position {
	t.Helper()
	pos := Position{Size: 15, Rule: rule, ToMove: toMove}
	for _, side := range []struct {
		c   rules.Color
		pts string
	}{{rules.Black, blacks}, {rules.White, whites}} {
		pts, err := rules.ParsePoints(side.pts, 15)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pts {
			pos.Stones = append(pos.Stones, Stone{P: p, C: side.c})
		}
	}
	return pos
}

func TestGreedyTactics(t *testing.T) {
	tests := []struct {
		name           string
		rule           rules.Rule
		toMove         rules.Color
		blacks, whites string
		want           []string // any of these
	}{
		{"empty board: centre", rules.Freestyle, rules.Black, "", "", []string{"h8"}},
		{"win in one rather than block", rules.Freestyle, rules.Black, "d8 e8 f8 g8", "d10 e10 f10 g10", []string{"c8", "h8"}},
		{"white wins in one", rules.Freestyle, rules.White, "d8 e8 f8 a1 a3", "d10 e10 f10 g10", []string{"c10", "h10"}},
		{"split four is completed", rules.Standard, rules.Black, "d8 e8 g8 h8", "d10 e10 a1", []string{"f8"}},
		{"block a four", rules.Freestyle, rules.White, "d4 d5 d6 d7 k10", "h8 j9 a15", []string{"d3", "d8"}},
		{"block a split four", rules.Freestyle, rules.White, "c3 d4 f6 g7", "h8 o1 a15", []string{"e5"}},
		{"standard: an overline does not win, so block", rules.Standard, rules.Black, "a1 b1 c1 e1 f1 n14", "h8 h9 h10 h11 c5", []string{"h7", "h12"}},
		{"freestyle: an overline wins", rules.Freestyle, rules.Black, "a1 b1 c1 e1 f1 n14", "h8 h9 h10 h11 c5", []string{"d1"}},
		{"renju: white wins by overline", rules.Renju, rules.White, "h8 h9 h10 h11 c5 n14", "a1 b1 c1 e1 f1", []string{"d1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos := greedyPos(t, tt.rule, tt.toMove, tt.blacks, tt.whites)
			res, err := NewGreedy(1).Think(context.Background(), pos, Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if res.Move.String() == w {
					return
				}
			}
			t.Errorf("played %v, want one of %v", res.Move, tt.want)
		})
	}
}

func TestGreedyDeterministic(t *testing.T) {
	pos := greedyPos(t, rules.Freestyle, rules.White, "h8", "")
	for seed := int64(0); seed < 5; seed++ {
		a, _ := NewGreedy(seed).Think(context.Background(), pos, Limits{}, nil)
		b, _ := NewGreedy(seed).Think(context.Background(), pos, Limits{}, nil)
		if a.Move != b.Move {
			t.Errorf("seed %d: %v then %v", seed, a.Move, b.Move)
		}
	}
}

func TestGreedyBadPositions(t *testing.T) {
	for _, pos := range []Position{
		{Size: 3, ToMove: rules.Black},
		{Size: 15},
		{Size: 15, ToMove: rules.Black, Stones: []Stone{{P: rules.Point{X: 15, Y: 0}, C: rules.White}}},
		{Size: 15, ToMove: rules.Black, Stones: []Stone{{P: rules.Point{X: 1, Y: 1}, C: rules.White}, {P: rules.Point{X: 1, Y: 1}, C: rules.Black}}},
	} {
		if _, err := NewGreedy(0).Think(context.Background(), pos, Limits{}, nil); err == nil {
			t.Errorf("accepted %+v", pos)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewGreedy(0).Think(ctx, Position{Size: 15, ToMove: rules.Black}, Limits{}, nil); err == nil {
		t.Error("thought after its context was cancelled")
	}
}

func BenchmarkGreedyMidgame(b *testing.B) {
	pos := Position{Size: 15, Rule: rules.Renju, ToMove: rules.Black}
	pts, _ := rules.ParsePoints("h8 i9 g9 i7 i8 g8 j10 h10 f7 e6 j8 k8", 15)
	for i, p := range pts {
		c := rules.Black
		if i%2 == 1 {
			c = rules.White
		}
		pos.Stones = append(pos.Stones, Stone{P: p, C: c})
	}
	g := NewGreedy(0)
	for i := 0; i < b.N; i++ {
		if _, err := g.Think(context.Background(), pos, Limits{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestGreedyRenjuAvoidsForbidden(t *testing.T) {
	// i8 would be Black's best point (two open threes at once) but it is a
	// double three; the greedy player must play elsewhere.
	pos := greedyPos(t, rules.Renju, rules.Black, "h8 j8 i9 i10", "a1 o1 a15 o15")
	b, _ := greedyBoard(pos)
	if b.Forbidden(rules.Point{X: 8, Y: 7}, rules.ReadingRIF) != rules.DoubleThree {
		t.Fatal("the test position lost its double three")
	}
	res, err := NewGreedy(1).Think(context.Background(), pos, Limits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Move.String() == "i8" {
		t.Error("played the forbidden i8")
	}
	// In freestyle the same point is the natural move.
	pos.Rule = rules.Freestyle
	if res, _ := NewGreedy(1).Think(context.Background(), pos, Limits{}, nil); res.Move.String() != "i8" {
		t.Errorf("freestyle: played %v, want i8", res.Move)
	}
}

// TestGreedyRenjuGames plays whole renju games greedy against greedy from
// many openings: Black must never make a forbidden move, and every game
// must end by five or a full board.
func TestGreedyRenjuGames(t *testing.T) {
	openings := []string{"h8 h9 h10", "h8 i9 j10", "h8 h9 j8", "h8 i9 g10", "h8 h9 i7", "h8 i9 i7", "h8 g9 j9", "h8 h7 j9"}
	for i, op := range openings {
		g, _ := rules.NewGame(15, rules.Renju, rules.ReadingRIF)
		g.SetAutoClaim(true)
		pos := Position{Size: 15, Rule: rules.Renju, ToMove: rules.Black}
		moves, _ := rules.ParsePoints(op, 15)
		black, white := NewGreedy(int64(i)), NewGreedy(int64(i+100))
		for n := 0; !g.Over(); n++ {
			var p rules.Point
			if n < len(moves) {
				p = moves[n]
			} else {
				pl := black
				if pos.ToMove == rules.White {
					pl = white
				}
				res, err := pl.Think(context.Background(), pos, Limits{}, nil)
				if err != nil {
					t.Fatalf("opening %s, move %d: %v", op, n+1, err)
				}
				p = res.Move
			}
			if _, err := g.Play(pos.ToMove, p); err != nil {
				t.Fatalf("opening %s: %v", op, err)
			}
			pos.Stones = append(pos.Stones, Stone{P: p, C: pos.ToMove})
			pos.ToMove = pos.ToMove.Opponent()
		}
		if o := g.Outcome(); o.Reason != rules.Five && o.Reason != rules.FullBoard {
			t.Errorf("opening %s: %v", op, o)
		}
	}
}
