package referee

import (
	"context"
	"errors"
	"fmt"
	"image"
	"slices"
	"strconv"
	"strings"
	"tengen/i18n/errmsg"
	"time"

	"tengen/game"
	"tengen/rules"
	"tengen/rules/clock"
	"tengen/rules/opening"
	"tengen/rules/record"
)

// Referee watches two people play and referees their game.
type Referee struct {
	// Game is the rules' referee for the main game; its rule, size and
	// reading are the game's.
	Game *rules.Game
	// Opening runs the opening protocol; nil for none (Black plays move 1
	// anywhere). The opening's moves enter Game when it is over.
	Opening *opening.Machine
	// Clock is the game clock, nil for an untimed game. It starts with the
	// main game.
	Clock *clock.Clock
	// Now is the time source of move times; it should be the clock's
	// [time.Now].
	Now func() time.Time
	// Buttons says the players press the clock (Panel's Press signals);
	// without them each move seen presses it.
	Buttons bool
	// ClaimByPlayer leaves forbidden moves to White to claim (Panel's
	// Claim); otherwise Tengen claims them the moment it sees them.
	ClaimByPlayer bool

	Eyes  game.Eyes
	Hand  game.Hand // nil: no arm; a knocked board is rebuilt by people, guided
	Panel Panel     // nil: no buttons and no page
	Voice game.Voice
	Log   *Log
	// Names are the first and the second player's names (the first holds
	// black until an opening swap).
	Names [2]string
	// ScatterAt is how many recorded stones out of place at once make a
	// knocked board, rebuilt from the record rather than put right by the
	// players [3].
	ScatterAt int
	// MaxViews bounds the steady views the referee waits through (0: no
	// bound), so a test or an unattended run cannot wait forever.
	MaxViews int
	// Observe, if set, is told of every change (the page).
	Observe func(State)
	// Recorded, if set, is given the record after every move and at the
	// end, so that it is on disk as the game goes.
	Recorded func(*record.Record)

	times     []time.Duration // per move of Game, opening moves included
	turnStart time.Time
	pausedAt  time.Time // when play was stopped, zero while it runs
	started   bool
	fault     string // the fault said last, said once
	status    game.Message
	events    []game.Message
	steps     []Step        // a rebuild's steps still to do (for the page)
	openMoves int           // opening moves already logged
	unchosen  []rules.Point // offers not chosen, still to come off the board
}

// State is the referee's state for display.
type State struct {
	// Status says what the referee waits for, as a message (its Text in
	// English).
	Status    game.Message
	Moves     []rules.Move
	Times     []time.Duration
	ToMove    rules.Color
	Forbidden []rules.Forbid // Black's forbidden points, when Black is to move
	Claimable []int          // forbidden moves White may claim now
	Over      bool
	Outcome   rules.Outcome
	Opening   string   // what the opening waits for (English, for logs), "" once over
	Offers    []string // fifth moves on offer
	Clocks    [2]string
	Events    []game.Message // what the referee said, latest last
	Restore   []Step         // steps of a rebuild still to do (the one shown, without an arm)
}

// ErrTooManyViews is Run's error when MaxViews runs out.
var ErrTooManyViews error = errmsg.New("err.too-many-views")

// Run referees the game to its end and returns the result.
func (r *Referee) Run(ctx context.Context) (rules.Outcome, error) {
	if r.Now == nil {
		r.Now = time.Now
	}
	if r.ScatterAt <= 0 {
		r.ScatterAt = 3
	}
	r.turnStart = r.Now()
	r.log(Entry{Event: EventStart, Detail: r.describe()}, nil)
	if r.Opening == nil || r.Opening.Done() {
		if err := r.finishOpening(); err != nil {
			return rules.Outcome{}, err
		}
	} else {
		r.openingStep()
	}
	for views := 0; !r.Game.Over(); views++ {
		if r.MaxViews > 0 && views >= r.MaxViews {
			return r.Game.Outcome(), errmsg.Mark(ErrTooManyViews, "err.too-many-views-at", views, len(r.Game.Moves()))
		}
		r.signals()
		if r.flag() {
			break
		}
		sight, err := r.Eyes.Look(ctx)
		if err != nil {
			return rules.Outcome{}, err
		}
		if r.flag() {
			break
		}
		if err := r.view(ctx, sight); err != nil {
			return rules.Outcome{}, err
		}
	}
	r.pause()
	out := r.Game.Outcome()
	r.log(Entry{Event: EventEnd, Move: out.Move, Detail: out.String()}, nil)
	r.say(game.OutcomeMessage(out))
	r.recorded()
	return out, nil
}

