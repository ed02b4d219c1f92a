package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"tengen/i18n/errmsg"
	"time"

	"tengen/rules"
	"tengen/rules/opening"
)

// Opening plays an opening protocol over the real board before the main
// game. The robot places its stones (several offered fifth moves
// included) and lifts the offers not chosen. The person acts with stones
// where stones say it, and on the page or a button (Decisions) where they
// cannot:
//
//   - a stone of theirs is read by the camera as their move; a stone put
//     down at a step that only offers a swap declines the swap (keep) and
//     is then read as the next step's move;
//   - swap, keep, pass and declare N are said on the page or with a button;
//   - offers are put down one by one; where one stone could also be the
//     move itself (Taraguchi's fifth move), they first say "offer" (an
//     Offer without points) so the first stone is not taken for the move;
//   - a choice among the robot's offers is made by taking the others off
//     the board (the usual way with two) or by naming it on the page,
//     and the robot lifts the rest.
type Opening struct {
	Machine *opening.Machine
	Robot   opening.Player // which of the two players the robot is
	Decider OpeningDecider
	Eyes    Eyes
	Hand    Hand
	Voice   Voice
	// Decisions carries the person's swap, keep, declare and choose.
	Decisions <-chan opening.Action
	// StepMessage words the person's next step (i18n.StepMessage);
	// nil says the step's English description.
	StepMessage func(opening.Step) Message
	// Journal, if set, records every action as it is taken: the robot's
	// before the arm carries it out, so that a resumed opening knows what
	// the board should hold.
	Journal *Journal
	// Unchosen are offers not chosen that may still lie on the board: a
	// resumed opening (Replayed.Unchosen) lifts those it sees.
	Unchosen []rules.Point

	// MaxWrongViews bounds how many steady views that differ from the
	// opening's record the person is waited for before the operator is
	// asked for; 0 means no bound (a session passes on its own).
	MaxWrongViews int
	// Abandon is the session's: a person who, once they have a stone on
	// the board, shows no sign for this long on their turn has left.
	Abandon time.Duration

	// Status, if set, is told what the opening waits for: "thinking
	// (opening)" while the robot decides, "opening: " and the step's
	// description while the person is to act.
	Status func(string)

	// acted is set once the person has taken a step of this opening.
	acted bool
	// offering is set when the person said they will offer fifth moves at
	// a step that also allows placing one stone (Taraguchi): their first
	// stone is then an offer, not the move.
	offering bool
	// loose are the robot's stones that left their points where the camera
	// could not find them (the stone was placed again): each P is the point
	// it left. A stone of that colour seen beside it later is the robot's,
	// not the person's, and is lifted.
	loose []Placed
}

// OpeningDecider makes the robot's decisions in an opening.
type OpeningDecider interface {
	DecideOpening(ctx context.Context, m *opening.Machine) (opening.Action, error)
}

// Run plays the opening to its end and returns its result. An opening
// resumed from its journal first puts the board right: the recorded
// stones the arm had not placed yet, the unchosen offers it had not
// lifted.
func (o *Opening) Run(ctx context.Context) (opening.Result, error) {
	if len(o.Machine.Moves()) > 0 || len(o.Machine.Offers()) > 0 || len(o.Unchosen) > 0 {
		if err := o.reconcile(ctx); err != nil {
			return opening.Result{}, err
		}
	}
	for !o.Machine.Done() {
		step := o.Machine.Step()
		var err error
		if step.Player == o.Robot {
			err = o.robotStep(ctx)
		} else {
			err = o.personStep(ctx, step)
		}
		if err != nil {
			return opening.Result{}, err
		}
	}
	return o.Machine.Result()
}

