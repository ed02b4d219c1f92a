package ai

import (
	"context"
	"fmt"
	"testing"

	"tengen/rules"
)

// playGame plays black against white from the opening stones and returns
// the winner (Empty for a draw) and the position at the end. The referee
// is package rules; a player that errs or plays an illegal move loses.
func playGame(t testing.TB, black, white Player, size int, rule rules.Rule, lim Limits, opening []Stone) (rules.Color, Position) {
	p := Position{Size: size, Rule: rule, Stones: append([]Stone(nil), opening...)}
	rb := rules.MustBoard(size)
	for _, s := range opening {
		rb.Set(s.P, s.C)
	}
	p.ToMove = rules.Black
	if len(opening)%2 == 1 {
		p.ToMove = rules.White
	}
	for len(p.Stones) < size*size {
		pl := black
		if p.ToMove == rules.White {
			pl = white
		}
		r, err := pl.Think(context.Background(), p, lim, nil)
		if err != nil || !r.Move.In(size) || rb.At(r.Move) != rules.Empty {
			t.Logf("%s: bad move %v (%v)", pl.Name(), r.Move, err)
			return p.ToMove.Opponent(), p
		}
		five := rb.Wins(r.Move, p.ToMove, rule)
		if !five && rule == rules.Renju && p.ToMove == rules.Black && rb.Forbidden(r.Move, p.Reading) != rules.NotForbidden {
			t.Logf("%s: forbidden move %v", pl.Name(), r.Move)
			return rules.White, p
		}
		rb.Set(r.Move, p.ToMove)
		p.Stones = append(p.Stones, Stone{P: r.Move, C: p.ToMove})
		if five {
			return p.ToMove, p
		}
		p.ToMove = p.ToMove.Opponent()
	}
	return rules.Empty, p
}

// openings are a few balanced starts near the centre.
var ladderOpenings = []string{"h8 i9 j8", "h8 i8 j9", "h8 h9 j10", "h8 g9 i10", "h8 i7 g9"}

func openingStones(t testing.TB, s string) []Stone {
	pts, err := rules.ParsePoints(s, 15)
	if err != nil {
		t.Fatal(err)
	}
	var out []Stone
	for k, q := range pts {
		c := rules.Black
		if k%2 == 1 {
			c = rules.White
		}
		out = append(out, Stone{P: q, C: c})
	}
	return out
}

// match plays balanced pairs (each opening with both colours) and returns
// a's score out of the games played.
func match(t testing.TB, a, b Player, rule rules.Rule, lim Limits, openings []string) (score float64, games int) {
	for _, o := range openings {
		for _, aBlack := range []bool{true, false} {
			bl, wh := a, b
			if !aBlack {
				bl, wh = b, a
			}
			w, p := playGame(t, bl, wh, 15, rule, lim, openingStones(t, o))
			games++
			switch {
			case w == rules.Empty:
				score += 0.5
			case (w == rules.Black) == aBlack:
				score++
			default:
				if testing.Verbose() {
					t.Logf("%s lost (%s) with %v:\n%v", a.Name(), o, map[bool]string{true: "black", false: "white"}[aBlack], drawPos(p))
				}
			}
		}
	}
	return score, games
}

func drawPos(p Position) string {
	b, _, _ := setup(p)
	return fmt.Sprint(b)
}

// TestStrongBeatsWeak: full strength beats level 1 in every game.
func TestStrongBeatsWeak(t *testing.T) {
	strong := NewEngine(EngineOptions{Threads: 1, MaxMemory: 4 << 20, Seed: 1})
	weak := NewEngine(EngineOptions{Level: 1, Threads: 1, MaxMemory: 1 << 20, Seed: 2})
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		s, n := match(t, strong, weak, rule, Limits{NoTurnLimit: true, Nodes: 20000}, ladderOpenings[:2])
		if s != float64(n) {
			t.Errorf("%v: full strength scored %.1f of %d against level 1", rule, s, n)
		}
	}
}

// TestBeatsGreedy: the engine must win every game against the greedy
// pattern player, with either colour, in freestyle and renju, even on a
// small budget (8000 nodes a move, where the engine before the threat
// evaluation scored only 9.5 of 10 in freestyle and 8.5 of 10 in renju).
func TestBeatsGreedy(t *testing.T) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 4 << 20, Seed: 4})
		s, n := match(t, e, NewGreedy(5), rule, Limits{NoTurnLimit: true, Nodes: 8000}, ladderOpenings)
		if s != float64(n) {
			t.Errorf("%v: scored %.1f of %d against the greedy player", rule, s, n)
		}
	}
}
