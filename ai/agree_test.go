package ai

import (
	"testing"

	"tengen/rules"
)

func TestIsDecisionAndRootOrder(t *testing.T) {
	four := Position{Size: 15, Rule: rules.Freestyle, ToMove: rules.Black}
	for k, p := range []string{"h8", "g8", "i8", "h9", "j8", "i10", "k8", "a15"} {
		c := rules.Black
		if k%2 == 1 {
			c = rules.White
		}
		q, err := rules.ParsePoint(p, 15)
		if err != nil {
			t.Fatal(err)
		}
		four.Stones = append(four.Stones, Stone{P: q, C: c})
	}
	quiet := Position{Size: 15, Rule: rules.Renju, ToMove: rules.White, Stones: four.Stones[:3]}
	tests := []struct {
		name     string
		pos      Position
		decision bool
		first    string // the first root move, "" for any
	}{
		{"five to make", four, false, "l8"},
		{"opening", quiet, true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := IsDecision(tc.pos)
			if err != nil || d != tc.decision {
				t.Errorf("IsDecision = %v, %v; want %v", d, err, tc.decision)
			}
			order, err := RootOrder(tc.pos)
			if err != nil || len(order) == 0 {
				t.Fatalf("RootOrder = %v, %v", order, err)
			}
			if tc.first != "" && order[0].String() != tc.first {
				t.Errorf("first root move %v, want %s (of %v)", order[0], tc.first, order)
			}
			seen := map[rules.Point]bool{}
			for _, p := range order {
				if seen[p] {
					t.Errorf("%v listed twice", p)
				}
				seen[p] = true
				for _, s := range tc.pos.Stones {
					if s.P == p {
						t.Errorf("%v is taken", p)
					}
				}
			}
		})
	}
	if _, err := IsDecision(Position{Size: 15, Rule: rules.Freestyle}); err == nil {
		t.Error("IsDecision accepted a position with no colour to move")
	}
}
