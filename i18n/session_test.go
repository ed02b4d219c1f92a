package i18n

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"tengen/ai"
	"tengen/game"
	"tengen/rules"
)

// This file runs real games of package game on an in-memory table and
// checks that every message the session says is worded by the catalogue
// in every language, from the arguments as the session writes them.

type memTable struct {
	mu     sync.Mutex
	board  *rules.Board
	script func(n int, b *rules.Board)
	views  int
}

func (t *memTable) Look(ctx context.Context) (game.Sight, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.views++
	if t.views > 2000 {
		return game.Sight{}, fmt.Errorf("too many views")
	}
	t.script(t.views, t.board)
	return game.Sight{Board: t.board.Clone()}, nil
}

func (t *memTable) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.board.Set(p, c)
	return nil
}

func (t *memTable) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.board.Set(p, rules.Empty)
	return nil
}

func (t *memTable) Park(ctx context.Context) error { return nil }

type fixedMoves struct {
	moves []rules.Point
	i     int
}

func (p *fixedMoves) Name() string { return "fixed" }

func (p *fixedMoves) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	m := p.moves[p.i]
	p.i++
	return ai.Result{Move: m}, nil
}

// strictVoice records each message and fails the test when a language
// cannot word it.
type strictVoice struct {
	t    *testing.T
	keys map[string]bool
}

func (v *strictVoice) Say(m game.Message) {
	v.keys[m.Key] = true
	key, args := Normalize(m)
	for _, l := range Langs {
		for _, spoken := range []bool{false, true} {
			if _, err := (&Printer{Lang: l, Spoken: spoken}).Format(key, args...); err != nil {
				v.t.Errorf("%v: %q %q (%s): %v", l, m.Key, m.Args, m.Text, err)
			}
		}
	}
}

func TestSessionMessagesAreWorded(t *testing.T) {
	ps := func(s string) []rules.Point {
		p, err := rules.ParsePoints(s, 15)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct {
		name   string
		rule   rules.Rule
		person string // Black's moves, one per turn
		robot  string
		mess   func(b *rules.Board) bool // mischief instead of the person's move, while it returns true
		want   []string
	}{
		{"forbidden claim", rules.Renju, "h8 i8 j6 j7 j8", "a1 a15 o1 o15", nil, []string{"your-move", "robot-move", "forbidden-claim", "game-won"}},
		{"two stones and a wrong colour", rules.Freestyle, "h8 h9 h10 h11 h12", "a1 a2 a3 a4", mischief(ps("c3 c4"), ps("d4")),
			[]string{"extra-stones", "wrong-colour", "game-won"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := rules.NewGame(15, c.rule, rules.ReadingRIF)
			if err != nil {
				t.Fatal(err)
			}
			j, err := game.CreateJournal(filepath.Join(t.TempDir(), "game.journal"))
			if err != nil {
				t.Fatal(err)
			}
			defer j.Close()
			cfg := game.Config{Rule: c.rule.String(), Size: 15, Black: "person", White: "robot"}
			if err := j.Append(game.Entry{Type: game.EntryStart, Config: &cfg}); err != nil {
				t.Fatal(err)
			}
			moves, i := ps(c.person), 0
			tb := &memTable{board: rules.MustBoard(15), script: func(n int, b *rules.Board) {
				if c.mess != nil && c.mess(b) {
					return
				}
				if b.Count(rules.Black) == b.Count(rules.White) && i < len(moves) && b.At(moves[i]) == rules.Empty {
					b.Set(moves[i], rules.Black)
					i++
				}
			}}
			v := &strictVoice{t: t, keys: map[string]bool{}}
			s := &game.Session{Config: cfg, Referee: g, Eyes: tb, Hand: tb, Voice: v, Journal: j, MaxWrongViews: 50,
				White: &fixedMoves{moves: ps(c.robot)}}
			if _, err := s.Play(context.Background()); err != nil {
				t.Fatal(err)
			}
			for _, k := range c.want {
				if !v.keys[k] {
					t.Errorf("the session did not say %q (said %v)", k, v.keys)
				}
			}
		})
	}
}

// mischief plays, on the person's turns after their first move: two
// stones at once (extra), then taking them back; a stone of the wrong
// colour (wrong), then taking it back.
func mischief(extra, wrong []rules.Point) func(b *rules.Board) bool {
	step := 0
	return func(b *rules.Board) bool {
		if step == 0 && (b.Count(rules.Black) != b.Count(rules.White) || b.Count(rules.Black) == 0) {
			return false // not yet the person's second turn
		}
		step++
		// Each mischief stays for three views: the robot's own check of
		// its stone may take the first.
		switch step {
		case 1, 2, 3:
			for _, p := range extra {
				b.Set(p, rules.Black)
			}
		case 4:
			for _, p := range extra {
				b.Set(p, rules.Empty)
			}
		case 5, 6, 7:
			for _, p := range wrong {
				b.Set(p, rules.White)
			}
		case 8:
			for _, p := range wrong {
				b.Set(p, rules.Empty)
			}
		default:
			return false
		}
		return true
	}
}
