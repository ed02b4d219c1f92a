package record

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tengen/rules"
)

// The Chinese score sheet (棋谱), as Chinese tournaments write a game:
//
//	黑方 Black: Ann
//	白方 White: Bob
//	规则 Rule: renju
//	开局 Opening: rif
//	结果 Result: W+
//	① H8  2 H9  ③ J10  4 G7  ⑤ K11 …
//
// Black's moves carry odd numbers in circles (①③⑤…, as far as Unicode
// has circled numbers, 50; later ones in parentheses, "(51)"), White's
// even numbers plain; coordinates are columns A–O from the left and rows
// 1–15 from Black's side, as in the Chinese rules. A pass is "pass".

// Circled writes n (from 1) as a circled number: ①–⑳, ㉑–㉟, ㊱–㊿ are
// single characters; beyond 50 Unicode has none, and the number goes in
// parentheses, "(51)".
func Circled(n int) string {
	switch {
	case n >= 1 && n <= 20:
		return string(rune(0x2460 + n - 1))
	case n >= 21 && n <= 35:
		return string(rune(0x3251 + n - 21))
	case n >= 36 && n <= 50:
		return string(rune(0x32B1 + n - 36))
	}
	return "(" + strconv.Itoa(n) + ")"
}

// uncircled reads a circled number rune, 0 if r is none.
func uncircled(r rune) int {
	switch {
	case r >= 0x2460 && r <= 0x2473:
		return int(r-0x2460) + 1
	case r >= 0x3251 && r <= 0x325F:
		return int(r-0x3251) + 21
	case r >= 0x32B1 && r <= 0x32BF:
		return int(r-0x32B1) + 36
	}
	return 0
}

var chineseKeys = []struct{ zh, en string }{
	{"黑方", "black"}, {"白方", "white"}, {"规则", "rule"}, {"开局", "opening"},
	{"结果", "result"}, {"日期", "date"}, {"赛事", "event"}, {"棋盘", "size"},
}

// WriteChinese writes r as a Chinese score sheet. Moves must alternate,
// Black first.
func WriteChinese(r *Record) ([]byte, error) {
	if _, err := r.Board(); err != nil {
		return nil, fmt.Errorf("chinese: %w", err)
	}
	var b strings.Builder
	head := map[string]string{"black": r.Black, "white": r.White, "opening": r.Opening,
		"result": r.Result.String(), "date": r.Date, "event": r.Event}
	if r.Rule != NoRule {
		head["rule"] = r.Rule.String()
	}
	if r.Size != rules.DefaultSize {
		head["size"] = strconv.Itoa(r.Size)
	}
	for _, k := range chineseKeys {
		v := strings.TrimSpace(strings.NewReplacer("\n", " ", "\r", " ").Replace(head[k.en]))
		if v != "" {
			fmt.Fprintf(&b, "%s %s: %s\n", k.zh, strings.ToUpper(k.en[:1])+k.en[1:], v)
		}
	}
	for i, m := range r.Moves {
		n := i + 1
		if want := []rules.Color{rules.Black, rules.White}[i%2]; m.Color != want {
			return nil, fmt.Errorf("chinese: move %d is %s's, but the sheet alternates, %s first", n, m.Color, rules.Black)
		}
		switch {
		case i > 0 && i%10 == 0:
			b.WriteByte('\n')
		case i > 0:
			b.WriteString("  ")
		}
		num := strconv.Itoa(n)
		if m.Color == rules.Black {
			num = Circled(n)
		}
		b.WriteString(num + " " + strings.ToUpper(m.Point.String()))
	}
	b.WriteByte('\n')
	return []byte(b.String()), nil
}

