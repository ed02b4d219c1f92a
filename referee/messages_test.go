package referee

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"tengen/game"
	"tengen/i18n"
	"tengen/rules"
	"tengen/rules/opening"
)

// worded checks that m has a text in every language with its arguments.
func worded(t *testing.T, m game.Message) {
	t.Helper()
	for _, l := range i18n.Langs {
		if _, err := (&i18n.Printer{Lang: l}).Format(m.Key, m.Args...); err != nil {
			t.Errorf("%v: %v", l, err)
		}
	}
}

// TestRefusalsAreWorded checks that every kind of refusal the referee
// meets gets its own key, worded in every language, and that only an
// error of no known kind falls back to its English text.
func TestRefusalsAreWorded(t *testing.T) {
	illegal := &rules.IllegalMoveError{N: 5, C: rules.Black, P: rules.Point{X: 7, Y: 7}, Reason: "the point is taken by white"}
	for _, c := range []struct {
		err  error
		want string
	}{
		{refuse("no-buttons", "There are no clock buttons in this game."), "no-buttons"},
		{refuse("not-your-clock", "It is white's time on the clock.", "white"), "not-your-clock"},
		{fmt.Errorf("%w: the first player (holding black) must act", opening.ErrWrongPlayer), "opening-wrong-player"},
		{fmt.Errorf("%w: cannot swap at move 2", opening.ErrNotAllowed), "opening-not-allowed"},
		{fmt.Errorf("%w: move 3 at a1 must be in the centre", opening.ErrBadPoint), "opening-bad-point"},
		{fmt.Errorf("%w: offers h8 and h9", opening.ErrSymmetric), "opening-symmetric"},
		{fmt.Errorf("%w: declared 30", opening.ErrBadNumber), "opening-bad-number"},
		{fmt.Errorf("%w: no more actions", opening.ErrDone), "opening-done"},
		{rules.ErrNothingToClaim, "nothing-to-claim"},
		{illegal, "illegal-move"},
		{fmt.Errorf("the game is over (black wins)"), "game-over-already"},
		{errors.New("something else"), "refused"},
	} {
		m := refusalOf(c.err)
		if m.Key != c.want || m.Text == "" {
			t.Errorf("%v: key %q (text %q), want %q", c.err, m.Key, m.Text, c.want)
		}
		worded(t, m)
	}
}

// TestOpeningMessagesAreWorded walks every opening protocol's steps and
// actions, as the referee says them, through every language.
func TestOpeningMessagesAreWorded(t *testing.T) {
	keys := map[string]bool{}
	for _, st := range []opening.Step{
		{Player: opening.First, Allowed: []opening.ActionKind{opening.Place}, Stone: rules.Black, Side: 1},
		{Player: opening.Second, Allowed: []opening.ActionKind{opening.Place}, Stone: rules.White, Side: 3},
		{Player: opening.First, Allowed: []opening.ActionKind{opening.Place}, Stone: rules.Black},
		{Player: opening.First, Allowed: []opening.ActionKind{opening.Place, opening.Pass}, Stone: rules.White},
		{Player: opening.Second, Allowed: []opening.ActionKind{opening.Swap, opening.Keep}},
		{Player: opening.First, Allowed: []opening.ActionKind{opening.Declare}, Min: 1, Max: 10},
		{Player: opening.First, Allowed: []opening.ActionKind{opening.Offer}, Count: 2, Stone: rules.Black},
		{Player: opening.Second, Allowed: []opening.ActionKind{opening.Choose}},
		{Player: opening.Second, Allowed: []opening.ActionKind{opening.Swap, opening.Place}},
	} {
		m := StepMessage(st)
		keys[m.Key] = true
		worded(t, m)
	}
	if len(keys) != 9 {
		t.Errorf("%d different step keys for 9 kinds of step: %v", len(keys), keys)
	}
	h8, i9 := rules.Point{X: 7, Y: 7}, rules.Point{X: 8, Y: 8}
	for _, a := range []opening.Action{
		{Kind: opening.Place, Point: h8}, {Kind: opening.Pass}, {Kind: opening.Swap}, {Kind: opening.Keep},
		{Kind: opening.Declare, N: 2}, {Kind: opening.Offer, Points: []rules.Point{h8, i9}}, {Kind: opening.Choose, Point: i9},
	} {
		worded(t, actionMessage(opening.Second, a))
	}
	for _, s := range []Step{{Kind: Remove, C: rules.White, From: h8}, {Kind: Move, C: rules.Black, From: h8, To: i9}, {Kind: Add, C: rules.Black, To: i9}} {
		worded(t, s.Message())
	}
}

