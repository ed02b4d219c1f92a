package clock

import (
	"errors"
	"fmt"
	"time"

	"tengen/rules"
)

// Source tells the time. Inject System for real games and a *Manual in
// tests, so that tests are exact and never sleep.
type Source interface {
	Now() time.Time
}

// System is the real clock.
type System struct{}

// Now returns time.Now(), whose monotonic reading is immune to changes
// of the wall clock.
func (System) Now() time.Time { return time.Now() }

// Manual is a Source that moves only when told to.
type Manual struct{ t time.Time }

// NewManual returns a Manual source reading start.
func NewManual(start time.Time) *Manual { return &Manual{t: start} }

// Now returns the current reading.
func (m *Manual) Now() time.Time { return m.t }

// Advance moves the reading forward by d.
func (m *Manual) Advance(d time.Duration) { m.t = m.t.Add(d) }

// Errors a clock returns.
var (
	ErrNotRunning = errors.New("the clock is not running")
	ErrFlagged    = errors.New("the clock has flagged")
	ErrStarted    = errors.New("the clock has already started")
)

// budget is what a side (or both, when shared) has left at the start of
// a move.
type budget struct {
	main    time.Duration
	periods int
}

// Clock is a game clock for two sides. It does not run on its own: it
// reads its Source whenever asked, so it needs no goroutine and a flag
// is noticed when Flagged, Remaining or Press is called.
type Clock struct {
	ctl     Control
	src     Source
	budgets [2]budget // index 0 black, 1 white; only 0 when shared
	moves   [2]int
	turn    rules.Color
	started bool
	paused  bool
	since   time.Time     // when the current running stretch began
	used    time.Duration // time the side to move used before since
	flagged rules.Color
}

// New returns a stopped clock for the control, reading time from src.
func New(c Control, src Source) (*Clock, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if src == nil {
		return nil, errors.New("clock: no time source")
	}
	k := &Clock{ctl: c, src: src}
	for i := range k.budgets {
		k.budgets[i] = budget{main: c.Main, periods: c.Periods}
	}
	return k, nil
}

// Control returns the clock's time control.
func (k *Clock) Control() Control { return k.ctl }

func (k *Clock) budget(c rules.Color) *budget {
	if k.ctl.Shared || c == rules.Black {
		return &k.budgets[0]
	}
	return &k.budgets[1]
}

// Start starts the clock with side first to move.
func (k *Clock) Start(first rules.Color) error {
	if k.started {
		return ErrStarted
	}
	if first != rules.Black && first != rules.White {
		return fmt.Errorf("clock: cannot start for %v", first)
	}
	k.started, k.turn, k.since, k.used = true, first, k.src.Now(), 0
	return nil
}

// Restore sets side c's time on a clock not yet started: main time left,
// byo-yomi periods left and moves made, as a journal recorded them, so a
// game resumed after a restart goes on with the time it had.
func (k *Clock) Restore(c rules.Color, main time.Duration, periods, moves int) error {
	if k.started {
		return ErrStarted
	}
	if c != rules.Black && c != rules.White || main < 0 || periods < 0 || moves < 0 {
		return fmt.Errorf("clock: cannot restore %v to %v, %d periods, %d moves", c, main, periods, moves)
	}
	b := k.budget(c)
	b.main, b.periods = min(main, maxDuration), periods
	if c == rules.White {
		k.moves[1] = moves
	} else {
		k.moves[0] = moves
	}
	return nil
}

// Turn returns the side whose time is running (or would run when
// paused), Empty before Start.
func (k *Clock) Turn() rules.Color { return k.turn }

// Moves returns how many moves side c has completed.
func (k *Clock) Moves(c rules.Color) int {
	if c == rules.White {
		return k.moves[1]
	}
	return k.moves[0]
}

// Running reports whether time is running: started, not paused, and
// nobody has flagged.
func (k *Clock) Running() bool { return k.started && !k.paused && k.Flagged() == rules.Empty }

// elapsed is the time the side to move has used on this move so far.
func (k *Clock) elapsed() time.Duration {
	if !k.started || k.paused || k.flagged != rules.Empty {
		return k.used
	}
	// A source that steps back (a wall clock set back) costs nothing.
	return k.used + max(0, k.src.Now().Sub(k.since))
}

// state is a side's time after using `used` on the current move.
type state struct {
	main      time.Duration // main time left
	periods   int           // byo-yomi periods left, the current one included
	period    time.Duration // time left in the current period, when main is gone
	moveLeft  time.Duration // time left under the move limit
	flagged   bool
	byoyomi   bool
	unlimited bool // no budget (only perhaps a move limit)
}

func (k *Clock) state(c rules.Color, used time.Duration) state {
	b := k.budget(c)
	s := state{main: b.main, periods: b.periods, moveLeft: k.ctl.MoveLimit, unlimited: !k.ctl.Timed()}
	if k.ctl.MoveLimit > 0 {
		s.moveLeft = k.ctl.MoveLimit - used
		if s.moveLeft <= 0 {
			s.moveLeft, s.flagged = 0, true
		}
	}
	if s.unlimited {
		return s
	}
	if used < k.ctl.Delay {
		return s // the delay is free
	}
	charged := used - k.ctl.Delay
	if charged < b.main {
		s.main = b.main - charged
		return s
	}
	s.main = 0
	over := charged - b.main
	if b.periods == 0 || k.ctl.Period == 0 {
		s.flagged = true
		return s
	}
	spent := int(over / k.ctl.Period)
	s.byoyomi = true
	if spent >= b.periods {
		s.periods, s.flagged = 0, true
		return s
	}
	s.periods = b.periods - spent
	s.period = k.ctl.Period - over%k.ctl.Period
	return s
}

