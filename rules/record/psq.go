package record

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"tengen/rules"
)

// ReadPSQ parses a Piskvork/Gomocup PSQ file:
//
//	Piskvorky 15x15, 11:11, 0    width x height, the two players' levels, who began (0 or 1)
//	8,8,1500                     x,y,ms: 1-based column and row from the top, time used
//	9,8,800
//	pbrain-one.zip               the two players, in Piskvork's player order
//	pbrain-two.zip
//	-1                           a result code; it and any lines after it are ignored
//
// Black is the player who began (the header's last number picks which
// of the two names). The time field is optional. "homo-1" and "homo-2"
// stand for a human and read as an empty name.
func ReadPSQ(data []byte) (*Record, error) {
	// Line ends may be LF, CRLF or a lone CR.
	text := newlines.Replace(strings.TrimPrefix(string(data), "\ufeff"))
	lines := strings.Split(text, "\n")
	errf := func(line, col int, format string, a ...any) error {
		return &SyntaxError{Format: FormatPSQ, Line: line, Column: col, Msg: fmt.Sprintf(format, a...)}
	}
	size, began, err := psqHeader(strings.TrimSpace(lines[0]))
	if err != nil {
		return nil, errf(1, 0, "%v", err)
	}
	r := &Record{Size: size, Rule: NoRule}
	board := rules.MustBoard(size)
	i := 1
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" {
			continue
		}
		if !isMoveLine(line) {
			break // the end of the moves
		}
		f := strings.Split(line, ",")
		x, _ := strconv.Atoi(strings.TrimSpace(f[0]))
		y, _ := strconv.Atoi(strings.TrimSpace(f[1]))
		m := Move{Color: rules.Black, Point: rules.Point{X: x - 1, Y: size - y}}
		if len(r.Moves)%2 == 1 {
			m.Color = rules.White
		}
		if x < 1 || y < 1 || x > size || y > size {
			return nil, errf(i+1, 0, "move %d %q: x and y must be 1 to %d", len(r.Moves)+1, line, size)
		}
		if len(f) == 3 {
			ms, err := strconv.Atoi(strings.TrimSpace(f[2]))
			if err != nil || ms < 0 {
				return nil, errf(i+1, len(f[0])+len(f[1])+3, "move %d %q: the time must be a whole number of milliseconds, 0 or more", len(r.Moves)+1, line)
			}
			m.Time = time.Duration(ms) * time.Millisecond
		}
		if err := checkMove(board, m); err != nil {
			return nil, errf(i+1, 0, "move %d: %v", len(r.Moves)+1, err)
		}
		board.Set(m.Point, m.Color)
		r.Moves = append(r.Moves, m)
	}
	var names []string
	for ; i < len(lines) && len(names) < 2; i++ {
		line := strings.TrimSpace(lines[i])
		if isInt(line) || isMoveLine(line) {
			break // the result code, or moves after a name: not a name
		}
		if line != "" {
			names = append(names, line)
		}
	}
	for j, n := range names {
		if strings.HasPrefix(strings.ToLower(n), "homo-") {
			n = ""
		}
		if j == began {
			r.Black = n
		} else {
			r.White = n
		}
	}
	return r, nil
}

// psqHeader reads "Piskvorky WxH, a:b, h" and returns the size and who
// began (0 or 1). The levels a:b are not kept.
func psqHeader(s string) (size, began int, err error) {
	const want = `want a header like "Piskvorky 15x15, 11:11, 0"`
	rest, ok := cutPrefixFold(s, "piskvorky")
	if !ok {
		return 0, 0, fmt.Errorf("%s", want)
	}
	parts := strings.Split(rest, ",")
	dims := strings.Split(strings.ToLower(strings.TrimSpace(parts[0])), "x")
	if len(dims) != 2 || !isInt(dims[0]) || !isInt(dims[1]) {
		return 0, 0, fmt.Errorf("bad board size %q: %s", strings.TrimSpace(parts[0]), want)
	}
	w, _ := strconv.Atoi(dims[0])
	h, _ := strconv.Atoi(dims[1])
	if w != h {
		return 0, 0, fmt.Errorf("board %dx%d: only square boards are supported", w, h)
	}
	if err := rules.CheckSize(w); err != nil {
		return 0, 0, err
	}
	if len(parts) >= 3 {
		switch strings.TrimSpace(parts[2]) {
		case "0":
		case "1":
			began = 1
		default:
			return 0, 0, fmt.Errorf("bad first player %q: want 0 or 1", strings.TrimSpace(parts[2]))
		}
	}
	return w, began, nil
}

// newlines turns CRLF and lone CR line ends into LF.
var newlines = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// isMoveLine reports whether a line has the shape of a move, x,y[,time].
func isMoveLine(line string) bool {
	f := strings.Split(line, ",")
	return len(f) >= 2 && len(f) <= 3 && isInt(f[0]) && isInt(f[1])
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

func isInt(s string) bool {
	s = strings.TrimPrefix(strings.TrimSpace(s), "-")
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// WritePSQ encodes r as a PSQ file the way Piskvork writes one, Black as
// the first player. PSQ has no passes, rule, result or comments: a pass
// is an error; the rest is left out.
func WritePSQ(r *Record) ([]byte, error) {
	if _, err := r.Board(); err != nil {
		return nil, fmt.Errorf("psq: %w", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Piskvorky %dx%d, 0:0, 0\n", r.Size, r.Size)
	for i, m := range r.Moves {
		if m.Point.IsPass() {
			return nil, fmt.Errorf("psq: move %d is a pass, which PSQ cannot record", i+1)
		}
		if want := []rules.Color{rules.Black, rules.White}[i%2]; m.Color != want {
			return nil, fmt.Errorf("psq: move %d is %s's, but PSQ records alternate moves, %s first", i+1, m.Color, rules.Black)
		}
		fmt.Fprintf(&b, "%d,%d,%d\n", m.Point.X+1, r.Size-m.Point.Y, m.Time.Milliseconds())
	}
	if r.Black != "" || r.White != "" {
		for i, n := range []string{r.Black, r.White} {
			n = strings.TrimSpace(strings.NewReplacer("\r", " ", "\n", " ").Replace(n))
			if n == "" || isInt(n) || isMoveLine(n) {
				n = fmt.Sprintf("homo-%d", i+1)
			}
			b.WriteString(n + "\n")
		}
	}
	b.WriteString("-1\n")
	return []byte(b.String()), nil
}
