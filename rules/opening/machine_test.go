package opening

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"tengen/rules"
)

// scriptStep is one line of a test script: "F place h8", "S swap",
// "F declare 3", "S offer g7 i7", "F choose i7", "S pass" (F first
// player, S second).
type scriptStep struct {
	by Player
	a  Action
}

func parseScript(t testing.TB, script string, size int) []scriptStep {
	t.Helper()
	var out []scriptStep
	for _, line := range strings.Split(script, ";") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) < 2 || (f[0] != "F" && f[0] != "S") {
			t.Fatalf("bad script step %q", line)
		}
		st := scriptStep{by: First}
		if f[0] == "S" {
			st.by = Second
		}
		kinds := map[string]ActionKind{"place": Place, "pass": Pass, "swap": Swap, "keep": Keep, "declare": Declare, "offer": Offer, "choose": Choose}
		k, ok := kinds[f[1]]
		if !ok {
			t.Fatalf("bad action in %q", line)
		}
		st.a.Kind = k
		switch k {
		case Place, Choose:
			st.a.Point = pt(t, f[2], size)
		case Offer:
			for _, s := range f[2:] {
				st.a.Points = append(st.a.Points, pt(t, s, size))
			}
		case Declare:
			n, err := strconv.Atoi(f[2])
			if err != nil {
				t.Fatal(err)
			}
			st.a.N = n
		}
		out = append(out, st)
	}
	return out
}

// snapshot is everything Apply may change, to check refusals change
// nothing.
type snapshot struct {
	step     Step
	moves    []Move
	offers   []rules.Point
	declared int
	black    Player
	board    string
}

func snap(m *Machine) snapshot {
	return snapshot{m.Step(), m.Moves(), m.Offers(), m.Declared(), m.Black(), m.Board().String()}
}

// illegalActions builds actions that must be refused at the machine's
// current step, with the error each must wrap. legal is the action the
// script plays next.
func illegalActions(m *Machine, legal scriptStep) []struct {
	by   Player
	a    Action
	want error
} {
	type ill = struct {
		by   Player
		a    Action
		want error
	}
	s := m.Step()
	size := m.size
	var out []ill
	out = append(out, ill{s.Player.Other(), legal.a, ErrWrongPlayer})
	allowed := map[ActionKind]bool{}
	for _, k := range s.Allowed {
		allowed[k] = true
	}
	for k := Place; k <= Choose; k++ {
		if !allowed[k] {
			out = append(out, ill{s.Player, Action{Kind: k, Point: rules.Centre(size), N: 1}, ErrNotAllowed})
		}
	}
	var taken rules.Point
	hasTaken := false
	for _, mv := range m.moves {
		if !mv.Point.IsPass() {
			taken, hasTaken = mv.Point, true
		}
	}
	if allowed[Place] {
		out = append(out,
			ill{s.Player, Action{Kind: Place, Point: rules.Point{X: size, Y: 0}}, ErrBadPoint},
			ill{s.Player, Action{Kind: Place, Point: rules.Pass}, ErrBadPoint})
		if hasTaken {
			out = append(out, ill{s.Player, Action{Kind: Place, Point: taken}, ErrBadPoint})
		}
		if s.Side > 0 && s.Side < size {
			c := rules.Centre(size)
			out = append(out, ill{s.Player, Action{Kind: Place, Point: rules.Point{X: c.X + s.Side/2 + 1, Y: c.Y}}, ErrBadPoint})
		}
	}
	if allowed[Declare] {
		out = append(out,
			ill{s.Player, Action{Kind: Declare, N: s.Min - 1}, ErrBadNumber},
			ill{s.Player, Action{Kind: Declare, N: s.Max + 1}, ErrBadNumber})
	}
	if allowed[Offer] && legal.a.Kind == Offer {
		pts := legal.a.Points
		out = append(out, ill{s.Player, Action{Kind: Offer, Points: pts[:len(pts)-1]}, ErrBadNumber})
		if len(pts) >= 2 {
			dup := append([]rules.Point{pts[0]}, pts[:len(pts)-1]...)
			out = append(out, ill{s.Player, Action{Kind: Offer, Points: dup}, ErrBadPoint})
		}
		if hasTaken {
			bad := append([]rules.Point{taken}, pts[1:]...)
			out = append(out, ill{s.Player, Action{Kind: Offer, Points: bad}, ErrBadPoint})
		}
	}
	if allowed[Choose] {
		for y := 0; y < size; y++ {
			p := rules.Point{X: 0, Y: y}
			if !contains(m.offers, p) {
				out = append(out, ill{s.Player, Action{Kind: Choose, Point: p}, ErrBadPoint})
				break
			}
		}
	}
	return out
}