func (r *Referee) describe() string {
	s := fmt.Sprintf("%s, %dx%d", r.Game.Rule(), r.Game.Size(), r.Game.Size())
	if r.Opening != nil {
		s += ", opening " + r.Opening.Protocol().Name()
	}
	if r.Clock != nil {
		s += ", clock " + r.Clock.Control().String()
	}
	return s
}

// inOpening reports whether the opening protocol is still running.
func (r *Referee) inOpening() bool { return r.Opening != nil && !r.Opening.Done() && !r.started }

// expected is the board as the record has it: during the opening its
// stones and the fifth moves on offer.
func (r *Referee) expected() *rules.Board {
	if !r.inOpening() {
		return r.Game.Board()
	}
	b := r.Opening.Board()
	for _, p := range r.Opening.Offers() {
		b.Set(p, rules.Black)
	}
	return b
}

// view referees one steady view of the board.
func (r *Referee) view(ctx context.Context, sight game.Sight) error {
	want := r.expected()
	f := Examine(want, sight.Board)
	if f.Clean() {
		r.unchosen = nil
		r.resolved()
		return nil
	}
	if r.inOpening() && r.choosing(f) {
		r.openingView(sight, f)
		return nil
	}
	if f.Disorder() >= r.ScatterAt {
		return r.rebuild(ctx, sight, want, f)
	}
	if r.inOpening() {
		r.openingView(sight, f)
		return nil
	}
	if r.offersLeft(f) {
		if r.fault != "offers" {
			r.fault = "offers"
			r.pause()
			r.say(msg("take-offers", fmt.Sprintf("Please take the fifth moves not chosen (%s) off the board.", rules.FormatPoints(r.unchosen)),
				pointList(r.unchosen)))
		}
		return nil
	}
	mover := r.Game.ToMove()
	if len(f.New) == 1 && f.New[0].C == mover && len(f.Occupied) == 0 {
		// The point first touched is the move; a stone the same hand
		// pushed meanwhile is a fault seen in the next view.
		return r.accept(f.New[0].P, mover, sight)
	}
	r.faultFor(f, sight, mover)
	return nil
}

// offersLeft reports whether the only stones out of the record are fifth
// moves offered and not chosen, still to be taken off.
func (r *Referee) offersLeft(f Finding) bool {
	if len(r.unchosen) == 0 || f.Disorder() > 0 || len(f.New) == 0 {
		return false
	}
	for _, n := range f.New {
		if n.C != rules.Black || !slices.Contains(r.unchosen, n.P) {
			return false
		}
	}
	return true
}

