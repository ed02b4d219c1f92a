package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/opening"
)

// Opening plays an opening protocol over the real board before the main
// game: the robot places its stones (several offered fifth moves
// included) and lifts the offers not chosen; the person's stones are
// read by the camera, and their swaps, declarations and choices come
// from the page or a button (Decisions) — a choice may also be made by
// taking the other offers off the board.
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
}

// OpeningDecider makes the robot's decisions in an opening.
type OpeningDecider interface {
	DecideOpening(ctx context.Context, m *opening.Machine) (opening.Action, error)
}

// Run plays the opening to its end and returns its result.
func (o *Opening) Run(ctx context.Context) (opening.Result, error) {
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
	a, err := o.Decider.DecideOpening(ctx, o.Machine)
	if err != nil {
		return fmt.Errorf("opening decision: %w", err)
	}
	step := o.Machine.Step()
	offers := o.Machine.Offers()
	if err := o.Machine.Apply(o.Robot, a); err != nil {
		return fmt.Errorf("the robot's own opening action %v was refused: %w", a, err)
	}
	switch a.Kind {
	case opening.Place:
		o.say("robot-move", a.Point.String(), "I play "+a.Point.String()+".")
		return o.place(ctx, a.Point, step.Stone)
	case opening.Offer:
		o.say("offer", fmt.Sprint(a.Points), fmt.Sprintf("I offer %v as the fifth move; choose one.", a.Points))
		for _, p := range a.Points {
			if err := o.place(ctx, p, step.Stone); err != nil {
				return err
			}
		}
	case opening.Choose:
		o.say("choose", a.Point.String(), fmt.Sprintf("I choose %v; I take the other offers off.", a.Point))
		for _, p := range offers {
			if p != a.Point {
				if err := o.Hand.Take(ctx, p, rules.Black); err != nil {
					return fmt.Errorf("lifting the offer %v: %w", p, err)
				}
			}
		}
	default:
		o.say(a.Kind.String(), a.String(), "I "+a.String()+".")
	}
	return o.Hand.Park(ctx)
}

// place puts a stone down with the arm.
func (o *Opening) place(ctx context.Context, p rules.Point, c rules.Color) error {
	if err := o.Hand.Place(ctx, p, c); err != nil {
		return fmt.Errorf("placing %v: %w", p, err)
	}
	return nil
}

// personStep waits for the person's action: stones from the camera,
// decisions from the page or a button.
func (o *Opening) personStep(ctx context.Context, step opening.Step) error {
	if o.StepMessage != nil && o.Voice != nil {
		o.Voice.Say(o.StepMessage(step))
	} else {
		o.say("opening-step", step.What, "Your turn in the opening: "+step.What+".")
	}
	person := 1 - o.Robot
	for {
		// The board should hold the opening's stones and any offers.
		record := o.Machine.Board()
		offers := o.Machine.Offers()
		for _, p := range offers {
			record.Set(p, rules.Black)
		}
		sight, decided, err := o.look(ctx)
		if err != nil || decided {
			return err
		}
		if sight == nil { // a refused decision
			continue
		}
		ch := Compare(record, sight.Board)
		var a opening.Action
		switch {
		case slices.Contains(step.Allowed, opening.Choose) && len(ch.Added) == 0 && len(ch.Gone) == len(offers)-1:
			// The other offers were taken off: the one left is the choice.
			for _, p := range offers {
				if sight.Board.At(p) != rules.Empty {
					a = opening.Action{Kind: opening.Choose, Point: p}
				}
			}
		case ch.Kind == NoChange:
			continue
		case slices.Contains(step.Allowed, opening.Place) && ch.Kind == NewStone && ch.Added[0].C == step.Stone:
			a = opening.Action{Kind: opening.Place, Point: ch.Added[0].P}
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
			o.say("opening-refused", err.Error(), fmt.Sprintf("%v is not allowed: %v. Please take it back.", a, err))
			if err := o.waitFor(ctx, record); err != nil {
				return err
			}
			continue
		}
		if a.Kind == opening.Choose {
			return o.liftUnchosen(ctx, offers, a.Point)
		}
		return nil
	}
}

// look returns the next steady view, unless a decision arrived from the
// page meanwhile: then it applies it and reports whether it was taken.
func (o *Opening) look(ctx context.Context) (*Sight, bool, error) {
	select {
	case a := <-o.Decisions:
		person := 1 - o.Robot
		offers := o.Machine.Offers()
		if err := o.Machine.Apply(person, a); err != nil {
			o.say("opening-refused", err.Error(), fmt.Sprintf("%v is not allowed now: %v.", a, err))
			return nil, false, nil
		}
		o.say(a.Kind.String(), a.String(), "You "+a.String()+".")
		if a.Kind == opening.Choose {
			return nil, true, o.liftUnchosen(ctx, offers, a.Point)
		}
		return nil, true, nil
	default:
	}
	s, err := o.Eyes.Look(ctx)
	return &s, false, err
}

