package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"tengen/ai"
	"tengen/game"
	"tengen/rules"
	"tengen/rules/opening"
)

// Person is the simulated visitor at the table. Each camera frame is one
// step of their life: they notice it is their turn, think (with an engine
// level), reach over the board for a few frames, and put a stone near the
// intersection they chose.
type Person struct {
	Color  rules.Color
	Player ai.Player
	Rule   rules.Rule
	Limits ai.Limits
	// Noise is the standard deviation (mm, per axis) of where their stones
	// land around the intersection.
	Noise float64
	// ReachFrames is how many frames their hand covers the board per move.
	ReachFrames int
	// PushRate is the chance, per move, that their sleeve pushes one of the
	// robot's stones onto a neighbouring point as they withdraw.
	PushRate float64
	// PushRoll, if set, decides instead of PushRate whether they push.
	PushRoll func() bool
	// Done tells the person the game is over.
	Done func() bool
	// Turn, if set, tells the person which move number the game waits for
	// from them (0: none). They do not play while the robot is still busy
	// with its own (a stone of its that fell or landed astray is not their
	// cue), and they play each move number once: while the robot puts its
	// own stones right the game still waits for the stone they laid.
	Turn func() int
	// Recorded, if set, counts a colour's stones in the game's record: a
	// person whose stones on the board outnumber theirs in the record has
	// laid a move the game has yet to take, and does not lay another, even
	// when a stray stone of the robot's makes the board look their turn.
	Recorded func(rules.Color) int

	// Opening, if set, is the opening protocol being played: until it is
	// over the person acts at their steps of it, and then plays the colour
	// it gave them.
	Opening *OpeningSeat

	rng    *rand.Rand
	reach  int
	target rules.Point
	// turn is the move number of the stone in hand or last laid.
	turn int
	// Played lists the points the person really played in the main game,
	// in order.
	Played []rules.Point
	// Pushes counts the stones they pushed.
	Pushes int
	// Brought counts the stones the person brought to the board and left
	// there: their moves and offers, less the offers they took off.
	Brought int
	// OpeningMoves is how many moves the opening made (the main game's
	// record starts with them).
	OpeningMoves int

	chores       []chore              // stones to put down or take off, one reach each
	putInOpening map[rules.Point]bool // where the person put stones in the opening
	waitFor      string               // the opening's state when the person last acted
	byHand       bool                 // that action was done with stones
}

// OpeningSeat is the person's place in an opening protocol. They decide
// with an engine's opening judgement; stones go on and off the board by
// hand, and what cannot be done with stones (swap, keep, declare, pass,
// and choosing among more than two offers) is said on the page or with a
// button: sent on Say.
//
// Choosing is physical with two offers, as at a renju table: the person
// takes the one they do not want off the board. With more, taking all
// but one off would be a long chore, so they point at it on the page
// and the robot lifts the others.
type OpeningSeat struct {
	Machine *opening.Machine
	Me      opening.Player
	Engine  game.OpeningEngine
	Reading rules.Reading
	Say     chan<- opening.Action
}

// chore is one stone the person puts down (take false) or takes off.
type chore struct {
	take bool
	c    rules.Color
	at   rules.Point
}

