package record

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"tengen/rules"
)

func pt(t *testing.T, s string, size int) rules.Point {
	t.Helper()
	p, err := rules.ParsePoint(s, size)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// sample is a full record using every field the formats can carry.
func sample(t *testing.T) *Record {
	pts, err := rules.ParsePoints("h8 h9 i9 g7 j10 k11 i8 i10 j8 k8 h7 pass g6", 15)
	if err != nil {
		t.Fatal(err)
	}
	moves := Alternate(pts)
	for i := range moves {
		moves[i].Time = time.Duration(i*731+5) * time.Millisecond
	}
	moves[2].Comment = "the third move: a direct opening, ]escaped[ \\ too"
	moves[5].Comment = "two\nlines"
	return &Record{
		Size: 15, Rule: rules.Renju, Black: "Wang Qing", White: "Tengen 0.1",
		Result: Result{Winner: rules.Black, Reason: ReasonResign},
		Date:   "2026-11-22", Event: "Exhibition [B]", Opening: "Kagetsu",
		Comment: "A test game.\nSecond line.", Moves: moves,
	}
}

// carried returns the part of r that a format can carry.
func carried(r *Record, f Format) *Record {
	c := *r
	c.Moves = append([]Move(nil), r.Moves...)
	switch f {
	case FormatPSQ:
		c.Rule, c.Result, c.Date, c.Event, c.Opening, c.Comment = NoRule, Result{}, "", "", "", ""
		for i := range c.Moves {
			c.Moves[i].Comment = ""
		}
	case FormatMoves, FormatChinese:
		c.Comment = ""
		for i := range c.Moves {
			c.Moves[i].Comment, c.Moves[i].Time = "", 0
		}
	}
	return &c
}

func TestRoundTrip(t *testing.T) {
	full := sample(t)
	noPass := sample(t)
	noPass.Moves = noPass.Moves[:11]
	for _, f := range []Format{FormatSGF, FormatPSQ, FormatMoves, FormatChinese} {
		in := full
		if f == FormatPSQ {
			in = noPass
		}
		data, err := Write(in, f)
		if err != nil {
			t.Fatalf("%v: write: %v", f, err)
		}
		if Detect(data) != f {
			t.Errorf("%v: Detect says %v on\n%s", f, Detect(data), data)
		}
		got, err := Read(data, FormatUnknown)
		if err != nil {
			t.Fatalf("%v: read back: %v\n%s", f, err, data)
		}
		if want := carried(in, f); !reflect.DeepEqual(got, want) {
			t.Errorf("%v round trip:\n got %+v\nwant %+v\nfile:\n%s", f, got, want, data)
		}
	}
}

// SGF's row 'a' is the far side (row 15 on 15x15), so hh is h8 and the
// corners map as below.
func TestSGFCoordinates(t *testing.T) {
	tests := []struct {
		sgf, point string
		size       int
	}{
		{"hh", "h8", 15}, {"aa", "a15", 15}, {"ao", "a1", 15}, {"oa", "o15", 15}, {"oo", "o1", 15},
		{"ab", "a14", 15}, {"jj", "j10", 19}, {"as", "a1", 19}, {"ss", "s1", 19}, {"hi", "h7", 15},
	}
	for _, tt := range tests {
		want := pt(t, tt.point, tt.size)
		got, err := sgfPoint(tt.sgf, tt.size)
		if err != nil || got != want {
			t.Errorf("sgfPoint(%q, %d) = %v, %v; want %v", tt.sgf, tt.size, got, err, want)
		}
		if c := sgfCoord(want, tt.size); c != tt.sgf {
			t.Errorf("sgfCoord(%v, %d) = %q, want %q", want, tt.size, c, tt.sgf)
		}
	}
	r, err := ReadSGF([]byte("(;GM[4]SZ[15];B[hh];W[aa];B[ao])"))
	if err != nil {
		t.Fatal(err)
	}
	if got := rules.FormatPoints(r.Points()); got != "h8 a15 a1" {
		t.Errorf("moves = %q, want h8 a15 a1", got)
	}
}

func TestReadSGFVariants(t *testing.T) {
	tests := []struct {
		name, in string
		size     int
		rule     rules.Rule
		moves    string
		check    func(*Record) string
	}{
		{"minimal, no header", "(;;B[hh];W[ih])", 15, NoRule, "h8 i8", nil},
		{"main line of variations", "(;GM[4]SZ[15];B[hh](;W[ih];B[jh](;W[kh])(;W[gh]))(;W[hg];B[ii]))", 15, NoRule, "h8 i8 j8 k8", nil},
		{"lowercase property names", "(;gm[4]sz[19]ru[Renju];b[jj];w[kj])", 19, rules.Renju, "j10 k10", nil},
		{"capital coordinates", "(;SZ[15];B[HH];W[AA])", 15, NoRule, "h8 a15", nil},
		{"FF[3] long names", "(;GaMe[4]SiZe[15]PlayerBlack[Ann];Black[hh];White[ih])", 15, NoRule, "h8 i8",
			func(r *Record) string {
				if r.Black != "Ann" {
					return "PB = " + r.Black
				}
				return ""
			}},
		{"white space everywhere", "\ufeff\n ( ; GM [4] SZ [15]\r\n ; B [hh] \n ; W [ih] ) \n", 15, NoRule, "h8 i8", nil},
		{"a whole game in one node", "(;GM[4]SZ[15]RE[0]B[hh]W[ig]B[gj])", 15, NoRule, "h8 i9 g6", nil},
		{"setup stones as the first moves", "(;GM[4]SZ[15]RU[五子棋]AB[hh][ig]AW[gi][gh];B[jj])", 15, rules.Freestyle, "h8 g7 i9 g8 j6",
			func(r *Record) string {
				if r.Moves[1].Color != rules.White || r.Moves[4].Color != rules.Black {
					return "colours do not alternate"
				}
				return ""
			}},
		{"passes as empty and tt", "(;SZ[15];B[hh];W[];B[tt];W[ih])", 15, NoRule, "h8 pass pass i8", nil},
		{"rectangular but square SZ, RIF rule", "(;SZ[15:15]RU[RIF];B[hh])", 15, rules.Renju, "h8", nil},
		{"unknown rule", "(;SZ[15]RU[something else];B[hh])", 15, NoRule, "h8", nil},
		{"second game ignored", "(;SZ[15];B[hh])(;SZ[19];B[aa])", 15, NoRule, "h8", nil},
		{"escapes and soft breaks", "(;PB[a\\]b\\\\c]C[x\\\ny];B[hh]C[one\\]])", 15, NoRule, "h8",
			func(r *Record) string {
				if r.Black != `a]b\c` || r.Comment != "xy" || r.Moves[0].Comment != "one]" {
					return "got " + r.Black + " | " + r.Comment + " | " + r.Moves[0].Comment
				}
				return ""
			}},
		{"comments in move-less nodes", "(;C[root];B[hh];C[after h8];W[ih])", 15, NoRule, "h8 i8",
			func(r *Record) string {
				if r.Comment != "root" || r.Moves[0].Comment != "after h8" {
					return "comments " + r.Comment + " | " + r.Moves[0].Comment
				}
				return ""
			}},
		{"result and time", "(;RE[W+Time]DT[2024-05-01];B[hh]MT[1.5];W[ih]BL[30])", 15, NoRule, "h8 i8",
			func(r *Record) string {
				if r.Result != (Result{Winner: rules.White, Reason: ReasonTime}) || r.Moves[0].Time != 1500*time.Millisecond {
					return "result/time wrong"
				}
				return ""
			}},
		{"draw", "(;RE[Draw];B[hh])", 15, NoRule, "h8",
			func(r *Record) string {
				if !r.Result.Draw {
					return "not a draw"
				}
				return ""
			}},
	}
	for _, tt := range tests {
		r, err := ReadSGF([]byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if r.Size != tt.size || r.Rule != tt.rule || rules.FormatPoints(r.Points()) != tt.moves {
			t.Errorf("%s: size %d rule %v moves %q; want %d %v %q", tt.name, r.Size, r.Rule,
				rules.FormatPoints(r.Points()), tt.size, tt.rule, tt.moves)
		}
		if tt.check != nil {
			if msg := tt.check(r); msg != "" {
				t.Errorf("%s: %s", tt.name, msg)
			}
		}
	}
}

func TestReadErrors(t *testing.T) {
	tests := []struct {
		name   string
		f      Format
		in     string
		line   int
		col    int
		substr string
	}{
		{"sgf empty", FormatSGF, "", 1, 1, "expected '('"},
		{"sgf no node", FormatSGF, "(\n)", 2, 1, "expected ';'"},
		{"sgf unclosed value", FormatSGF, "(;SZ[15]\n;B[hh", 2, 6, "opened at line 2, column 3 has no closing ']'"},
		{"sgf unclosed tree", FormatSGF, "(;SZ[15];B[hh]", 1, 15, "expected ')'"},
		{"sgf junk", FormatSGF, "(;SZ[15];B[hh]!)", 1, 15, `unexpected '!'`},
		{"sgf property without value", FormatSGF, "(;SZ;B[hh])", 1, 5, "expected '[' with a value after property SZ"},
		{"sgf go game", FormatSGF, "(;GM[1]SZ[19])", 1, 3, "not Gomoku"},
		{"sgf bad size", FormatSGF, "(;SZ[30])", 1, 3, "not supported"},
		{"sgf rectangle", FormatSGF, "(;SZ[15:19])", 1, 3, "square"},
		{"sgf off board", FormatSGF, "(;SZ[15]\n;B[hh];W[pp])", 2, 8, "off the 15x15 board"},
		{"sgf taken", FormatSGF, "(;SZ[15];B[hh];W[hh])", 1, 16, "move 2: white stone at h8: the point is already taken by black"},
		{"sgf setup that cannot alternate", FormatSGF, "(;AB[hh][ih])", 1, 3, "2 black and 0 white"},
		{"sgf setup later", FormatSGF, "(;B[hh];AW[ih])", 1, 9, "after the start"},
		{"sgf removed stones", FormatSGF, "(;AE[hh])", 1, 3, "after the start"},
		{"sgf compressed setup", FormatSGF, "(;AB[hh:ii]AW[aa])", 1, 3, "compressed"},
		{"sgf setup on a taken point", FormatSGF, "(;AB[hh]AW[hh])", 1, 9, "already taken"},
		{"sgf bad move value", FormatSGF, "(;B[h8])", 1, 3, "two letters"},
		{"sgf bad time", FormatSGF, "(;B[hh]MT[-1])", 1, 8, "seconds"},
		{"sgf bad result", FormatSGF, "(;RE[X+R])", 1, 3, "winner must be B or W"},
		{"psq bad header", FormatPSQ, "Piskvorky\n8,8,0", 1, 0, "header"},
		{"psq rectangle", FormatPSQ, "Piskvorky 15x20, 0:0, 0", 1, 0, "square"},
		{"psq bad starter", FormatPSQ, "Piskvorky 15x15, 0:0, 2", 1, 0, "want 0 or 1"},
		{"psq off board", FormatPSQ, "Piskvorky 15x15, 0:0, 0\n8,8,0\n16,1,0", 3, 0, "1 to 15"},
		{"psq zero", FormatPSQ, "Piskvorky 15x15, 0:0, 0\n0,8,0", 2, 0, "1 to 15"},
		{"psq taken", FormatPSQ, "Piskvorky 15x15, 0:0, 0\n8,8,0\n8,8,0", 3, 0, "already taken"},
		{"psq bad time", FormatPSQ, "Piskvorky 15x15, 0:0, 0\n8,8,x", 2, 5, "milliseconds"},
		{"moves bad point", FormatMoves, "h8 h9\n  i9 zz", 2, 6, `move 4: bad point "zz"`},
		{"moves off board", FormatMoves, "h8 s19", 1, 4, `put a line "size: N" first`},
		{"moves taken", FormatMoves, "h8 h9 h8", 1, 7, "already taken"},
		{"moves bad size", FormatMoves, "size: 40\nh8", 1, 0, "size: board size 40"},
		{"moves bad rule", FormatMoves, "rule: go\nh8", 1, 0, "unknown rule"},
	}
	for _, tt := range tests {
		_, err := Read([]byte(tt.in), tt.f)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v is not a *SyntaxError", tt.name, err)
			continue
		}
		if se.Format != tt.f || se.Line != tt.line || se.Column != tt.col || !strings.Contains(se.Msg, tt.substr) {
			t.Errorf("%s: got %q (line %d col %d); want line %d col %d containing %q",
				tt.name, err, se.Line, se.Column, tt.line, tt.col, tt.substr)
		}
	}
}

// A PSQ file as Gomocup's manager writes it, with CRLF line ends: names
// after the moves, the result code, and a trailer line.
func TestReadPSQGomocup(t *testing.T) {
	const file = "Piskvorky 20x20, 11:11, 1\r\n10,10,0\r\n11,10,1203\r\n11,11,2500\r\n" +
		"pbrain-alpha.zip\r\npbrain-beta.zip\r\n-1\r\n1,Freestyle20\r\n"
	r, err := ReadPSQ([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	// x,y are 1-based from the top-left: 10,10 on 20x20 is j11.
	if r.Size != 20 || rules.FormatPoints(r.Points()) != "j11 k11 k10" {
		t.Errorf("size %d moves %q", r.Size, rules.FormatPoints(r.Points()))
	}
	if r.Moves[1].Color != rules.White || r.Moves[1].Time != 1203*time.Millisecond {
		t.Errorf("move 2 = %+v", r.Moves[1])
	}
	// The header's 1 says the second player began, so the second name is Black's.
	if r.Black != "pbrain-beta.zip" || r.White != "pbrain-alpha.zip" {
		t.Errorf("black %q white %q", r.Black, r.White)
	}
	// Without times, without names, with humans.
	r, err = ReadPSQ([]byte("Piskvorky 15x15, 0:0, 0\n8,8\n1,1\nhomo-1\nhomo-2\n0\n"))
	if err != nil || rules.FormatPoints(r.Points()) != "h8 a15" || r.Black != "" || r.White != "" {
		t.Errorf("got %+v, %v", r, err)
	}
}

func TestReadMoves(t *testing.T) {
	in := "# a game\nrule: Renju\nBlack: Ann # the human\n\n1. h8 h9 2.i9,g7\n3) j10 pass\n"
	r, err := ReadMoves([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if r.Rule != rules.Renju || r.Black != "Ann" || rules.FormatPoints(r.Points()) != "h8 h9 i9 g7 j10 pass" {
		t.Errorf("got %+v", r)
	}
	if r.Moves[5].Color != rules.White {
		t.Error("a pass must keep the turn order")
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		in   string
		want Format
	}{
		{"(;GM[4])", FormatSGF}, {"\n  ( ;B[hh])", FormatSGF}, {"\ufeff(;", FormatSGF},
		{"Piskvorky 15x15, 0:0, 0", FormatPSQ}, {"piskvorky 20x20", FormatPSQ},
		{"h8 h9", FormatMoves}, {"(h8)", FormatMoves}, {"", FormatMoves},
		{"① H8  2 H9", FormatChinese}, {"\n①H8", FormatChinese}, {"黑方 Black: Ann\n① H8", FormatChinese}, {"规则：renju", FormatChinese},
		{"black: Ann\nh8", FormatMoves},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.in)); got != tt.want {
			t.Errorf("Detect(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	r := sample(t)
	if _, err := WritePSQ(r); err == nil || !strings.Contains(err.Error(), "pass") {
		t.Errorf("PSQ with a pass: %v", err)
	}
	r = sample(t)
	r.Moves[1].Color = rules.Black
	for _, f := range []Format{FormatPSQ, FormatMoves} {
		if _, err := Write(r, f); err == nil || !strings.Contains(err.Error(), "alternate") {
			t.Errorf("%v with two black moves in a row: %v", f, err)
		}
	}
	if _, err := WriteSGF(r); err != nil {
		t.Errorf("SGF can record any order: %v", err)
	}
	r.Moves[3].Point = r.Moves[0].Point
	if _, err := WriteSGF(r); err == nil || !strings.Contains(err.Error(), "move 4") {
		t.Errorf("SGF with a taken point: %v", err)
	}
}

func TestResult(t *testing.T) {
	for _, s := range []string{"B+", "W+R", "B+T", "W+F", "0", "", "B+5"} {
		r, err := ParseResult(s)
		if err != nil || r.String() != s {
			t.Errorf("ParseResult(%q) = %+v, %v; String %q", s, r, err, r.String())
		}
	}
	for _, s := range []string{"B", "X+R", "+"} {
		if _, err := ParseResult(s); err == nil {
			t.Errorf("ParseResult(%q) accepted", s)
		}
	}
}

func benchmarkFormat(b *testing.B, f Format) {
	pts, _ := rules.ParsePoints("h8 h9 i9 g7 j10 k11 i8 i10 j8 k8 h7 g6 f5 e4 l12 m13 n14 a1 b2 c3 d4 o15 o1 a15 b14 c13 d12 e11 f10 g9", 15)
	r := &Record{Size: 15, Rule: rules.Renju, Black: "a", White: "b", Moves: Alternate(pts)}
	data, err := Write(r, f)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for range b.N {
		if _, err := Read(data, f); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadSGF(b *testing.B)   { benchmarkFormat(b, FormatSGF) }
func BenchmarkReadPSQ(b *testing.B)   { benchmarkFormat(b, FormatPSQ) }
func BenchmarkReadMoves(b *testing.B) { benchmarkFormat(b, FormatMoves) }

func TestDropped(t *testing.T) {
	r := sample(t)
	if got := Dropped(r, FormatSGF); len(got) != 0 {
		t.Errorf("SGF drops %v", got)
	}
	if got := strings.Join(Dropped(r, FormatPSQ), ", "); got != "rule, result, date, event, opening, comments" {
		t.Errorf("PSQ drops %q", got)
	}
	for _, f := range []Format{FormatMoves, FormatChinese} {
		if got := strings.Join(Dropped(r, f), ", "); got != "move times, comments" {
			t.Errorf("%v drops %q", f, got)
		}
	}
	if got := Dropped(&Record{Size: 15, Rule: NoRule}, FormatPSQ); len(got) != 0 {
		t.Errorf("an empty record drops %v", got)
	}
}

func TestResultOf(t *testing.T) {
	for _, c := range []struct {
		out  rules.Outcome
		want Result
	}{
		{rules.Outcome{}, Result{}},
		{rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Five}, Result{Winner: rules.Black}},
		{rules.Outcome{Over: true, Winner: rules.White, Reason: rules.Resignation}, Result{Winner: rules.White, Reason: ReasonResign}},
		{rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Time}, Result{Winner: rules.Black, Reason: ReasonTime}},
		{rules.Outcome{Over: true, Reason: rules.FullBoard}, Result{Draw: true}},
		{rules.Outcome{Over: true, Winner: rules.White, Reason: rules.ForbiddenMove, Kind: rules.DoubleThree}, Result{Winner: rules.White, Reason: "forbidden:" + rules.DoubleThree.String()}},
	} {
		if got := ResultOf(c.out); got != c.want {
			t.Errorf("ResultOf(%+v) = %+v, want %+v", c.out, got, c.want)
		}
	}
	ms := Moves([]rules.Move{{C: rules.Black, P: rules.Point{X: 7, Y: 7}}, {C: rules.White, P: rules.Point{X: 8, Y: 8}}}, []time.Duration{1234567 * time.Microsecond})
	if len(ms) != 2 || ms[0].Time != 1235*time.Millisecond || ms[1].Time != 0 || ms[1].Color != rules.White {
		t.Errorf("Moves: %+v", ms)
	}
}
