package customs

import (
	"context"
	"errors"
	"testing"

	"tengen/game"
	"tengen/rules"
)

// fakeTable is a board that the person changes by a script of views and
// the robot's hand changes directly.
type fakeTable struct {
	b      *rules.Board
	script []*rules.Board // what the person does, one steady view each
	said   []string
	moves  int
}

func (f *fakeTable) Look(ctx context.Context) (game.Sight, error) {
	if len(f.script) > 0 {
		f.b, f.script = f.script[0], f.script[1:]
	}
	return game.Sight{Board: f.b.Clone()}, nil
}
func (f *fakeTable) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	f.moves++
	f.b.Set(p, c)
	return nil
}
func (f *fakeTable) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	f.moves++
	if f.b.At(p) != c {
		return errors.New("no such stone")
	}
	f.b.Set(p, rules.Empty)
	return nil
}
func (f *fakeTable) Park(ctx context.Context) error { return nil }
func (f *fakeTable) Say(m game.Message)             { f.said = append(f.said, m.Key) }

func (f *fakeTable) table() Table { return Table{Eyes: f, Hand: f, Voice: f} }

func TestPersonHides(t *testing.T) {
	empty := rules.MustBoard(15)
	for _, c := range []struct {
		name   string
		script []*rules.Board
		count  int
		warned bool
	}{
		{"five stones", []*rules.Board{empty, empty, board(t, "", "g7 h7 i7 h8 h9")}, 5, false},
		{"one stone, after a wait", []*rules.Board{empty, empty, empty, empty, board(t, "h8", "")}, 1, false},
		{"a knocked game stone is pointed out", []*rules.Board{board(t, "a1", ""), board(t, "a1", ""), board(t, "b1", "h8 h9"), board(t, "a1", "h8 h9")}, 2, true},
	} {
		f := &fakeTable{b: empty, script: c.script}
		g, err := f.table().PersonHides(context.Background(), NewRand(1))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if g.Count != c.count || g.Hider != Person {
			t.Errorf("%s: %+v", c.name, g)
		}
		if ch := game.Compare(c.script[0], f.b); ch.Kind != game.NoChange {
			t.Errorf("%s: after clearing the board differs from before: %+v", c.name, ch)
		}
		warned := false
		for _, k := range f.said {
			warned = warned || k == "nigiri-disturbed"
		}
		if len(f.said) < 5 || f.said[0] != "nigiri-hide" || f.said[1] != "nigiri-guess" || f.said[len(f.said)-1] != "nigiri-clear" || warned != c.warned {
			t.Errorf("%s: said %v", c.name, f.said)
		}
	}
}

func TestRobotHides(t *testing.T) {
	for _, guess := range []Parity{Odd, Even} {
		f := &fakeTable{b: rules.MustBoard(15)}
		g, err := f.table().RobotHides(context.Background(), NewRand(5), func(context.Context) (Parity, error) { return guess, nil })
		if err != nil {
			t.Fatal(err)
		}
		if g.Count < 1 || g.Count > MaxHandful || g.Guess != guess || f.moves != 2*g.Count {
			t.Errorf("%+v after %d arm moves", g, f.moves)
		}
		if want := map[bool]Side{true: Person, false: Robot}[ParityOf(g.Count) == guess]; g.Black() != want {
			t.Errorf("%+v: %v plays Black", g, g.Black())
		}
		if f.said[0] != "nigiri-bowl" || f.said[1] != "nigiri-reveal" {
			t.Errorf("said %v", f.said)
		}
	}
	f := &fakeTable{b: board(t, "h8", "")}
	if _, err := f.table().RobotHides(context.Background(), NewRand(5), nil); err == nil {
		t.Error("the robot hid stones on a board with stones")
	}
	f = &fakeTable{b: rules.MustBoard(15)}
	stop := errors.New("no guess")
	if _, err := f.table().RobotHides(context.Background(), NewRand(5), func(context.Context) (Parity, error) { return Odd, stop }); !errors.Is(err, stop) {
		t.Errorf("a failed guess gave %v", err)
	}
}
