package game

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"strconv"
	"tengen/i18n/errmsg"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/clock"
)

// Session plays one game between the robot and a person.
type Session struct {
	Config Config
	// Black and White play those colours through the arm; nil means a
	// person plays that colour. Both set: engine against engine.
	Black, White ai.Player
	Limits       ai.Limits
	Referee      *rules.Game
	Eyes         Eyes
	Hand         Hand
	Voice        Voice
	Journal      *Journal
	// Clock, if set, times the game: it starts with the game, is pressed
	// as each move is accepted, and a person out of time loses. The robot
	// thinks within its own remaining time.
	Clock *clock.Clock
	// Opening, if set, is the opening protocol played over the board
	// before the main game (Config.Opening names it). Black and White then
	// hold the tentative colours, the opening's first player Black; its
	// swaps decide who plays which colour in the main game. The clock
	// starts with the main game.
	Opening *Opening
	// Observe, if set, is told of every change (for the web page).
	Observe func(Snapshot)
	// Control carries the operator's and the person's requests.
	Control <-chan Request
	// Ponder lets the robot's engine think on the person's time, when it
	// can (an engine with a Ponder method).
	Ponder bool
	// MaxWrongViews bounds how many steady views that differ from the
	// record the loop tolerates in a row before it asks for the operator;
	// 0 means no bound.
	MaxWrongViews int
	// Policy is what the event allows about draws and takebacks, and how
	// it decides a game over its time (the zero Policy: a tournament's).
	Policy Policy
	// Abandon, if set, ends the game when the person, once they have a
	// stone on the board, shows no sign for this long on their turn
	// (nothing on the board moved): they are taken to have left, as an
	// exhibition's visitor who walked away, and lose as by resignation.
	// Halfway there the robot asks whether they are still there.
	Abandon time.Duration
	// Unclear is how long a person's turn may go on with points in view
	// the eyes cannot vouch for (Sight.Unsure) before the person is told
	// of them: a stone they put in a patch of glare may be one the robot
	// cannot see [15s].
	Unclear time.Duration

	info       ai.Info
	openings   int // moves the opening protocol made: not taken back
	takebacks  int // takebacks granted in this game
	offeredAt  int // the move after which the robot last offered a draw (0: none)
	evals      []int
	times      []time.Duration // each move's thinking time, in move order
	turnFrom   time.Time       // when the side to move began its turn
	evidence   image.Image     // the frame of the last steady view
	stopPonder context.CancelFunc
	events     []string
	status     string
	paused     bool
	end        rules.Outcome // a game over rebuilt by LoadOver: its journal's end
}

// Request is something asked of the game while it runs.
type Request int

const (
	RequestPause Request = iota + 1
	RequestResume
	RequestResign   // the person resigns
	RequestTakeback // take back the person's last move (and the robot's reply)
	RequestDraw     // the person offers a draw
)

// Snapshot is the game's state for display.
type Snapshot struct {
	Status    string
	Moves     []rules.Move
	Forbidden []rules.Forbid
	ToMove    rules.Color
	Over      bool
	Outcome   rules.Outcome
	Info      ai.Info
	Clocks    []string // Black's and White's clock faces; none when untimed
	Running   rules.Color
	Evals     []int // Black's view, one per robot search
	Events    []string
	Paused    bool
	Evidence  image.Image // the camera frame of the last steady view, if any
	// Opening is the opening step in progress; nil outside an opening.
	Opening *OpeningView
}

// ErrStopped is returned when the game was stopped before it ended.
var ErrStopped = errors.New("game stopped")

