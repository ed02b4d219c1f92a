package ai

import (
	"math/rand/v2"
	"testing"

	"tengen/rules"
)

// TestEquivalentToReferee checks that the engine's five and forbidden-point
// judgements agree with the referee's (package rules) on every empty point
// of many random positions, for every rule, both colours and both renju
// readings: the engine and the referee must never disagree on a win or a
// forbidden move.
func TestEquivalentToReferee(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 3))
	kinds := map[forbidKind]rules.ForbiddenKind{
		notForbidden: rules.NotForbidden, forbidOverline: rules.Overline,
		forbidDoubleFour: rules.DoubleFour, forbidDoubleThree: rules.DoubleThree,
	}
	forbiddenSeen := 0
	for k := 0; k < 600; k++ {
		size := []int{15, 15, 15, 19, 9, 22}[k%6]
		rule := []rules.Rule{rules.Renju, rules.Freestyle, rules.Renju, rules.Standard, rules.Renju, rules.Caro}[rng.IntN(6)]
		reading := []rules.Reading{rules.ReadingRIF, rules.ReadingGomocup}[(k/4)%2]
		// Dense clusters of mostly Black stones make forbidden shapes common.
		rb := rules.MustBoard(size)
		b, err := newBoard(size, rule, reading)
		if err != nil {
			t.Fatal(err)
		}
		n := 10 + rng.IntN(50)
		spread := min(size, 7+rng.IntN(5))
		lo := (size - spread) / 2
		n = min(n, spread*spread*3/4)
		for placed := 0; placed < n; {
			p := rules.Point{X: lo + rng.IntN(spread), Y: lo + rng.IntN(spread)}
			if rb.At(p) != rules.Empty {
				continue
			}
			c := rules.Black
			if rng.IntN(5) < 2 {
				c = rules.White
			}
			rb.Set(p, c)
			b.play(b.cellOf(p), uint8(c))
			placed++
		}
		for y := 0; y < size; y++ {
			for x := 0; x < size; x++ {
				p := rules.Point{X: x, Y: y}
				if rb.At(p) != rules.Empty {
					continue
				}
				i := b.cellOf(p)
				for _, c := range []rules.Color{rules.Black, rules.White} {
					if got, want := b.threat(i, uint8(c)) == t5, rb.Wins(p, c, rule); got != want {
						t.Fatalf("%v %dx%d: %v at %v: engine five %v, referee %v\n%v", rule, size, size, c, p, got, want, rb)
					}
				}
				if rule != rules.Renju {
					continue
				}
				got, want := kinds[b.forbidden(i)], rb.Forbidden(p, reading)
				if got != want {
					t.Fatalf("renju (%v) %dx%d: %v is %q for the engine, %q for the referee\n%v", reading, size, size, p, got, want, rb)
				}
				// The cheap pre-check must never hide a forbidden point.
				if want != rules.NotForbidden {
					forbiddenSeen++
					if !b.sideOf(i, 0).maybeForbidden() {
						t.Fatalf("renju: %v is forbidden but not flagged maybeForbidden\n%v", p, rb)
					}
				}
			}
		}
	}
	if forbiddenSeen < 400 {
		t.Errorf("only %d forbidden points seen; the test is too weak", forbiddenSeen)
	}
	t.Logf("%d forbidden points compared", forbiddenSeen)
}
