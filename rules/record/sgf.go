package record

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"tengen/rules"
)

// maxSGFDepth bounds the nesting of variations, so hostile input cannot
// recurse without end. Real games nest at most once per move.
const maxSGFDepth = 2000

type sgfProp struct {
	id   string
	vals []string
	off  int // offset of the identifier, for errors
}

type sgfNode struct {
	props []sgfProp
	off   int
}

type sgfParser struct {
	s string
	i int
}

func (p *sgfParser) errAt(off int, format string, a ...any) error {
	line, col := lineCol(p.s, off)
	return &SyntaxError{Format: FormatSGF, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
}

// lineCol turns a byte offset into a 1-based line and column (in bytes).
func lineCol(s string, off int) (line, col int) {
	if off > len(s) {
		off = len(s)
	}
	line = 1 + strings.Count(s[:off], "\n")
	return line, off - strings.LastIndexByte(s[:off], '\n')
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func (p *sgfParser) skipSpace() {
	for p.i < len(p.s) && isSpace(p.s[p.i]) {
		p.i++
	}
}

// tree parses the game tree at p.i (which holds '(') and returns the
// nodes of its main line: its own sequence followed by the main line of
// its first variation. Other variations are parsed, checked and dropped.
func (p *sgfParser) tree(depth int) ([]sgfNode, error) {
	open := p.i
	if depth > maxSGFDepth {
		return nil, p.errAt(open, "variations nested more than %d deep", maxSGFDepth)
	}
	p.i++
	var nodes []sgfNode
	for p.skipSpace(); p.i < len(p.s) && p.s[p.i] == ';'; p.skipSpace() {
		n, err := p.node()
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, n)
	}
	if len(nodes) == 0 {
		return nil, p.errAt(p.i, "expected ';' to start a node after '('")
	}
	first := true
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			l, c := lineCol(p.s, open)
			return nil, p.errAt(p.i, "unexpected end of file: expected ')' to close the game tree opened at line %d, column %d", l, c)
		}
		switch p.s[p.i] {
		case '(':
			sub, err := p.tree(depth + 1)
			if err != nil {
				return nil, err
			}
			if first {
				nodes = append(nodes, sub...)
				first = false
			}
		case ')':
			p.i++
			return nodes, nil
		default:
			return nil, p.errAt(p.i, "unexpected %q: expected '(' (a variation) or ')' (end of the game tree)", p.s[p.i])
		}
	}
}

// node parses the node at p.i (which holds ';').
func (p *sgfParser) node() (sgfNode, error) {
	n := sgfNode{off: p.i}
	p.i++
	for {
		p.skipSpace()
		start := p.i
		for p.i < len(p.s) && isLetter(p.s[p.i]) {
			p.i++
		}
		if p.i == start {
			if p.i < len(p.s) && !strings.ContainsRune(";()", rune(p.s[p.i])) {
				return n, p.errAt(p.i, "unexpected %q: expected a property name, ';', '(' or ')'", p.s[p.i])
			}
			return n, nil
		}
		prop := sgfProp{id: propID(p.s[start:p.i]), off: start}
		for p.skipSpace(); p.i < len(p.s) && p.s[p.i] == '['; p.skipSpace() {
			v, err := p.value()
			if err != nil {
				return n, err
			}
			prop.vals = append(prop.vals, v)
		}
		if len(prop.vals) == 0 {
			return n, p.errAt(p.i, "expected '[' with a value after property %s", p.s[start:p.i])
		}
		n.props = append(n.props, prop)
	}
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// propID canonicalises a property name. FF[3] files may write long names
// with lowercase letters that do not count ("AddBlack" is AB); some
// writers use all lowercase ("sz"), which we read as uppercase.
func propID(s string) string {
	var up []byte
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			up = append(up, s[i])
		}
	}
	if len(up) == 0 {
		return strings.ToUpper(s)
	}
	return string(up)
}

// value parses a property value at p.i (which holds '['), resolving
// escapes and removing soft line breaks (a backslash before a newline).
func (p *sgfParser) value() (string, error) {
	open := p.i
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == ']':
			p.i++
			return b.String(), nil
		case c == '\\' && p.i+1 < len(p.s):
			p.i++
			switch {
			case strings.HasPrefix(p.s[p.i:], "\r\n"), strings.HasPrefix(p.s[p.i:], "\n\r"):
				p.i += 2
			case p.s[p.i] == '\n' || p.s[p.i] == '\r':
				p.i++
			default:
				b.WriteByte(p.s[p.i])
				p.i++
			}
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	l, c := lineCol(p.s, open)
	return "", p.errAt(p.i, "unexpected end of file: the value opened at line %d, column %d has no closing ']'", l, c)
}

