package game

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/rules/record"
)

// The robot is the first player of a RIF opening: it sets the opening,
// the person keeps the colours (on the page), plays White 4 on the board,
// the robot offers two fifth moves and the person chooses one by taking
// the other off. With glare on an unplayed point all along (a point the
// eyes cannot vouch for, reading empty), the opening goes the same way.
func TestRIFOpeningOverTheBoard(t *testing.T) {
	for _, glare := range []bool{false, true} {
		t.Run(fmt.Sprint("glare ", glare), func(t *testing.T) { rifOpeningOverTheBoard(t, glare) })
	}
}

func rifOpeningOverTheBoard(t *testing.T, glare bool) {
	proto, err := opening.ByName("rif")
	if err != nil {
		t.Fatal(err)
	}
	m, err := opening.New(proto, 15)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTable(15)
	decisions := make(chan opening.Action, 1)
	decisions <- opening.Action{Kind: opening.Keep}
	white4 := pts(t, "k10")[0]
	var removed rules.Point
	tb.script = func(n int, b *rules.Board) {
		switch stones := b.Count(rules.Black) + b.Count(rules.White); {
		case stones == 3 && len(decisions) == 0 && b.At(white4) == rules.Empty:
			b.Set(white4, rules.White)
		case stones == 6 && removed == (rules.Point{}):
			// Take the first offer off: the other one is the choice.
			for _, p := range m.Offers() {
				b.Set(p, rules.Empty)
				removed = p
				break
			}
		}
	}
	o := &Opening{Machine: m, Robot: opening.First, Eyes: tb, Hand: tb, Decisions: decisions,
		Decider: EngineDecider{Engine: ai.NewEngine(ai.EngineOptions{Level: 4, Seed: 1, Threads: 1}), Me: opening.First, Rule: rules.Renju}}
	if glare {
		o.Eyes = &glaringTable{table: tb, glare: pts(t, "n1")[0], views: 1 << 30}
	}
	o.Voice = voiceT{t}
	res, err := o.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Moves) != 5 || res.Black != opening.First || res.NextColor != rules.White {
		t.Fatalf("result %+v", res)
	}
	if _, _, err := opening.Identify([3]rules.Point{res.Moves[0].Point, res.Moves[1].Point, res.Moves[2].Point}, 15); err != nil {
		t.Errorf("the robot's first three moves are not one of the 26 openings: %v", err)
	}
	if res.Moves[3].Point != white4 || res.Moves[4].Point == removed {
		t.Errorf("moves %v (white 4 %v, removed offer %v)", res.Moves, white4, removed)
	}
	// The board holds exactly the opening's five stones.
	if n := tb.board.Count(rules.Black) + tb.board.Count(rules.White); n != 5 {
		t.Errorf("%d stones on the board, want 5", n)
	}
	// The main game carries on from the opening.
	s, _ := newSession(t, rules.Renju, rules.White, "", tb)
	if err := s.StartFrom(res); err != nil {
		t.Fatal(err)
	}
	if s.Referee.ToMove() != rules.White || len(s.Referee.Moves()) != 5 {
		t.Errorf("after the opening: %v to move, %d moves", s.Referee.ToMove(), len(s.Referee.Moves()))
	}
}

type voiceT struct{ t *testing.T }

func (v voiceT) Say(m Message) { v.t.Log(m.Text) }

// planned makes the robot's opening decisions from a plan: it keeps the
// colours, places the planned stones in turn, offers the planned points
// and chooses the last offer.
type planned struct {
	places, offers []rules.Point
	i              int
}

func (p *planned) DecideOpening(ctx context.Context, m *opening.Machine) (opening.Action, error) {
	st := m.Step()
	switch {
	case slices.Contains(st.Allowed, opening.Keep):
		return opening.Action{Kind: opening.Keep}, nil
	case slices.Contains(st.Allowed, opening.Choose):
		return opening.Action{Kind: opening.Choose, Point: m.Offers()[len(m.Offers())-1]}, nil
	case slices.Contains(st.Allowed, opening.Offer):
		return opening.Action{Kind: opening.Offer, Points: p.offers}, nil
	case slices.Contains(st.Allowed, opening.Place):
		p.i++
		return opening.Action{Kind: opening.Place, Point: p.places[p.i-1]}, nil
	}
	return opening.Action{}, fmt.Errorf("planned: nothing planned for %v", st.Allowed)
}