// Play runs the game to its end and returns the result.
func (s *Session) Play(ctx context.Context) (rules.Outcome, error) {
	if d, ok := s.Eyes.(Doubter); ok {
		d.NotifyDoubt(func(stones, empty []rules.Point) {
			if len(stones) > 0 {
				list := rules.FormatPoints(stones)
				s.say("unsure", list, "I cannot make out "+list+" clearly; please set the stone straight on its point.")
			}
			if len(empty) > 0 {
				list := rules.FormatPoints(empty)
				s.say("unclear", list, unclearText(list))
			}
		})
	}
	if s.Opening != nil {
		if err := s.playOpening(ctx); err != nil {
			return rules.Outcome{}, err
		}
	}
	if s.Clock != nil && s.Clock.Turn() == rules.Empty {
		if err := s.Clock.Start(s.Referee.ToMove()); err != nil {
			return rules.Outcome{}, err
		}
	}
	s.turnFrom = time.Now()
	defer s.ponder(nil)
	for !s.Referee.Over() {
		if err := s.handleRequests(ctx); err != nil {
			return rules.Outcome{}, err
		}
		if s.Referee.Over() {
			break
		}
		var err error
		if c := s.Referee.ToMove(); s.robot(c) {
			if err = s.robotMove(ctx, c); err == nil {
				s.offerDraw()
			}
		} else {
			err = s.personMove(ctx, c)
		}
		if err != nil {
			return rules.Outcome{}, err
		}
	}
	res := s.Referee.Outcome()
	s.tell(OutcomeMessage(res))
	end := Entry{Type: EntryEnd, Result: res.String(), Reason: res.Code(), Move: res.Move}
	if res.Winner != rules.Empty {
		end.Color = res.Winner.String()
	}
	if err := s.Journal.Append(end); err != nil {
		return res, err
	}
	if err := s.Hand.Park(ctx); err != nil {
		return res, errmsg.Wrap(err, "err.parking-after")
	}
	s.publish()
	return res, nil
}

// handleRequests applies pending requests; while paused it waits.
func (s *Session) handleRequests(ctx context.Context) error {
	for {
		var req Request
		if s.paused {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case req = <-s.Control:
			}
		} else {
			select {
			case req = <-s.Control:
			default:
				return nil
			}
		}
		switch req {
		case RequestPause:
			s.paused = true
			if s.Clock != nil {
				s.Clock.Pause()
			}
			s.setStatus("paused")
		case RequestResume:
			s.paused = false
			if s.Clock != nil {
				s.Clock.Resume()
			}
			s.setStatus("resumed")
		case RequestResign:
			return s.resign()
		case RequestTakeback:
			if ok, why := s.Policy.Takeback(s.takebacks); !ok {
				s.tell(why)
			} else if err := s.takeback(ctx); err != nil {
				s.say("takeback-refused", Reason(err), "Takeback refused: "+err.Error())
			}
		case RequestDraw:
			if err := s.drawOffered(); err != nil {
				return err
			}
		}
	}
}

// player returns the engine playing colour c, nil for a person.
func (s *Session) player(c rules.Color) ai.Player {
	switch c {
	case rules.Black:
		return s.Black
	case rules.White:
		return s.White
	}
	return nil
}

// robot reports whether the arm plays colour c.
func (s *Session) robot(c rules.Color) bool { return s.player(c) != nil }

// person returns the colour a person plays, Empty if none does.
func (s *Session) person() rules.Color {
	switch {
	case !s.robot(rules.Black):
		return rules.Black
	case !s.robot(rules.White):
		return rules.White
	}
	return rules.Empty
}

func (s *Session) resign() error {
	if s.person() == rules.Empty {
		return errmsg.New("err.no-person")
	}
	if err := s.Referee.Resign(s.person()); err != nil {
		return err
	}
	s.say("resigned", "", "The person resigns.")
	return nil
}

// absence follows how long the person has shown no sign on their turn
// (Session.Abandon): their turn began, or the board last moved, at seen.
type absence struct {
	after time.Duration // 0: they never leave
	seen  time.Time
	asked bool
	last  *rules.Board
}

func newAbsence(after time.Duration, board *rules.Board) *absence {
	return &absence{after: after, seen: time.Now(), last: board}
}

