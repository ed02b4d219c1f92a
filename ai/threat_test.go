package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tengen/rules"
)

func solver(t testing.TB, p Position) (*searcher, uint8) {
	t.Helper()
	b, me, err := setup(p)
	if err != nil {
		t.Fatal(err)
	}
	var stop atomicBool
	return newSearcher(b, newTransTable(1<<16), &stop.b), me
}

// TestVCT: two crossing open twos give a double three: a VCT in two but no
// VCF. Under renju the double three is forbidden to Black (who, with four
// stones against none nearby, still wins another way), not to White.
func TestVCT(t *testing.T) {
	tests := []struct {
		rule   rules.Rule
		toMove rules.Color
		mine   string
		theirs string
		win    bool
	}{
		{rules.Freestyle, rules.Black, "h8 i8 j9 j10", "a1 a15 o1 o15", true},
		{rules.Renju, rules.Black, "h8 i8 j9 j10", "a1 a15 o1 o15", true},
		{rules.Renju, rules.White, "h8 i8 j9 j10", "a1 a15 o1 o15", true},
	}
	for _, tt := range tests {
		black, white := tt.mine, tt.theirs
		if tt.toMove == rules.White {
			black, white = white, black
		}
		s, me := solver(t, pos(t, 15, tt.rule, tt.toMove, black, white))
		if s.vcf(me, 20) {
			t.Fatalf("%v %v: a VCF where none exists", tt.rule, tt.toMove)
		}
		got := s.vct(me, 3)
		if got != tt.win {
			t.Errorf("%v %v: vct = %v, want %v", tt.rule, tt.toMove, got, tt.win)
		}
		first := s.b.pointOf(s.vcfMove).String()
		if tt.rule == rules.Renju && tt.toMove == rules.Black {
			if first == "j8" {
				t.Error("renju: Black's VCT starts on its forbidden point j8")
			}
			continue
		}
		if got && first != "j8" {
			t.Errorf("%v %v: VCT starts at %v, want j8", tt.rule, tt.toMove, s.b.pointOf(s.vcfMove))
		}
	}
	// A single open two is no win.
	s, me := solver(t, pos(t, 15, rules.Freestyle, rules.Black, "h8 i8 c3", "a1 a15 o1 o15"))
	if s.vct(me, 4) {
		t.Error("VCT claimed from a lone open two")
	}
}

// TestVCTBudgetShortWins: positions from Tengen's games that Rapfi marks
// as forced wins (+M7, +M11, +M11). A VCT four threats deep finds each
// within 20000 nodes, which a single depth-4 read, spending its budget on
// the defender's weakest replies first, did not.
func TestVCTBudgetShortWins(t *testing.T) {
	tests := []struct {
		rule         rules.Rule
		toMove       rules.Color
		black, white string
	}{
		{rules.Renju, rules.Black, "h8 h7 i9 h6 i6 f6 g7", "i8 i7 j10 h9 h5 e6 e5"},
		{rules.Freestyle, rules.White, "h8 j10 j9 f7 e10 g9 j5 g5", "h7 g7 g8 f9 g6 i6 g4"},
		{rules.Freestyle, rules.Black, "h8 h7 h6 i7 j6 i8 j8 j7", "g7 h9 h5 g5 k5 i6 k8 j9"},
	}
	for _, tt := range tests {
		s, me := solver(t, pos(t, 15, tt.rule, tt.toMove, tt.black, tt.white))
		if s.vcfBudget(me, maxVCFDepth, 20000) {
			t.Fatalf("%v %v: a VCF, want a win by threes", tt.rule, tt.toMove)
		}
		if !s.vctBudget(me, 4, 20000) {
			t.Errorf("%v %v (black %s, white %s): no VCT within 20000 nodes", tt.rule, tt.toMove, tt.black, tt.white)
		}
	}
}