func (o *Opening) robotStep(ctx context.Context) error {
	o.status("thinking (opening)")
	a, err := o.Decider.DecideOpening(ctx, o.Machine)
	if err != nil {
		return fmt.Errorf("opening decision: %w", err)
	}
	step := o.Machine.Step()
	offers := o.Machine.Offers()
	if err := o.Machine.Apply(o.Robot, a); err != nil {
		return fmt.Errorf("the robot's own opening action %v was refused: %w", a, err)
	}
	if err := o.journal("robot", a, offers); err != nil {
		return err
	}
	o.drops() // older ones were handled where they fell
	var placed []Placed
	switch a.Kind {
	case opening.Place:
		o.say("robot-move", a.Point.String(), "I play "+a.Point.String()+".")
		placed = []Placed{{a.Point, step.Stone}}
	case opening.Offer:
		o.say("offer", fmt.Sprint(a.Points), fmt.Sprintf("I offer %v as the fifth move; choose one.", a.Points))
		for _, p := range a.Points {
			placed = append(placed, Placed{p, step.Stone})
		}
	case opening.Choose:
		o.say("choose", a.Point.String(), fmt.Sprintf("I choose %v; I take the other offers off.", a.Point))
		for _, p := range offers {
			if p != a.Point {
				if err := o.Hand.Take(ctx, p, rules.Black); err != nil {
					return errmsg.Wrap(err, "err.lifting-offer", p.String())
				}
			}
		}
	default:
		o.say(a.Kind.String(), a.String(), "I "+a.String()+".")
	}
	for _, p := range placed {
		if err := o.Hand.Place(ctx, p.P, p.C); err != nil {
			return errmsg.Wrap(err, "err.placing", p.P.String())
		}
	}
	if err := o.Hand.Park(ctx); err != nil {
		return err
	}
	// An offer gone without a stray beside it is the person's choice
	// being made (they take the others off), not a stone that fell.
	return o.settle(ctx, placed, a.Kind == opening.Offer, o.record())
}

// settle checks with the camera that the stones the arm has just put down
// lie where the record has them, and puts right those that landed on a
// neighbouring point (lifted and placed again) or fell (placed again, and a
// new stone of its colour elsewhere, where it fell, lifted). A stone the
// hand reports fallen on its way (a Dropper) is lifted where it lies: one
// of its colour off the record, not on the board before the hand moved
// (before), in the view the hand took once it had lost it, and still
// there. A lifted stray must be gone from the next view too: a pick that
// missed it is tried again. A stone that left its point without a stray
// in sight is placed again and remembered as loose. Other new stones are
// the person's next action and are left alone; with strayOnly, so are
// placed stones gone without a stray beside them.
func (o *Opening) settle(ctx context.Context, placed []Placed, strayOnly bool, before *rules.Board) error {
	var lifted []Placed
	fallen := o.drops()
	for tries := 0; len(placed) > 0 || len(fallen) > 0 || len(lifted) > 0; tries++ {
		// Only points that differ from the record are acted on below, and
		// a point in doubt passes only where it reads as the record: no
		// stone is lifted or put again on a point the eyes cannot vouch for.
		record := o.record()
		sight, err := LookFor(ctx, o.Eyes, record.At)
		if err != nil {
			return err
		}
		added := Compare(record, sight.Board).Added
		for _, d := range fallen {
			for _, a := range Compare(before, d.Seen).Added {
				if i := slices.Index(added, a); a.C == d.C && i >= 0 && record.At(a.P) == rules.Empty {
					lifted = append(lifted, a)
					added = slices.Delete(added, i, i+1)
				}
			}
		}
		fallen = nil
		// stray returns the index of a new stone of c beside p, or -1.
		stray := func(p Placed) int {
			for i, a := range added {
				if a.C == p.C && beside(a.P, p.P) {
					return i
				}
			}
			return -1
		}
		var missing, left []Placed
		for _, p := range placed {
			if sight.Board.At(p.P) == rules.Empty && (!strayOnly || stray(p) >= 0) {
				missing = append(missing, p)
			}
		}
		for _, l := range lifted {
			if sight.Board.At(l.P) == l.C {
				left = append(left, l)
			}
		}
		if len(missing) == 0 && len(left) == 0 {
			return nil
		}
		if tries == 3 {
			return errmsg.New("err.stones-off-points", pointsOf(append(missing, left...)))
		}
		if len(missing) > 0 {
			o.say("stone-missing", fmt.Sprint(missing), fmt.Sprintf("My stones %v are not where I put them; I will put them right.", missing))
		}
		if len(left) > 0 {
			o.say("stray-lifted", fmt.Sprint(left), fmt.Sprintf("My stones on %v are off their points; I take them off.", left))
		}
		for _, l := range left {
			if err := o.Hand.Take(ctx, l.P, l.C); err != nil {
				return errmsg.Wrap(err, "err.lifting-stray", l.P.String())
			}
		}
		lifted = left
		for _, g := range missing {
			i := stray(g)
			if i < 0 && !strayOnly {
				// It fell further away (the vacuum let go in flight).
				i = slices.IndexFunc(added, func(a Placed) bool { return a.C == g.C })
			}
			if i >= 0 {
				if err := o.Hand.Take(ctx, added[i].P, added[i].C); err != nil {
					return errmsg.Wrap(err, "err.lifting-stray", added[i].P.String())
				}
				lifted = append(lifted, added[i])
				added = slices.Delete(added, i, i+1)
			} else {
				o.loose = append(o.loose, g)
			}
			if err := o.Hand.Place(ctx, g.P, g.C); err != nil {
				return errmsg.Wrap(err, "err.placing-again", g.P.String())
			}
		}
		if err := o.Hand.Park(ctx); err != nil {
			return err
		}
	}
	return nil
}