func TestProtocols(t *testing.T) {
	tests := []struct {
		proto  string
		size   int
		script string
		moves  string // the opening's moves, "pass" for a pass
		black  Player
		next   rules.Color
	}{
		{"free", 15, "", "", First, rules.Black},
		{"centre", 15, "F place h8; S place i9", "h8 i9", First, rules.Black},
		{"rif", 15, "F place h8; F place h9; F place h10; S swap; F place j8; S offer g11 i7; F choose i7",
			"h8 h9 h10 j8 i7", Second, rules.White},
		{"rif", 15, "F place h8; F place i9; F place j10; S keep; S pass; F offer a1 o1; S choose o1",
			"h8 i9 j10 pass o1", First, rules.White},
		{"yamaguchi", 15, "F place h8; F place h9; F place i9; F declare 3; S keep; S place g10; F offer a1 a2 a3; S choose a2",
			"h8 h9 i9 g10 a2", First, rules.White},
		{"five-move-n", 15, "F place h8; F place g7; F place h6; F declare 1; S swap; F place j9; S offer d4; F choose d4",
			"h8 g7 h6 j9 d4", Second, rules.White},
		{"yamaguchi-52", 15, "F place h8; F place h9; F place k11; F declare 2; S keep; S place e5; F offer a1 b1; S choose b1",
			"h8 h9 k11 e5 b1", First, rules.White},
		{"yamaguchi-centre", 15, "F place h8; F place a1; F place o15; F declare 1; S swap; F place b2; S offer c3; F choose c3",
			"h8 a1 o15 b2 c3", Second, rules.White},
		{"soosorv-8", 15, "F place h8; F place h9; F place h10; S keep; S place i10; S declare 5; F swap; S offer a1 a2 a3 a4 a5; F choose a4",
			"h8 h9 h10 i10 a4", Second, rules.White},
		{"soosorv", 15, "F place h8; F place i9; F place g7; S swap; F pass; F declare 4; S keep; S offer a1 a2 a3 a4; F choose a1",
			"h8 i9 g7 pass a1", Second, rules.White},
		{"tarannikov", 15, "F place h8; S swap; F place h9; S keep; S place h10; F swap; S place k11; F keep; F place d4; S keep",
			"h8 h9 h10 k11 d4", First, rules.White},
		{"taraguchi", 15, "F place h8; S keep; S place i9; F keep; F place j10; S keep; S place e5; F swap; S place l12; F swap",
			"h8 i9 j10 e5 l12", First, rules.White},
		{"taraguchi", 15, "F place h8; S keep; S place i9; F keep; F place j10; S keep; S place e5; F offer a1 a2 a3 a4 a5; S choose a3",
			"h8 i9 j10 e5 a3", First, rules.White},
		{"taraguchi-10", 15, "F place h8; S keep; S place h9; F keep; F place h10; S keep; S place g9; F offer a1 a2 a3 a4 a5 a6 a7 b1 b2 b3; S choose b3",
			"h8 h9 h10 g9 b3", First, rules.White},
		{"swap", 15, "F place a1; F place o15; F place h8; S swap", "a1 o15 h8", Second, rules.White},
		{"swap", 15, "F place a1; F place o15; F place h8; S keep", "a1 o15 h8", First, rules.White},
		{"swap2", 15, "F place a1; F place b2; F place c3; S keep", "a1 b2 c3", First, rules.White},
		{"swap2", 15, "F place a1; F place b2; F place c3; S swap", "a1 b2 c3", Second, rules.White},
		{"swap2", 15, "F place a1; F place b2; F place c3; S place d4; S place e5; F swap", "a1 b2 c3 d4 e5", Second, rules.White},
		{"rif", 19, "F place j10; F place j11; F place j12; S keep; S place a1; F offer s19 s18; S choose s19",
			"j10 j11 j12 a1 s19", First, rules.White},
	}
	covered := map[string]bool{}
	for _, tt := range tests {
		covered[tt.proto] = true
	}
	for _, p := range Protocols() {
		if !covered[p.Name()] {
			t.Errorf("protocol %s has no full sequence in this table", p.Name())
		}
	}
	for _, tt := range tests {
		t.Run(tt.proto+"/"+tt.moves, func(t *testing.T) {
			p, err := ByName(tt.proto)
			if err != nil {
				t.Fatal(err)
			}
			m, err := New(p, tt.size)
			if err != nil {
				t.Fatal(err)
			}
			for i, st := range parseScript(t, tt.script, tt.size) {
				for _, bad := range illegalActions(m, st) {
					before := snap(m)
					err := m.Apply(bad.by, bad.a)
					if !errors.Is(err, bad.want) {
						t.Errorf("step %d: %s by %s: got %v, want %v", i+1, bad.a, bad.by, err, bad.want)
					} else if err.Error() == bad.want.Error() {
						t.Errorf("step %d: %s: error %q gives no reason", i+1, bad.a, err)
					}
					if !reflect.DeepEqual(before, snap(m)) {
						t.Fatalf("step %d: refused %s changed the machine", i+1, bad.a)
					}
				}
				if err := m.Apply(st.by, st.a); err != nil {
					t.Fatalf("step %d: %s by %s: %v", i+1, st.a, st.by, err)
				}
			}
			if !m.Done() {
				t.Fatalf("not done after the script; waiting for %+v", m.Step())
			}
			if who, allowed := m.Next(); len(allowed) != 0 {
				t.Errorf("done, but Next = %v %v", who, allowed)
			}
			if err := m.Apply(First, Action{Kind: Place, Point: rules.Point{}}); !errors.Is(err, ErrDone) {
				t.Errorf("action after the end: %v, want ErrDone", err)
			}
			r, err := m.Result()
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, mv := range r.Moves {
				got = append(got, mv.Point.String())
			}
			if strings.Join(got, " ") != tt.moves || r.Black != tt.black || r.NextColor != tt.next || r.NextMove != len(r.Moves)+1 {
				t.Errorf("result %v, black %v, next %v %d; want %s, %v, %v", got, r.Black, r.NextColor, r.NextMove, tt.moves, tt.black, tt.next)
			}
			for i, mv := range r.Moves {
				if want := []rules.Color{rules.Black, rules.White}[i%2]; mv.Color != want {
					t.Errorf("move %d is %v, want %v", i+1, mv.Color, want)
				}
			}
		})
	}
}

