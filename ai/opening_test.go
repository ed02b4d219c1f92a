package ai

import (
	"context"
	"testing"

	"tengen/rules"
	"tengen/rules/opening"
)

// TestOpeningProtocols: two engines run every opening protocol to its end
// with legal actions only.
func TestOpeningProtocols(t *testing.T) {
	for _, proto := range opening.Protocols() {
		m, err := opening.New(proto, 15)
		if err != nil {
			t.Fatal(err)
		}
		es := [2]*Engine{
			NewEngine(EngineOptions{Threads: 1, MaxMemory: 1 << 20, Seed: 1}),
			NewEngine(EngineOptions{Threads: 1, MaxMemory: 1 << 20, Seed: 2}),
		}
		es[0].openingNodes, es[1].openingNodes = 800, 800
		for steps := 0; !m.Done(); steps++ {
			if steps > 40 {
				t.Fatalf("%s: the opening does not end", proto.Name())
			}
			who, _ := m.Next()
			a, err := es[who].OpeningAction(context.Background(), m, who, rules.Renju, rules.ReadingRIF)
			if err != nil {
				t.Fatalf("%s: %v", proto.Name(), err)
			}
			if err := m.Apply(who, a); err != nil {
				t.Fatalf("%s: the engine's %v was refused: %v", proto.Name(), a, err)
			}
		}
		if _, err := m.Result(); err != nil {
			t.Errorf("%s: %v", proto.Name(), err)
		}
	}
}

// TestOpeningChoices checks decisions with a clear answer.
func TestOpeningChoices(t *testing.T) {
	e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 1 << 20})
	b := rules.MustBoard(15)
	for _, s := range []string{"h8", "i9", "h9", "g10"} {
		p, _ := rules.ParsePoint(s, 15)
		c := rules.Black
		if s == "i9" || s == "g10" {
			c = rules.White
		}
		b.Set(p, c)
	}
	o := openingJudge{e: e, ctx: context.Background(), rule: rules.Renju, board: b}
	// h10 gives Black an open three (h8 h9 h10); White must keep the
	// harmless far offer.
	h10, _ := rules.ParsePoint("h10", 15)
	far, _ := rules.ParsePoint("m3", 15)
	if got := o.choose([]rules.Point{h10, far}); got != far {
		t.Errorf("White kept %v, want the harmless %v", got, far)
	}
	// Black, offering two, must not include symmetric twins and must
	// offer strong moves.
	pts, err := o.offer(2)
	if err != nil || len(pts) != 2 || pts[0] == pts[1] {
		t.Fatalf("offer: %v, %v", pts, err)
	}
	if v := o.scoreWith(pts[1], rules.Black); v < o.scoreWith(far, rules.Black) {
		t.Errorf("offered %v, weaker than the far point", pts)
	}
	if n := o.declare(1, 10); n < 1 || n > 10 {
		t.Errorf("declared %d", n)
	}
}

func TestShapeSymmetries(t *testing.T) {
	b := rules.MustBoard(15)
	h8, _ := rules.ParsePoint("h8", 15)
	b.Set(h8, rules.Black)
	// A lone stone: g8 and i8 and h7 are all the same offer.
	g8, _ := rules.ParsePoint("g8", 15)
	i8, _ := rules.ParsePoint("i8", 15)
	found := false
	for _, f := range shapeSymmetries(b) {
		found = found || f(g8) == i8
	}
	if !found {
		t.Error("g8 and i8 not seen as symmetric around a lone h8")
	}
	b.Set(i8, rules.White)
	for _, f := range shapeSymmetries(b) {
		if f(h8) != h8 {
			t.Errorf("a symmetry of h8+i8 moves h8 to %v", f(h8))
		}
	}
}