// drops returns the stones the hand reports fallen since it last asked.
func (o *Opening) drops() []Drop {
	if d, ok := o.Hand.(Dropper); ok {
		return d.Drops()
	}
	return nil
}

// liftLoose takes off the new stones in ch, the change seen on board, that
// are the robot's loose stones (one of its colour beside the point it
// left) and reports whether it lifted any.
func (o *Opening) liftLoose(ctx context.Context, ch Change, board *rules.Board) (bool, error) {
	var found []Placed
	for _, a := range ch.Added {
		if i := slices.IndexFunc(o.loose, func(l Placed) bool { return l.C == a.C && beside(l.P, a.P) }); i >= 0 {
			found = append(found, a)
			o.loose = slices.Delete(o.loose, i, i+1)
		}
	}
	if len(found) == 0 {
		return false, nil
	}
	o.say("stray-lifted", fmt.Sprint(found), fmt.Sprintf("My stones on %v are off their points; I take them off.", found))
	o.drops() // older ones were handled where they fell
	for _, f := range found {
		if err := o.Hand.Take(ctx, f.P, f.C); err != nil {
			return false, errmsg.Wrap(err, "err.lifting-stray", f.P.String())
		}
	}
	if err := o.Hand.Park(ctx); err != nil {
		return false, err
	}
	return true, o.settle(ctx, nil, false, board)
}

// beside reports whether p and q are neighbouring points, diagonals
// included.
func beside(p, q rules.Point) bool { return max(abs(p.X-q.X), abs(p.Y-q.Y)) == 1 }