// TestVCTRenjuFourThree: renju Black, which may not make two fours, wins
// here by threatening four-threes (Rapfi: mate in 15); read as threats
// only the threes that make a straight four, it finds no win.
func TestVCTRenjuFourThree(t *testing.T) {
	s, me := solver(t, pos(t, 15, rules.Renju, rules.Black, "h8 f9 f8 i9 f7 g6 k7 h9 k9", "h7 i7 i8 g7 f6 j7 e8 g9 k10"))
	if s.vcfBudget(me, maxVCFDepth, 20000) {
		t.Fatal("a VCF, want a win by threats")
	}
	if !s.vctBudget(me, 10, 20000) {
		t.Fatal("no VCT within 20000 nodes")
	}
}

// TestDefusesReadsLines: defuses answers without playing the stone what
// playing it and looking says, in every rule, for every candidate of the
// side facing a winning threat.
func TestDefusesReadsLines(t *testing.T) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Standard, rules.Renju, rules.Caro} {
		checked := 0
		gamePositions(t, 7, func(p Position) bool {
			p.Rule = rule
			s, me := solver(t, p)
			b := s.b
			var threats threatList
			nt := s.winningThreats(3-me, &threats)
			if nt == 0 || b.has(me, t5) || b.has(3-me, t5) {
				return true
			}
			b.eachEmpty(func(i cell) bool {
				if !b.legal(i, me) {
					return true
				}
				b.play(i, me)
				want := !s.hasWinningThreat(3 - me)
				b.undo()
				if got := s.defuses(i, me, threats[:nt]); got != want {
					t.Fatalf("%v %v: %v defuses = %v, playing it says %v\n%v", rule, p.ToMove, b.pointOf(i), got, want, b)
				}
				checked++
				return true
			})
			return checked < 6000
		})
		if checked < 6000 {
			t.Errorf("%v: only %d moves checked", rule, checked)
		}
	}
}

// TestVCTNoWinInLostPositions: in every case where Rapfi proved the side
// to move lost, the VCT claims no win.
func TestVCTNoWinInLostPositions(t *testing.T) {
	n := 0
	for _, c := range vctCases(t) {
		if c.kind != "lose" {
			continue
		}
		s, me := solver(t, c.pos)
		if s.vctBudget(me, 6, 20000) {
			t.Errorf("%s: VCT claims a win from %v in a lost position", c.src, s.b.pointOf(s.vcfMove))
		}
		n++
	}
	if n < 100 {
		t.Fatalf("only %d lost positions", n)
	}
}

// TestVCTDefenceOrder: a renju position from Tengen's games (Rapfi: mate
// in 13 for Black) whose VCT, four threats deep, ordering the defences by
// the defender's own value alone found only after 25k nodes; trying first
// the points the attacker needs finds it within 20k.
func TestVCTDefenceOrder(t *testing.T) { vctFindsWin(t, "g5p43+M13") }

// TestVCTFourThreeDepth: a renju position from Tengen's games (Rapfi:
// mate in 33 for Black) with no VCT four threats deep while Black's
// four-three threat was read an iteration after the other threats; read
// as deep as they are, one within 20k nodes.
func TestVCTFourThreeDepth(t *testing.T) { vctFindsWin(t, "g14p18+M33") }

