package customs

import (
	"context"
	"math/rand/v2"
	"strings"
	"tengen/i18n/errmsg"

	"tengen/game"
	"tengen/rules"
)

// Table is what the customs need of the robot: its eyes, its hand and its
// voice, as package game defines them.
type Table struct {
	Eyes  game.Eyes
	Hand  game.Hand
	Voice game.Voice
}

func (t Table) say(ms ...game.Message) {
	if t.Voice == nil {
		return
	}
	for _, m := range ms {
		t.Voice.Say(m)
	}
}

// PersonHides plays 猜先 with the person hiding the stones: the robot asks
// for a handful, guesses odd or even, waits for a steady view with the
// stones put down on the board, counts them, says who plays Black and
// clears them into their bowls. Stones disturbed on the way are pointed
// out and the count waits until the board is put right.
func (t Table) PersonHides(ctx context.Context, r *rand.Rand) (Nigiri, error) {
	first, err := t.Eyes.Look(ctx)
	if err != nil {
		return Nigiri{}, err
	}
	before := first.Board
	g := Nigiri{Hider: Person, Guess: RobotGuess(r)}
	// The robot guesses while the stones are still hidden in the hand.
	guess := g.Announce()[0]
	t.say(game.Message{Key: "nigiri-hide", Text: "Take a handful of stones, keep them hidden, then put them on the board."}, guess)
	said := false
	var pts []rules.Point
	var seen *rules.Board
	for {
		sight, err := t.Eyes.Look(ctx)
		if err != nil {
			return Nigiri{}, err
		}
		seen = sight.Board
		pts, err = Handful(before, seen)
		if err != nil {
			if sight.Board.Count(rules.Black)+sight.Board.Count(rules.White) > before.Count(rules.Black)+before.Count(rules.White) && !said {
				t.say(game.Message{Key: "nigiri-disturbed", Text: "Please put the handful down without touching the stones already on the board."})
				said = true
			}
			continue
		}
		g.Count = len(pts)
		break
	}
	t.say(g.Announce()[1:]...)
	return g, t.clear(ctx, before, pts, seen)
}

// clear lifts the handful's stones (pts, as seen) into their bowls and
// checks that the board is back to before; stones of a game already on
// the board stay.
func (t Table) clear(ctx context.Context, before *rules.Board, pts []rules.Point, seen *rules.Board) error {
	const passes = 3
	for pass := 0; pass < passes; pass++ {
		for _, p := range pts {
			if err := t.Hand.Take(ctx, p, seen.At(p)); err != nil {
				return errmsg.Wrap(err, "err.clearing-handful", p.String())
			}
		}
		if err := t.Hand.Park(ctx); err != nil {
			return err
		}
		sight, err := t.Eyes.Look(ctx)
		if err != nil {
			return err
		}
		if game.Compare(before, sight.Board).Kind == game.NoChange {
			return nil
		}
		if pts, err = Handful(before, sight.Board); err != nil {
			return errmsg.Wrap(err, "err.nigiri-not-restored")
		}
		seen = sight.Board
	}
	return errmsg.New("err.nigiri-stones-left", pointList(pts), passes)
}

// RobotHides plays 猜先 with the robot hiding: it takes a number of stones
// (RobotHides), asks for the person's guess (guess, e.g. from the page or
// a button), then shows the stones on the board's first row, where the
// camera checks the count, says who plays Black and clears them. The
// board must be empty.
func (t Table) RobotHides(ctx context.Context, r *rand.Rand, guess func(context.Context) (Parity, error)) (Nigiri, error) {
	sight, err := t.Eyes.Look(ctx)
	if err != nil {
		return Nigiri{}, err
	}
	n := sight.Board.Size()
	if sight.Board.Count(rules.Black)+sight.Board.Count(rules.White) > 0 {
		return Nigiri{}, errmsg.New("err.nigiri-board-not-empty")
	}
	g := Nigiri{Hider: Robot, Count: RobotHides(r)}
	if g.Count > n {
		g.Count = n
	}
	t.say(game.Message{Key: "nigiri-bowl", Text: "I have hidden some stones in the bowl area: odd or even?"})
	if g.Guess, err = guess(ctx); err != nil {
		return Nigiri{}, err
	}
	for i := 0; i < g.Count; i++ {
		if err := t.Hand.Place(ctx, rules.Point{X: i, Y: 0}, rules.White); err != nil {
			return g, errmsg.Wrap(err, "err.nigiri-showing")
		}
	}
	if err := t.Hand.Park(ctx); err != nil {
		return g, err
	}
	shown, err := t.Eyes.Look(ctx)
	if err != nil {
		return g, err
	}
	if seen := shown.Board.Count(rules.White); seen != g.Count {
		return g, errmsg.New("err.nigiri-count", g.Count, seen)
	}
	t.say(g.Announce()...)
	var pts []rules.Point
	for i := 0; i < g.Count; i++ {
		pts = append(pts, rules.Point{X: i, Y: 0})
	}
	return g, t.clear(ctx, sight.Board, pts, shown.Board)
}

// pointList writes points as an errmsg points argument, "h8 i9".
func pointList(pts []rules.Point) string {
	s := make([]string, len(pts))
	for i, p := range pts {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}