func TestResultBeforeDone(t *testing.T) {
	m, err := New(mustProto(t, "rif"), 15)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Result(); err == nil || !strings.Contains(err.Error(), "first player") {
		t.Errorf("Result of a fresh RIF opening: %v", err)
	}
}

func mustProto(t testing.TB, name string) Protocol {
	t.Helper()
	p, err := ByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSymmetricOffers: offers that a symmetry of the position exchanges
// are refused, whether the axis is a board axis or not.
func TestSymmetricOffers(t *testing.T) {
	tests := []struct {
		proto, script string
		offer         string
		symmetric     bool
	}{
		// Kansei with White 4 on h11 is symmetric in column h.
		{"rif", "F place h8; F place h9; F place h10; S keep; S place h11", "g7 i7", true},
		{"rif", "F place h8; F place h9; F place h10; S keep; S place h11", "g7 i6", false},
		// White 4 on g9: the only symmetry is the mirror in row 9, which
		// does not pass through the centre h8.
		{"rif", "F place h8; F place h9; F place h10; S keep; S place g9", "g7 g11", true},
		{"rif", "F place h8; F place h9; F place h10; S keep; S place g9", "i7 i11", true},
		{"rif", "F place h8; F place h9; F place h10; S keep; S place g9", "g7 i7", false},
		// After a pass the opening's own symmetry stays: Kagetsu h8 h9 i9
		// is mirrored in the line through h9 perpendicular to h8-i9.
		{"rif", "F place h8; F place h9; F place i9; S keep; S pass", "g8 i10", true},
		{"rif", "F place h8; F place h9; F place i9; S keep; S pass", "g8 h7", false},
		{"yamaguchi", "F place h8; F place h9; F place h10; F declare 3; S keep; S place h11", "a1 o1 b2", true},
		{"taraguchi", "F place h8; S keep; S place h9; F keep; F place h10; S keep; S place h11", "a1 b1 c1 d1 o1", true},
		{"taraguchi", "F place h8; S keep; S place h9; F keep; F place h10; S keep; S place h11", "a1 b1 c1 d1 e1", false},
	}
	for _, tt := range tests {
		m, err := New(mustProto(t, tt.proto), 15)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range parseScript(t, tt.script, 15) {
			if err := m.Apply(st.by, st.a); err != nil {
				t.Fatalf("%s %s: %v", tt.proto, tt.script, err)
			}
		}
		pts, err := rules.ParsePoints(tt.offer, 15)
		if err != nil {
			t.Fatal(err)
		}
		err = m.Apply(m.Step().Player, Action{Kind: Offer, Points: pts})
		if got := errors.Is(err, ErrSymmetric); got != tt.symmetric || (!tt.symmetric && err != nil) {
			t.Errorf("%s: %s, offer %s: %v, want symmetric=%v", tt.proto, tt.script, tt.offer, err, tt.symmetric)
		}
	}
}

func TestCanPlace(t *testing.T) {
	m, err := New(mustProto(t, "rif"), 15)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.CanPlace(pt(t, "h8", 15)); err != nil {
		t.Errorf("CanPlace(h8) on an empty RIF board: %v", err)
	}
	if err := m.CanPlace(pt(t, "h9", 15)); !errors.Is(err, ErrBadPoint) || !strings.Contains(err.Error(), "centre h8") {
		t.Errorf("CanPlace(h9) for Black 1: %v", err)
	}
	if s := m.Step(); s.Player != First || s.Stone != rules.Black || s.Side != 1 {
		t.Errorf("first RIF step = %+v", s)
	}
}

func TestByName(t *testing.T) {
	for _, p := range Protocols() {
		q, err := ByName(strings.ToUpper(p.Name()))
		if err != nil || q.Name() != p.Name() || p.Summary() == "" {
			t.Errorf("ByName(%q) = %v, %v", p.Name(), q.Name(), err)
		}
	}
	for name, want := range map[string]string{"Soosõrv-5": "soosorv-5", "soosorv-4": "soosorv", "taraguchi-7": "taraguchi-7", "taraguchi-5": "taraguchi"} {
		if p, err := ByName(name); err != nil || p.Name() != want {
			t.Errorf("ByName(%q) = %q, %v; want %q", name, p.Name(), err, want)
		}
	}
	for _, bad := range []string{"", "jonsson?", "soosorv-0", "soosorv-11", "taraguchi-x", "taraguchi-21"} {
		if _, err := ByName(bad); err == nil {
			t.Errorf("ByName(%q) accepted", bad)
		}
	}
}

func TestNewRejectsBadSize(t *testing.T) {
	for _, size := range []int{0, 4, 23} {
		if _, err := New(mustProto(t, "rif"), size); err == nil {
			t.Errorf("New(rif, %d) accepted", size)
		}
	}
}

// FuzzMachine plays random actions on every protocol: no panic, refusals
// change nothing, the moves alternate Black and White and match the board,
// and a finished machine gives a consistent Result.
func FuzzMachine(f *testing.F) {
	f.Add([]byte{0, 1, 7, 7, 1, 7, 8, 1, 7, 9, 3, 1, 7, 10, 6, 0, 0, 0, 1, 7, 7})
	f.Add([]byte{5, 1, 7, 7, 4, 0, 0, 1, 8, 8, 1, 9, 9, 5, 2, 6, 0, 0, 0, 1})
	f.Add([]byte{13, 1, 0, 0, 1, 1, 1, 1, 2, 2, 1, 3, 3, 1, 4, 4, 3})
	f.Add([]byte{})
	f.Fuzz(fuzzOnce)
}

func fuzzOnce(t *testing.T, data []byte) {
	protos := Protocols()
	{
		if len(data) == 0 {
			return
		}
		p := protos[int(data[0])%len(protos)]
		size := 15
		if data[0]&0x80 != 0 {
			size = 5 + int(data[0])%18
		}
		m, err := New(p, size)
		if err != nil {
			t.Fatal(err)
		}
		rd := data[1:]
		next := func() int {
			if len(rd) == 0 {
				return 0
			}
			b := rd[0]
			rd = rd[1:]
			return int(b)
		}
		for len(rd) > 0 {
			s := m.Step()
			by := s.Player
			if next()%5 == 4 {
				by = by.Other()
			}
			a := Action{Kind: ActionKind(next()%8 + 1)}
			a.Point = rules.Point{X: next() % (size + 1), Y: next() % (size + 1)}
			a.N = next() % 12
			for i := 0; i < a.N; i++ {
				a.Points = append(a.Points, rules.Point{X: next() % size, Y: next() % size})
			}
			before := snap(m)
			if err := m.Apply(by, a); err != nil {
				if !reflect.DeepEqual(before, snap(m)) {
					t.Fatalf("refused %s changed the machine: %v", a, err)
				}
				continue
			}
			checkInvariants(t, m)
		}
	}
}

func checkInvariants(t *testing.T, m *Machine) {
	t.Helper()
	b := m.Board()
	stones := 0
	for i, mv := range m.Moves() {
		if want := []rules.Color{rules.Black, rules.White}[i%2]; mv.Color != want {
			t.Fatalf("move %d is %v, want %v", i+1, mv.Color, want)
		}
		if !mv.Point.IsPass() {
			stones++
			if b.At(mv.Point) != mv.Color {
				t.Fatalf("move %d %v is not on the board", i+1, mv)
			}
		}
	}
	if n := b.Count(rules.Black) + b.Count(rules.White); n != stones {
		t.Fatalf("%d stones on the board, %d moves", n, stones)
	}
	_, allowed := m.Next()
	r, err := m.Result()
	if m.Done() != (len(allowed) == 0) || m.Done() != (err == nil) {
		t.Fatalf("done %v, allowed %v, result error %v", m.Done(), allowed, err)
	}
	if err == nil && (r.NextMove != len(r.Moves)+1 || r.Black != m.Black()) {
		t.Fatalf("inconsistent result %+v", r)
	}
	if len(m.Offers()) > 0 && !slicesContain(allowed, Choose) {
		t.Fatalf("offers pending but no choice allowed: %v", allowed)
	}
}

func slicesContain(ks []ActionKind, k ActionKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

func BenchmarkRIFOpening(b *testing.B) {
	p := mustProto(b, "rif")
	steps := parseScript(b, "F place h8; F place h9; F place h10; S swap; F place j8; S offer g11 i7; F choose i7", 15)
	for b.Loop() {
		m, err := New(p, 15)
		if err != nil {
			b.Fatal(err)
		}
		for _, st := range steps {
			if err := m.Apply(st.by, st.a); err != nil {
				b.Fatal(fmt.Sprint(err))
			}
		}
	}
}