// faultFor says and logs what is wrong with a view, once per fault.
func (r *Referee) faultFor(f Finding, sight game.Sight, mover rules.Color) {
	moves := r.Game.Moves()
	last := rules.Pass
	if len(moves) > 0 && !r.inOpening() {
		last = moves[len(moves)-1].P
	}
	e := Entry{Points: strings.Split(f.String(), "; ")}
	var m game.Message
	switch {
	case len(f.Occupied) > 0:
		o := f.Occupied[0]
		e.Event, e.Point, e.Color = EventOccupied, o.P.String(), o.C.String()
		m = msg("occupied", fmt.Sprintf("A %s stone was laid on %v, which is taken. Please take it off.", o.C, o.P), o.C.String(), o.P.String())
	case len(f.Pushed) > 0:
		p := f.Pushed[0]
		e.Event, e.Point, e.Color = EventPushed, p.From.String(), p.C.String()
		m = msg("pushed", fmt.Sprintf("The %s stone on %v was pushed to %v. Please put it back on %v.", p.C, p.From, p.To, p.From), p.From.String(), p.To.String())
		if p.From == last {
			m = msg("pushed-move", fmt.Sprintf("The move stands on %v, the point first touched; the stone was moved to %v. Please put it back on %v.", p.From, p.To, p.From),
				p.From.String(), p.To.String())
		}
	case len(f.Lifted) > 0:
		l := f.Lifted[0]
		e.Event, e.Point, e.Color = EventLifted, l.P.String(), l.C.String()
		m = msg("lifted", fmt.Sprintf("The %s stone on %v is gone. Please put it back.", l.C, l.P), l.P.String())
		if l.P == last {
			m = msg("lifted-move", fmt.Sprintf("A stone once played cannot be picked up: the move stands on %v. Please put it back.", l.P), l.P.String())
		}
	case !r.inOpening() && len(f.New) == 1 && f.New[0].C == mover.Opponent():
		n := f.New[0]
		e.Event, e.Point, e.Color = EventTwoInARow, n.P.String(), n.C.String()
		m = msg("two-in-a-row", fmt.Sprintf("%s moved twice in a row (%v): it is %s's move. Please take the stone off.", capital(n.C.String()), n.P, mover),
			n.C.String(), n.P.String(), mover.String())
	case len(f.New) > 1:
		e.Event = EventExtra
		m = msg("extra", fmt.Sprintf("I see %d new stones (%s); one move at a time, please. Take the extra stones off.", len(f.New), strings.Join(placedList(f.New), ", ")),
			strconv.Itoa(len(f.New)), placedPoints(f.New))
	default:
		e.Event = EventWrong
		m = msg("wrong", fmt.Sprintf("The board differs from the record: %v. Please put it right.", f), placedPoints(f.New), placedPoints(f.Lifted))
	}
	key := e.Event + " " + f.String()
	key += " " + f.String()
	if key == r.fault {
		return
	}
	r.fault = key
	r.pause()
	e.Detail = m.Text
	e.Move = len(r.Game.Moves())
	r.log(e, sight.Evidence)
	r.say(m)
}

// resolved notes that the board matches the record again after a fault.
func (r *Referee) resolved() {
	if r.fault == "" {
		return
	}
	r.fault = ""
	r.resume()
	r.log(Entry{Event: EventRestored, Move: len(r.Game.Moves())}, nil)
	r.say(msg("restored", "The board matches the record again."))
}

// accept records move p by c, seen on the board.
func (r *Referee) accept(p rules.Point, c rules.Color, sight game.Sight) error {
	now := r.Now()
	if r.Buttons && r.Clock != nil && r.Clock.Turn() != c {
		// The last mover forgot the clock: their time ran until now.
		r.press(r.Clock.Turn(), "pressed for the player who forgot to")
	}
	ev, err := r.Game.Play(c, p)
	if err != nil {
		r.fault = ""
		r.log(Entry{Event: EventRefused, Point: p.String(), Color: c.String(), Detail: err.Error()}, sight.Evidence)
		r.say(refusalOf(err))
		return nil
	}
	r.fault = ""
	r.resume()
	r.times = append(r.times, now.Sub(r.turnStart))
	if !r.Buttons {
		r.turnStart = now
		if r.Clock != nil && r.Clock.Turn() == c {
			if err := r.Clock.Press(); err != nil && !errors.Is(err, clock.ErrFlagged) {
				return err
			}
		}
	}
	r.log(Entry{Event: EventMove, Move: ev.Move, Color: c.String(), Point: p.String(), UsedMS: r.times[len(r.times)-1].Milliseconds(), ClockMS: r.clockMS()}, nil)
	r.say(msg("move", fmt.Sprintf("%d. %s %v", ev.Move, c, p), strconv.Itoa(ev.Move), c.String(), p.String()))
	r.recorded()
	if ev.Claimable != rules.NotForbidden {
		r.forbidden(ev, p, sight)
	}
	if out := r.Game.Outcome(); out.Over && out.Reason == rules.Five {
		r.say(msg("five", fmt.Sprintf("%s makes five with %v.", capital(out.Winner.String()), p), out.Winner.String(), p.String()))
	}
	r.toPlay()
	return nil
}

// forbidden announces Black's forbidden move n at p and, unless White
// must claim it, claims it.
func (r *Referee) forbidden(ev rules.Event, p rules.Point, sight game.Sight) {
	r.log(Entry{Event: EventForbidden, Move: ev.Move, Color: "black", Point: p.String(), Detail: ev.Claimable.String()}, sight.Evidence)
	n, kind := strconv.Itoa(ev.Move), ev.Claimable.String()
	if r.ClaimByPlayer {
		r.say(msg("forbidden-claimable", fmt.Sprintf("Black's move %d on %v is forbidden (%s). White may claim it now, before moving.", ev.Move, p, ev.Claimable),
			n, p.String(), kind))
		return
	}
	out, err := r.Game.Claim()
	if err != nil {
		return
	}
	r.log(Entry{Event: EventClaim, Move: out.Move, Point: p.String(), Detail: out.String()}, nil)
	r.say(msg("forbidden", fmt.Sprintf("Black's move %d on %v is forbidden (%s): White wins.", ev.Move, p, ev.Claimable), n, p.String(), kind))
}