// vctFindsWin checks that the VCT, four threats deep, finds a win by
// threes (not fours) within 20k nodes in case src of vctCases, and
// checks the claimed first move against every reply near the stones:
// after each the attacker still wins.
func vctFindsWin(t *testing.T, src string) {
	t.Helper()
	var p Position
	for _, c := range vctCases(t) {
		if c.src == src {
			p = c.pos
		}
	}
	if len(p.Stones) == 0 {
		t.Fatalf("case %s not found", src)
	}
	s, me := solver(t, p)
	if s.vcfBudget(me, maxVCFDepth, 20000) {
		t.Fatal("a VCF, want a win by threes")
	}
	if !s.vctBudget(me, 4, 20000) {
		t.Fatal("no VCT within 20000 nodes")
	}
	first := s.vcfMove
	b := s.b
	b.play(first, me)
	defer b.undo()
	opp := 3 - me
	replies := 0
	b.eachEmpty(func(i cell) bool {
		if !b.legal(i, opp) || !nearStone(b, i, 3) {
			return true
		}
		b.play(i, opp)
		check, _ := solver(t, p)
		for _, h := range b.history[len(p.Stones):] {
			check.b.play(h, b.stones[h])
		}
		win := check.b.has(me, t5) || check.vctBudget(me, 4, 500000)
		b.undo()
		if !win {
			t.Errorf("after %v, %v refutes the claimed win", b.pointOf(first), b.pointOf(i))
		}
		replies++
		return true
	})
	if replies < 30 {
		t.Fatalf("only %d replies checked", replies)
	}
}

// nearStone reports whether a stone lies within d cells (square) of i.
func nearStone(b *board, i cell, d int) bool {
	x, y := int(i)%b.stride, int(i)/b.stride
	for dy := -d; dy <= d; dy++ {
		for dx := -d; dx <= d; dx++ {
			q := (y+dy)*b.stride + x + dx
			if q >= 0 && q < len(b.stones) && (b.stones[q] == cellBlack || b.stones[q] == cellWhite) {
				return true
			}
		}
	}
	return false
}

// TestVCTFromGames: positions from Tengen's games as White against Rapfi
// (1 s a move), Black to move after the White move that let Black win by
// threats. Played out against Rapfi's defence (2 s a move) the win
// stood, though Rapfi saw no mate after the White move (after n6 not at
// 10 s). A read 6 threats deep within the same budget misses both, which
// is why the engine's safety read, 4 and 6 deep, let these moves through.
func TestVCTFromGames(t *testing.T) {
	tests := []struct {
		rule  rules.Rule
		moves string // in move order, Black first; White's losing move last
	}{
		// Freestyle, seed 7, game 8, move 36 (Rapfi preferred h12).
		{rules.Freestyle, "h8 h9 j10 i9 g9 i7 i8 g8 i10 h10 j8 j9 l8 k8 k7 j6 l9 l7 k9 i11 l10 m9 n5 m10 m11 n12 m5 m7 k6 k5 j4 h11 n4 l6 l4 n6"},
		// Renju, seed 8, game 6, move 18 (lost whatever White played).
		{rules.Renju, "h8 i9 h6 h7 g6 i6 g8 i7 i8 f8 h9 f7 g7 g9 j7 g10 i5 j5"},
	}
	for _, tt := range tests {
		p := Position{Size: 15, Rule: tt.rule, ToMove: rules.Black}
		pts, err := rules.ParsePoints(tt.moves, 15)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range pts {
			p.Stones = append(p.Stones, Stone{P: q, C: p.ToMove})
			p.ToMove = p.ToMove.Opponent()
		}
		s, me := solver(t, p)
		if !s.vctBudget(me, 8, 200000) {
			t.Errorf("%v %s: Black's win by threats not found 8 deep within 200k nodes (cut %v)", tt.rule, tt.moves, s.threatCut)
		}
		if s, me := solver(t, p); s.vctBudget(me, 6, 200000) {
			t.Logf("%v: found 6 deep too: the shallower safety reads would see it now", tt.rule)
		}
	}
}

// safetyCase is a position just after a losing White move from
// testdata/safety_cases.txt, and the White moves that would have escaped.
type safetyCase struct {
	pos     Position // Black to move
	src     string
	escapes []string
}