// personStep waits for the person's action: stones from the camera,
// decisions from the page or a button.
func (o *Opening) personStep(ctx context.Context, step opening.Step) error {
	o.status("opening: " + step.What)
	if o.StepMessage != nil && o.Voice != nil {
		o.Voice.Say(o.StepMessage(step))
	} else {
		o.say("opening-step", step.What, "Your turn in the opening: "+step.What+".")
	}
	person := 1 - o.Robot
	// Nobody has left before they first acted.
	away := newAbsence(o.Abandon, o.record())
	if !o.acted {
		away.after = 0
	}
	for {
		switch ask, left := away.check(); {
		case left:
			return errPersonLeft
		case ask:
			o.say("still-there", "", "Are you still there? Your turn in the opening.")
		}
		record, offers := o.record(), o.Machine.Offers()
		sight, decided, err := o.look(ctx)
		if err != nil || decided {
			return err
		}
		if sight == nil { // a refused decision
			continue
		}
		away.saw(sight.Board)
		ch := Compare(record, sight.Board)
		lifted, err := o.liftLoose(ctx, ch, sight.Board)
		if err != nil {
			return err
		}
		if lifted {
			continue
		}
		var a opening.Action
		switch {
		case slices.Contains(step.Allowed, opening.Choose) && len(ch.Gone) == len(offers)-1 && offersOnly(ch.Gone, offers) &&
			(len(ch.Added) == 0 || len(ch.Added) == 1 && ch.Added[0].C == rules.White):
			// The other offers were taken off: the one left is the choice.
			// A white stone laid in the same reach is the person's sixth
			// move, which the main game reads next.
			for _, p := range offers {
				if sight.Board.At(p) != rules.Empty {
					a = opening.Action{Kind: opening.Choose, Point: p}
				}
			}
		case ch.Kind == NoChange:
			continue
		case slices.Contains(step.Allowed, opening.Choose) && len(ch.Added) == 0 && offersOnly(ch.Gone, offers):
			continue // still taking the other offers off
		case slices.Contains(step.Allowed, opening.Place) && !o.offering && ch.Kind == NewStone && ch.Added[0].C == step.Stone:
			a = opening.Action{Kind: opening.Place, Point: ch.Added[0].P}
		case slices.Contains(step.Allowed, opening.Keep) && !slices.Contains(step.Allowed, opening.Place) && !o.offering && ch.Kind == NewStone:
			// Playing on declines the swap: keep, then take the stone as
			// the next step's move.
			if err := o.Machine.Apply(person, opening.Action{Kind: opening.Keep}); err != nil {
				return err
			}
			if err := o.journal("person", opening.Action{Kind: opening.Keep}, nil); err != nil {
				return err
			}
			o.say("keep", "", "You keep the colours.")
			return nil // the next step reads the stone
		case slices.Contains(step.Allowed, opening.Offer) && len(ch.Gone) == 0 && len(ch.Added) == step.Count && allColour(ch.Added, step.Stone):
			a = opening.Action{Kind: opening.Offer}
			for _, s := range ch.Added {
				a.Points = append(a.Points, s.P)
			}
		case slices.Contains(step.Allowed, opening.Offer) && len(ch.Gone) == 0 && len(ch.Added) < step.Count:
			continue // still placing the offers
		default:
			o.say("board-differs", fmt.Sprint(ch.Added, ch.Gone), fmt.Sprintf("That is not what the opening asks for now (%s); please put the board back.", step.What))
			if err := o.waitFor(ctx, record); err != nil {
				return err
			}
			continue
		}
		if err := o.Machine.Apply(person, a); err != nil {
			o.say("opening-refused", Reason(err), fmt.Sprintf("%v is not allowed: %v. Please take it back.", a, err))
			if err := o.waitFor(ctx, record); err != nil {
				return err
			}
			continue
		}
		o.offering = false
		if err := o.journal("person", a, offers); err != nil {
			return err
		}
		if a.Kind == opening.Choose {
			return o.liftUnchosen(ctx, offers, a.Point)
		}
		return nil
	}
}