// press presses the clock for c (a button, or the referee for them).
func (r *Referee) press(c rules.Color, why string) {
	now := r.Now()
	if len(r.times) > 0 {
		r.times[len(r.times)-1] = now.Sub(r.turnStart)
	}
	r.turnStart = now
	if err := r.Clock.Press(); err != nil {
		r.log(Entry{Event: EventRefused, Color: c.String(), Detail: "clock: " + err.Error()}, nil)
		return
	}
	r.log(Entry{Event: EventPress, Color: c.String(), ClockMS: r.clockMS(), Detail: why}, nil)
}

// flag ends the game when a side's time ran out.
func (r *Referee) flag() bool {
	if r.Clock == nil || r.Game.Over() {
		return r.Game.Over()
	}
	c := r.Clock.Flagged()
	if c == rules.Empty {
		return false
	}
	if err := r.Game.Timeout(c); err != nil {
		return r.Game.Over()
	}
	r.log(Entry{Event: EventTime, Color: c.String(), ClockMS: r.clockMS()}, nil)
	r.say(msg("time", fmt.Sprintf("%s's time is up.", capital(c.String())), c.String()))
	return true
}

// signals applies what the players pressed or declared; what the rules
// refuse is said and logged.
func (r *Referee) signals() {
	if r.Panel == nil {
		return
	}
	for _, s := range r.Panel.Signals() {
		if r.Game.Over() {
			return
		}
		if err := r.signal(s); err != nil {
			r.log(Entry{Event: EventRefused, Detail: s.String() + ": " + err.Error()}, nil)
			r.say(refusalOf(err))
		}
	}
}

func (r *Referee) signal(s Signal) error {
	switch s.Kind {
	case Press:
		if r.Clock == nil || !r.Buttons {
			return refuse("no-buttons", "There are no clock buttons in this game.")
		}
		if !r.started {
			return refuse("clock-not-started", "The clock starts with the main game.")
		}
		if r.Clock.Turn() != s.Color {
			return refuse("not-your-clock", fmt.Sprintf("It is %s's time on the clock.", r.Clock.Turn()), r.Clock.Turn().String())
		}
		if moves := r.Game.Moves(); len(moves) == 0 || moves[len(moves)-1].C != s.Color || r.Game.ToMove() == s.Color {
			return refuse("press-without-move", "The clock was pressed without a move on the board.")
		}
		r.press(s.Color, "")
		return nil
	case Claim:
		if s.Color != rules.White {
			return refuse("claim-by-white", "Only White claims a forbidden move.")
		}
		out, err := r.Game.Claim()
		if err != nil {
			return err
		}
		r.log(Entry{Event: EventClaim, Move: out.Move, Detail: out.String()}, nil)
		r.say(msg("claim", "White claims: "+out.String()+"."))
		return nil
	case Resign:
		if err := r.Game.Resign(s.Color); err != nil {
			return err
		}
		r.log(Entry{Event: EventResign, Color: s.Color.String()}, nil)
		return nil
	case Confirm:
		return refuse("nothing-to-confirm", "There is nothing to confirm now.")
	}
	if !r.inOpening() {
		return refuse("not-in-opening", fmt.Sprintf("%s belongs to the opening, which is over.", capital(s.Kind.String())))
	}
	var a opening.Action
	switch s.Kind {
	case Swap:
		a.Kind = opening.Swap
	case Keep:
		a.Kind = opening.Keep
	case Pass:
		a.Kind = opening.Pass
	case Declare:
		a = opening.Action{Kind: opening.Declare, N: s.N}
	case Choose:
		a = opening.Action{Kind: opening.Choose, Point: s.Point}
	default:
		return fmt.Errorf("unknown signal %v", s.Kind)
	}
	return r.applyOpening(s.Player, a, nil)
}