// ReadSGF parses an SGF file (FF[4], GM[4]) and returns the main line of
// its first game: variations are dropped. Setup stones (AB, AW, AE) are
// rejected, since a record is a sequence of moves.
func ReadSGF(data []byte) (*Record, error) {
	p := &sgfParser{s: strings.TrimPrefix(string(data), "\ufeff")}
	p.skipSpace()
	if p.i >= len(p.s) || p.s[p.i] != '(' {
		return nil, p.errAt(p.i, "expected '(' to start the game tree")
	}
	nodes, err := p.tree(0)
	if err != nil {
		return nil, err
	}
	return p.record(nodes)
}

// record interprets the main line's nodes.
func (p *sgfParser) record(nodes []sgfNode) (*Record, error) {
	r := &Record{Size: rules.DefaultSize, Rule: NoRule}
	var rootComment string
	for _, pr := range nodes[0].props {
		v := pr.vals[0]
		switch pr.id {
		case "GM":
			if strings.TrimSpace(v) != "4" {
				return nil, p.errAt(pr.off, "GM[%s] is not Gomoku/Renju (want GM[4])", v)
			}
		case "SZ":
			w, h, square := strings.Cut(v, ":")
			n, err := strconv.Atoi(strings.TrimSpace(w))
			if square {
				m, err2 := strconv.Atoi(strings.TrimSpace(h))
				if err2 != nil || m != n {
					return nil, p.errAt(pr.off, "SZ[%s]: only square boards are supported", v)
				}
			}
			if err != nil {
				return nil, p.errAt(pr.off, "SZ[%s]: want a board size like 15", v)
			}
			if err := rules.CheckSize(n); err != nil {
				return nil, p.errAt(pr.off, "SZ[%s]: %v", v, err)
			}
			r.Size = n
		case "RU":
			r.Rule = ruleFromText(simpleText(v))
		case "PB":
			r.Black = simpleText(v)
		case "PW":
			r.White = simpleText(v)
		case "DT":
			r.Date = simpleText(v)
		case "EV":
			r.Event = simpleText(v)
		case "ON":
			r.Opening = simpleText(v)
		case "RE":
			res, err := ParseResult(simpleText(v))
			if err != nil {
				return nil, p.errAt(pr.off, "RE: %v", err)
			}
			r.Result = res
		case "GC":
			r.Comment = text(v)
		case "C":
			rootComment = text(v)
		}
	}
	board := rules.MustBoard(r.Size)
	for ni, n := range nodes {
		var mv *Move
		var comment string
		var spent time.Duration
		for _, pr := range n.props {
			switch pr.id {
			case "B", "W":
				if mv != nil {
					return nil, p.errAt(pr.off, "a node holds two moves; expected ';' between moves")
				}
				if len(pr.vals) != 1 {
					return nil, p.errAt(pr.off, "%s has %d values; a move has one", pr.id, len(pr.vals))
				}
				pt, err := sgfPoint(pr.vals[0], r.Size)
				if err != nil {
					return nil, p.errAt(pr.off, "%s[%s]: %v", pr.id, pr.vals[0], err)
				}
				m := Move{Color: rules.Black, Point: pt}
				if pr.id == "W" {
					m.Color = rules.White
				}
				if err := checkMove(board, m); err != nil {
					return nil, p.errAt(pr.off, "move %d: %v", len(r.Moves)+1, err)
				}
				if !pt.IsPass() {
					board.Set(pt, m.Color)
				}
				mv = &m
			case "AB", "AW", "AE":
				return nil, p.errAt(pr.off, "setup stones (%s) are not supported: a record is a sequence of moves", pr.id)
			case "MT":
				d, err := parseSeconds(pr.vals[0])
				if err != nil {
					return nil, p.errAt(pr.off, "MT[%s]: %v", pr.vals[0], err)
				}
				spent = d
			case "C":
				if ni > 0 {
					comment = text(pr.vals[0])
				}
			}
		}
		switch {
		case mv != nil:
			mv.Time, mv.Comment = spent, comment
			if ni == 0 {
				mv.Comment, rootComment = rootComment, ""
			}
			r.Moves = append(r.Moves, *mv)
		case comment != "" && len(r.Moves) > 0:
			last := &r.Moves[len(r.Moves)-1]
			last.Comment = joinComments(last.Comment, comment)
		case comment != "":
			rootComment = joinComments(rootComment, comment)
		}
	}
	r.Comment = joinComments(r.Comment, rootComment)
	return r, nil
}