// check reports whether to ask now if the person is still there, and
// whether they have left. They are always asked first, however late the
// view came (a slow frame, a busy machine), and then have half the time.
func (a *absence) check() (ask, left bool) {
	if a.after <= 0 {
		return false, false
	}
	switch idle := time.Since(a.seen); {
	case a.asked:
		return false, idle >= a.after
	case idle >= a.after/2:
		a.asked, a.seen = true, time.Now().Add(-a.after/2)
		return true, false
	}
	return false, false
}

// saw takes a view: anything moved on the board is a sign of life.
func (a *absence) saw(b *rules.Board) {
	if Compare(a.last, b).Kind != NoChange {
		a.seen, a.asked, a.last = time.Now(), false, b
	}
}

// abandoned ends the game as the loss of the person, who left, playing
// colour person.
func (s *Session) abandoned(person rules.Color) error {
	if err := s.Referee.Resign(person); err != nil {
		return err
	}
	mins := strconv.Itoa(int(math.Ceil(s.Abandon.Minutes())))
	s.say("person-left", mins, "No move for "+mins+" minutes: I take it you have left. The game is over.")
	return nil
}

// drawOffered answers the person's draw offer: a draw the robot offered
// on its last move is agreed; otherwise the event's policy decides from
// the robot's last view of the game.
func (s *Session) drawOffered() error {
	if s.person() == rules.Empty {
		return errmsg.New("err.no-person")
	}
	n := len(s.Referee.Moves())
	accept, say := s.offeredAt > 0 && s.offeredAt == n, Message{Key: "draw-accepted", Text: "I accept the draw."}
	if !accept {
		accept, say = s.Policy.AnswerDraw(n, s.robotEval())
	}
	s.tell(say)
	if !accept {
		return nil
	}
	if err := s.Referee.AgreeDraw(); err != nil {
		return err
	}
	return s.Journal.Append(Entry{Type: EntryEvent, Event: "draw agreed"})
}

// offerDraw offers a draw after the robot's move when the policy says so,
// at most once in drawOfferGap moves. The offer stands until the person
// moves (drawOffered then agrees it).
func (s *Session) offerDraw() {
	n := len(s.Referee.Moves())
	if s.person() == rules.Empty || s.Referee.Over() || s.offeredAt > 0 && n-s.offeredAt < drawOfferGap ||
		!s.Policy.OfferDraw(n, s.robotEval()) {
		return
	}
	s.offeredAt = n
	s.say("draw-offer", "", "I offer a draw.")
}

// drawOfferGap is how many moves pass before the robot offers a draw again.
const drawOfferGap = 20