// applyOpening performs an opening action, logs it and moves on.
func (r *Referee) applyOpening(by opening.Player, a opening.Action, evidence image.Image) error {
	offers := r.Opening.Offers()
	if err := r.Opening.Apply(by, a); err != nil {
		return err
	}
	if a.Kind == opening.Choose {
		// Offers chosen on the panel are still on the board.
		r.unchosen = slices.DeleteFunc(offers, func(p rules.Point) bool { return p == a.Point })
	}
	now := r.Now()
	for ; r.openMoves < len(r.Opening.Moves()); r.openMoves++ {
		r.times = append(r.times, now.Sub(r.turnStart))
		r.turnStart = now
	}
	r.log(Entry{Event: EventOpening, Detail: fmt.Sprintf("%s: %s", by, a)}, evidence)
	r.recorded()
	r.say(actionMessage(by, a))
	if r.Opening.Done() {
		return r.finishOpening()
	}
	r.openingStep()
	return nil
}

// openingView referees a view during the opening: stones laid, fifth
// moves offered, offers taken off to choose.
func (r *Referee) openingView(sight game.Sight, f Finding) {
	step := r.Opening.Step()
	allows := func(k opening.ActionKind) bool {
		for _, a := range step.Allowed {
			if a == k {
				return true
			}
		}
		return false
	}
	clean := f.Disorder() == 0
	switch {
	case clean && len(f.New) == 1 && allows(opening.Place) && f.New[0].C == step.Stone:
		err := r.applyOpening(step.Player, opening.Action{Kind: opening.Place, Point: f.New[0].P}, nil)
		if err != nil {
			r.openingFault(sight, f, err, msg("take-off", fmt.Sprintf("Please take the stone on %v off.", f.New[0].P), f.New[0].P.String()))
		}
		return
	case clean && allows(opening.Offer) && allColour(f.New, rules.Black):
		if len(f.New) < step.Count {
			return // the offers are being laid
		}
		pts := make([]rules.Point, len(f.New))
		for i, n := range f.New {
			pts[i] = n.P
		}
		err := r.applyOpening(step.Player, opening.Action{Kind: opening.Offer, Points: pts}, sight.Evidence)
		if err != nil {
			r.openingFault(sight, f, err, msg("change-offers", "Please change the offers."))
		}
		return
	case r.choosing(f):
		// White chooses by taking the other offers off the board; until
		// only one is left, the offers are being taken off.
		offers := r.Opening.Offers()
		if len(f.Lifted) < len(offers)-1 {
			return
		}
		for _, o := range offers {
			if !liftedAt(f.Lifted, o) {
				if err := r.applyOpening(step.Player, opening.Action{Kind: opening.Choose, Point: o}, nil); err != nil {
					r.openingFault(sight, f, err)
				}
				return
			}
		}
	}
	r.faultFor(f, sight, step.Stone)
}

// openingFault says why the rules refused what was laid, and then what
// to do about it.
func (r *Referee) openingFault(sight game.Sight, f Finding, err error, then ...game.Message) {
	key := "opening " + f.String()
	if key == r.fault {
		return
	}
	r.fault = key
	r.log(Entry{Event: EventRefused, Points: strings.Split(f.String(), "; "), Detail: err.Error()}, sight.Evidence)
	r.say(refusalOf(err))
	for _, m := range then {
		r.say(m)
	}
}

// choosing reports whether the view shows only offered fifth moves taken
// off, at least one left, while White is to choose. White's sixth stone may
// already lie beside a finished choice, as a quick hand or a restart shows
// it: the choice is taken, and the stone is the next view's move.
func (r *Referee) choosing(f Finding) bool {
	if len(f.Occupied)+len(f.Pushed) > 0 || len(f.Lifted) == 0 {
		return false
	}
	step := r.Opening.Step()
	if len(step.Allowed) != 1 || step.Allowed[0] != opening.Choose {
		return false
	}
	offers := r.Opening.Offers()
	for _, l := range f.Lifted {
		if l.C != rules.Black || !slices.Contains(offers, l.P) {
			return false
		}
	}
	if len(f.New) > 0 {
		return len(f.New) == 1 && f.New[0].C == rules.White && len(f.Lifted) == len(offers)-1
	}
	return len(f.Lifted) < len(offers)
}

func allColour(ps []game.Placed, c rules.Color) bool {
	for _, p := range ps {
		if p.C != c {
			return false
		}
	}
	return len(ps) > 0
}

