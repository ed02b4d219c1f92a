package game

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/clock"
)

// scripted plays a fixed list of moves.
type scripted struct {
	moves []rules.Point
	i     int
}

func (p *scripted) Name() string { return "scripted" }

func (p *scripted) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	m := p.moves[p.i]
	p.i++
	return ai.Result{Move: m}, nil
}

func pts(t *testing.T, s string) []rules.Point {
	t.Helper()
	ps, err := rules.ParsePoints(s, 15)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// personPlays makes the table's person put their next stone whenever it is
// their turn by the stone count.
func personPlays(t *testing.T, person rules.Color, moves string) func(int, *rules.Board) {
	ms := pts(t, moves)
	i := 0
	return func(n int, b *rules.Board) {
		mine, theirs := b.Count(person), b.Count(person.Opponent())
		turn := (person == rules.Black && mine == theirs) || (person == rules.White && mine < theirs)
		if turn && i < len(ms) {
			b.Set(ms[i], person)
			i++
		}
	}
}

type said struct{ keys []string }

func (s *said) Say(m Message) { s.keys = append(s.keys, m.Key) }

func (s *said) has(key string) bool {
	for _, k := range s.keys {
		if k == key {
			return true
		}
	}
	return false
}

func newSession(t *testing.T, rule rules.Rule, robot rules.Color, robotMoves string, tb *table) (*Session, *said) {
	t.Helper()
	g, err := rules.NewGame(15, rule, rules.ReadingRIF)
	if err != nil {
		t.Fatal(err)
	}
	j, err := CreateJournal(filepath.Join(t.TempDir(), "game.journal"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { j.Close() })
	cfg := Config{Rule: rule.String(), Size: 15, Black: "person", White: "person"}
	if err := j.Append(Entry{Type: EntryStart, Config: &cfg}); err != nil {
		t.Fatal(err)
	}
	v := &said{}
	s := &Session{Config: cfg, Referee: g, Eyes: tb, Hand: tb, Voice: v, Journal: j, MaxWrongViews: 50}
	if robot == rules.Black {
		s.Black = &scripted{moves: pts(t, robotMoves)}
	} else {
		s.White = &scripted{moves: pts(t, robotMoves)}
	}
	return s, v
}

func TestPersonWinsWithFive(t *testing.T) {
	tb := newTable(15)
	tb.script = personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
	s, _ := newSession(t, rules.Renju, rules.White, "a1 a2 a3 a4", tb)
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.Black || out.Reason != rules.Five || out.Move != 9 {
		t.Errorf("outcome %v", out)
	}
}

// TestPersonWhoLeftLoses: a person who makes no move and moves nothing on
// the board is asked halfway whether they are still there, and after
// Abandon taken to have left: the game ends as their loss. Stones moved
// on the board (the person fiddling) show they are still there.
func TestPersonWhoLeftLoses(t *testing.T) {
	tb := newTable(15)
	tb.lookDelay = 2 * time.Millisecond
	person := personPlays(t, rules.Black, "h8")
	stray := pts(t, "o15 o14")
	fiddle := 0
	tb.script = func(n int, b *rules.Board) {
		person(n, b)
		// Before leaving, the person slides a white stone about beside
		// the board's corner for a while (a wrong-colour complaint).
		if b.Count(rules.White) >= 1 && fiddle < 30 && n%5 == 0 {
			fiddle++
			b.Set(stray[0], rules.Empty)
			b.Set(stray[1], rules.Empty)
			if fiddle < 30 {
				b.Set(stray[fiddle%2], rules.White)
			}
		}
	}
	s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2", tb)
	s.MaxWrongViews = 0
	s.Abandon = 400 * time.Millisecond
	start := time.Now()
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.White || out.Reason != rules.Resignation || out.Move != 2 {
		t.Errorf("outcome %v, want White by the person's resignation after move 2", out)
	}
	if !v.has("still-there") || !v.has("person-left") {
		t.Errorf("said %v, want still-there then person-left", v.keys)
	}
	// 30 fiddles 5 views of 2 ms apart kept the game going past Abandon.
	if d := time.Since(start); d < s.Abandon+200*time.Millisecond {
		t.Errorf("the game ended after %v: the fiddling person was taken to have left", d)
	}
}

// TestNobodyYetIsNotLeft: before the person's first stone nobody has
// left; the game waits for them however long it takes.
func TestNobodyYetIsNotLeft(t *testing.T) {
	tb := newTable(15)
	tb.lookDelay = 2 * time.Millisecond
	s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2", tb)
	s.Abandon = 50 * time.Millisecond
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	if out, err := s.Play(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the game ended (%v, %v) with nobody at the board yet", out, err)
	}
	if v.has("still-there") || v.has("person-left") {
		t.Errorf("said %v to nobody", v.keys)
	}
}

// TestRobotLiftsItsFallenStoneBesideAMove: the person's move shows up
// together with a stone of the robot's colour that is in no record (one
// that fell from the arm); the robot lifts its own and takes the move,
// instead of asking the person to leave only their move for ever.
func TestRobotLiftsItsFallenStoneBesideAMove(t *testing.T) {
	tb := newTable(15)
	moves, c3 := pts(t, "h8 h9 h10 h11 h12"), pts(t, "c3")[0]
	i, since := 0, 0
	tb.script = func(n int, b *rules.Board) {
		white := b.Count(rules.White)
		if b.At(c3) == rules.White {
			white--
		}
		// The second move waits a few views, until the robot has
		// confirmed its own stone and waits for the person.
		if since++; i == 1 && since < 4 {
			return
		}
		if i < len(moves) && b.Count(rules.Black) == white {
			since = 0
			b.Set(moves[i], rules.Black)
			if i == 1 {
				b.Set(c3, rules.White) // fell from the arm, seen with the move
			}
			i++
		}
	}
	s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2 a3 a4", tb)
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.Black || out.Move != 9 {
		t.Errorf("outcome %v, want Black's five at move 9", out)
	}
	if !slices.Contains(tb.placed, "take c3") || v.has("extra-stones") {
		t.Errorf("the hand's log %v, said %v: want the fallen c3 lifted, no complaint", tb.placed, v.keys)
	}
}

func TestRobotClaimsForbiddenMove(t *testing.T) {
	tb := newTable(15)
	// Black's j8 makes two open threes (h8-i8-j8 and j6-j7-j8): double-three.
	tb.script = personPlays(t, rules.Black, "h8 i8 j6 j7 j8")
	s, v := newSession(t, rules.Renju, rules.White, "a1 a15 o1 o15", tb)
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.White || out.Reason != rules.ForbiddenMove || out.Kind != rules.DoubleThree {
		t.Errorf("outcome %v, want White by a double-three claim", out)
	}
	if !v.has("forbidden-claim") {
		t.Errorf("the robot did not say it claims: %v", v.keys)
	}
}

func TestTwoStonesAtOnce(t *testing.T) {
	tb := newTable(15)
	extra := pts(t, "c3")[0]
	person := personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
	tb.script = func(n int, b *rules.Board) {
		switch {
		case n == 1:
			b.Set(pts(t, "h8")[0], rules.Black)
			b.Set(extra, rules.Black) // two stones: the loop must not accept either
		case n == 4:
			b.Set(extra, rules.Empty) // the person takes the extra one back
			person(n, b)              // h8 is already there: the script's first move counts
		default:
			person(n, b)
		}
	}
	s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2 a3 a4", tb)
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !v.has("extra-stones") {
		t.Errorf("two stones not reported: %v", v.keys)
	}
	if out.Winner != rules.Black {
		t.Errorf("outcome %v", out)
	}
	if m := s.Referee.Moves(); m[0].P.String() != "h8" {
		t.Errorf("first move %v, want h8", m[0])
	}
}

func TestRobotFixesMisplacedAndPushedStones(t *testing.T) {
	tb := newTable(15)
	wrong := pts(t, "b2")[0]
	tb.misplace = &wrong // the arm's first stone lands on b2 instead of a1
	person := personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
	pushed := false
	tb.script = func(n int, b *rules.Board) {
		// After the robot's a2, the person's sleeve pushes it to b3.
		if a2 := pts(t, "a2")[0]; !pushed && b.At(a2) == rules.White {
			b.Set(a2, rules.Empty)
			b.Set(pts(t, "b3")[0], rules.White)
			pushed = true
			return
		}
		person(n, b)
	}
	s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2 a3 a4", tb)
	if _, err := s.Play(t.Context()); err != nil {
		t.Fatal(err)
	}
	log := strings.Join(tb.placed, ", ")
	if !strings.Contains(log, "take b2, place a1") || !strings.Contains(log, "take b3, place a2") {
		t.Errorf("the hand did %s", log)
	}
	if !v.has("stone-moved") {
		t.Errorf("the pushed stone was not mentioned: %v", v.keys)
	}
	if got := s.Referee.Board(); got.At(pts(t, "a1")[0]) != rules.White || got.At(wrong) != rules.Empty {
		t.Error("record and board disagree")
	}
}

// TestRobotKeepsRepairingItsStone: when the arm's stone lands on the
// wrong point again and again and nobody puts it right, the robot says so
// and tries again now and then until its stone is where the record says.
func TestRobotKeepsRepairingItsStone(t *testing.T) {
	tb := newTable(15)
	wrong := pts(t, "b2")[0]
	tb.misplace, tb.misplaceTimes = &wrong, 5 // the first place, three repairs and one more miss
	person := personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
	s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2 a3 a4", tb)
	// The person waits for the record to give them the turn.
	tb.script = func(n int, b *rules.Board) {
		if !s.Referee.Over() && s.Referee.ToMove() == rules.Black {
			person(n, b)
		}
	}
	if _, err := s.Play(t.Context()); err != nil {
		t.Fatal(err)
	}
	if log := strings.Join(tb.placed, ", "); strings.Count(log, "take b2") != 5 || !strings.Contains(log, "take b2, place a1") {
		t.Errorf("the hand did %s", log)
	}
	if !v.has("board-differs") {
		t.Errorf("the robot never asked for help: %v", v.keys)
	}
	if got := s.Referee.Board(); got.At(pts(t, "a1")[0]) != rules.White || got.At(wrong) != rules.Empty {
		t.Error("record and board disagree")
	}
}

// TestResumeAfterKill: the robot's placement journaled but not its move
// resumes by looking whether the stone got there. Glare on another point
// (the eyes cannot vouch for it, it reads empty) changes nothing; glare on
// the point itself is waited out before the robot decides.
func TestResumeAfterKill(t *testing.T) {
	for _, tc := range []struct {
		placed bool
		glare  string
		views  int // the glare lasts
	}{
		{false, "", 0}, {true, "", 0},
		{false, "n1", 1 << 30}, {true, "n1", 1 << 30},
		{false, "a1", 30}, {true, "a1", 30},
	} {
		placed := tc.placed
		tb := newTable(15)
		tb.script = personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
		dir := t.TempDir()
		path := filepath.Join(dir, "game.journal")
		j, _ := CreateJournal(path)
		cfg := Config{Rule: "freestyle", Size: 15, Black: "person", White: "scripted"}
		// Killed an hour ago, after the robot thought 3 s over its move.
		t0 := time.Now().Add(-time.Hour)
		j.Append(Entry{Type: EntryStart, Config: &cfg, Time: t0})
		j.Append(Entry{Type: EntryMove, Move: 1, Color: "black", Point: "h8", By: "person", Ms: 2000, Time: t0.Add(2 * time.Second)})
		j.Append(Entry{Type: EntryIntent, Move: 2, Color: "white", Point: "a1", By: "robot", Time: t0.Add(5 * time.Second)})
		j.Close()
		tb.board.Set(pts(t, "h8")[0], rules.Black)
		if placed {
			tb.board.Set(pts(t, "a1")[0], rules.White) // the arm finished before the kill
		}
		tb.script = personPlays(t, rules.Black, "h9 h10 h11 h12")

		s := &Session{White: &scripted{moves: pts(t, "a2 a3 a4")}, Eyes: tb, Hand: tb}
		if tc.glare != "" {
			s.Eyes = &glaringTable{table: tb, glare: pts(t, tc.glare)[0], views: tc.views}
		}
		r, err := s.Load(path)
		pending := r.Pending
		if err != nil || pending == nil || pending.Point != "a1" || s.Config.Rule != "freestyle" {
			t.Fatalf("replay: %v %+v", err, pending)
		}
		out, err := s.Resume(t.Context(), pending)
		if err != nil {
			t.Fatal(err)
		}
		if out.Winner != rules.Black || out.Move != 9 {
			t.Errorf("placed=%v: outcome %v", placed, out)
		}
		if n := strings.Count(strings.Join(tb.placed, " "), "place a1"); n != map[bool]int{false: 1, true: 0}[placed] {
			t.Errorf("placed=%v, glare on %q: a1 placed %d times after resume", placed, tc.glare, n)
		}
		s.Journal.Close()
		_, entries, _ := OpenJournal(path)
		if last := entries[len(entries)-1]; last.Type != EntryEnd {
			t.Errorf("journal ends with %+v", last)
		}
		// The resumed move's time is the robot's thinking, not the hour
		// the program was down (nor the time since the zero time).
		moves := s.Record().Moves
		if a1 := moves[1].Time; a1 < 3*time.Second || a1 > 3*time.Second+time.Minute {
			t.Errorf("placed=%v: a1 took %v, want 3 s and the placement", placed, a1)
		}
		for i, m := range moves {
			if m.Time > time.Minute {
				t.Errorf("placed=%v: move %d took %v", placed, i+1, m.Time)
			}
		}
	}
}

// TestResumeLiftsDroppedStone: a game killed with no placement in flight
// but a stone on the nozzle (lifting an unchosen offer, say) resumes with
// that stone fallen on a free point. The robot lifts it before it moves:
// had it chosen that point, its stone would have gone on top of the
// dropped one.
func TestResumeLiftsDroppedStone(t *testing.T) {
	tb := newTable(15)
	dir := t.TempDir()
	path := filepath.Join(dir, "game.journal")
	j, _ := CreateJournal(path)
	cfg := Config{Rule: "freestyle", Size: 15, Black: "person", White: "scripted"}
	j.Append(Entry{Type: EntryStart, Config: &cfg})
	j.Append(Entry{Type: EntryMove, Move: 1, Color: "black", Point: "h8", By: "person"})
	j.Close()
	tb.board.Set(pts(t, "h8")[0], rules.Black)
	tb.board.Set(pts(t, "a1")[0], rules.White) // fell where the robot will play
	tb.script = personPlays(t, rules.Black, "h9 h10 h11 h12")
	s := &Session{White: &scripted{moves: pts(t, "a1 a2 a3 a4")}, Eyes: tb, Hand: tb}
	r, err := s.Load(path)
	if err != nil || r.Pending != nil {
		t.Fatalf("replay: %v, pending %+v", err, r.Pending)
	}
	out, err := s.Resume(t.Context(), r.Pending)
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.Black || out.Move != 9 {
		t.Errorf("outcome %v", out)
	}
	if got := strings.Join(tb.placed, ", "); !strings.HasPrefix(got, "take a1, place a1") {
		t.Errorf("the hand did %q; want the fallen stone lifted before a1 is played", got)
	}
}

// casual is a casual event's policy for the tests (customs.PolicyFor's).
var casual = Policy{Draws: true, Takebacks: 3, DrawMargin: 30, OfferAfter: 60}

func TestTakeback(t *testing.T) {
	for _, tc := range []struct {
		name   string
		policy Policy
		want   string // what the robot says to the request
	}{
		{"casual", casual, "takeback"},
		{"tournament", Policy{}, "takeback-not-allowed"},
		{"used up", Policy{Takebacks: 1}, "takeback-used-up"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(15)
			ctl := make(chan Request, 1)
			person := personPlays(t, rules.Black, "h8 h9 h10 h11 h12 h13")
			tb.script = func(n int, b *rules.Board) {
				if n == 3 && len(ctl) == 0 && b.Count(rules.White) == 1 {
					ctl <- RequestTakeback // after the robot's first reply
					return
				}
				person(n, b)
			}
			s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2 a3 a4 a5", tb)
			s.Control, s.Policy = ctl, tc.policy
			if tc.name == "used up" {
				s.takebacks = 1
			}
			if _, err := s.Play(t.Context()); err != nil {
				t.Fatal(err)
			}
			if !v.has(tc.want) || tc.want != "takeback" && v.has("takeback") {
				t.Errorf("said %v, want %s", v.keys, tc.want)
			}
			took := strings.Contains(strings.Join(tb.placed, ", "), "place a1, take h9, place a2")
			m := s.Referee.Moves()
			if tc.want != "takeback" {
				if took || len(m) < 3 || m[2].P.String() != "h10" && m[2].P.String() != "h9" {
					t.Errorf("refused, yet the hand did %v; moves %v", tb.placed, m)
				}
				return
			}
			// The request came after the person's h9: the robot lifts it, and the
			// person's next stone is move 3 again.
			if !took {
				t.Errorf("hand log %v", tb.placed)
			}
			if len(m) < 3 || m[2].P.String() != "h10" {
				t.Errorf("moves after takeback %v", m)
			}
			// A restart keeps the count: the journal says one was granted.
			_, entries, err := OpenJournal(s.Journal.Path())
			if err != nil {
				t.Fatal(err)
			}
			ref, _ := NewReferee(s.Config)
			if r, _ := Replay(entries, ref); r.Takebacks != 1 {
				t.Errorf("the journal replays %d takebacks granted, want 1", r.Takebacks)
			}
		})
	}
}

func TestEngineAgainstEngine(t *testing.T) {
	tb := newTable(15)
	s, v := newSession(t, rules.Renju, rules.White, "a1 a15 o1 o15", tb)
	// Black's engine blunders into a double-three at j8; White's claims.
	s.Black = &scripted{moves: pts(t, "h8 i8 j6 j7 j8")}
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.White || out.Reason != rules.ForbiddenMove {
		t.Errorf("outcome %v", out)
	}
	if len(tb.placed) != 9 || !v.has("forbidden-claim") {
		t.Errorf("the arm placed %v; said %v", tb.placed, v.keys)
	}
}

// outOfTime is a game on a one-minute clock in which the person (Black)
// plays two moves and then thinks for ever, every view taking five
// seconds of their time.
func outOfTime(t *testing.T) (*Session, *said) {
	tb := newTable(15)
	src := clock.NewManual(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	ctl, err := clock.Parse("1m")
	if err != nil {
		t.Fatal(err)
	}
	k, err := clock.New(ctl, src)
	if err != nil {
		t.Fatal(err)
	}
	person := personPlays(t, rules.Black, "h8 h9")
	tb.script = func(n int, b *rules.Board) {
		src.Advance(5 * time.Second)
		person(n, b)
	}
	s, v := newSession(t, rules.Freestyle, rules.White, "a1 a2", tb)
	s.Clock = k
	return s, v
}

func TestPersonLosesOnTime(t *testing.T) {
	s, v := outOfTime(t)
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.White || out.Reason != rules.Time {
		t.Errorf("outcome %v, want White on time", out)
	}
	if !v.has("time-up") {
		t.Errorf("time-up not said: %v", v.keys)
	}
	if got := s.Clock.Remaining(rules.White); got <= 0 || got >= time.Minute {
		t.Errorf("the robot's clock shows %v: its placing and confirming count on its own time", got)
	}
}

// TestRobotStoneDisturbedWithPersonsMove: the person plays and, in the same
// view, one robot stone has been pushed aside and another is gone; the
// robot puts its stones back and then takes the person's move.
func TestRobotStoneDisturbedWithPersonsMove(t *testing.T) {
	for _, tc := range []struct{ name, to, want string }{
		{"pushed", "b3", "take b3, place a2"},
		{"gone", "", "place a2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(15)
			moves := pts(t, "h8 h9 h10 h11 h12")
			i, done, ready := 0, false, false
			tb.script = func(n int, b *rules.Board) {
				mine, theirs := b.Count(rules.Black), b.Count(rules.White)
				if mine != theirs || i >= len(moves) {
					ready = false
					return
				}
				if !ready { // the person waits a view: the robot accepts its move first
					ready = true
					return
				}
				ready = false
				b.Set(moves[i], rules.Black)
				i++
				if a2 := pts(t, "a2")[0]; !done && b.At(a2) == rules.White {
					b.Set(a2, rules.Empty) // in the same view as the person's stone
					if tc.to != "" {
						b.Set(pts(t, tc.to)[0], rules.White)
					}
					done = true
				}
			}
			s, _ := newSession(t, rules.Freestyle, rules.White, "a1 a2 a3 a4 a5", tb)
			if _, err := s.Play(t.Context()); err != nil {
				t.Fatal(err)
			}
			if log := strings.Join(tb.placed, ", "); !done || !strings.Contains(log, tc.want) {
				t.Errorf("disturbed %v; the hand did %s", done, log)
			}
			if got := s.Referee.Outcome().String(); !strings.Contains(got, "black wins") {
				t.Errorf("outcome %s", got)
			}
		})
	}
}

func TestDrawOffer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		policy Policy
		score  int // the robot's view of the game
		want   string
	}{
		{"even", casual, 10, "draw-accepted"},
		{"robot losing", casual, -400, "draw-accepted"},
		{"robot winning", casual, 500, "draw-declined"},
		{"tournament", Policy{}, 10, "draw-not-allowed"},
	} {
		tb := newTable(15)
		ctl := make(chan Request, 1)
		person := personPlays(t, rules.Black, "h8 h9 h10 c3 c4 c5 h11 h12")
		tb.script = func(n int, b *rules.Board) {
			if b.Count(rules.White) == 5 && len(ctl) == 0 && !tb.offered {
				ctl <- RequestDraw
				tb.offered = true
				return
			}
			person(n, b)
		}
		s, v := newSession(t, rules.Freestyle, rules.White, "a1 a3 a5 a7 a9 a11 a13 o1", tb)
		s.White = &scoring{scripted: scripted{moves: pts(t, "a1 a3 a5 a7 a9 a11 a13 o1")}, score: tc.score}
		s.Control, s.Policy = ctl, tc.policy
		out, err := s.Play(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if agreed := tc.want == "draw-accepted"; agreed != (out.Reason == rules.Agreement) || !v.has(tc.want) {
			t.Errorf("%s: %v, said %v", tc.name, out, v.keys)
		}
	}
}