// TestSaidInChinese words a few of the referee's messages in Chinese:
// the arguments come out in the Chinese notation and terms.
func TestSaidInChinese(t *testing.T) {
	p := &i18n.Printer{Lang: i18n.Simplified}
	for _, c := range []struct {
		m    game.Message
		want string
	}{
		{StepMessage(opening.Step{Player: opening.First, Allowed: []opening.ActionKind{opening.Place}, Stone: rules.Black, Side: 1}),
			"开局轮到假先方：在天元下黑方的棋子。"},
		{msg("forbidden", "", "9", "j8", "double-three"), "黑方第9手J8是禁手（三三），白胜。"},
		{Step{Kind: Move, C: rules.White, From: rules.Point{X: 0, Y: 5}, To: rules.Point{X: 0, Y: 4}}.Message(), "请把白方的棋子从A6移到A5。"},
		{refusalOf(refuse("not-your-clock", "", "white")), "现在走的是白方的时间。"},
	} {
		if got := p.Message(c.m); got != c.want {
			t.Errorf("%s: %q, want %q", c.m.Key, got, c.want)
		}
	}
}

type voiceFunc func(game.Message)

func (f voiceFunc) Say(m game.Message) { f(m) }

// TestFaultMessagesAreWorded has the referee rule on every kind of
// finding and words what it says in every language.
func TestFaultMessagesAreWorded(t *testing.T) {
	p := func(s string) rules.Point {
		q, err := rules.ParsePoint(s, 15)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	for _, c := range []struct {
		f    Finding
		want string
	}{
		{Finding{Occupied: []game.Placed{{P: p("h8"), C: rules.White}}}, "occupied"},
		{Finding{Pushed: []Push{{C: rules.Black, From: p("h8"), To: p("h9")}}}, "pushed"},
		{Finding{Pushed: []Push{{C: rules.White, From: p("i9"), To: p("i10")}}}, "pushed-move"},
		{Finding{Lifted: []game.Placed{{P: p("h8"), C: rules.Black}}}, "lifted"},
		{Finding{Lifted: []game.Placed{{P: p("i9"), C: rules.White}}}, "lifted-move"},
		{Finding{New: []game.Placed{{P: p("c3"), C: rules.White}}}, "two-in-a-row"},
		{Finding{New: []game.Placed{{P: p("c3"), C: rules.Black}, {P: p("c4"), C: rules.Black}}}, "extra"},
		{Finding{New: []game.Placed{{P: p("c3"), C: rules.Empty}}}, "wrong"},
	} {
		g, err := rules.NewGame(15, rules.Renju, rules.ReadingRIF)
		if err != nil {
			t.Fatal(err)
		}
		g.Play(rules.Black, p("h8"))
		g.Play(rules.White, p("i9"))
		var said []game.Message
		r := &Referee{Game: g, Now: time.Now, started: true, Voice: voiceFunc(func(m game.Message) { said = append(said, m) })}
		r.faultFor(c.f, game.Sight{}, rules.Black)
		if len(said) != 1 || said[0].Key != c.want {
			t.Errorf("%v: said %v, want %q", c.f, said, c.want)
			continue
		}
		worded(t, said[0])
	}
}
