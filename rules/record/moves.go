package record

import (
	"fmt"
	"strconv"
	"strings"

	"tengen/rules"
)

// The plain move list format:
//
//	# a comment runs to the end of the line
//	size: 15          optional header lines before the first move:
//	rule: renju       size, rule, black, white, result, date, event, opening
//	black: Ann
//	1. h8 h9 2. i9    moves in the Chinese notation, Black first, taking turns;
//	i8, pass          separated by spaces or commas; "12." move numbers are
//	                  ignored; "pass" passes
//
// The size defaults to 15. Times and comments are not part of the format.
var movesKeys = []string{"size", "rule", "black", "white", "result", "date", "event", "opening"}

// ReadMoves parses a plain move list.
func ReadMoves(data []byte) (*Record, error) {
	r := &Record{Size: rules.DefaultSize, Rule: NoRule}
	errf := func(line, col int, format string, a ...any) error {
		return &SyntaxError{Format: FormatMoves, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
	}
	var board *rules.Board
	text := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(strings.TrimPrefix(string(data), "\ufeff"))
	for ln, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimRight(line, " \t")
		if board == nil {
			key, val, ok := strings.Cut(line, ":")
			key = strings.ToLower(strings.TrimSpace(key))
			if ok && isMovesKey(key) {
				if err := r.setHeader(key, strings.TrimSpace(val)); err != nil {
					return nil, errf(ln+1, 0, "%s: %v", key, err)
				}
				continue
			}
		}
		for _, tok := range movesTokens(line) {
			word := tok.s
			if n := moveNumberLen(word); n > 0 {
				word = word[n:]
				if word == "" {
					continue
				}
			}
			if board == nil {
				board = rules.MustBoard(r.Size)
			}
			p, err := rules.ParsePoint(word, r.Size)
			if err != nil {
				hint := ""
				if r.Size == rules.DefaultSize && !strings.Contains(err.Error(), "bad point") {
					hint = ` (for another board size, put a line "size: N" first)`
				}
				return nil, errf(ln+1, tok.col, "move %d: %v%s", len(r.Moves)+1, err, hint)
			}
			m := Move{Color: rules.Black, Point: p}
			if len(r.Moves)%2 == 1 {
				m.Color = rules.White
			}
			if err := checkMove(board, m); err != nil {
				return nil, errf(ln+1, tok.col, "move %d: %v", len(r.Moves)+1, err)
			}
			if !p.IsPass() {
				board.Set(p, m.Color)
			}
			r.Moves = append(r.Moves, m)
		}
	}
	return r, nil
}

func isMovesKey(k string) bool {
	for _, m := range movesKeys {
		if k == m {
			return true
		}
	}
	return false
}

func (r *Record) setHeader(key, val string) error {
	switch key {
	case "size":
		n, err := strconv.Atoi(val)
		if err != nil {
			return fmt.Errorf("%q is not a number", val)
		}
		if err := rules.CheckSize(n); err != nil {
			return err
		}
		r.Size = n
	case "rule":
		rule, err := rules.ParseRule(val)
		if err != nil {
			return err
		}
		r.Rule = rule
	case "black":
		r.Black = val
	case "white":
		r.White = val
	case "result":
		res, err := ParseResult(val)
		if err != nil {
			return err
		}
		r.Result = res
	case "date":
		r.Date = val
	case "event":
		r.Event = val
	case "opening":
		r.Opening = val
	}
	return nil
}

type token struct {
	s   string
	col int // 1-based
}

func movesTokens(line string) []token {
	var toks []token
	start := -1
	for i := 0; i <= len(line); i++ {
		sep := i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == ','
		switch {
		case sep && start >= 0:
			toks = append(toks, token{line[start:i], start + 1})
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	return toks
}

// moveNumberLen returns the length of a leading move number like "12."
// or "12)", or 0.
func moveNumberLen(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && (s[i] == '.' || s[i] == ')') {
		return i + 1
	}
	return 0
}

// WriteMoves encodes r as a plain move list with a header. Moves must
// alternate, Black first (a pass keeps the turn order).
func WriteMoves(r *Record) ([]byte, error) {
	if _, err := r.Board(); err != nil {
		return nil, fmt.Errorf("moves: %w", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "size: %d\n", r.Size)
	if r.Rule != NoRule {
		fmt.Fprintf(&b, "rule: %s\n", r.Rule)
	}
	for _, h := range []struct{ k, v string }{
		{"black", r.Black}, {"white", r.White}, {"result", r.Result.String()},
		{"date", r.Date}, {"event", r.Event}, {"opening", r.Opening},
	} {
		v := strings.TrimSpace(strings.NewReplacer("\n", " ", "\r", " ", "#", " ").Replace(h.v))
		if v != "" {
			fmt.Fprintf(&b, "%s: %s\n", h.k, v)
		}
	}
	for i, m := range r.Moves {
		if want := []rules.Color{rules.Black, rules.White}[i%2]; m.Color != want {
			return nil, fmt.Errorf("moves: move %d is %s's, but a move list alternates, %s first", i+1, m.Color, rules.Black)
		}
		switch {
		case i > 0 && i%10 == 0:
			b.WriteByte('\n')
		case i > 0:
			b.WriteByte(' ')
		}
		b.WriteString(m.Point.String())
	}
	b.WriteByte('\n')
	return []byte(b.String()), nil
}