// look returns the next steady view, unless a decision arrived from the
// page meanwhile: then it applies it and reports whether it was taken.
// An Offer without points is the person's word that stones to come are
// offers, where one stone could also be the move.
func (o *Opening) look(ctx context.Context) (*Sight, bool, error) {
	select {
	case a := <-o.Decisions:
		person := 1 - o.Robot
		offers := o.Machine.Offers()
		if a.Kind == opening.Offer && len(a.Points) == 0 {
			// "I will offer": the stones that follow are the offers.
			if step := o.Machine.Step(); step.Player == person && slices.Contains(step.Allowed, opening.Offer) {
				o.offering = true
				o.say("step-offer", strconv.Itoa(step.Count), fmt.Sprintf("Put your %d fifth-move offers on the board.", step.Count))
			}
			return nil, false, nil
		}
		if err := o.Machine.Apply(person, a); err != nil {
			o.say("opening-refused", Reason(err), fmt.Sprintf("%v is not allowed now: %v.", a, err))
			return nil, false, nil
		}
		if err := o.journal("person", a, offers); err != nil {
			return nil, true, err
		}
		o.say(a.Kind.String(), a.String(), "You "+a.String()+".")
		if a.Kind == opening.Choose {
			return nil, true, o.liftUnchosen(ctx, offers, a.Point)
		}
		return nil, true, nil
	default:
	}
	s, err := LookFor(ctx, o.Eyes, o.record().At)
	return &s, false, err
}

// liftUnchosen takes the offers not chosen off the board, those still on it.
func (o *Opening) liftUnchosen(ctx context.Context, offers []rules.Point, chosen rules.Point) error {
	sight, err := LookFor(ctx, o.Eyes, actingOn(o.record().At, offers...))
	if err != nil {
		return err
	}
	for _, p := range offers {
		if p != chosen && sight.Board.At(p) == rules.Black {
			if err := o.Hand.Take(ctx, p, rules.Black); err != nil {
				return errmsg.Wrap(err, "err.lifting-offer", p.String())
			}
		}
	}
	return o.Hand.Park(ctx)
}

// waitFor waits until the board matches want again.
func (o *Opening) waitFor(ctx context.Context, want *rules.Board) error {
	for views := 1; ; views++ {
		s, err := LookFor(ctx, o.Eyes, want.At)
		if err != nil {
			return err
		}
		ch := Compare(want, s.Board)
		if ch.Kind == NoChange {
			return nil
		}
		if o.MaxWrongViews > 0 && views >= o.MaxWrongViews {
			return errmsg.New("err.board-differs-opening", views, pointsOf(ch.Added), pointsOf(ch.Gone))
		}
	}
}

func (o *Opening) status(st string) {
	if o.Status != nil {
		o.Status(st)
	}
}

func (o *Opening) say(key, arg, text string) {
	if o.Voice != nil {
		o.Voice.Say(Message{Key: key, Args: []string{arg}, Text: text})
	}
}

// record is what the board should hold now: the opening's stones and the
// fifth moves on offer.
func (o *Opening) record() *rules.Board {
	b := o.Machine.Board()
	for _, p := range o.Machine.Offers() {
		b.Set(p, rules.Black)
	}
	return b
}

// reconcile puts the board of a resumed opening right: it places the
// recorded stones the camera does not see (the arm had not placed them
// when the program stopped, or someone took them) and lifts the unchosen
// offers still on the board, and a stone the hand lost doing so. Other
// stones are the person's to explain.
func (o *Opening) reconcile(ctx context.Context) error {
	want := o.record()
	o.drops() // from before the restart: the board as seen now stands
	sight, err := LookFor(ctx, o.Eyes, actingOn(want.At, o.Unchosen...))
	if err != nil {
		return err
	}
	moved, gone := false, 0
	for _, p := range o.Unchosen {
		switch {
		case want.At(p) != rules.Empty:
		case sight.Board.At(p) == rules.Black:
			if err := o.Hand.Take(ctx, p, rules.Black); err != nil {
				return errmsg.Wrap(err, "err.lifting-offer", p.String())
			}
			moved = true
		default:
			gone++
		}
	}
	// An offer gone from its point was lifted, to the bowl or, if the
	// program stopped with it on the nozzle, onto the board wherever the
	// nozzle was when the port was opened again. One black stone more than
	// the record is that one: the nozzle holds one stone, and nobody else
	// sets a stone while the robot clears the offers.
	ch := Compare(want, sight.Board)
	var extra []Placed
	for _, a := range ch.Added {
		if a.C == rules.Black && !slices.Contains(o.Unchosen, a.P) {
			extra = append(extra, a)
		}
	}
	if gone > 0 && len(extra) == 1 {
		o.say("stray-own", fmt.Sprint(extra), fmt.Sprintf("My stones on %v are not in the game; I take them off.", extra))
		if err := o.Hand.Take(ctx, extra[0].P, rules.Black); err != nil {
			return errmsg.Wrap(err, "err.lifting-offer", extra[0].P.String())
		}
		moved = true
	}
	o.Unchosen = nil
	for _, g := range ch.Gone {
		if sight.Board.At(g.P) != rules.Empty {
			continue
		}
		if err := o.Hand.Place(ctx, g.P, g.C); err != nil {
			return errmsg.Wrap(err, "err.putting-opening-back", g.P.String())
		}
		moved = true
	}
	if !moved {
		return nil
	}
	if err := o.Hand.Park(ctx); err != nil {
		return err
	}
	return o.settle(ctx, nil, false, sight.Board)
}