// liftUnchosen takes the offers not chosen off the board, those still on it.
func (o *Opening) liftUnchosen(ctx context.Context, offers []rules.Point, chosen rules.Point) error {
	sight, err := o.Eyes.Look(ctx)
	if err != nil {
		return err
	}
	for _, p := range offers {
		if p != chosen && sight.Board.At(p) == rules.Black {
			if err := o.Hand.Take(ctx, p, rules.Black); err != nil {
				return fmt.Errorf("lifting the offer %v: %w", p, err)
			}
		}
	}
	return o.Hand.Park(ctx)
}

// waitFor waits until the board matches want again.
func (o *Opening) waitFor(ctx context.Context, want *rules.Board) error {
	for {
		s, err := o.Eyes.Look(ctx)
		if err != nil {
			return err
		}
		if Compare(want, s.Board).Kind == NoChange {
			return nil
		}
	}
}

func (o *Opening) say(key, arg, text string) {
	if o.Voice != nil {
		o.Voice.Say(Message{Key: key, Args: []string{arg}, Text: text})
	}
}

// StartFrom plays an opening's moves into the session's referee and
// journal, so the main game carries on from them.
func (s *Session) StartFrom(r opening.Result) error {
	for i, m := range r.Moves {
		if err := s.Journal.Append(Entry{Type: EntryMove, Move: i + 1, Color: m.Color.String(), Point: m.Point.String(), By: "opening"}); err != nil {
			return err
		}
		if _, err := s.Referee.Play(m.Color, m.Point); err != nil {
			return fmt.Errorf("opening move %d %v: %w", i+1, m.Point, err)
		}
		s.times = append(s.times, 0)
	}
	return nil
}

// EngineDecider makes opening decisions by searching with an engine:
// it places the engine's move (or the allowed point nearest to it),
// swaps when the colour it would keep stands worse, declares the fewest
// offers, offers the points best for Black that are not symmetric to
// each other, and chooses the offer best for White.
type EngineDecider struct {
	Player ai.Player
	Rule   rules.Rule
	// Think is the time for each position it weighs [200 ms].
	Think time.Duration
}

// DecideOpening implements OpeningDecider.
func (d EngineDecider) DecideOpening(ctx context.Context, m *opening.Machine) (opening.Action, error) {
	step := m.Step()
	has := func(k opening.ActionKind) bool { return slices.Contains(step.Allowed, k) }
	switch {
	case has(opening.Swap) && has(opening.Keep):
		return d.swapOrKeep(ctx, m, step)
	case has(opening.Declare):
		return opening.Action{Kind: opening.Declare, N: max(step.Min, 1)}, nil
	case has(opening.Choose):
		return d.choose(ctx, m)
	case has(opening.Offer):
		return d.offer(ctx, m, step)
	case has(opening.Place):
		return d.place(ctx, m, step)
	case has(opening.Swap):
		return opening.Action{Kind: opening.Swap}, nil
	case has(opening.Pass):
		return opening.Action{Kind: opening.Pass}, nil
	}
	return opening.Action{}, errors.New("no action the engine knows how to decide")
}

func (d EngineDecider) think() time.Duration {
	if d.Think > 0 {
		return d.Think
	}
	return 200 * time.Millisecond
}

// eval searches b with colour toMove to play and returns the score from
// Black's side, and the move found.
func (d EngineDecider) eval(ctx context.Context, b *rules.Board, toMove rules.Color) (int, rules.Point, error) {
	pos := ai.Position{Size: b.Size(), Rule: d.Rule, ToMove: toMove}
	for y := 0; y < b.Size(); y++ {
		for x := 0; x < b.Size(); x++ {
			p := rules.Point{X: x, Y: y}
			if c := b.At(p); c != rules.Empty {
				pos.Stones = append(pos.Stones, ai.Stone{P: p, C: c})
			}
		}
	}
	res, err := d.Player.Think(ctx, pos, ai.Limits{TurnTime: d.think()}, nil)
	if err != nil {
		return 0, rules.Pass, err
	}
	if toMove == rules.White {
		return -res.Score, res.Move, nil
	}
	return res.Score, res.Move, nil
}

// nextColour is the colour of the next stone on b: Black when the counts
// are even.
func nextColour(b *rules.Board) rules.Color {
	if b.Count(rules.Black) > b.Count(rules.White) {
		return rules.White
	}
	return rules.Black
}