// robotEval is the robot's last evaluation from its own side (centi-
// stones); with none yet, more than any margin: the robot plays on.
func (s *Session) robotEval() int {
	if len(s.evals) == 0 {
		return math.MaxInt32
	}
	e := s.evals[len(s.evals)-1] // Black's view
	if s.person() == rules.Black {
		e = -e
	}
	return e
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// takeback removes the person's last move and the robot's reply from the
// board (the robot lifts both) and from the record.
func (s *Session) takeback(ctx context.Context) error {
	moves := s.Referee.Moves()
	person := s.person()
	n := 0
	switch {
	case person == rules.Empty:
	case len(moves) >= 2 && s.Referee.ToMove() == person:
		n = 2 // the robot replied already
	case len(moves) >= 1 && s.Referee.ToMove() != person:
		n = 1
	}
	if n == 0 {
		return errmsg.New("err.nothing-to-take-back")
	}
	if len(moves)-n < s.openings {
		return errmsg.New("err.opening-moves-stay")
	}
	var lifted []rules.Move
	for i := 0; i < n; i++ {
		moves = s.Referee.Moves()
		last := moves[len(moves)-1]
		lifted = append(lifted, last)
		if err := s.Journal.Append(Entry{Type: EntryUndo, Move: len(moves), Point: last.P.String()}); err != nil {
			return err
		}
		if _, err := s.Referee.Undo(); err != nil {
			return err
		}
		if len(s.times) > 0 {
			s.times = s.times[:len(s.times)-1]
		}
		if !last.P.IsPass() {
			if err := s.Hand.Take(ctx, last.P, last.C); err != nil {
				return errmsg.Wrap(err, "err.lifting", last.P.String())
			}
		}
	}
	s.takebacks++
	if err := s.Journal.Append(Entry{Type: EntryEvent, Event: "takeback"}); err != nil {
		return err
	}
	s.say("takeback", "", "Move taken back.")
	return s.settleTakeback(ctx, lifted)
}

// robotMove thinks for colour c, records the intent, places the stone and
// checks it.
func (s *Session) robotMove(ctx context.Context, c rules.Color) error {
	s.ponder(nil)
	s.setStatus("thinking")
	pos := s.position()
	res, err := s.player(c).Think(ctx, pos, s.limits(c), func(i ai.Info) { s.info = i })
	if err != nil {
		return errmsg.Wrap(err, "err.engine")
	}
	s.info = res.Info
	score := res.Score
	if c == rules.White {
		score = -score
	}
	s.evals = append(s.evals, score)
	n := len(s.Referee.Moves()) + 1
	if res.Move.IsPass() {
		if err := s.Journal.Append(Entry{Type: EntryMove, Move: n, Color: c.String(), Point: "pass", By: "robot"}); err != nil {
			return err
		}
		s.say("robot-pass", "", "I pass.")
		_, err := s.Referee.Play(c, rules.Pass)
		return err
	}
	if err := s.Journal.Append(Entry{Type: EntryIntent, Move: n, Color: c.String(), Point: res.Move.String(), By: "robot"}); err != nil {
		return err
	}
	return s.placeRobotStone(ctx, n, res.Move, c)
}

// placeRobotStone puts the robot's stone on p and accepts the move once the
// camera sees it there.
func (s *Session) placeRobotStone(ctx context.Context, n int, p rules.Point, c rules.Color) error {
	s.setStatus("placing " + p.String())
	if err := s.Hand.Place(ctx, p, c); err != nil {
		return errmsg.Wrap(err, "err.placing", p.String())
	}
	if err := s.Hand.Park(ctx); err != nil {
		return errmsg.Wrap(err, "err.parking")
	}
	want := s.Referee.Board().Clone()
	want.Set(p, c)
	for tries := 0; ; tries++ {
		sight, err := LookFor(ctx, s.Eyes, want.At)
		if err != nil {
			return err
		}
		// The person may already be placing their next stone: only the
		// robot's own colour is checked here.
		ch := Compare(want, sight.Board)
		if own := s.own(ch); len(own.Added) == 0 && len(own.Gone) == 0 {
			break
		}
		// The arm's stone landed on the wrong point or fell: fix it
		// ourselves, at once three times; then ask for help and try again
		// now and then (a pick can miss several times running) rather
		// than leave the stone off for good.
		if waited := tries - 2; waited > 0 {
			if waited == 1 {
				s.setStatus("waiting for the board to be put right")
			}
			if waited%ownRetryViews != 0 || !s.ownMovedBesideMove(ch) {
				s.say("board-differs", fmt.Sprint(ch.Added, ch.Gone), fmt.Sprintf("The board differs from the record: added %v, gone %v.", ch.Added, ch.Gone))
				continue
			}
		}
		if err := s.repairOwn(ctx, ch); err != nil {
			return err
		}
	}
	return s.acceptRobot(n, p, c)
}

// acceptRobot records the robot's stone at p, which the camera has seen.
func (s *Session) acceptRobot(n int, p rules.Point, c rules.Color) error {
	took := s.took()
	left, periods := s.pressClock()
	if err := s.Journal.Append(Entry{Type: EntryMove, Move: n, Color: c.String(), Point: p.String(), By: "robot", Clock: left, Periods: periods, Ms: took.Milliseconds()}); err != nil {
		return err
	}
	s.times = append(s.times, took)
	ev, err := s.Referee.Play(c, p)
	if err != nil {
		return fmt.Errorf("the referee refused the robot's own move %v: %w", p, err)
	}
	s.say("robot-move", p.String(), "I play "+p.String()+".")
	if err := s.afterMove(ev, p); err != nil {
		return err
	}
	if s.Ponder && !s.Referee.Over() && !s.robot(s.Referee.ToMove()) {
		s.ponder(s.player(c))
	}
	return nil
}

// afterMove claims a forbidden Black move at once when the robot plays
// White: over the board White must claim before its next move, or the
// move stands.
func (s *Session) afterMove(ev rules.Event, p rules.Point) error {
	if ev.Claimable != rules.NotForbidden && s.robot(rules.White) {
		if _, err := s.Referee.Claim(); err != nil {
			return fmt.Errorf("claiming the forbidden move %v: %w", p, err)
		}
		if err := s.Journal.Append(Entry{Type: EntryEvent, Event: "claim", Move: ev.Move, Point: p.String(), Detail: ev.Claimable.String()}); err != nil {
			return err
		}
		s.say("forbidden-claim", p.String(), fmt.Sprintf("%v is a forbidden move (%s): I claim the game.", p, ev.Claimable))
	}
	s.publish()
	return nil
}

// repairOwn puts the robot's own stones back where the record wants them:
// a stone of the robot's colour seen on a wrong point is lifted, and a
// missing one is placed again.
func (s *Session) repairOwn(ctx context.Context, ch Change) error {
	ch = s.own(ch)
	if len(ch.Added) == 1 && len(ch.Gone) == 1 {
		s.say("stone-moved", ch.Gone[0].P.String(), fmt.Sprintf("My stone on %v was moved to %v; I will put it back.", ch.Gone[0].P, ch.Added[0].P))
	} else if len(ch.Gone) > 0 {
		s.say("stone-missing", fmt.Sprint(ch.Gone), fmt.Sprintf("My stones %v are missing; I will put them back.", ch.Gone))
	} else if len(ch.Added) > 0 {
		s.say("stray-own", fmt.Sprint(ch.Added), fmt.Sprintf("My stones on %v are not in the game; I take them off.", ch.Added))
	}
	for _, a := range ch.Added {
		if err := s.Hand.Take(ctx, a.P, a.C); err != nil {
			return errmsg.Wrap(err, "err.lifting-misplaced", a.P.String())
		}
	}
	for _, g := range ch.Gone {
		if err := s.Hand.Place(ctx, g.P, g.C); err != nil {
			return errmsg.Wrap(err, "err.putting-back", g.P.String())
		}
	}
	return s.Hand.Park(ctx)
}

// personMove waits for the person's stone of colour person and referees it.
func (s *Session) personMove(ctx context.Context, person rules.Color) error {
	s.setStatus("your move (" + person.String() + ")")
	s.say("your-move", person.String(), "Your move.")
	wrong := 0
	said := ""
	tell := func(key, arg, text string) {
		if key+arg != said { // say each complaint once, not on every view
			s.say(key, arg, text)
			said = key + arg
		}
	}
	// Nobody has left before their first stone: an exhibition waits for
	// its next visitor as long as it takes.
	away := newAbsence(s.Abandon, s.Referee.Board())
	if s.Referee.Board().Count(person) == 0 {
		away.after = 0
	}
	from, unclear := time.Now(), cmp.Or(s.Unclear, 15*time.Second)
	for {
		if err := s.handleRequests(ctx); err != nil {
			return err
		}
		if s.Referee.Over() || s.Referee.ToMove() != person {
			return nil
		}
		if s.Clock != nil && s.Clock.Flagged() == person {
			return s.timeUp(person)
		}
		switch ask, left := away.check(); {
		case left:
			return s.abandoned(person)
		case ask:
			s.say("still-there", person.String(), "Are you still there? Your move.")
		}
		sight, err := LookFor(ctx, s.Eyes, s.Referee.Board().At)
		if err != nil {
			return err
		}
		if len(sight.Unsure) > 0 && time.Since(from) >= unclear {
			list := rules.FormatPoints(sight.Unsure)
			tell("unclear", list, unclearText(list))
		}
		if sight.Evidence != nil {
			s.evidence = sight.Evidence
		}
		away.saw(sight.Board)
		record := s.Referee.Board()
		ch := Compare(record, sight.Board)
		switch {
		case ch.Kind == NoChange:
			continue
		case ch.Kind == NewStone && ch.Added[0].C == person:
			return s.acceptPerson(person, ch.Added[0].P)
		case ch.Kind == NewStone:
			tell("wrong-colour", ch.Added[0].P.String(), fmt.Sprintf("That stone at %v is %s; you play %s. Please take it off.", ch.Added[0].P, ch.Added[0].C, person))
		case ch.Kind == ExtraStones && s.ownMovedBesideMove(ch):
			// The person's move beside a stone of the robot's that fell
			// from the arm (or their sleeve moved one): the robot lifts
			// its own, then takes the move on the next view.
			if err := s.repairOwn(ctx, ch); err != nil {
				return err
			}
		case ch.Kind == ExtraStones:
			tell("extra-stones", fmt.Sprint(ch.Added), fmt.Sprintf("I see %d new stones (%v); please leave only your move.", len(ch.Added), ch.Added))
		case ch.Kind == MovedStone && s.robot(ch.Gone[0].C):
			if err := s.repairOwn(ctx, ch); err != nil {
				return err
			}
		case ch.Kind == MovedStone:
			tell("stone-moved", ch.Gone[0].P.String(), fmt.Sprintf("The stone on %v moved to %v; please put it back on %v.", ch.Gone[0].P, ch.Added[0].P, ch.Gone[0].P))
		case ch.Kind == Missing && len(s.own(ch).Gone) == len(ch.Gone):
			if err := s.repairOwn(ctx, ch); err != nil {
				return err
			}
		case s.ownMovedBesideMove(ch):
			// The person's sleeve moved a robot stone as they played (or
			// it fell): put it back, then take the new stone on the next
			// view.
			if err := s.repairOwn(ctx, ch); err != nil {
				return err
			}
		default:
			tell("board-differs", fmt.Sprint(ch.Added, ch.Gone), fmt.Sprintf("The board differs from the record (%v): added %v, gone %v. Please put it right.", ch.Kind, ch.Added, ch.Gone))
		}
		wrong++
		if s.MaxWrongViews > 0 && wrong >= s.MaxWrongViews {
			return errmsg.New("err.board-differs-record", wrong, ch.Kind.Msg(), pointsOf(ch.Added), pointsOf(ch.Gone))
		}
	}
}

// unclearText asks to clear or shade the points listed, which the eyes
// cannot vouch for.
func unclearText(list string) string {
	return "I cannot see " + list + " clearly: is something over it, or glare on it? Please clear it or shade the board."
}

// ownMovedBesideMove reports whether ch is robot stones moved, missing or
// extra (one the arm dropped) beside at most one new stone of the
// person's, none of theirs gone: the robot can put its own right.
func (s *Session) ownMovedBesideMove(ch Change) bool {
	own := s.own(ch)
	theirs := len(ch.Added) - len(own.Added)
	return len(own.Gone)+len(own.Added) > 0 && len(own.Gone) == len(ch.Gone) && theirs <= 1
}

// own keeps the changes to the robot's colours.
func (s *Session) own(ch Change) Change {
	var out Change
	for _, a := range ch.Added {
		if s.robot(a.C) {
			out.Added = append(out.Added, a)
		}
	}
	for _, g := range ch.Gone {
		if s.robot(g.C) {
			out.Gone = append(out.Gone, g)
		}
	}
	return out
}

// acceptPerson records the person's stone at p after the referee's check.
func (s *Session) acceptPerson(person rules.Color, p rules.Point) error {
	n := len(s.Referee.Moves()) + 1
	took := s.took()
	left, periods := s.pressClock()
	if err := s.Journal.Append(Entry{Type: EntryMove, Move: n, Color: person.String(), Point: p.String(), By: "person", Clock: left, Periods: periods, Ms: took.Milliseconds()}); err != nil {
		return err
	}
	s.times = append(s.times, took)
	ev, err := s.Referee.Play(person, p)
	if err != nil {
		return fmt.Errorf("move %d at %v: %w", n, p, err)
	}
	s.event(fmt.Sprintf("%d. %s %v", n, person, p))
	return s.afterMove(ev, p)
}

// ownRetryViews is how many views a person gets to put the robot's
// misplaced stone right before the arm tries again.
const ownRetryViews = 10

// settleTakeback waits until the taken-back stones are off the board: a
// view may already hold the person's next stone, which personMove handles.
func (s *Session) settleTakeback(ctx context.Context, lifted []rules.Move) error {
	for {
		sight, err := LookFor(ctx, s.Eyes, s.Referee.Board().At)
		if err != nil {
			return err
		}
		clear := true
		for _, m := range lifted {
			if !m.P.IsPass() && sight.Board.At(m.P) != rules.Empty {
				clear = false
			}
		}
		if clear {
			return nil
		}
		s.say("takeback-lift", "", "Please take the taken-back stones off the board.")
	}
}

func (s *Session) position() ai.Position {
	moves := s.Referee.Moves()
	pos := ai.Position{Size: s.Referee.Size(), Rule: s.Referee.Rule(), Reading: s.Referee.Reading(), ToMove: s.Referee.ToMove()}
	for _, m := range moves {
		if !m.P.IsPass() {
			pos.Stones = append(pos.Stones, ai.Stone{P: m.P, C: m.C})
		}
	}
	return pos
}

func (s *Session) say(key, arg, text string) {
	s.tell(Message{Key: key, Args: []string{arg}, Text: text})
}

// tell logs m and says it.
func (s *Session) tell(m Message) {
	s.event(m.Text)
	if s.Voice != nil {
		s.Voice.Say(m)
	}
}

// timeUp ends the game of c, out of time: a loss, or as the event's
// policy decides such a game (the count of fours).
func (s *Session) timeUp(c rules.Color) error {
	if s.Policy.OnTime == nil {
		if err := s.Referee.Timeout(c); err != nil {
			return err
		}
		s.say("time-up", c.String(), "Your time is up.")
		return nil
	}
	winner, said := s.Policy.OnTime(s.Referee.Board(), s.Referee.Rule())
	if err := s.Referee.DecideByFours(winner); err != nil {
		return err
	}
	for _, m := range said {
		s.tell(m)
	}
	return nil
}

func (s *Session) event(text string) {
	s.events = append(s.events, time.Now().Format("15:04:05")+" "+text)
	if len(s.events) > 100 {
		s.events = s.events[len(s.events)-100:]
	}
	s.Journal.Append(Entry{Type: EntryEvent, Event: text}) // best effort: events are for the log
	s.publish()
}

func (s *Session) setStatus(st string) {
	s.status = st
	s.publish()
}

func (s *Session) publish() {
	if s.Observe == nil {
		return
	}
	s.Observe(Snapshot{
		Status: s.status, Moves: s.Referee.Moves(), Forbidden: s.forbidden(),
		ToMove: s.Referee.ToMove(), Over: s.Referee.Over(), Outcome: s.Referee.Outcome(),
		Info: s.info, Evals: append([]int(nil), s.evals...), Events: append([]string(nil), s.events...),
		Paused: s.paused, Clocks: s.clockFaces(), Running: s.running(), Evidence: s.evidence,
		Opening: s.Opening.View(),
	})
}

// limits are the robot's search limits: its own, capped by its clock.
func (s *Session) limits(c rules.Color) ai.Limits {
	lim := s.Limits
	if s.Clock == nil {
		return lim
	}
	if left := s.Clock.Remaining(c); left >= 0 {
		lim.TimeLeft = left
		// Keep a reserve for the arm: a move is not made until it is placed.
		budget := left/20 - 3*time.Second
		if lim.TurnTime == 0 || budget < lim.TurnTime {
			lim.TurnTime = max(budget, 50*time.Millisecond)
		}
	}
	return lim
}

// pressClock ends the mover's turn on the clock and returns both sides'
// main time left (ms) and byo-yomi periods for the journal.
func (s *Session) pressClock() ([]int64, []int) {
	if s.Clock == nil {
		return nil, nil
	}
	s.Clock.Press()
	b, w := s.Clock.Side(rules.Black), s.Clock.Side(rules.White)
	return []int64{b.Main.Milliseconds(), w.Main.Milliseconds()}, []int{b.Periods, w.Periods}
}

// RestoreClock sets a resumed game's clock, before it starts, to the
// last reading its journal holds (Replayed.Clock) and charges the side to
// move with used (Replayed.Used), the time its move had run when the
// journal last heard of it. Time the program was down is nobody's.
func (s *Session) RestoreClock(e *Entry, used time.Duration) error {
	if s.Clock == nil || e == nil || len(e.Clock) != 2 {
		return nil
	}
	for i, c := range []rules.Color{rules.Black, rules.White} {
		main := time.Duration(e.Clock[i]) * time.Millisecond
		if c == s.Referee.ToMove() && main > 0 {
			// In byo-yomi the period in use starts again: only main time
			// is charged.
			main = max(main-used, 0)
		}
		periods := 0
		if len(e.Periods) == 2 {
			periods = e.Periods[i]
		}
		moves := 0
		for _, m := range s.Referee.Moves() {
			if m.C == c {
				moves++
			}
		}
		if err := s.Clock.Restore(c, main, periods, moves); err != nil {
			return errmsg.Wrap(err, "err.restoring-clock")
		}
	}
	return nil
}

func (s *Session) clockFaces() []string {
	if s.Clock == nil {
		return nil
	}
	return []string{s.Clock.Display(rules.Black), s.Clock.Display(rules.White)}
}

func (s *Session) running() rules.Color {
	if s.Clock == nil || !s.Clock.Running() {
		return rules.Empty
	}
	return s.Clock.Turn()
}

// forbidden lists Black's forbidden points for the page (renju only).
func (s *Session) forbidden() []rules.Forbid {
	if s.Referee.Rule() != rules.Renju || s.Referee.Over() {
		return nil
	}
	return s.Referee.Board().ForbiddenPoints(s.Referee.Reading())
}

// took returns how long the side to move has taken, and starts the next
// side's turn.
func (s *Session) took() time.Duration {
	now := time.Now()
	d := now.Sub(s.turnFrom)
	s.turnFrom = now
	return d
}

// ponder stops any pondering and, with pl not nil, starts pl pondering
// on the current position in the background until the next ponder call.
func (s *Session) ponder(pl ai.Player) {
	if s.stopPonder != nil {
		s.stopPonder()
		s.stopPonder = nil
	}
	p, ok := pl.(interface {
		Ponder(context.Context, ai.Position, func(ai.Info)) (ai.Result, error)
	})
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.stopPonder = cancel
	go p.Ponder(ctx, s.position(), nil)
}

// OutcomeMessage says how a game ended: "game-won" with the winner, the
// reason's code and the deciding move's number, or "game-drawn" with the
// code and the number.
func OutcomeMessage(o rules.Outcome) Message {
	n := strconv.Itoa(o.Move)
	if o.Winner == rules.Empty {
		return Message{Key: "game-drawn", Args: []string{o.Code(), n}, Text: o.String() + "."}
	}
	return Message{Key: "game-won", Args: []string{o.Winner.String(), o.Code(), n}, Text: o.String() + "."}
}