func safetyCases(t *testing.T) []safetyCase {
	var out []safetyCase
	for _, l := range caseLines(t, "safety_cases.txt") {
		f := l.f
		if len(f) < 4 {
			t.Fatalf("%s: want rule source escapes moves...", l.where)
		}
		rule, err := rules.ParseRule(f[0])
		if err != nil {
			t.Fatalf("%s: %v", l.where, err)
		}
		c := safetyCase{pos: Position{Size: 15, Rule: rule, ToMove: rules.Black}, src: f[1]}
		if f[2] != "-" {
			c.escapes = strings.Split(f[2], ",")
		}
		for _, m := range f[3:] {
			q, err := rules.ParsePoint(m, 15)
			if err != nil {
				t.Fatalf("%s: %v", l.where, err)
			}
			c.pos.Stones = append(c.pos.Stones, Stone{P: q, C: c.pos.ToMove})
			c.pos.ToMove = c.pos.ToMove.Opponent()
		}
		out = append(out, c)
	}
	return out
}

// TestSafetyRead: in Tengen's games against Rapfi, White's losing moves
// let Black win by threat sequences too deep for the search. The VCT, 8
// threats deep, finds each of those wins within 1M nodes; and the safety
// read after the search (avoidThreats, deepVCT within 10*safetyNodes)
// replaces the losing move by an escape in at least 7 of the 9 positions
// that had one (4 threats deep within safetyNodes, the first read, did so
// in 3).
func TestSafetyRead(t *testing.T) {
	cases := safetyCases(t)
	escaped, escapable := 0, 0
	for _, c := range cases {
		s, me := solver(t, c.pos)
		if !s.vctBudget(me, 8, 1000000) {
			t.Errorf("%s: no win found for Black after White's losing move", c.src)
		}
		if len(c.escapes) == 0 {
			continue
		}
		escapable++
		before := c.pos
		last := before.Stones[len(before.Stones)-1].P
		before.Stones = before.Stones[:len(before.Stones)-1]
		before.ToMove = rules.White
		s, me = solver(t, before)
		var root []rootMove
		for _, m := range s.genMovesAt0(me, false) {
			root = append(root, rootMove{m: m.m})
		}
		e := &Engine{}
		m, _ := e.avoidThreats(s, root, s.b.cellOf(last), me, deepVCT, 10*safetyNodes)
		if got := s.b.pointOf(m).String(); slices.Contains(c.escapes, got) {
			escaped++
		} else {
			t.Logf("%s: the safety read plays %s, not one of the escapes %v", c.src, got, c.escapes)
		}
	}
	if len(cases) != 15 || escapable != 9 {
		t.Fatalf("%d cases, %d with escapes; want 15 and 9", len(cases), escapable)
	}
	if escaped < 7 {
		t.Errorf("the safety read escaped in %d of %d positions, want at least 7", escaped, escapable)
	}
}