func (d EngineDecider) swapOrKeep(ctx context.Context, m *opening.Machine, step opening.Step) (opening.Action, error) {
	b := m.Board()
	black, _, err := d.eval(ctx, b, nextColour(b))
	if err != nil {
		return opening.Action{}, err
	}
	// Keeping, the deciding player plays the colour it holds now.
	mine := rules.White
	if m.Black() == step.Player {
		mine = rules.Black
	}
	value := black
	if mine == rules.White {
		value = -black
	}
	if value < 0 {
		return opening.Action{Kind: opening.Swap}, nil
	}
	return opening.Action{Kind: opening.Keep}, nil
}

func (d EngineDecider) place(ctx context.Context, m *opening.Machine, step opening.Step) (opening.Action, error) {
	b := m.Board()
	_, move, err := d.eval(ctx, b, step.Stone)
	if err != nil {
		return opening.Action{}, err
	}
	if !move.IsPass() && m.CanPlace(move) == nil {
		return opening.Action{Kind: opening.Place, Point: move}, nil
	}
	// The engine's move lies outside the allowed area: the allowed point
	// nearest to it.
	best, bestD := rules.Pass, 1<<30
	n := b.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := rules.Point{X: x, Y: y}
			if m.CanPlace(p) != nil {
				continue
			}
			dd := (p.X-move.X)*(p.X-move.X) + (p.Y-move.Y)*(p.Y-move.Y)
			if move.IsPass() {
				c := rules.Centre(n)
				dd = (p.X-c.X)*(p.X-c.X) + (p.Y-c.Y)*(p.Y-c.Y)
			}
			if dd < bestD {
				best, bestD = p, dd
			}
		}
	}
	if best.IsPass() {
		return opening.Action{}, fmt.Errorf("no point is allowed for %s", step.What)
	}
	return opening.Action{Kind: opening.Place, Point: best}, nil
}

// candidates are the empty points next to stones, nearest first.
func candidates(b *rules.Board) []rules.Point {
	var out []rules.Point
	n := b.Size()
	for r := 1; r <= 2 && len(out) < 24; r++ {
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				p := rules.Point{X: x, Y: y}
				if b.At(p) != rules.Empty || slices.Contains(out, p) {
					continue
				}
				for dy := -r; dy <= r; dy++ {
					for dx := -r; dx <= r; dx++ {
						if q := (rules.Point{X: x + dx, Y: y + dy}); q.In(n) && b.At(q) != rules.Empty && !slices.Contains(out, p) {
							out = append(out, p)
						}
					}
				}
			}
		}
	}
	return out
}

type scored struct {
	p     rules.Point
	black int
}

// weigh scores each candidate move of colour c by the engine's view of
// the position after it (from Black's side).
func (d EngineDecider) weigh(ctx context.Context, b *rules.Board, c rules.Color, pts []rules.Point) ([]scored, error) {
	var out []scored
	for _, p := range pts {
		b.Set(p, c)
		v, _, err := d.eval(ctx, b, c.Opponent())
		b.Set(p, rules.Empty)
		if err != nil {
			return nil, err
		}
		out = append(out, scored{p, v})
	}
	return out, nil
}

func (d EngineDecider) offer(ctx context.Context, m *opening.Machine, step opening.Step) (opening.Action, error) {
	b := m.Board()
	var pts []rules.Point
	for _, p := range candidates(b) {
		if m.CanPlace(p) == nil || step.Side == 0 {
			pts = append(pts, p)
		}
	}
	ws, err := d.weigh(ctx, b, step.Stone, pts)
	if err != nil {
		return opening.Action{}, err
	}
	slices.SortStableFunc(ws, func(a, c scored) int { return c.black - a.black })
	var chosen []rules.Point
	for _, w := range ws {
		if len(chosen) == step.Count {
			break
		}
		if !slices.ContainsFunc(chosen, func(q rules.Point) bool { return opening.Equivalent(b, q, w.p) }) {
			chosen = append(chosen, w.p)
		}
	}
	if len(chosen) < step.Count {
		return opening.Action{}, fmt.Errorf("found only %d distinct offers of %d", len(chosen), step.Count)
	}
	return opening.Action{Kind: opening.Offer, Points: chosen}, nil
}

func (d EngineDecider) choose(ctx context.Context, m *opening.Machine) (opening.Action, error) {
	ws, err := d.weigh(ctx, m.Board(), rules.Black, m.Offers())
	if err != nil {
		return opening.Action{}, err
	}
	if len(ws) == 0 {
		return opening.Action{}, errors.New("nothing was offered")
	}
	best := slices.MinFunc(ws, func(a, c scored) int { return a.black - c.black })
	return opening.Action{Kind: opening.Choose, Point: best.p}, nil
}

func allColour(ps []Placed, c rules.Color) bool {
	for _, p := range ps {
		if p.C != c {
			return false
		}
	}
	return true
}