// NewPerson returns a person playing colour c with player p.
func NewPerson(c rules.Color, p ai.Player, rule rules.Rule, seed uint64) *Person {
	return &Person{Color: c, Player: p, Rule: rule, Noise: 2, ReachFrames: 3,
		Limits: ai.Limits{TurnTime: 200e6}, rng: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
}

// Follow makes the person play the game g: they are done when it is over
// and play when it waits for their colour.
func (p *Person) Follow(g *rules.Game) {
	p.Done = g.Over
	p.Turn = func() int {
		if g.Over() || g.ToMove() != p.Color {
			return 0
		}
		return len(g.Moves()) + 1
	}
	p.Recorded = func(c rules.Color) int { return g.Board().Count(c) }
}

// Step advances the person by one frame.
func (p *Person) Step(ctx context.Context, w *World) error {
	if p.Opening != nil {
		return p.openingStep(ctx, w)
	}
	if p.reach > 0 {
		p.reach--
		if p.reach == 0 {
			p.put(w)
		}
		return nil
	}
	if p.Done != nil && p.Done() {
		return nil
	}
	truth, _ := w.Truth()
	mine, theirs := truth.Count(p.Color), truth.Count(p.Color.Opponent())
	if !(p.Color == rules.Black && mine == theirs || p.Color == rules.White && mine < theirs) {
		return nil
	}
	if p.Recorded != nil && mine > p.Recorded(p.Color) {
		return nil // their move lies on the board, not yet taken
	}
	turn := 0
	if p.Turn != nil {
		// A resumed robot carries the opening's moves into its record a
		// moment after the opening is seen over: until then the record's
		// turn is not the board's.
		if turn = p.Turn(); turn == 0 || turn <= p.turn || turn <= p.OpeningMoves {
			return nil
		}
	}
	if hasFive(truth, p.Color.Opponent(), p.Rule) {
		return nil // they see they have lost
	}
	pos := ai.Position{Size: truth.Size(), Rule: p.Rule, ToMove: p.Color}
	for y := 0; y < truth.Size(); y++ {
		for x := 0; x < truth.Size(); x++ {
			q := rules.Point{X: x, Y: y}
			if c := truth.At(q); c != rules.Empty {
				pos.Stones = append(pos.Stones, ai.Stone{P: q, C: c})
			}
		}
	}
	res, err := p.Player.Think(ctx, pos, p.Limits, nil)
	if err != nil {
		return fmt.Errorf("simulated person: %w", err)
	}
	if res.Move.IsPass() || truth.At(res.Move) != rules.Empty {
		return fmt.Errorf("simulated person: engine chose %v on a taken point", res.Move)
	}
	p.target, p.turn = res.Move, turn
	p.reach = max(1, p.ReachFrames)
	w.SetHand(&Hand{Over: res.Move, Radius: 60})
	return nil
}

// put lays the stone and withdraws the hand, maybe pushing a stone. A
// game that ended meanwhile keeps the stone in the hand.
func (p *Person) put(w *World) {
	w.SetHand(nil)
	if p.Done != nil && p.Done() {
		return
	}
	w.Put(p.Color, p.target, p.rng.NormFloat64()*p.Noise, p.rng.NormFloat64()*p.Noise)
	p.Played = append(p.Played, p.target)
	p.Brought++
	if p.PushRoll != nil && p.PushRoll() || p.PushRoll == nil && p.PushRate > 0 && p.rng.Float64() < p.PushRate {
		p.push(w)
	}
}

// push moves one of the other colour's stones next to the target onto a
// free neighbouring point.
func (p *Person) push(w *World) {
	truth, _ := w.Truth()
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}} {
		from := rules.Point{X: p.target.X + d[0], Y: p.target.Y + d[1]}
		to := rules.Point{X: from.X + d[0], Y: from.Y + d[1]}
		if !from.In(truth.Size()) || !to.In(truth.Size()) || truth.At(from) != p.Color.Opponent() || truth.At(to) != rules.Empty {
			continue
		}
		at := w.Layout.Intersection(from)
		if c, ok := w.Take(at, w.pitch()/2); ok {
			w.Put(c, to, p.rng.NormFloat64()*p.Noise, p.rng.NormFloat64()*p.Noise)
			p.Pushes++
		}
		return
	}
}

// hasFive reports whether colour c has a winning line on b.
func hasFive(b *rules.Board, c rules.Color, r rules.Rule) bool {
	b = b.Clone()
	n := b.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			q := rules.Point{X: x, Y: y}
			if b.At(q) != c {
				continue
			}
			b.Set(q, rules.Empty)
			won := b.Wins(q, c, r)
			b.Set(q, c)
			if won {
				return true
			}
		}
	}
	return false
}