// TestDeepSafetyReadFreestyle: freestyle positions where the search's move
// lost to a threat sequence that the first safety read, 4 threats deep,
// reads to its end without finding. The deep read finds the win and
// replaces the move by one after which no win is found. The first two are
// from Tengen's self-play at 500 ms a move (Rapfi, 3 s: mate in 23 and in
// 19); replaying 60 such games, these were the only moves the deep read
// changed besides one in a position already lost: why it runs in freestyle
// as in renju. The third is from a game against Rapfi at 1 s a move, where
// Tengen's Black played f7 after a search that ran to the hard limit, so
// that no safety read ran, and lost to a mate in 15; the deep read proves
// that in 18k nodes, and its j6 leaves Rapfi (3 s) at +37 for White. The
// fourth is the same story from session 24's games against Rapfi (seed 31,
// game 3): e12 took 928 ms and lost to a mate in 25 (Rapfi, 4 s; h12
// instead leaves White at +11); the deep read proves it in 36k nodes, and
// its d3 leaves Rapfi (4 s) at -45 for White.
func TestDeepSafetyReadFreestyle(t *testing.T) {
	tests := []struct{ moves, losing string }{
		{"h8 g7 g8 i8 f8 e8 g9 f9 h10 i11 g10 i10 g11 g12 i9 j8 e11 f10 f11 h11 j9 e13 k9 h9 k11 k12 l11 l12 m12 m9 k10 n13 l8", "e7"},
		{"h8 h7 j9 g7 f7 f8 e9 g6", "g9"},
		{"h8 i9 i6 g8 g6 h9", "f7"},
		{"h8 i8 h6 h7 g6 f6 i5 g7 f7 j6 j7 e5 e8 d9 f9 g10 e11 f10 e10 e9 d8 g11 g8 f8 i10 j11 h5 i4 e6 h9 g4 f3 k8 i6 d5 c4 d4 f5 d6 d7", "e12"},
	}
	for _, tt := range tests {
		p := Position{Size: 15, Rule: rules.Freestyle, ToMove: rules.Black}
		for _, m := range strings.Fields(tt.moves) {
			q, err := rules.ParsePoint(m, 15)
			if err != nil {
				t.Fatal(err)
			}
			p.Stones = append(p.Stones, Stone{P: q, C: p.ToMove})
			p.ToMove = p.ToMove.Opponent()
		}
		q, err := rules.ParsePoint(tt.losing, 15)
		if err != nil {
			t.Fatal(err)
		}
		// Each read on a fresh solver: a table filled by one read would
		// hand its win to the next.
		s, me := solver(t, p)
		if lost, cut := s.loses(s.b.cellOf(q), me, 4, safetyNodes); lost || cut {
			t.Errorf("after %s: the first read finds a win (%v) or is cut (%v), want neither", tt.losing, lost, cut)
		}
		s, me = solver(t, p)
		if lost, _ := s.loses(s.b.cellOf(q), me, deepVCT, 10*safetyNodes); !lost {
			t.Errorf("after %s: the deep read finds no win for the opponent", tt.losing)
		}
		s, me = solver(t, p)
		var root []rootMove
		for _, m := range s.genMovesAt0(me, false) {
			root = append(root, rootMove{m: m.m})
		}
		m, ok := (&Engine{}).avoidThreats(s, root, s.b.cellOf(q), me, deepVCT, 10*safetyNodes)
		got := s.b.pointOf(m)
		if got == q || !ok {
			t.Fatalf("after %s: the deep read plays %s (finished %v), want another move", tt.losing, got, ok)
		}
		s, me = solver(t, p)
		if lost, cut := s.loses(m, me, deepVCT, 10*safetyNodes); lost || cut {
			t.Errorf("the deep read's %s in place of %s: the opponent wins (%v) or the read is cut (%v)", got, tt.losing, lost, cut)
		}
	}
}

// TestAlignedRows: alignedRows marks exactly the cells on a line with
// every threat point within halfLine of it (defuses' own test), on boards
// of every size, threat points at the edges included.
func TestAlignedRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	marked := 0
	for k := 0; k < 300; k++ {
		size := []int{15, 19, 22, 9}[k%4]
		b, err := newBoard(size, rules.Freestyle, rules.ReadingRIF)
		if err != nil {
			t.Fatal(err)
		}
		threats := make([]cell, 1+rng.IntN(3))
		for j := range threats {
			// Near the first one mostly, so that some cells are marked.
			p := rules.Point{X: rng.IntN(size), Y: rng.IntN(size)}
			if j > 0 && rng.IntN(3) > 0 {
				q := b.pointOf(threats[0])
				p = rules.Point{X: min(size-1, max(0, q.X+rng.IntN(9)-4)), Y: min(size-1, max(0, q.Y+rng.IntN(9)-4))}
			}
			threats[j] = b.cellOf(p)
		}
		var out [maxStride]uint32
		b.alignedRows(threats, &out)
		b.eachEmpty(func(i cell) bool {
			want := true
			for _, th := range threats {
				dx, dy := int(b.xy[i][0])-int(b.xy[th][0]), int(b.xy[i][1])-int(b.xy[th][1])
				ax, ay := max(dx, -dx), max(dy, -dy)
				if (dx != 0 && dy != 0 && ax != ay) || max(ax, ay) > halfLine {
					want = false
				}
			}
			got := out[b.xy[i][1]]>>b.xy[i][0]&1 != 0
			if got != want {
				t.Fatalf("%dx%d, threats %v: %v marked %v, want %v", size, size, threats, b.pointOf(i), got, want)
			}
			if got {
				marked++
			}
			return true
		})
	}
	if marked < 1000 {
		t.Errorf("only %d cells marked: the test is too weak", marked)
	}
}

