package game

import (
	"context"
	"fmt"
	"sync"
	"time"

	"tengen/rules"
)

// table is an in-memory board for testing the loop's logic: the hand puts
// stones on it directly and the eyes see it as it is, after the person's
// scripted actions for that view have happened.
type table struct {
	mu    sync.Mutex
	board *rules.Board
	// script runs before each Look with the view's number; it plays the
	// person (and any mischief) on the board.
	script func(n int, b *rules.Board)
	views  int
	placed []string // the hand's log
	// misplace, if set, makes the hand's next Place (next misplaceTimes
	// Places, when above 1) land on this point instead.
	misplace      *rules.Point
	misplaceTimes int
	// hideMisplaced is how many views a misplaced stone is not seen in
	// (it landed in the arm's shadow, say).
	hideMisplaced int
	hidden        *rules.Point
	hiddenViews   int
	// takeMisses makes that many Take calls report success and leave the
	// stone where it is (the nozzle sealed on something else).
	takeMisses int
	// failPlace makes that many Place calls fail before any stone moves.
	failPlace int
	offered   bool // a test's one-off request was sent
	// lookDelay is how long a view takes (a camera's frame time).
	lookDelay time.Duration
}

func newTable(size int) *table { return &table{board: rules.MustBoard(size)} }

func (t *table) Look(ctx context.Context) (Sight, error) {
	if err := ctx.Err(); err != nil {
		return Sight{}, err
	}
	time.Sleep(t.lookDelay)
	t.mu.Lock()
	defer t.mu.Unlock()
	t.views++
	if t.views > 10000 {
		return Sight{}, fmt.Errorf("test table: too many views")
	}
	if t.script != nil {
		t.script(t.views, t.board)
	}
	b := t.board.Clone()
	if t.hiddenViews > 0 {
		t.hiddenViews--
		b.Set(*t.hidden, rules.Empty)
	}
	return Sight{Board: b}, nil
}

func (t *table) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.failPlace > 0 {
		t.failPlace--
		return fmt.Errorf("test table: no stone under the nozzle")
	}
	if t.misplace != nil {
		p = *t.misplace
		t.hidden, t.hiddenViews = &p, t.hideMisplaced
		if t.misplaceTimes > 1 {
			t.misplaceTimes--
		} else {
			t.misplace = nil
		}
	}
	if t.board.At(p) != rules.Empty {
		return fmt.Errorf("test table: %v is taken", p)
	}
	t.board.Set(p, c)
	t.placed = append(t.placed, "place "+p.String())
	return nil
}

func (t *table) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.board.At(p) != c {
		return fmt.Errorf("test table: no %s stone at %v", c, p)
	}
	if t.takeMisses > 0 {
		t.takeMisses--
		return nil
	}
	t.board.Set(p, rules.Empty)
	t.placed = append(t.placed, "take "+p.String())
	return nil
}

func (t *table) Park(ctx context.Context) error { return nil }