// openingStep is a frame of the opening: carry out the chore in hand,
// or, at the person's step, decide and start the next action.
func (p *Person) openingStep(ctx context.Context, w *World) error {
	o := p.Opening
	if p.reach > 0 {
		p.reach--
		if p.reach == 0 {
			p.doChore(w)
		}
		return nil
	}
	if len(p.chores) > 0 {
		p.reach = max(1, p.ReachFrames)
		w.SetHand(&Hand{Over: p.chores[0].at, Radius: 60})
		return nil
	}
	m := o.Machine
	if m.Done() {
		p.Color = rules.White
		if m.Black() == o.Me {
			p.Color = rules.Black
		}
		p.OpeningMoves = len(m.Moves())
		p.Opening = nil
		return nil
	}
	// Act once per step: wait until the robot has taken in the last action.
	// Stones put on or taken off that the robot put back as they were (a
	// resumed robot restores its record) are put right again.
	state := openingState(m)
	if state == p.waitFor && p.byHand && asRecorded(w, m) {
		p.waitFor = ""
	}
	if m.Step().Player != o.Me || state == p.waitFor || len(o.Say) > 0 || !shows(w, m) {
		return nil
	}
	a, err := o.Engine.OpeningAction(ctx, m, o.Me, p.Rule, o.Reading)
	if err != nil {
		return fmt.Errorf("simulated person in the opening: %w", err)
	}
	p.waitFor = state
	step := m.Step()
	if done, err := p.alreadyOnBoard(w, m, a); done || err != nil {
		p.byHand = done
		return err
	}
	switch {
	case a.Kind == opening.Place:
		p.chores = append(p.chores, chore{c: step.Stone, at: a.Point})
	case a.Kind == opening.Offer:
		if slices.Contains(step.Allowed, opening.Place) {
			o.Say <- opening.Action{Kind: opening.Offer} // "I will offer", before the first stone
		}
		for _, q := range a.Points {
			p.chores = append(p.chores, chore{c: step.Stone, at: q})
		}
	case a.Kind == opening.Choose && len(m.Offers()) <= 2:
		for _, q := range m.Offers() {
			if q != a.Point {
				p.chores = append(p.chores, chore{take: true, c: rules.Black, at: q})
			}
		}
	default:
		o.Say <- a // the channel holds one: checked empty above
	}
	p.byHand = len(p.chores) > 0
	return nil
}

// alreadyOnBoard handles a step the person finds partly or wholly done:
// after a restart the board can hold the stones they put just before it,
// which the robot had not yet taken in (the opening's record lacks them).
// A person sees their own stones there and does not put them again: as
// many stones of the step's colour as the action puts are the action
// done (the robot will take them in), and fewer offers than asked are
// taken off to be offered again whole. Other new stones (the robot's
// strays) are left to the robot.
func (p *Person) alreadyOnBoard(w *World, m *opening.Machine, a opening.Action) (bool, error) {
	truth, _ := w.Truth()
	ch := game.Compare(recorded(m), truth)
	step := m.Step()
	puts := 0
	switch a.Kind {
	case opening.Place:
		puts = 1
	case opening.Offer:
		puts = step.Count
	}
	if len(ch.Added) == 0 || len(ch.Gone) > 0 || len(ch.Added) > puts ||
		slices.ContainsFunc(ch.Added, func(s game.Placed) bool { return s.C != step.Stone }) {
		return false, nil
	}
	if len(ch.Added) == puts {
		return true, nil
	}
	for _, s := range ch.Added {
		p.chores = append(p.chores, chore{take: true, c: s.C, at: s.P})
	}
	return false, nil
}

// doChore puts down or takes off the stone of the first chore and
// withdraws the hand.
func (p *Person) doChore(w *World) {
	c := p.chores[0]
	p.chores = p.chores[1:]
	w.SetHand(nil)
	if !c.take {
		w.Put(c.c, c.at, p.rng.NormFloat64()*p.Noise, p.rng.NormFloat64()*p.Noise)
		p.Brought++
		if p.putInOpening == nil {
			p.putInOpening = map[rules.Point]bool{}
		}
		p.putInOpening[c.at] = true
		return
	}
	if _, ok := w.Take(w.Layout.Intersection(c.at), w.pitch()/2); ok {
		p.Brought--
	}
}

// shows reports whether the board holds every stone the opening has
// recorded: the robot may announce its stones before its arm (slowed by
// a fault, say) has put them all down, and the person waits for them.
func shows(w *World, m *opening.Machine) bool {
	truth, _ := w.Truth()
	for _, mv := range m.Moves() {
		if !mv.Point.IsPass() && truth.At(mv.Point) != mv.Color {
			return false
		}
	}
	for _, q := range m.Offers() {
		if truth.At(q) != rules.Black {
			return false
		}
	}
	return true
}

// recorded is the board as the opening has it: its stones and the offers.
func recorded(m *opening.Machine) *rules.Board {
	b := m.Board()
	for _, q := range m.Offers() {
		b.Set(q, rules.Black)
	}
	return b
}

// asRecorded reports whether the board holds exactly what the opening has
// recorded.
func asRecorded(w *World, m *opening.Machine) bool {
	truth, off := w.Truth()
	return len(off) == 0 && game.Compare(recorded(m), truth).Kind == game.NoChange
}

// openingState tells one state of an opening from the next.
func openingState(m *opening.Machine) string {
	st := m.Step()
	return fmt.Sprint(len(m.Moves()), m.Offers(), m.Black(), m.Declared(), st.Player, st.Allowed, st.What)
}
