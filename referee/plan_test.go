package referee_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tengen/referee"
	"tengen/rules"
)

func board(t testing.TB, black, white string) *rules.Board {
	t.Helper()
	b := rules.MustBoard(15)
	bs, err := rules.ParsePoints(black, 15)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := rules.ParsePoints(white, 15)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Place(bs, ws); err != nil {
		t.Fatal(err)
	}
	return b
}

// apply carries out steps on b as the arm or a person would, failing on
// a step that lifts from an empty point or lays on a taken one.
func apply(t testing.TB, b *rules.Board, steps []referee.Step) {
	t.Helper()
	for i, s := range steps {
		if s.Kind == referee.Remove || s.Kind == referee.Move {
			if b.At(s.From) != s.C {
				t.Fatalf("step %d (%v): %v holds %v", i+1, s, s.From, b.At(s.From))
			}
			b.Set(s.From, rules.Empty)
		}
		if s.Kind == referee.Move || s.Kind == referee.Add {
			if b.At(s.To) != rules.Empty {
				t.Fatalf("step %d (%v): %v is taken by %v", i+1, s, s.To, b.At(s.To))
			}
			b.Set(s.To, s.C)
		}
	}
}

func TestPlan(t *testing.T) {
	for _, tc := range []struct {
		name                       string
		wantB, wantW, seenB, seenW string
		steps                      string
	}{
		{"as recorded", "h8", "h9", "h8", "h9", ""},
		{"pushed stone", "h8", "h9", "h8", "h10", "move the white stone from h10 to h9"},
		{"surplus and missing", "h8", "h9", "h8 c3", "", "take the black stone on c3 off the board; put a white stone on h9"},
		{"nearest stone goes back", "h8 a1", "", "h7 a2", "", "move the black stone from a2 to a1; move the black stone from h7 to h8"},
		{"chain: each point freed before it is filled", "h8 h9", "", "h9 h10", "", "move the black stone from h10 to h8"},
		{"colours swapped: one comes off and back", "a1", "a2", "a2", "a1",
			"take the white stone on a1 off the board; move the black stone from a2 to a1; put a white stone on a2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, seen := board(t, tc.wantB, tc.wantW), board(t, tc.seenB, tc.seenW)
			steps := referee.Plan(want, seen)
			var got []string
			for _, s := range steps {
				got = append(got, s.String())
			}
			if g := strings.Join(got, "; "); g != tc.steps {
				t.Errorf("steps\n %s\nwant\n %s", g, tc.steps)
			}
			apply(t, seen, steps)
			if f := referee.Examine(want, seen); !f.Clean() {
				t.Errorf("after the steps: %v", f)
			}
		})
	}
}

// FuzzPlan: from any board to any other, the plan's steps are each
// possible and end in the wanted board, and no stone is moved that is in
// place.
func FuzzPlan(f *testing.F) {
	f.Add(uint64(1), uint8(20), uint8(10))
	f.Add(uint64(2), uint8(100), uint8(100))
	f.Add(uint64(3), uint8(0), uint8(30))
	f.Fuzz(func(t *testing.T, seed uint64, nw, ns uint8) {
		rng := rand.New(rand.NewPCG(seed, 1))
		random := func(n int) *rules.Board {
			b := rules.MustBoard(15)
			for i := 0; i < n; i++ {
				b.Set(rules.Point{X: rng.IntN(15), Y: rng.IntN(15)}, rules.Color(1+rng.IntN(2)))
			}
			return b
		}
		want, seen := random(int(nw)), random(int(ns))
		steps := referee.Plan(want, seen)
		for _, s := range steps {
			if (s.Kind == referee.Remove || s.Kind == referee.Move) && want.At(s.From) == seen.At(s.From) {
				t.Fatalf("%v lifts a stone that is in place", s)
			}
		}
		apply(t, seen, steps)
		if fd := referee.Examine(want, seen); !fd.Clean() {
			t.Fatalf("after %d steps: %v", len(steps), fd)
		}
	})
}

func TestExamine(t *testing.T) {
	record := board(t, "h8 j9", "h9")
	for _, tc := range []struct {
		name, seenB, seenW, want string
		disorder                 int
	}{
		{"clean", "h8 j9", "h9", "as recorded", 0},
		{"a move", "h8 j9", "h9 c3", "new white c3", 0},
		{"on an occupied point", "h8 j9 h9", "", "on occupied points black h9", 1},
		{"pushed", "h8 j10", "h9", "pushed black j9→j10", 1},
		{"lifted", "h8", "h9", "lifted black j9", 1},
		{"far away is lifted and new", "h8 a1", "h9", "new black a1; lifted black j9", 1},
	} {
		f := referee.Examine(record, board(t, tc.seenB, tc.seenW))
		if f.String() != tc.want || f.Disorder() != tc.disorder {
			t.Errorf("%s: %v (disorder %d), want %s (%d)", tc.name, f, f.Disorder(), tc.want, tc.disorder)
		}
	}
}