// journal records an action; a choice keeps the offers it chose among,
// so that a resumed game knows which to lift.
func (o *Opening) journal(by string, a opening.Action, offers []rules.Point) error {
	if by == "person" {
		o.acted = true
	}
	if o.Journal == nil {
		return nil
	}
	e := Entry{Type: EntryOpening, By: by, Action: a.String()}
	if a.Kind == opening.Choose {
		e.Detail = rules.FormatPoints(offers)
	}
	return o.Journal.Append(e)
}

// ParseAction reads an opening action as opening.Action.String writes it
// (a journal's "action"): "place h8", "pass", "swap", "keep", "declare
// 3", "offer g6 g7", "choose g6".
func ParseAction(s string, size int) (opening.Action, error) {
	verb, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	rest = strings.TrimSpace(rest)
	kinds := map[string]opening.ActionKind{"place": opening.Place, "pass": opening.Pass, "swap": opening.Swap,
		"keep": opening.Keep, "declare": opening.Declare, "offer": opening.Offer, "choose": opening.Choose}
	k, ok := kinds[verb]
	if !ok {
		return opening.Action{}, errmsg.New("err.action-verb", strconv.Quote(s), strconv.Quote(verb))
	}
	a := opening.Action{Kind: k}
	var err error
	switch k {
	case opening.Place, opening.Choose:
		a.Point, err = rules.ParsePoint(rest, size)
	case opening.Offer:
		a.Points, err = rules.ParsePoints(rest, size)
		if err == nil && len(a.Points) == 0 {
			err = errors.New("no points")
		}
	case opening.Declare:
		a.N, err = strconv.Atoi(rest)
	default:
		if rest != "" {
			err = fmt.Errorf("%s takes nothing after it", verb)
		}
	}
	if err != nil {
		return opening.Action{}, errmsg.Wrap(err, "err.action", strconv.Quote(s))
	}
	return a, nil
}

// playOpening plays the session's opening over the board, or what is
// left of it after a resume, carries its moves into the main game and
// seats the players by its result.
func (s *Session) playOpening(ctx context.Context) error {
	o := s.Opening
	if o.Eyes == nil {
		o.Eyes = s.Eyes
	}
	if o.Hand == nil {
		o.Hand = s.Hand
	}
	if o.Voice == nil {
		o.Voice = s.Voice
	}
	if o.Journal == nil {
		o.Journal = s.Journal
	}
	if o.Status == nil {
		o.Status = s.setStatus
	}
	if o.MaxWrongViews == 0 {
		o.MaxWrongViews = s.MaxWrongViews
	}
	if o.Abandon == 0 {
		o.Abandon = s.Abandon
	}
	res, err := o.Run(ctx)
	if errors.Is(err, errPersonLeft) {
		// The game so far, the person's loss in the colour they held.
		if err := s.StartFrom(opening.Result{Moves: o.Machine.Moves()}); err != nil {
			return err
		}
		person := rules.White
		if o.Machine.Black() != o.Robot {
			person = rules.Black
		}
		s.Opening = nil
		return s.abandoned(person)
	}
	if err != nil {
		return fmt.Errorf("opening: %w", err)
	}
	if err := s.StartFrom(res); err != nil {
		return err
	}
	// The robot holds Black in the main game if its seat does.
	if robotBlack := res.Black == o.Robot; (s.Black != nil) != robotBlack {
		s.Black, s.White = s.White, s.Black
		s.Config.Black, s.Config.White = s.Config.White, s.Config.Black
	}
	s.event(fmt.Sprintf("opening over: %s plays Black, %s White", s.Config.Black, s.Config.White))
	s.Opening = nil
	return nil
}