func joinComments(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n\n" + b
}

// sgfPoint reads a move value: two letters, column then row counted from
// the top ('a' is the far side, row Size), or "" / "tt" for a pass.
func sgfPoint(v string, size int) (rules.Point, error) {
	if v == "" || (v == "tt" && size <= 19) {
		return rules.Pass, nil
	}
	if len(v) != 2 || !isLetter(v[0]) || !isLetter(v[1]) {
		return rules.Point{}, fmt.Errorf("want two letters, like hh for the centre")
	}
	x, row := letterIndex(v[0]), letterIndex(v[1])
	p := rules.Point{X: x, Y: size - 1 - row}
	if !p.In(size) || row < 0 {
		return rules.Point{}, fmt.Errorf("off the %dx%d board (letters a-%c)", size, size, rune('a'+size-1))
	}
	return p, nil
}

// letterIndex maps FF[4]'s a-z to 0-25 and A-Z to 26-51.
func letterIndex(c byte) int {
	if c >= 'a' {
		return int(c - 'a')
	}
	return int(c-'A') + 26
}

func sgfCoord(p rules.Point, size int) string {
	return string([]byte{byte('a' + p.X), byte('a' + size - 1 - p.Y)})
}

// ruleFromText reads RU leniently: our own names, and the names of
// opening rules that imply renju. Anything else is NoRule.
func ruleFromText(s string) rules.Rule {
	if r, err := rules.ParseRule(s); err == nil {
		return r
	}
	t := strings.ToLower(s)
	for _, k := range []struct {
		word string
		rule rules.Rule
	}{{"renju", rules.Renju}, {"rif", rules.Renju}, {"yamaguchi", rules.Renju}, {"soosyrv", rules.Renju},
		{"taraguchi", rules.Renju}, {"caro", rules.Caro}, {"exact", rules.Standard}, {"standard", rules.Standard},
		{"free", rules.Freestyle}} {
		if strings.Contains(t, k.word) {
			return k.rule
		}
	}
	return NoRule
}

// simpleText applies SGF's SimpleText rules: line breaks and other
// white space become spaces. We also trim the ends.
func simpleText(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == '\f' {
			return ' '
		}
		return r
	}, s))
}

// text applies SGF's Text rules: line breaks stay (as "\n"), other white
// space becomes a space.
func text(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\n\r", "\n", "\r", "\n").Replace(s)
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\v' || r == '\f' {
			return ' '
		}
		return r
	}, s)
}

// parseSeconds reads a non-negative number of seconds, rounded to the
// millisecond.
func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > 1e7 {
		return 0, fmt.Errorf("want a number of seconds from 0 to 10000000")
	}
	return time.Duration(math.Round(f*1000)) * time.Millisecond, nil
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Milliseconds())/1000, 'f', -1, 64)
}

func escapeSGF(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}

// WriteSGF encodes r as SGF FF[4] GM[4]. A move's time goes in the
// private property MT (seconds), its comment in C; the game comment in GC.
func WriteSGF(r *Record) ([]byte, error) {
	if _, err := r.Board(); err != nil {
		return nil, fmt.Errorf("sgf: %w", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "(;FF[4]GM[4]CA[UTF-8]SZ[%d]", r.Size)
	if r.Rule != NoRule {
		fmt.Fprintf(&b, "RU[%s]", r.Rule)
	}
	for _, p := range []struct{ id, v string }{
		{"PB", r.Black}, {"PW", r.White}, {"DT", r.Date}, {"EV", r.Event}, {"ON", r.Opening},
		{"RE", r.Result.String()}, {"GC", r.Comment},
	} {
		if p.v != "" {
			fmt.Fprintf(&b, "%s[%s]", p.id, escapeSGF(p.v))
		}
	}
	for i, m := range r.Moves {
		if i%10 == 0 {
			b.WriteByte('\n')
		}
		id := "B"
		if m.Color == rules.White {
			id = "W"
		}
		coord := ""
		if !m.Point.IsPass() {
			coord = sgfCoord(m.Point, r.Size)
		}
		fmt.Fprintf(&b, ";%s[%s]", id, coord)
		if m.Time > 0 {
			fmt.Fprintf(&b, "MT[%s]", formatSeconds(m.Time))
		}
		if m.Comment != "" {
			fmt.Fprintf(&b, "C[%s]", escapeSGF(m.Comment))
		}
	}
	b.WriteString(")\n")
	return []byte(b.String()), nil
}