// Flagged returns the side that has run out of time, or Empty.
func (k *Clock) Flagged() rules.Color {
	if k.flagged == rules.Empty && k.started && !k.paused {
		if used := k.elapsed(); k.state(k.turn, used).flagged {
			k.flagged, k.used = k.turn, used
		}
	}
	return k.flagged
}

// Press ends the move of the side to move and starts the other side's
// time. It returns ErrFlagged if the side ran out of time first (the
// clock then stops), ErrNotRunning before Start or while paused.
func (k *Clock) Press() error {
	if !k.started {
		return ErrNotRunning
	}
	if k.Flagged() != rules.Empty {
		return ErrFlagged
	}
	if k.paused {
		return ErrNotRunning
	}
	used := k.elapsed()
	s := k.state(k.turn, used)
	b := k.budget(k.turn)
	if !s.unlimited {
		// In byo-yomi only whole periods are spent: the one in use resets.
		b.main, b.periods = s.main+k.ctl.Increment, s.periods
		if b.main > maxDuration {
			b.main = maxDuration
		}
	}
	if k.turn == rules.White {
		k.moves[1]++
	} else {
		k.moves[0]++
	}
	if k.ctl.Bonus > 0 && !s.unlimited {
		moves := k.Moves(k.turn)
		if k.ctl.Shared {
			moves = k.moves[0] + k.moves[1]
		}
		if moves == k.ctl.BonusAfter {
			b.main = min(b.main+k.ctl.Bonus, maxDuration)
		}
	}
	k.turn = k.turn.Opponent()
	k.since, k.used = k.src.Now(), 0
	return nil
}

// Pause stops the time (e.g. while the referee rules or the arm is
// blocked); Resume starts it again. Both are harmless when repeated.
func (k *Clock) Pause() {
	if k.started && !k.paused && k.Flagged() == rules.Empty {
		k.used = k.elapsed()
		k.paused = true
	}
}

// Resume restarts the time after Pause.
func (k *Clock) Resume() {
	if k.paused {
		k.paused, k.since = false, k.src.Now()
	}
}

// Paused reports whether the clock is paused.
func (k *Clock) Paused() bool { return k.paused }

// Side is a side's time as a clock face shows it.
type Side struct {
	Main      time.Duration // main time left
	Periods   int           // byo-yomi periods left, the current one included
	Period    time.Duration // time left in the current period (in byo-yomi)
	ByoYomi   bool          // the main time is gone, periods are running
	MoveLeft  time.Duration // time left for this move under the move limit (side to move)
	Flagged   bool
	Unlimited bool // no budget
}

// usedBy returns the time side c has used on the current move: the
// side to move's elapsed time, which on a shared clock both sides see.
func (k *Clock) usedBy(c rules.Color) time.Duration {
	if c == k.turn || k.ctl.Shared {
		return k.elapsed()
	}
	return 0
}

// Side returns side c's time now.
func (k *Clock) Side(c rules.Color) Side {
	flagged := k.Flagged() == c
	s := k.state(c, k.usedBy(c))
	if c != k.turn {
		s.flagged, s.moveLeft = false, k.ctl.MoveLimit
	}
	return Side{Main: s.main, Periods: s.periods, Period: s.period, ByoYomi: s.byoyomi,
		MoveLeft: s.moveLeft, Flagged: s.flagged || flagged, Unlimited: s.unlimited}
}

// Remaining returns the time side c has before it flags if it does not
// move: delay, main time and all byo-yomi periods, capped by the move
// limit for the side to move. With nothing timed it returns -1.
func (k *Clock) Remaining(c rules.Color) time.Duration {
	if k.Flagged() == c {
		return 0
	}
	used := k.usedBy(c)
	rem, timed := time.Duration(0), false
	if k.ctl.Timed() {
		b := k.budget(c)
		rem, timed = k.ctl.Delay+b.main+time.Duration(b.periods)*k.ctl.Period-used, true
	}
	if k.ctl.MoveLimit > 0 && (c == k.turn || !k.started) {
		if ml := k.ctl.MoveLimit - used; !timed || ml < rem {
			rem, timed = ml, true
		}
	}
	if !timed {
		return -1
	}
	return max(rem, 0)
}

// Display writes side c's clock face: "04:59 +3×30s" in main time,
// "00:23 +2×30s" in byo-yomi (the current period, then the ones after
// it), "00:42/move" under a move limit alone, "time up" once flagged.
func (k *Clock) Display(c rules.Color) string {
	s := k.Side(c)
	switch {
	case s.Flagged:
		return "time up"
	case s.Unlimited && k.ctl.MoveLimit > 0:
		return Display(s.MoveLeft) + "/move"
	case s.Unlimited:
		return "unlimited"
	case s.ByoYomi && s.Periods > 1:
		return fmt.Sprintf("%s +%d×%s", Display(s.Period), s.Periods-1, formatDur(k.ctl.Period))
	case s.ByoYomi:
		return Display(s.Period) + " last period"
	case s.Periods > 0:
		return fmt.Sprintf("%s +%d×%s", Display(s.Main), s.Periods, formatDur(k.ctl.Period))
	}
	return Display(s.Main)
}