func liftedAt(ps []game.Placed, p rules.Point) bool {
	for _, q := range ps {
		if q.P == p {
			return true
		}
	}
	return false
}

// finishOpening hands the opening's moves to the main game and starts the
// clock.
func (r *Referee) finishOpening() error {
	r.started = true
	next := rules.Black
	if r.Opening != nil {
		res, err := r.Opening.Result()
		if err != nil {
			return err
		}
		for i, m := range res.Moves {
			if _, err := r.Game.Play(m.Color, m.Point); err != nil {
				return fmt.Errorf("opening move %d: %w", i+1, err)
			}
		}
		next = res.NextColor
		if res.Black == opening.Second {
			r.Names[0], r.Names[1] = r.Names[1], r.Names[0]
		}
		r.say(msg("opening-over", fmt.Sprintf("The opening is over: the %s plays Black; %s plays move %d.", res.Black, next, res.NextMove),
			res.Black.String(), next.String(), strconv.Itoa(res.NextMove)))
	}
	for len(r.times) < len(r.Game.Moves()) {
		r.times = append(r.times, 0)
	}
	r.turnStart = r.Now()
	if r.Clock != nil {
		if err := r.Clock.Start(next); err != nil {
			return err
		}
	}
	r.toPlay()
	return nil
}

// rebuild puts a knocked board back to want: with the arm, or by showing
// people one stone at a time; then both players confirm.
func (r *Referee) rebuild(ctx context.Context, sight game.Sight, want *rules.Board, f Finding) error {
	r.pause()
	r.fault = ""
	r.log(Entry{Event: EventScattered, Move: len(r.Game.Moves()), Points: strings.Split(f.String(), "; "),
		Detail: fmt.Sprintf("%d stones out of place", f.Disorder())}, sight.Evidence)
	r.say(msg("scattered", fmt.Sprintf("The board was knocked: %d stones are out of place. The clock is stopped; the position is rebuilt from the record.", f.Disorder()),
		strconv.Itoa(f.Disorder())))
	var steps []Step
	var err error
	if r.Hand != nil {
		r.steps = Plan(want, sight.Board)
		r.publish()
		steps, err = Restore(ctx, r.Eyes, r.Hand, want, r.say)
	} else {
		steps, err = Guide(ctx, r.Eyes, want, func(s Step) {
			r.steps = []Step{s}
			r.status = s.Message()
			r.say(s.Message())
		}, r.MaxViews)
	}
	r.steps = nil
	if err != nil {
		return fmt.Errorf("rebuilding the position: %w", err)
	}
	detail := make([]string, len(steps))
	for i, s := range steps {
		detail[i] = s.String()
	}
	r.log(Entry{Event: EventRestored, Move: len(r.Game.Moves()), Points: detail}, nil)
	if err := r.confirm(ctx, want); err != nil {
		return err
	}
	r.resume()
	r.toPlay()
	return nil
}

// confirm shows both players the rebuilt position and waits until both
// confirm it on the panel (at once without a panel: nobody can).
func (r *Referee) confirm(ctx context.Context, want *rules.Board) error {
	if r.Panel == nil {
		r.log(Entry{Event: EventConfirmed, Detail: "no panel: taken as confirmed"}, nil)
		return nil
	}
	r.setStatus(msg("status.confirm", "please both confirm the position"))
	r.say(msg("confirm", "Here is the position from the record. Please both confirm it."))
	got := map[opening.Player]bool{}
	for views := 0; r.MaxViews == 0 || views < r.MaxViews; views++ {
		for _, s := range r.Panel.Signals() {
			if s.Kind == Confirm {
				got[s.Player] = true
			} else if err := r.signal(s); err != nil {
				r.log(Entry{Event: EventRefused, Detail: s.String() + ": " + err.Error()}, nil)
			}
		}
		if got[opening.First] && got[opening.Second] {
			r.log(Entry{Event: EventConfirmed, Detail: "both players"}, nil)
			r.say(msg("confirmed", "Position confirmed; the clock runs again."))
			return nil
		}
		// Keep looking, so that a stone touched meanwhile is seen.
		sight, err := r.Eyes.Look(ctx)
		if err != nil {
			return err
		}
		if f := Examine(want, sight.Board); !f.Clean() {
			return r.rebuild(ctx, sight, want, f)
		}
	}
	return errmsg.Mark(ErrTooManyViews, "err.too-many-views-confirm")
}