// personAtTable plays the person's side of an opening on the test table:
// one stone per view from places, keep said on the page, and at an offer
// step "I will offer" said, then the offers put down one a view.
func personAtTable(m *opening.Machine, me opening.Player, places, offers []rules.Point, decisions chan opening.Action) func(int, *rules.Board) {
	said := ""
	return func(n int, b *rules.Board) {
		if m.Done() || m.Step().Player != me {
			return
		}
		st := m.Step()
		state := fmt.Sprint(len(m.Moves()), m.Black(), st.What)
		switch {
		case slices.Contains(st.Allowed, opening.Offer):
			if said != state {
				decisions <- opening.Action{Kind: opening.Offer}
				said = state
				return
			}
			for _, p := range offers {
				if b.At(p) == rules.Empty {
					b.Set(p, st.Stone)
					return
				}
			}
		case slices.Contains(st.Allowed, opening.Keep) && said != state && len(decisions) == 0:
			decisions <- opening.Action{Kind: opening.Keep}
			said = state
		case slices.Contains(st.Allowed, opening.Place) && b.Count(rules.Black)+b.Count(rules.White) == len(m.Moves()):
			b.Set(places[0], st.Stone)
			places = places[1:]
		}
	}
}

// The person holds the first seat of a Taraguchi opening and offers the
// fifth moves: they say so on the page, put the five offers down one by
// one (the first is not taken for Black 5), the robot chooses one and
// lifts the other four. The person then resigns. The robot's White 2
// lands on a neighbouring point first (or falls further away, as a stone
// slipping off the nozzle does), and the robot puts it right.
func TestTaraguchiPersonOffers(t *testing.T) {
	for _, landed := range []string{"f7", "m12"} {
		t.Run("lands on "+landed, func(t *testing.T) { taraguchiPersonOffers(t, landed) })
	}
}

func taraguchiPersonOffers(t *testing.T, landed string) {
	proto, _ := opening.ByName("taraguchi")
	m, _ := opening.New(proto, 15)
	tb := newTable(15)
	decisions := make(chan opening.Action, 1)
	offers := pts(t, "e5 o1 a15 a1 c12") // e5 could be Black 5 itself
	tb.script = personAtTable(m, opening.First, pts(t, "h8 i6"), offers, decisions)
	ctl := make(chan Request, 1)
	s := openingSession(t, "taraguchi", tb)
	s.White = &scripted{} // the robot is the second player
	s.Control = ctl
	s.Opening = &Opening{Machine: m, Robot: opening.Second, Decisions: decisions, Decider: &planned{places: pts(t, "g7 h6")}}
	stray := pts(t, landed)[0]
	tb.misplace = &stray // the robot's White 2 lands off g7
	s.Observe = func(sn Snapshot) {
		if m.Done() && len(ctl) == 0 && len(sn.Moves) == 5 {
			ctl <- RequestResign
		}
	}
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.White || out.Reason != rules.Resignation {
		t.Errorf("outcome %v", out)
	}
	moves := s.Referee.Moves()
	if len(moves) != 5 || !slices.Contains(offers, moves[4].P) || moves[4].C != rules.Black {
		t.Fatalf("moves %v; want one of the offers %v as Black 5", moves, offers)
	}
	if n := tb.board.Count(rules.Black) + tb.board.Count(rules.White); n != 5 {
		t.Errorf("%d stones on the board, want 5", n)
	}
	for _, p := range offers {
		if p != moves[4].P && !slices.Contains(tb.placed, "take "+p.String()) {
			t.Errorf("the robot did not lift the unchosen offer %v: %v", p, tb.placed)
		}
	}
	if err := s.takeback(t.Context()); err == nil || !strings.Contains(err.Error(), "opening") {
		t.Errorf("a takeback into the opening: %v", err)
	}
	if want := fmt.Sprintf("place %s, take %s, place g7", landed, landed); !strings.Contains(strings.Join(tb.placed, ", "), want) {
		t.Errorf("the stone that landed on %s was not put on g7: %v", landed, tb.placed)
	}
	if s.Config.White != "second" || s.White == nil {
		t.Errorf("after the opening the robot should play White: config %+v", s.Config)
	}
}

