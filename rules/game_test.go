package rules

import (
	"errors"
	"strings"
	"testing"
)

// play plays moves (Chinese notation, "pass" allowed) alternately from
// Black and fails the test on an illegal one. It returns the last event.
func play(t *testing.T, g *Game, moves string) Event {
	t.Helper()
	var ev Event
	for _, f := range strings.Fields(moves) {
		p, err := ParsePoint(f, g.Size())
		if err != nil {
			t.Fatal(err)
		}
		if ev, err = g.Play(g.ToMove(), p); err != nil {
			t.Fatal(err)
		}
	}
	return ev
}

func newGame(t *testing.T, size int, r Rule) *Game {
	t.Helper()
	g, err := NewGame(size, r, ReadingRIF)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGameFive(t *testing.T) {
	tests := []struct {
		rule  Rule
		moves string
		want  Outcome
	}{
		{Freestyle, "h8 h9 i8 i9 j8 j9 k8 k9 l8",
			Outcome{Over: true, Winner: Black, Reason: Five, Move: 9}},
		{Renju, "h8 h9 i8 i9 j8 j9 k8 k9 a1 l9",
			Outcome{Over: true, Winner: White, Reason: Five, Move: 10}},
		// Black fills g8 between h8-k8 and f8: an overline wins only in freestyle.
		{Freestyle, "h8 h9 i8 i9 j8 j9 k8 a1 f8 a2 g8",
			Outcome{Over: true, Winner: Black, Reason: Five, Move: 11}},
		{Standard, "h8 h9 i8 i9 j8 j9 k8 a1 f8 a2 g8", Outcome{}},
		{Caro, "h8 h9 i8 i9 j8 j9 k8 l8 a1 g8 f8", Outcome{}},
		{Caro, "h8 h9 i8 i9 j8 j9 k8 l8 g8",
			Outcome{Over: true, Winner: Black, Reason: Five, Move: 9}},
	}
	for _, tt := range tests {
		g := newGame(t, 15, tt.rule)
		play(t, g, tt.moves)
		if got := g.Outcome(); got != tt.want {
			t.Errorf("%v %q: %v, want %v", tt.rule, tt.moves, got, tt.want)
		}
	}
}

// doubleThree ends with a double-three by Black at move 9: e8 f8 on the
// row and g9 g10 on the column, then g8 makes two open threes.
const doubleThree = "e8 a1 f8 a3 g9 a5 g10 a7 g8"

func TestGameForbiddenClaim(t *testing.T) {
	g := newGame(t, 15, Renju)
	ev := play(t, g, doubleThree)
	if ev.Claimable != DoubleThree || ev.Move != 9 || ev.Outcome.Over {
		t.Fatalf("after the 3-3: %+v", ev)
	}
	if got := g.Claimable(); len(got) != 1 || got[0] != 9 {
		t.Errorf("Claimable = %v, want [9]", got)
	}
	out, err := g.Claim()
	want := Outcome{Over: true, Winner: White, Reason: ForbiddenMove, Move: 9, Kind: DoubleThree}
	if err != nil || out != want || g.Outcome() != want {
		t.Errorf("Claim = %v, %v; want %v", out, err, want)
	}
	if out.Code() != "forbidden:double-three" {
		t.Errorf("Code = %q", out.Code())
	}
	if _, err := g.Play(White, Point{0, 10}); err == nil {
		t.Error("a move after the end was accepted")
	}
}

func TestGameForbiddenWaived(t *testing.T) {
	g := newGame(t, 15, Renju)
	play(t, g, doubleThree+" a9")
	if got := g.Claimable(); len(got) != 0 {
		t.Errorf("Claimable after White's move = %v, want none", got)
	}
	if _, err := g.Claim(); !errors.Is(err, ErrNothingToClaim) {
		t.Errorf("Claim after White's move: %v", err)
	}
	if g.Over() || g.Moves()[8].Forbidden != DoubleThree {
		t.Errorf("the waived move should stand and be recorded: %+v", g.Moves()[8])
	}
}

func TestGameOverlineStaysClaimable(t *testing.T) {
	g := newGame(t, 15, Renju)
	ev := play(t, g, "h8 a1 i8 a3 j8 a5 l8 a7 m8 a9 k8")
	if ev.Claimable != Overline {
		t.Fatalf("overline not claimable: %+v", ev)
	}
	play(t, g, "a11 b1 a13")
	if got := g.Claimable(); len(got) != 1 || got[0] != 11 {
		t.Fatalf("Claimable = %v, want [11]", got)
	}
	out, err := g.Claim()
	if err != nil || out.Move != 11 || out.Kind != Overline || out.Winner != White {
		t.Errorf("Claim = %v, %v", out, err)
	}
}

func TestGameAutoClaim(t *testing.T) {
	g := newGame(t, 15, Renju)
	g.SetAutoClaim(true)
	ev := play(t, g, doubleThree)
	want := Outcome{Over: true, Winner: White, Reason: ForbiddenMove, Move: 9, Kind: DoubleThree}
	if ev.Outcome != want || ev.Claimable != NotForbidden {
		t.Errorf("auto-claim: %+v, want %v", ev, want)
	}
}

func TestGameFiveBeatsForbidden(t *testing.T) {
	// g8 makes five on row 8 and two threes (column g, diagonal g8-i10):
	// five comes first.
	g := newGame(t, 15, Renju)
	g.SetAutoClaim(true)
	pre := "c8 a1 d8 a3 e8 a5 f8 a7 g9 a9 g10 a11 h9 a13 i10 a15"
	play(t, g, pre)
	if k := g.Board().Forbidden(Point{6, 7}, ReadingRIF); k != NotForbidden || !g.Board().Wins(Point{6, 7}, Black, Renju) {
		t.Fatalf("g8 should be a five: %v", k)
	}
	b := g.Board()
	b.Set(Point{2, 7}, Empty) // without c8 it is a plain 4-3-3
	if k := b.Forbidden(Point{6, 7}, ReadingRIF); k != DoubleThree {
		t.Fatalf("without the five g8 is %q, want double-three", k)
	}
	ev := play(t, g, "g8")
	if ev.Outcome.Winner != Black || ev.Outcome.Reason != Five {
		t.Errorf("five with a four: %v", ev.Outcome)
	}
}

func TestGameIllegal(t *testing.T) {
	g := newGame(t, 15, Renju)
	play(t, g, "h8 h9")
	tests := []struct {
		c    Color
		p    Point
		want string
	}{
		{Black, Point{7, 7}, "taken by black"},
		{Black, Point{7, 8}, "taken by white"},
		{Black, Point{15, 3}, "off the 15x15 board"},
		{White, Point{3, 3}, "twice in a row"},
		{Empty, Point{3, 3}, "not a player's colour"},
	}
	for _, tt := range tests {
		_, err := g.Play(tt.c, tt.p)
		var ie *IllegalMoveError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tt.want) || ie.N != 3 {
			t.Errorf("Play(%v, %v) = %v, want an illegal move 3 saying %q", tt.c, tt.p, err, tt.want)
		}
	}
	if len(g.Moves()) != 2 || g.ToMove() != Black {
		t.Errorf("illegal moves changed the game: %v", g.Moves())
	}
	g2 := newGame(t, 15, Freestyle)
	if _, err := g2.Play(White, Point{7, 7}); err == nil || !strings.Contains(err.Error(), "black moves first") {
		t.Errorf("White first: %v", err)
	}
}