// pause stops the clock while Tengen rules on a fault or the board is
// rebuilt; the time does not count towards the move either.
func (r *Referee) pause() {
	if r.pausedAt.IsZero() {
		r.pausedAt = r.Now()
		if r.Clock != nil {
			r.Clock.Pause()
		}
	}
}

// resume restarts the clock after pause.
func (r *Referee) resume() {
	if r.pausedAt.IsZero() {
		return
	}
	r.turnStart = r.turnStart.Add(r.Now().Sub(r.pausedAt))
	r.pausedAt = time.Time{}
	if r.Clock != nil {
		r.Clock.Resume()
	}
}

func (r *Referee) clockMS() []int64 {
	if r.Clock == nil || !r.started {
		return nil
	}
	return []int64{r.Clock.Remaining(rules.Black).Milliseconds(), r.Clock.Remaining(rules.White).Milliseconds()}
}

// Record returns the game as a record, with every move's time.
func (r *Referee) Record() *record.Record {
	rec := &record.Record{Size: r.Game.Size(), Rule: r.Game.Rule(), Black: r.Names[0], White: r.Names[1],
		Date: r.Now().Format("2006-01-02"), Event: "Tengen referee"}
	if r.Opening != nil {
		rec.Opening = r.Opening.Protocol().Name()
	}
	moves := r.Game.Moves()
	if r.inOpening() {
		for _, m := range r.Opening.Moves() {
			moves = append(moves, rules.Move{C: m.Color, P: m.Point})
		}
	}
	rec.Moves = record.Moves(moves, r.times)
	rec.Result = record.ResultOf(r.Game.Outcome())
	return rec
}

func (r *Referee) recorded() {
	if r.Recorded != nil {
		r.Recorded(r.Record())
	}
}

// State returns the referee's state for display.
func (r *Referee) State() State {
	st := State{Status: r.status, Moves: r.Game.Moves(), Times: append([]time.Duration(nil), r.times...),
		ToMove: r.Game.ToMove(), Over: r.Game.Over(), Outcome: r.Game.Outcome(), Claimable: r.Game.Claimable(),
		Events: append([]game.Message(nil), r.events...)}
	if r.inOpening() {
		st.Opening = r.Opening.Step().What
		for _, p := range r.Opening.Offers() {
			st.Offers = append(st.Offers, p.String())
		}
	}
	if r.Game.Rule() == rules.Renju && !st.Over && st.ToMove == rules.Black && !r.inOpening() {
		st.Forbidden = r.Game.Board().ForbiddenPoints(r.Game.Reading())
	}
	if r.Clock != nil {
		st.Clocks = [2]string{r.Clock.Display(rules.Black), r.Clock.Display(rules.White)}
	}
	st.Restore = append([]Step(nil), r.steps...)
	return st
}

func (r *Referee) log(e Entry, frame image.Image) {
	if r.Log == nil {
		return
	}
	if e.Time.IsZero() {
		e.Time = r.Now().UTC()
	}
	// The log is for appeals: a write that fails is said, not fatal to
	// the game in progress.
	if err := r.Log.Append(e, frame); err != nil && r.Voice != nil {
		r.Voice.Say(msg("log-error", "The referee's log could not be written: "+err.Error(), err.Error()))
	}
}

// say tells the players m (the voice, the terminal, the page) and keeps it
// for the page.
func (r *Referee) say(m game.Message) {
	r.events = append(r.events, m)
	if len(r.events) > 100 {
		r.events = r.events[len(r.events)-100:]
	}
	if r.Voice != nil {
		r.Voice.Say(m)
	}
	r.publish()
}

func (r *Referee) setStatus(m game.Message) {
	r.status = m
	r.publish()
}

// toPlay sets the status to the side to move.
func (r *Referee) toPlay() {
	c := r.Game.ToMove()
	r.setStatus(msg("status.to-play", c.String()+" to play", c.String()))
}

// openingStep says and shows what the opening waits for.
func (r *Referee) openingStep() {
	m := StepMessage(r.Opening.Step())
	r.setStatus(m)
	r.say(m)
}

func (r *Referee) publish() {
	if r.Observe != nil {
		r.Observe(r.State())
	}
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