// openingSession is a renju game under an opening protocol at the table,
// journaled, with no players yet.
func openingSession(t *testing.T, protocol string, tb *table) *Session {
	t.Helper()
	cfg := Config{Rule: "renju", Size: 15, Opening: protocol, Black: "first", White: "second"}
	ref, err := NewReferee(cfg)
	if err != nil {
		t.Fatal(err)
	}
	j, err := CreateJournal(filepath.Join(t.TempDir(), "game.journal"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	if err := j.Append(Entry{Type: EntryStart, Config: &cfg}); err != nil {
		t.Fatal(err)
	}
	return &Session{Config: cfg, Referee: ref, Eyes: tb, Hand: tb, Voice: voiceT{t}, Journal: j, MaxWrongViews: 50}
}

// killingHand is the table's hand until its power is cut after a number
// of placements.
type killingHand struct {
	*table
	left int
}

func (h *killingHand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if h.left == 0 {
		return errors.New("power cut")
	}
	h.left--
	return h.table.Place(ctx, p, c)
}

// The robot's power goes while it puts its second fifth-move offer down
// in a RIF opening. Resumed from the journal, it puts the missing offer
// down, the person chooses by taking the other off, and the game goes on
// from the five stones. Glare on an unplayed point after the restart (a
// point the eyes cannot vouch for, reading empty) changes nothing.
func TestOpeningResumesAfterKill(t *testing.T) {
	for _, glare := range []bool{false, true} {
		t.Run(fmt.Sprint("glare ", glare), func(t *testing.T) { openingResumesAfterKill(t, glare) })
	}
}

func openingResumesAfterKill(t *testing.T, glare bool) {
	proto, _ := opening.ByName("rif")
	m, _ := opening.New(proto, 15)
	tb := newTable(15)
	decisions := make(chan opening.Action, 1)
	offers := pts(t, "j10 f6")
	tb.script = personAtTable(m, opening.Second, pts(t, "k10"), nil, decisions)
	s := openingSession(t, "rif", tb)
	s.Black = &scripted{}
	s.Opening = &Opening{Machine: m, Robot: opening.First, Decisions: decisions,
		Decider: &planned{places: pts(t, "h8 h9 i10"), offers: offers}, Hand: &killingHand{table: tb, left: 4}}
	if _, err := s.Play(t.Context()); err == nil || !strings.Contains(err.Error(), "power cut") {
		t.Fatalf("the game went on without power: %v", err)
	}
	if tb.board.At(offers[1]) != rules.Empty {
		t.Fatal("the second offer is on the board already")
	}

	// Restart: the journal says what the board should hold.
	path := s.Journal.Path()
	s.Journal.Close()
	j, entries, err := OpenJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	ref, _ := NewReferee(*entries[0].Config)
	r, err := Replay(entries, ref)
	if err != nil {
		t.Fatal(err)
	}
	if !r.OpeningLeft(ref) || len(r.Opening.Offers()) != 2 {
		t.Fatalf("replayed opening: %v moves, offers %v", r.Opening.Moves(), r.Opening.Offers())
	}
	// The person now chooses j10 by taking f6 off.
	tb.script = func(n int, b *rules.Board) {
		if b.At(offers[1]) == rules.Black && len(r.Opening.Offers()) == 2 {
			b.Set(offers[1], rules.Empty)
		}
	}
	ctl := make(chan Request, 1)
	// Putting the offer back, the hand loses it on the way: it falls on c3.
	fell := pts(t, "c3")[0]
	hand := &droppingHand{table: tb, on: offers[1], at: fell}
	s2 := &Session{Config: r.Config, Referee: ref, Journal: j, Eyes: tb, Hand: hand, Black: &scripted{}, Control: ctl,
		Opening: &Opening{Machine: r.Opening, Robot: opening.First, Decisions: decisions, Decider: &planned{}}}
	if glare {
		s2.Eyes = &glaringTable{table: tb, glare: pts(t, "n1")[0], views: 1 << 30}
	}
	s2.Observe = func(sn Snapshot) {
		if r.Opening.Done() && len(sn.Moves) == 5 && len(ctl) == 0 {
			ctl <- RequestResign
		}
	}
	if _, err := s2.Resume(t.Context(), r.Pending); err != nil {
		t.Fatal(err)
	}
	moves := s2.Referee.Moves()
	if got := fmt.Sprint(moves); len(moves) != 5 || moves[3].P != pts(t, "k10")[0] || moves[4].P != offers[0] {
		t.Errorf("moves %s", got)
	}
	if n := tb.board.Count(rules.Black) + tb.board.Count(rules.White); n != 5 {
		t.Errorf("%d stones on the board, want 5", n)
	}
	if !slices.Contains(tb.placed, "place "+offers[1].String()) {
		t.Errorf("the missing offer was not put down after the restart: %v", tb.placed)
	}
	if !slices.Contains(tb.placed, "take "+fell.String()) {
		t.Errorf("the offer that fell on %v was not lifted: %v", fell, tb.placed)
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"place h8", "pass", "swap", "keep", "declare 3", "offer g6 g7", "choose g6", "offer", "declare x", "place z99", "keep h8", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAction(s, 15)
		if err != nil {
			return
		}
		// What parses writes back to something that parses the same.
		b, err := ParseAction(a.String(), 15)
		if err != nil || b.String() != a.String() {
			t.Errorf("%q → %v → %v (%v)", s, a, b, err)
		}
	})
}

// rifAgainstPerson sets a RIF opening at the table with the robot first:
// the person keeps, puts White 4 on k10 and, of the robot's offers j10
// and f6, chooses f6 by taking j10 off.
func rifAgainstPerson(t *testing.T) (*opening.Machine, *table, chan opening.Action, []rules.Point) {
	t.Helper()
	proto, _ := opening.ByName("rif")
	m, _ := opening.New(proto, 15)
	tb := newTable(15)
	decisions := make(chan opening.Action, 1)
	person := personAtTable(m, opening.Second, pts(t, "k10"), nil, decisions)
	offers := pts(t, "j10 f6")
	tb.script = func(n int, b *rules.Board) {
		if len(m.Offers()) == 2 && b.At(offers[0]) == rules.Black && b.At(offers[1]) == rules.Black {
			b.Set(offers[0], rules.Empty) // choose f6 by taking j10 off
			return
		}
		person(n, b)
	}
	return m, tb, decisions, offers
}

// An exhibition's fault in the middle of an opening: the arm fails while
// placing the robot's offers, the operator puts it right, and the game
// carries on from its journal (Reopen) with the same opening.
func TestOpeningThroughFault(t *testing.T) {
	m, tb, decisions, offers := rifAgainstPerson(t)
	hand := &killingHand{table: tb, left: 4}
	s := openingSession(t, "rif", tb)
	s.Hand = hand
	s.Black = &scripted{}
	ctl := make(chan Request, 1)
	s.Control = ctl
	s.Opening = &Opening{Machine: m, Robot: opening.First, Decisions: decisions, Decider: &planned{places: pts(t, "h8 h9 i10"), offers: offers}}
	s.Observe = func(sn Snapshot) {
		if len(sn.Moves) == 5 && len(ctl) == 0 {
			ctl <- RequestResign
		}
	}
	faults := 0
	out, err := ThroughFaults(t.Context(), s, s.Play, func(ctx context.Context, fault error) error {
		faults++
		hand.left = 100 // the operator puts the arm right
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if faults != 1 || out.Reason != rules.Resignation {
		t.Errorf("%d faults, outcome %v", faults, out)
	}
	if n := tb.board.Count(rules.Black) + tb.board.Count(rules.White); n != 5 || tb.board.At(offers[1]) != rules.Black {
		t.Errorf("%d stones on the board, f6 %v", n, tb.board.At(offers[1]))
	}
}

// A person who leaves a stone the opening does not allow (Black 1 off
// the centre) is told so and waited for, up to the session's bound.
func TestOpeningWrongStoneBounded(t *testing.T) {
	proto, _ := opening.ByName("rif")
	m, _ := opening.New(proto, 15)
	tb := newTable(15)
	tb.script = func(n int, b *rules.Board) { b.Set(pts(t, "a1")[0], rules.Black) }
	s := openingSession(t, "rif", tb)
	s.White = &scripted{}
	s.MaxWrongViews = 5
	s.Opening = &Opening{Machine: m, Robot: opening.Second, Decider: &planned{}}
	_, err := s.Play(t.Context())
	if err == nil || !strings.Contains(err.Error(), "differed from the opening for 5 views") {
		t.Errorf("error %v", err)
	}
	if tb.views > 20 {
		t.Errorf("%d views", tb.views)
	}
}

// The robot's White 4 lands beside its point and is put right, and the
// stray must not stay on the board: when the camera misses it at first
// (it shows up once the person is offering fifth moves) the robot lifts it
// as its own loose stone, and when its first lift misses, the robot sees
// it still there and lifts it again. When the stray falls from the
// nozzle as it is carried off, the robot lifts it where it fell. The
// person swaps and offers j7 and g10 as soon as the record's stones are
// down.
func TestOpeningStrayOwnStone(t *testing.T) {
	for _, tc := range []struct {
		name                      string
		hideMisplaced, takeMisses int
		fallOn                    string // where the lifted stray falls
	}{
		{"unseen at first", 1, 0, ""},
		{"first lift missed", 0, 1, ""},
		{"dropped when lifted", 1, 0, "c3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proto, _ := opening.ByName("rif")
			m, _ := opening.New(proto, 15)
			tb := newTable(15)
			tb.hideMisplaced, tb.takeMisses = tc.hideMisplaced, tc.takeMisses
			decisions := make(chan opening.Action, 1)
			stray, offers := pts(t, "i7")[0], pts(t, "j7 g10")
			swapped := false
			tb.script = func(n int, b *rules.Board) {
				if m.Done() || m.Step().Player != opening.Second {
					return
				}
				st := m.Step()
				switch {
				case slices.Contains(st.Allowed, opening.Swap) && !swapped:
					decisions <- opening.Action{Kind: opening.Swap}
					swapped = true
					tb.misplace = &stray // the robot's White 4 lands on i7
				case slices.Contains(st.Allowed, opening.Offer):
					for _, p := range offers {
						if b.At(p) == rules.Empty {
							b.Set(p, rules.Black)
							return
						}
					}
				}
			}
			var hand Hand = tb
			if tc.fallOn != "" {
				hand = &droppingHand{table: tb, on: stray, at: pts(t, tc.fallOn)[0], onTake: true}
			}
			o := &Opening{Machine: m, Robot: opening.First, Eyes: tb, Hand: hand, Decisions: decisions, Voice: voiceT{t},
				MaxWrongViews: 20, Decider: &planned{places: pts(t, "h8 h9 i10 i8")}}
			res, err := o.Run(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Moves) != 5 || res.Moves[3].Point != pts(t, "i8")[0] {
				t.Fatalf("opening moves %v", res.Moves)
			}
			if ch := Compare(m.Board(), tb.board); ch.Kind != NoChange {
				t.Errorf("the board differs from the opening: added %v, gone %v (hand: %v)", ch.Added, ch.Gone, tb.placed)
			}
			if tc.fallOn != "" && !slices.Contains(tb.placed, "take "+tc.fallOn) {
				t.Errorf("the stray that fell on %s was not lifted: %v", tc.fallOn, tb.placed)
			}
		})
	}
}

// droppingHand is the table's hand letting go of the stone it carries to
// or, with onTake, from point on; the stone falls on at. The hand reports
// it (a Dropper); a stone meant for on it puts there with another one.
type droppingHand struct {
	*table
	on, at rules.Point
	onTake bool
	drops  []Drop
}

// drop lets a stone of colour c fall on h.at, once.
func (h *droppingHand) drop(c rules.Color) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.board.Set(h.at, c)
	h.drops = append(h.drops, Drop{C: c, Seen: h.board.Clone()})
	h.on = rules.Point{}
}

func (h *droppingHand) Place(ctx context.Context, p rules.Point, c rules.Color) error {
	if p == h.on && !h.onTake {
		h.drop(c)
	}
	return h.table.Place(ctx, p, c)
}

func (h *droppingHand) Take(ctx context.Context, p rules.Point, c rules.Color) error {
	if p != h.on || !h.onTake {
		return h.table.Take(ctx, p, c)
	}
	if err := h.table.Take(ctx, p, c); err != nil {
		return err
	}
	h.drop(c)
	return nil
}

func (h *droppingHand) Drops() []Drop {
	d := h.drops
	h.drops = nil
	return d
}

// The robot's White 2 falls from the nozzle far from its point (the
// controller reset in flight) and the hand puts another one on h9. The
// fallen stone must not stay: left, the person's next step saw a new
// White stone there that was not theirs (a simulated person took it for
// their own White 4, and the robot for the person's). The robot lifts it
// where it lies, and the opening goes on.
func TestOpeningLiftsDroppedStone(t *testing.T) {
	m, tb, decisions, offers := rifAgainstPerson(t)
	fell := pts(t, "m12")[0]
	hand := &droppingHand{table: tb, on: pts(t, "h9")[0], at: fell}
	o := &Opening{Machine: m, Robot: opening.First, Eyes: tb, Hand: hand, Decisions: decisions, Voice: voiceT{t},
		MaxWrongViews: 20, Decider: &planned{places: pts(t, "h8 h9 i10"), offers: offers}}
	res, err := o.Run(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// Without the lift the robot took the fallen stone for the person's
	// White 4.
	if len(res.Moves) != 5 || res.Moves[3].Point != pts(t, "k10")[0] || res.Moves[4].Point != offers[1] {
		t.Fatalf("opening moves %v, want White 4 on k10 and Black 5 on %v", res.Moves, offers[1])
	}
	if ch := Compare(m.Board(), tb.board); ch.Kind != NoChange {
		t.Errorf("the board differs from the opening: added %v, gone %v (hand: %v)", ch.Added, ch.Gone, tb.placed)
	}
	if !slices.Contains(tb.placed, "take "+fell.String()) {
		t.Errorf("the fallen stone on %v was not lifted: %v", fell, tb.placed)
	}
}

// swappedRIF is a journal's start and RIF opening, decided: the first
// player (the robot) proposes, the second swaps, f6 is the fifth move
// kept of the two offered.
func swappedRIF() (Config, []Entry) {
	cfg := Config{Rule: "renju", Size: 15, Opening: "rif", Black: "first", White: "second"}
	entries := []Entry{{Type: EntryStart, Config: &cfg}}
	for _, a := range []struct{ by, action, detail string }{
		{"robot", "place h8", ""}, {"robot", "place h9", ""}, {"robot", "place i10", ""},
		{"person", "swap", ""}, {"robot", "place k10", ""}, {"person", "offer j10 f6", ""},
		{"robot", "choose f6", "j10 f6"},
	} {
		entries = append(entries, Entry{Type: EntryOpening, By: a.by, Action: a.action, Detail: a.detail})
	}
	return cfg, entries
}

// A journal whose RIF opening is decided (the colours swapped, the fifth
// move chosen) while the unchosen offer is still on the board replays
// with the seats' names: the session swaps them when its opening ends.
// Swapped at once, a resumed game took the robot's seat from its colour.
func TestReplayKeepsSeatsWhileOpeningLeft(t *testing.T) {
	cfg, entries := swappedRIF()
	ref, _ := NewReferee(cfg)
	r, err := Replay(entries, ref)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Opening.Done() || r.Opening.Black() != opening.Second || !r.OpeningLeft(ref) {
		t.Fatalf("replayed opening: done %v, Black %v, left %v", r.Opening.Done(), r.Opening.Black(), r.OpeningLeft(ref))
	}
	if r.Config.Black != "first" || r.Config.White != "second" {
		t.Errorf("names Black %q White %q while the opening is left, want the seats' (first, second)", r.Config.Black, r.Config.White)
	}
}

// A person who leaves in the middle of the opening (here before choosing
// between the robot's fifth-move offers) is asked whether they are still
// there and, after Abandon, loses in the colour they held: the game so
// far is kept, as the main game's is.
func TestOpeningPersonWhoLeftLoses(t *testing.T) {
	proto, _ := opening.ByName("rif")
	m, _ := opening.New(proto, 15)
	tb := newTable(15)
	tb.lookDelay = 2 * time.Millisecond
	decisions := make(chan opening.Action, 1)
	tb.script = personAtTable(m, opening.Second, pts(t, "k10"), nil, decisions) // never chooses
	s := openingSession(t, "rif", tb)
	v := &said{}
	s.Voice, s.MaxWrongViews, s.Abandon = v, 0, 300*time.Millisecond
	s.Black = &scripted{}
	s.Opening = &Opening{Machine: m, Robot: opening.First, Decisions: decisions, Decider: &planned{places: pts(t, "h8 h9 i10"), offers: pts(t, "j10 f6")}}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	out, err := s.Play(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.Black || out.Reason != rules.Resignation || out.Move != 4 {
		t.Errorf("outcome %v, want Black (the robot) by White's resignation after move 4", out)
	}
	if !v.has("still-there") || !v.has("person-left") {
		t.Errorf("said %v, want still-there then person-left", v.keys)
	}
}

// The person chooses f6 by taking j10 off and lays White 6 on g9 in the
// same reach: the choice is taken, and g9 is the main game's sixth move.
func TestChoiceAndSixthMoveInOneReach(t *testing.T) {
	m, tb, decisions, offers := rifAgainstPerson(t)
	person := tb.script
	sixth := pts(t, "g9")[0]
	tb.script = func(n int, b *rules.Board) {
		if len(m.Offers()) == 2 && b.At(offers[0]) == rules.Black && b.At(offers[1]) == rules.Black {
			b.Set(sixth, rules.White)
		}
		person(n, b)
	}
	s := openingSession(t, "rif", tb)
	s.MaxWrongViews = 20
	s.Black = &scripted{moves: pts(t, "e5")}
	ctl := make(chan Request, 1)
	s.Control = ctl
	s.Opening = &Opening{Machine: m, Robot: opening.First, Decisions: decisions, Decider: &planned{places: pts(t, "h8 h9 i10"), offers: offers}}
	s.Observe = func(sn Snapshot) {
		if len(sn.Moves) == 6 && len(ctl) == 0 {
			ctl <- RequestResign
		}
	}
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	moves := s.Referee.Moves()
	if out.Reason != rules.Resignation || len(moves) < 6 || moves[4].P != offers[1] || moves[5].P != sixth || moves[5].C != rules.White {
		t.Errorf("outcome %v, moves %v; want f6 chosen and White 6 on g9", out, moves)
	}
}

// A game over after a swapped opening, rebuilt from its journal for its
// record: the players are named as the opening seated them, and a
// result the moves do not decide (a resignation) is the journal's end's.
func TestLoadOverSeatsAndResult(t *testing.T) {
	_, entries := swappedRIF()
	for i, p := range []string{"h8", "h9", "i10", "k10", "f6", "a1"} {
		entries = append(entries, Entry{Type: EntryMove, Move: i + 1, Color: []string{"black", "white"}[i%2], Point: p, By: "opening"})
	}
	path, j := journalWith(t, entries)
	if _, _, err := LoadOver(path); err == nil {
		t.Error("LoadOver took a game not over")
	}
	if err := j.Append(Entry{Type: EntryEnd, Color: "black", Result: "black wins by resignation at move 6", Reason: "resignation", Move: 6}); err != nil {
		t.Fatal(err)
	}
	j.Close()
	s, out, err := LoadOver(path)
	if err != nil {
		t.Fatal(err)
	}
	want := rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Resignation, Move: 6}
	if out != want || s.Config.Black != "second" || s.Config.White != "first" {
		t.Errorf("outcome %+v, Black %q, White %q; want %+v, the second seat Black after the swap", out, s.Config.Black, s.Config.White, want)
	}
	rec := s.Record()
	if rec.Black != "second" || rec.Result != (record.Result{Winner: rules.Black, Reason: record.ReasonResign}) || len(rec.Moves) != 6 {
		t.Errorf("record: Black %q, result %+v, %d moves", rec.Black, rec.Result, len(rec.Moves))
	}
}

// The robot, White after the swap, chose f6 and was lifting the unchosen
// j10 when the program stopped: the stone on the nozzle fell on c3. The
// journal still names j10 to lift, and the board shows it gone and a black
// stone where none belongs. Resumed, the robot lifts that stone, the offer
// it had held, before it plays White 6; without it the stray stood in the
// game as if the person had set it.
func TestResumeLiftsFallenOffer(t *testing.T) {
	_, entries := swappedRIF()
	path, j := journalWith(t, entries)
	j.Close()
	tb := newTable(15)
	for i, p := range pts(t, "h8 h9 i10 k10 f6") {
		tb.board.Set(p, []rules.Color{rules.Black, rules.White}[i%2])
	}
	fell := pts(t, "c3")[0]
	tb.board.Set(fell, rules.Black)
	ctl := make(chan Request, 1)
	s := &Session{Eyes: tb, Hand: tb, Voice: voiceT{t}, MaxWrongViews: 50, Control: ctl, Black: &scripted{moves: pts(t, "a1 a2")}}
	r, err := s.Load(path)
	if err != nil || r.Pending != nil || !slices.Equal(r.Unchosen, pts(t, "j10")) {
		t.Fatalf("replay: %v, pending %+v, unchosen %v", err, r.Pending, r.Unchosen)
	}
	s.Opening = &Opening{Machine: r.Opening, Robot: opening.First, Unchosen: r.Unchosen, Decider: &planned{}}
	s.Observe = func(sn Snapshot) {
		if len(sn.Moves) == 6 && len(ctl) == 0 {
			ctl <- RequestResign
		}
	}
	out, err := s.Resume(t.Context(), r.Pending)
	if err != nil {
		t.Fatal(err)
	}
	moves := s.Referee.Moves()
	if out.Reason != rules.Resignation || len(moves) != 6 || moves[5] != (rules.Move{C: rules.White, P: pts(t, "a1")[0]}) {
		t.Errorf("outcome %v, moves %v; want the robot's White 6 on a1", out, moves)
	}
	if got := strings.Join(tb.placed, ", "); !strings.HasPrefix(got, "take c3") {
		t.Errorf("the hand did %q; want the fallen offer lifted from c3 first", got)
	}
	if n := tb.board.Count(rules.Black) + tb.board.Count(rules.White); n != 6 || tb.board.At(fell) != rules.Empty {
		t.Errorf("%d stones on the board (c3: %v), want the 6 moves'", n, tb.board.At(fell))
	}
}

// journalWith writes entries to a new journal and returns its path and
// the journal, open for more.
func journalWith(t *testing.T, entries []Entry) (string, *Journal) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.journal")
	j, err := CreateJournal(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := j.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	return path, j
}
