package game

import (
	"testing"
	"time"

	"tengen/rules"
	"tengen/rules/clock"
)

// A game under a clock is killed mid-game (the arm loses power placing its
// third stone) and resumed in a new session with a new clock on the same
// time source: the clock restarts from the times the journal recorded,
// not full, and runs on from there.
func TestClockSurvivesResume(t *testing.T) {
	src := clock.NewManual(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	ctl, err := clock.Parse("5m/2x30s")
	if err != nil {
		t.Fatal(err)
	}
	k, _ := clock.New(ctl, src)
	tb := newTable(15)
	person := personPlays(t, rules.Black, "h8 h9 h10 h11 h12")
	tb.script = func(n int, b *rules.Board) {
		src.Advance(10 * time.Second) // each view takes ten seconds
		person(n, b)
	}
	s, _ := newSession(t, rules.Freestyle, rules.White, "a1 a2 a3 a4", tb)
	s.Clock = k
	s.Hand = &killingHand{table: tb, left: 2}
	if _, err := s.Play(t.Context()); err == nil {
		t.Fatal("the game went on without power")
	}
	black, white := k.Side(rules.Black), k.Side(rules.White)
	if black.Main >= 5*time.Minute || white.Main >= 5*time.Minute {
		t.Fatalf("no time was used before the kill: %+v %+v", black, white)
	}

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
	src.Advance(time.Hour) // the program was down: that time is nobody's
	k2, _ := clock.New(ctl, src)
	s2 := &Session{Config: r.Config, Referee: ref, Journal: j, Eyes: tb, Hand: tb, Clock: k2, White: &scripted{moves: pts(t, "a4 a5")}}
	if err := s2.RestoreClock(r.Clock, r.Used); err != nil {
		t.Fatal(err)
	}
	// The last reading was taken when the person's h10 pressed the clock;
	// White, to move, is charged the (wall) time until the journal's last
	// line, its intent to play a3.
	if got := k2.Side(rules.Black); got.Main != black.Main || got.Periods != black.Periods {
		t.Errorf("Black restored to %+v, had %+v", got, black)
	}
	if got := k2.Side(rules.White).Main; got > white.Main || got < white.Main-time.Second || r.Used <= 0 {
		t.Errorf("White restored to %v (charged %v), had %v", got, r.Used, white.Main)
	}
	if k2.Moves(rules.Black) != 3 || k2.Moves(rules.White) != 2 {
		t.Errorf("restored moves %d and %d, want 3 and 2", k2.Moves(rules.Black), k2.Moves(rules.White))
	}
	out, err := s2.Resume(t.Context(), r.Pending)
	if err != nil {
		t.Fatal(err)
	}
	if out.Winner != rules.Black || out.Reason != rules.Five {
		t.Errorf("outcome %v", out)
	}
	if got := k2.Side(rules.Black).Main; got >= black.Main || got <= 0 {
		t.Errorf("Black's clock after the resumed game: %v (restored from %v)", got, black.Main)
	}
}

// A reading without periods (an older journal) restores the main time
// and leaves no periods; the side to move is charged the time its move
// had run; a broken reading is refused.
func TestRestoreClockReadings(t *testing.T) {
	src := clock.NewManual(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	ctl, _ := clock.Parse("10m")
	g, _ := rules.NewGame(15, rules.Freestyle, rules.ReadingRIF)
	for _, tc := range []struct {
		e    *Entry
		used time.Duration // charged to Black, to move
		want time.Duration
		err  bool
	}{
		{nil, 0, 10 * time.Minute, false},
		{&Entry{Clock: []int64{61000, 5000}}, 0, 61 * time.Second, false},
		{&Entry{Clock: []int64{61000, 5000}}, 10 * time.Second, 51 * time.Second, false},
		{&Entry{Clock: []int64{61000, 5000}}, time.Hour, 0, false},
		{&Entry{Clock: []int64{-5, 5000}}, 0, 0, true},
	} {
		k, _ := clock.New(ctl, src)
		s := &Session{Referee: g, Clock: k}
		err := s.RestoreClock(tc.e, tc.used)
		if (err != nil) != tc.err {
			t.Errorf("%+v: error %v", tc.e, err)
			continue
		}
		if !tc.err && k.Side(rules.Black).Main != tc.want {
			t.Errorf("%+v: Black has %v, want %v", tc.e, k.Side(rules.Black).Main, tc.want)
		}
	}
}