// StartFrom plays an opening's moves into the session's referee and
// journal, so the main game carries on from them; moves the referee has
// already (a resumed game) are skipped.
func (s *Session) StartFrom(r opening.Result) error {
	for i := len(s.Referee.Moves()); i < len(r.Moves); i++ {
		m := r.Moves[i]
		if err := s.Journal.Append(Entry{Type: EntryMove, Move: i + 1, Color: m.Color.String(), Point: m.Point.String(), By: "opening"}); err != nil {
			return err
		}
		if _, err := s.Referee.Play(m.Color, m.Point); err != nil {
			return fmt.Errorf("opening move %d %v: %w", i+1, m.Point, err)
		}
		s.times = append(s.times, 0)
	}
	s.openings = len(r.Moves)
	return nil
}

// OpeningEngine is an engine that makes opening decisions (ai.Engine).
type OpeningEngine interface {
	OpeningAction(ctx context.Context, m *opening.Machine, me opening.Player, rule rules.Rule, reading rules.Reading) (opening.Action, error)
}

// EngineDecider makes the robot's opening decisions with its engine's
// searches.
type EngineDecider struct {
	Engine  OpeningEngine
	Me      opening.Player
	Rule    rules.Rule
	Reading rules.Reading
}

// DecideOpening implements OpeningDecider.
func (d EngineDecider) DecideOpening(ctx context.Context, m *opening.Machine) (opening.Action, error) {
	return d.Engine.OpeningAction(ctx, m, d.Me, d.Rule, d.Reading)
}

// offersOnly reports whether every stone in gone is one of the offers.
func offersOnly(gone []Placed, offers []rules.Point) bool {
	for _, g := range gone {
		if !slices.Contains(offers, g.P) {
			return false
		}
	}
	return len(gone) > 0
}

func allColour(ps []Placed, c rules.Color) bool {
	for _, p := range ps {
		if p.C != c {
			return false
		}
	}
	return true
}

// openingRefusals are the catalogue keys of the opening protocol's
// refusals (the referee words the same ones).
var openingRefusals = []struct {
	err error
	key string
}{
	{opening.ErrWrongPlayer, "opening-wrong-player"},
	{opening.ErrNotAllowed, "opening-not-allowed"},
	{opening.ErrBadPoint, "opening-bad-point"},
	{opening.ErrSymmetric, "opening-symmetric"},
	{opening.ErrBadNumber, "opening-bad-number"},
	{opening.ErrDone, "opening-done"},
}

// Reason is a refusal as a message's argument (i18n's "message" kind):
// the catalogue key that words it when there is one (a message without
// arguments, a refusal of the opening protocol), else err's text, shown
// as it is.
func Reason(err error) string {
	var m *errmsg.Error
	if errors.As(err, &m) && len(m.Args) == 0 {
		return m.Key
	}
	if key, ok := OpeningRefusal(err); ok {
		return key
	}
	return err.Error()
}

// OpeningRefusal is the catalogue key of an opening protocol's refusal
// in err's chain, if there is one.
func OpeningRefusal(err error) (string, bool) {
	for _, r := range openingRefusals {
		if errors.Is(err, r.err) {
			return r.key, true
		}
	}
	return "", false
}

// errPersonLeft ends an opening whose person left (Opening.Abandon).
var errPersonLeft = errors.New("the person left")