// TestRobotOffersDraw: in a level game the robot offers a draw from the
// policy's move on, once in drawOfferGap moves; the person agrees by
// offering one back before their next move.
func TestRobotOffersDraw(t *testing.T) {
	for _, agree := range []bool{true, false} {
		tb := newTable(15)
		ctl := make(chan Request, 1)
		var v *said
		person := personPlays(t, rules.Black, "h8 h9 h10 c3 c4 c5 h11 h12")
		tb.script = func(n int, b *rules.Board) {
			// The offer comes with White's third stone (move 6): the
			// person thinks it over instead of moving on.
			if agree && !tb.offered && b.Count(rules.White) == 3 {
				if v.has("draw-offer") {
					ctl <- RequestDraw
					tb.offered = true
				}
				return
			}
			person(n, b)
		}
		var s *Session
		s, v = newSession(t, rules.Freestyle, rules.White, "a1 a3 a5 a7 a9 a11 a13 o1", tb)
		s.White = &scoring{scripted: scripted{moves: pts(t, "a1 a3 a5 a7 a9 a11 a13 o1")}, score: 10}
		s.Control = ctl
		s.Policy = casual
		s.Policy.OfferAfter = 6
		out, err := s.Play(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		offers := 0
		for _, k := range v.keys {
			if k == "draw-offer" {
				offers++
			}
		}
		switch {
		case agree && (out.Reason != rules.Agreement || out.Move != 6 || offers != 1):
			t.Errorf("agreed: %v after %d offers, said %v", out, offers, v.keys)
		case !agree && (out.Reason != rules.Five || offers != 1):
			// The game ends at move 15, short of another offer.
			t.Errorf("played on: %v after %d offers, said %v", out, offers, v.keys)
		}
	}
}

// TestTimeUpByFours: with the count of fours for a game over its time,
// the person out of time does not simply lose.
func TestTimeUpByFours(t *testing.T) {
	s, v := outOfTime(t)
	var board *rules.Board
	s.Policy.OnTime = func(b *rules.Board, r rules.Rule) (rules.Color, []Message) {
		board = b
		return rules.Black, []Message{{Key: "time-fours", Args: []string{"1", "0"}, Text: "Time is up: Black has 1 fours, White 0."}}
	}
	out, err := s.Play(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.Black || out.Reason != rules.Fours || out.Move != 4 {
		t.Errorf("outcome %v, want Black by the count of fours at move 4", out)
	}
	if board == nil || board.Count(rules.Black) != 2 || !v.has("time-fours") || v.has("time-up") {
		t.Errorf("counted on %v; said %v", board, v.keys)
	}
}

// scoring is a scripted player that reports a fixed score.
type scoring struct {
	scripted
	score int
}

func (p *scoring) Think(ctx context.Context, pos ai.Position, lim ai.Limits, info func(ai.Info)) (ai.Result, error) {
	r, err := p.scripted.Think(ctx, pos, lim, info)
	r.Score = p.score
	return r, err
}

// doubtingTable is a table whose eyes stay unsure of some points during
// their first view: stones (to be set straight) and empty points (glare or
// something over them).
type doubtingTable struct {
	*table
	stones, empty []rules.Point
	notify        func(stones, empty []rules.Point)
}

func (d *doubtingTable) NotifyDoubt(f func(stones, empty []rules.Point)) { d.notify = f }

func (d *doubtingTable) Look(ctx context.Context) (Sight, error) {
	if d.notify != nil && d.views == 0 {
		d.notify(d.stones, d.empty)
	}
	return d.table.Look(ctx)
}

// TestDoubtIsTold: the session asks for a stone in doubt to be set
// straight, and for an empty point in doubt to be cleared or shaded, each
// only when there is such a point.
func TestDoubtIsTold(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		stones, empty           string
		wantUnsure, wantUnclear bool
	}{
		{"stone", "h8", "", true, false},
		{"empty", "", "a1 b1", false, true},
		{"both", "h8", "j9", true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(15)
			tb.script = personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
			d := &doubtingTable{table: tb, stones: pts(t, tc.stones), empty: pts(t, tc.empty)}
			s, v := newSession(t, rules.Renju, rules.White, "a1 a2 a3 a4", tb)
			s.Eyes = d
			if _, err := s.Play(t.Context()); err != nil {
				t.Fatal(err)
			}
			if v.has("unsure") != tc.wantUnsure || v.has("unclear") != tc.wantUnclear {
				t.Errorf("said %v", v.keys)
			}
		})
	}
}