// ReadChinese parses a Chinese score sheet as WriteChinese writes it. The
// move numbers must run 1, 2, 3… with Black's (odd) numbers circled or in
// parentheses; a number and its point may be written together ("①H8").
func ReadChinese(data []byte) (*Record, error) {
	r := &Record{Size: rules.DefaultSize, Rule: NoRule}
	errf := func(line, col int, format string, a ...any) error {
		return &SyntaxError{Format: FormatChinese, Line: line, Column: col, Msg: "chinese score sheet: " + fmt.Sprintf(format, a...)}
	}
	if !utf8.Valid(data) {
		return nil, errf(1, 0, "not UTF-8 text")
	}
	var board *rules.Board
	lines := strings.Split(strings.TrimPrefix(string(data), "\ufeff"), "\n")
	for li, line := range lines {
		ln := li + 1
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if key, val, ok := chineseHeader(line); ok {
			if board != nil {
				return nil, errf(ln, 0, "header line %q after the first move", key)
			}
			if err := r.setChineseHeader(key, val); err != nil {
				return nil, errf(ln, 0, "%v", err)
			}
			continue
		}
		if board == nil {
			var err error
			if board, err = rules.NewBoard(r.Size); err != nil {
				return nil, errf(ln, 0, "%v", err)
			}
		}
		rest := line
		for {
			rest = strings.TrimLeft(rest, " \t")
			if rest == "" {
				break
			}
			// The column (in characters) is counted only for an error: on
			// every token it made a long line's reading quadratic.
			at := len(line) - len(rest)
			col := func() int { return utf8.RuneCountInString(line[:at]) + 1 }
			n, black, tail, err := moveNumber(rest)
			if err != nil {
				return nil, errf(ln, col(), "%v", err)
			}
			want := len(r.Moves) + 1
			if n != want {
				return nil, errf(ln, col(), "move number %d, want %d", n, want)
			}
			if black != (n%2 == 1) {
				return nil, errf(ln, col(), "move %d: Black's (odd) numbers are circled, White's are not", n)
			}
			tail = strings.TrimLeft(tail, " \t")
			end := strings.IndexAny(tail, " \t")
			if end < 0 {
				end = len(tail)
			}
			tok := tail[:end]
			if tok == "" || tok == "弃权" {
				if tok == "" {
					return nil, errf(ln, col(), "move %d has no point", n)
				}
				tok = "pass"
			}
			p, err := rules.ParsePoint(tok, r.Size)
			if err != nil {
				return nil, errf(ln, col(), "move %d: %v", n, err)
			}
			m := Move{Color: rules.Black, Point: p}
			if n%2 == 0 {
				m.Color = rules.White
			}
			if err := checkMove(board, m); err != nil {
				return nil, errf(ln, col(), "move %d: %v", n, err)
			}
			if !p.IsPass() {
				board.Set(p, m.Color)
			}
			r.Moves = append(r.Moves, m)
			rest = tail[end:]
		}
	}
	return r, nil
}

// chineseHeader splits "黑方 Black: Ann" (or "黑方：Ann", "black: Ann").
func chineseHeader(line string) (key, val string, ok bool) {
	i := strings.IndexAny(line, ":：")
	if i < 0 {
		return "", "", false
	}
	key = strings.TrimSpace(line[:i])
	_, w := utf8.DecodeRuneInString(line[i:])
	// A carriage return inside a value is a space, as WriteChinese
	// writes it.
	return key, strings.TrimSpace(strings.ReplaceAll(line[i+w:], "\r", " ")), true
}

func (r *Record) setChineseHeader(key, val string) error {
	fields := strings.Fields(strings.ToLower(key))
	for _, k := range chineseKeys {
		for _, f := range fields {
			if f != k.zh && f != k.en {
				continue
			}
			return r.setHeader(k.en, val)
		}
	}
	return fmt.Errorf("unknown header %q", key)
}

// moveNumber reads a move number at the start of s: a circled number, a
// number in parentheses (both Black's), or plain digits (White's).
func moveNumber(s string) (n int, black bool, rest string, err error) {
	r, w := utf8.DecodeRuneInString(s)
	if c := uncircled(r); c > 0 {
		return c, true, s[w:], nil
	}
	if r == '(' {
		end := strings.IndexByte(s, ')')
		if end < 0 {
			return 0, false, "", fmt.Errorf("unclosed ( in a move number")
		}
		n, err := strconv.Atoi(s[1:end])
		if err != nil || n <= 0 {
			return 0, false, "", fmt.Errorf("bad move number %q", s[:end+1])
		}
		return n, true, s[end+1:], nil
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		r, _ := utf8.DecodeRuneInString(s)
		if unicode.IsLetter(r) {
			return 0, false, "", fmt.Errorf("a point %q without a move number", strings.Fields(s)[0])
		}
		return 0, false, "", fmt.Errorf("want a move number, got %q", string(r))
	}
	n, err = strconv.Atoi(s[:i])
	if err != nil || n <= 0 || i > 4 {
		return 0, false, "", fmt.Errorf("bad move number %q", s[:i])
	}
	return n, false, s[i:], nil
}