// TestSearchProvesThreatWins: the main search alone (no root VCF or VCT)
// proves a win by threats in these cases of vct_cases.txt within 500k
// nodes, and in the first three within 200k. Rapfi read them as wins in
// 15-23 plies. The three are the cases the search proves in 200k only
// with late moves at null-window nodes reduced a ply more
// (lateReduction); the other two it proved in 200k (143k and 177k nodes)
// until internal iterative reduction (iirDepth) put the proof an
// iteration later (472k and 435k).
func TestSearchProvesThreatWins(t *testing.T) {
	want := map[string]int64{"g3p63+M15": 200000, "g6p12+M19": 200000, "g16p10+M23": 200000, "case-g14p16+M17": 500000, "g14p14+M19": 500000}
	for _, c := range vctCases(t) {
		nodes, ok := want[c.src]
		if !ok {
			continue
		}
		delete(want, c.src)
		e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 16 << 20})
		e.lv.vct, e.lv.vcf = 0, 0
		r, err := e.Think(context.Background(), c.pos, Limits{NoTurnLimit: true, Nodes: nodes}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score <= winBound {
			t.Errorf("%s (%v): score %d at depth %d after %d nodes, want a proven win within %d", c.src, c.pos.Rule, r.Score, r.Depth, r.Nodes, nodes)
		}
	}
	if len(want) > 0 {
		t.Fatalf("cases not in vct_cases.txt: %v", want)
	}
}

// TestDeepReadSeesWhiteLosses: of Tengen's 24 renju losses as White
// against Rapfi (testdata/renju_white_losses.txt), 10 came from a White
// move after which the deep safety read (deepVCT threats within
// 10*safetyNodes) proves Black's win; the 4-deep first read within
// safetyNodes proved one of them. Such a move is avoided only when the
// deep read gets its time after the search (budget.forRule).
func TestDeepReadSeesWhiteLosses(t *testing.T) {
	kinds := map[string]int{}
	for _, l := range caseLines(t, "renju_white_losses.txt") {
		f := l.f
		if len(f) < 5 {
			t.Fatalf("%s: want rule kind source moves...", l.where)
		}
		kinds[f[1]]++
		if f[1] != "deep" {
			continue
		}
		p, last := beforeWhiteMove(t, l.where, f[3:])
		s, me := solver(t, p)
		if lost, cut := s.loses(s.b.cellOf(last), me, deepVCT, 10*safetyNodes); !lost {
			t.Errorf("%s: after White's %s the deep read finds no win for Black (cut %v)", f[2], f[len(f)-1], cut)
		}
	}
	if kinds["deep"] != 10 || kinds["deep"]+kinds["slow"]+kinds["beyond"]+kinds["quiet"]+kinds["unclear"] != 24 {
		t.Fatalf("kinds %v: want 24 cases, 10 deep", kinds)
	}
}