func TestGamePasses(t *testing.T) {
	g := newGame(t, 15, Renju)
	play(t, g, "h8 pass i9 pass")
	if g.Over() {
		t.Fatal("two passes that are not in a row ended the game")
	}
	play(t, g, "pass")
	want := Outcome{Over: true, Reason: TwoPasses, Move: 5}
	if g.Outcome() != want {
		t.Errorf("%v, want %v", g.Outcome(), want)
	}
}

func TestGameFullBoard(t *testing.T) {
	// A 5x5 board filled with no line of five: rows from the top.
	rows := []string{"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XOOXX"}
	var blacks, whites []Point
	for r, row := range rows {
		for x, ch := range row {
			p := Point{x, 4 - r}
			if ch == 'X' {
				blacks = append(blacks, p)
			} else {
				whites = append(whites, p)
			}
		}
	}
	g := newGame(t, 5, Freestyle)
	var ev Event
	var err error
	for i := range blacks {
		if ev, err = g.Play(Black, blacks[i]); err != nil {
			t.Fatal(err)
		}
		if i < len(whites) {
			if ev, err = g.Play(White, whites[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := Outcome{Over: true, Reason: FullBoard, Move: 25}
	if ev.Outcome != want || !strings.Contains(want.String(), "draw by full board") {
		t.Errorf("%v, want %v", ev.Outcome, want)
	}
}

func TestGameUndoResignTime(t *testing.T) {
	g := newGame(t, 15, Freestyle)
	if _, err := g.Undo(); err == nil {
		t.Error("Undo of no move succeeded")
	}
	play(t, g, "h8 h9 i8 i9 j8 j9 k8 k9 l8")
	m, err := g.Undo()
	if err != nil || m.P != (Point{11, 7}) || g.Over() || g.ToMove() != Black || g.Board().At(m.P) != Empty {
		t.Fatalf("Undo after the five: %v, %v, %v", m, err, g.Outcome())
	}
	if err := g.Resign(Black); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o.Winner != White || o.Reason != Resignation || o.Move != 8 {
		t.Errorf("resignation: %v", o)
	}
	if err := g.Timeout(White); err == nil {
		t.Error("a loss on time after the end was accepted")
	}
	g.Undo()
	if err := g.Timeout(White); err != nil || g.Outcome().Winner != Black || g.Outcome().Reason != Time {
		t.Errorf("time: %v, %v", err, g.Outcome())
	}
	if _, err := NewGame(4, Renju, ReadingRIF); err == nil {
		t.Error("NewGame accepted a 4x4 board")
	}
}

// An overline nobody claimed is still claimable when the last move fills
// the board, and the referee claims it before calling a draw.
func TestGameFullBoardClaimsOverline(t *testing.T) {
	rows := []string{"OXOXOX", "OOXOXX", "OOXXOO", "OXOOOO", "XOOXOX", "XXXXXX"}
	var blacks, whites []Point
	for r, row := range rows {
		for x, ch := range row {
			p := Point{x, 5 - r}
			switch {
			case p == Point{3, 0}: // d1 completes the overline, played last
			case ch == 'X':
				blacks = append(blacks, p)
			default:
				whites = append(whites, p)
			}
		}
	}
	blacks = append(blacks, Point{3, 0})
	g := newGame(t, 6, Renju)
	var ev Event
	for i := range whites {
		var err error
		if ev, err = g.Play(Black, blacks[i]); err != nil {
			t.Fatal(err)
		}
		if i == len(whites)-1 && ev.Claimable != Overline {
			t.Fatalf("d1 is not a claimable overline: %+v", ev)
		}
		if ev, err = g.Play(White, whites[i]); err != nil {
			t.Fatal(err)
		}
	}
	want := Outcome{Over: true, Winner: White, Reason: ForbiddenMove, Move: 35, Kind: Overline}
	if ev.Outcome != want {
		t.Errorf("%v, want %v", ev.Outcome, want)
	}
}

func TestAgreeDraw(t *testing.T) {
	g, _ := NewGame(15, Renju, ReadingRIF)
	if _, err := g.Play(Black, Point{7, 7}); err != nil {
		t.Fatal(err)
	}
	if err := g.AgreeDraw(); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); !o.Over || o.Winner != Empty || o.Reason != Agreement || o.Code() != "agreement" {
		t.Errorf("outcome %+v", o)
	}
	if err := g.AgreeDraw(); err == nil {
		t.Error("a second draw was agreed in a finished game")
	}
}

func TestDecideByFours(t *testing.T) {
	for _, w := range []Color{Black, White, Empty} {
		g, _ := NewGame(15, Renju, ReadingRIF)
		if _, err := g.Play(Black, Point{7, 7}); err != nil {
			t.Fatal(err)
		}
		if err := g.DecideByFours(w); err != nil {
			t.Fatal(err)
		}
		if o := g.Outcome(); !o.Over || o.Winner != w || o.Reason != Fours || o.Code() != "fours" || o.Move != 1 {
			t.Errorf("%v: outcome %+v", w, o)
		}
		if err := g.DecideByFours(w); err == nil {
			t.Errorf("%v: a finished game decided again", w)
		}
	}
	g, _ := NewGame(15, Renju, ReadingRIF)
	if err := g.DecideByFours(Color(9)); err == nil {
		t.Error("a game decided for no player's colour")
	}
}