// glaringTable is a table whose eyes cannot vouch for one point (a patch
// of glare) and read it empty, even with a stone on it, for its first
// views; then the person shades the board. Its Look, which must wait out
// any doubt, gives no view while the glare lasts.
type glaringTable struct {
	*table
	glare rules.Point
	views int // views the glare lasts
}

func (g *glaringTable) Look(ctx context.Context) (Sight, error) {
	if g.table.views < g.views {
		return Sight{}, errors.New("test: a view that must be sure, asked in glare")
	}
	return g.table.Look(ctx)
}

func (g *glaringTable) LookFor(ctx context.Context, want Expect) (Sight, error) {
	for {
		sight, err := g.table.Look(ctx)
		if err != nil || g.table.views > g.views {
			return sight, err
		}
		if want != nil && want(g.glare) == rules.Empty {
			sight.Board.Set(g.glare, rules.Empty)
			sight.Unsure = []rules.Point{g.glare}
			return sight, nil
		}
	}
}

// TestGlareOnAPoint: a point the eyes cannot vouch for, which reads empty
// as the game expects, does not stop the game; the robot's stone put there
// is waited for, never put again; the person's stone put there is waited
// for, and after a while they are told the point is unclear.
func TestGlareOnAPoint(t *testing.T) {
	for _, tc := range []struct {
		name               string
		person, robot      string
		glareViews         int
		unclear            time.Duration
		wantUnclear        bool
		wantRobotPlacedAt1 bool
	}{
		{"unplayed", "h8 h9 h10 h11 h12", "a2 a3 a4 a5", 1000, 0, false, false},
		{"robot's stone", "h8 h9 h10 h11 h12", "n1 a3 a4 a5", 30, 0, false, true},
		{"person's stone", "n1 h9 h10 h11 h12 h13", "h8 a3 a4 a5 a6", 30, time.Nanosecond, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTable(15)
			tb.script = personPlays(t, rules.Black, tc.person)
			s, v := newSession(t, rules.Freestyle, rules.White, tc.robot, tb)
			s.Eyes = &glaringTable{table: tb, glare: pts(t, "n1")[0], views: tc.glareViews}
			s.Unclear = tc.unclear
			out, err := s.Play(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if out.Winner != rules.Black {
				t.Errorf("outcome %+v, want Black's five", out)
			}
			if v.has("unclear") != tc.wantUnclear {
				t.Errorf("said %v; unclear wanted %v", v.keys, tc.wantUnclear)
			}
			n := 0
			for _, p := range tb.placed {
				if p == "place n1" {
					n++
				}
			}
			if want := map[bool]int{true: 1}[tc.wantRobotPlacedAt1]; n != want {
				t.Errorf("the arm put a stone on n1 %d times (%v), want %d", n, tb.placed, want)
			}
			if s.Referee.Board().At(pts(t, "n1")[0]) == rules.Empty && tc.name != "unplayed" {
				t.Errorf("n1 is not in the record: %v", s.Referee.Moves())
			}
		})
	}
}