// TestWhiteTurns: testdata/renju_white_turns.txt holds the White moves
// that lost Tengen's renju games against Rapfi in session 36's final
// match, with Rapfi's choice at each. The deep safety read must not call
// Rapfi's choice lost (Rapfi, 1M nodes, found no Black win after it; a
// false loss would make avoidThreats leave a good move), and with ten
// times its nodes it proves the two losses classed vct (slow: skipped
// with -short).
func TestWhiteTurns(t *testing.T) {
	kinds := map[string]int{}
	for _, c := range rapfiTurns(t, "renju_white_turns.txt", rules.White) {
		kind := strings.TrimRight(c.kind, "0123456789")
		kinds[kind]++
		if kind != "vct" || testing.Short() {
			continue
		}
		depth, err := strconv.Atoi(strings.TrimPrefix(c.kind, "vct"))
		if err != nil {
			t.Fatalf("%s: kind %q", c.source, c.kind)
		}
		c.lostAfterPlayed(t, depth)
	}
	if kinds["vct"] != 2 || kinds["eval"] != 3 || kinds["depth"] != 2 || kinds["search"] != 1 {
		t.Fatalf("kinds %v: want vct 2, eval 3, depth 2, search 1", kinds)
	}
}

// TestBlackTurns: testdata/renju_black_turns.txt holds Black moves that
// lost Tengen's renju games against Rapfi on the even openings, with
// Rapfi's choice at each, which Rapfi (1M nodes) found no White mate
// after. The deep safety read must not call Rapfi's choice lost (a false
// loss would make avoidThreats leave a good move); for the case classed
// vct12 a read 12 threats deep within 100*safetyNodes proves our move lost
// (slow: skipped with -short).
func TestBlackTurns(t *testing.T) {
	kinds := map[string]int{}
	for _, c := range rapfiTurns(t, "renju_black_turns.txt", rules.Black) {
		kinds[c.kind]++
		if c.kind == "vct12" && !testing.Short() {
			c.lostAfterPlayed(t, 12)
		}
	}
	if kinds["early"] != 5 || kinds["drift"] != 3 || kinds["vct12"] != 1 {
		t.Fatalf("kinds %v: want early 5, drift 3, vct12 1", kinds)
	}
}

// TestFreestyleTurns: testdata/freestyle_turns.txt holds our moves (either
// colour) that lost freestyle games against Rapfi on the even openings,
// after which Rapfi (500k nodes) mates in 19-37 plies, and not after its
// own choice. The deep safety read must not call Rapfi's choice lost. In
// the two classed quiet the opponent's win begins with a quiet move (in
// c39-008 Black's e5, two twos), so no threat read can see it: a read 12
// threats deep within 100*safetyNodes finds no win, while the opponent's
// own search within 4M nodes proves one (depth 10-11: with engine65's open
// weights c39-002's takes 2.16M nodes, 1.73M before, c39-008's 0.75M,
// 1.00M before). Such moves are what
// our search, at 1 s as in the games, still plays (slow: skipped with
// -short).
func TestFreestyleTurns(t *testing.T) {
	kinds := map[string]int{}
	for _, c := range rapfiTurns(t, "freestyle_turns.txt", rules.Empty) {
		kinds[c.kind]++
		if c.pos.Rule != rules.Freestyle {
			t.Fatalf("%s: rule %v, want freestyle", c.source, c.pos.Rule)
		}
		if c.kind != "quiet" || testing.Short() {
			continue
		}
		s, me := solver(t, c.pos)
		if lost, _ := s.loses(s.b.cellOf(c.played), me, 12, 100*safetyNodes); lost {
			t.Errorf("%s: a 12-deep read finds the opponent's win after %v, want none (a quiet move starts it)", c.source, c.played)
		}
		q := c.pos
		q.Stones = append(append([]Stone(nil), c.pos.Stones...), Stone{P: c.played, C: c.pos.ToMove})
		q.ToMove = c.pos.ToMove.Opponent()
		e := NewEngine(EngineOptions{Threads: 1, MaxMemory: 64 << 20})
		r, err := e.Think(context.Background(), q, Limits{NoTurnLimit: true, Nodes: 4000000}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Score < winBound {
			t.Errorf("%s: after %v the opponent's search (4M nodes) scores %d (%v at depth %d), want a proven win", c.source, c.played, r.Score, r.Move, r.Depth)
		}
	}
	if kinds["blunder"] != 5 || kinds["quiet"] != 2 || kinds["early"] != 1 {
		t.Fatalf("kinds %v: want blunder 5, quiet 2, early 1", kinds)
	}
}

// rapfiTurn is a move of a game Tengen lost to Rapfi, beside Rapfi's choice
// there.
type rapfiTurn struct {
	kind, source string
	pos          Position
	played       rules.Point
}

// rapfiTurns reads a file of moves that lost games to Rapfi, the last of
// each line's moves colour c's (either colour's when c is rules.Empty;
// "rule kind source rapfi moves..."), and checks each against the deep
// safety read: it must not call Rapfi's choice lost (a false loss would
// make avoidThreats leave a good move).
func rapfiTurns(t *testing.T, file string, c rules.Color) []rapfiTurn {
	t.Helper()
	var out []rapfiTurn
	for _, l := range caseLines(t, file) {
		f := l.f
		if len(f) < 6 {
			t.Fatalf("%s: want rule kind source rapfi moves...", l.where)
		}
		rule, err := rules.ParseRule(f[0])
		if err != nil {
			t.Fatalf("%s: %v", l.where, err)
		}
		p, played := beforeMove(t, l.where, f[4:], rule, c)
		rapfi, err := rules.ParsePoint(f[3], 15)
		if err != nil || rapfi == played {
			t.Fatalf("%s: Rapfi's move %q: %v (must differ from the played %v)", f[2], f[3], err, played)
		}
		s, me := solver(t, p)
		if lost, _ := s.loses(s.b.cellOf(rapfi), me, deepVCT, 10*safetyNodes); lost {
			t.Errorf("%s: the deep read calls Rapfi's %v lost", f[2], rapfi)
		}
		out = append(out, rapfiTurn{kind: f[1], source: f[2], pos: p, played: played})
	}
	return out
}

// lostAfterPlayed checks that a read depth threats deep within
// 100*safetyNodes proves the move played lost.
func (c rapfiTurn) lostAfterPlayed(t *testing.T, depth int) {
	t.Helper()
	s, me := solver(t, c.pos)
	if lost, cut := s.loses(s.b.cellOf(c.played), me, depth, 100*safetyNodes); !lost {
		t.Errorf("%s: after %v a %d-deep read within %d nodes finds no win for the opponent (cut %v)", c.source, c.played, depth, 100*safetyNodes, cut)
	}
}

// beforeWhiteMove is the renju position before the last of moves
// (alternating from Black; the last one White's), and that move. where
// names the line in errors.
func beforeWhiteMove(t *testing.T, where string, moves []string) (Position, rules.Point) {
	t.Helper()
	return beforeMove(t, where, moves, rules.Renju, rules.White)
}

// beforeMove is the position under rule before the last of moves
// (alternating from Black; the last one last's, unless last is
// rules.Empty), and that move.
func beforeMove(t *testing.T, where string, moves []string, rule rules.Rule, last rules.Color) (Position, rules.Point) {
	t.Helper()
	p := Position{Size: 15, Rule: rule, ToMove: rules.Black}
	var pts []rules.Point
	for _, m := range moves {
		q, err := rules.ParsePoint(m, 15)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		pts = append(pts, q)
	}
	for _, q := range pts[:len(pts)-1] {
		p.Stones = append(p.Stones, Stone{P: q, C: p.ToMove})
		p.ToMove = p.ToMove.Opponent()
	}
	if last != rules.Empty && p.ToMove != last {
		t.Fatalf("%s: the last move is not %v's", where, last)
	}
	return p, pts[len(pts)-1]
}

// caseLine is one line of a testdata case file, split into fields;
// where names the file and line for errors.
type caseLine struct {
	where string
	f     []string
}

// caseLines reads testdata/name, skipping blank lines and # comments.
func caseLines(tb testing.TB, name string) []caseLine {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	var out []caseLine
	for n, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			out = append(out, caseLine{fmt.Sprintf("%s:%d", name, n+1), f})
		}
	}
	return out
}
