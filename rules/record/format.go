package record

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Format is a record file format.
type Format int8

const (
	FormatUnknown Format = iota
	FormatSGF            // Smart Game Format FF[4], GM[4]
	FormatPSQ            // Piskvork / Gomocup
	FormatMoves          // a plain move list, "h8 h9 i9 …"
	FormatChinese        // the Chinese score sheet (棋谱), "① H8  2 H9  ③ J10 …"
)

var formatNames = [...]string{"unknown", "sgf", "psq", "moves", "chinese"}

func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat reads a format's name: sgf, psq, moves or chinese (any case).
func ParseFormat(s string) (Format, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range formatNames[1:] {
		if t == n {
			return Format(i + 1), nil
		}
	}
	return FormatUnknown, fmt.Errorf("unknown record format %q (want sgf, psq, moves or chinese)", s)
}

// Detect guesses a record's format from its content: SGF starts with "("
// and ";", PSQ with the "Piskvorky" header, a Chinese score sheet with a
// header in Chinese (黑方 …) or Black's circled first move (①); anything
// else is taken as a move list, whose parser then says what it could not
// read.
func Detect(data []byte) Format {
	s := strings.TrimLeft(strings.TrimPrefix(string(data), "\ufeff"), " \t\r\n")
	if strings.HasPrefix(s, "(") && strings.HasPrefix(strings.TrimLeft(s[1:], " \t\r\n"), ";") {
		return FormatSGF
	}
	if len(s) >= len("piskvorky") && strings.EqualFold(s[:len("piskvorky")], "piskvorky") {
		return FormatPSQ
	}
	if r, _ := utf8.DecodeRuneInString(s); uncircled(r) > 0 {
		return FormatChinese
	}
	for _, k := range chineseKeys {
		if strings.HasPrefix(s, k.zh) {
			return FormatChinese
		}
	}
	return FormatMoves
}

// Read parses data in the given format; FormatUnknown detects it first.
func Read(data []byte, f Format) (*Record, error) {
	if f == FormatUnknown {
		f = Detect(data)
	}
	switch f {
	case FormatSGF:
		return ReadSGF(data)
	case FormatPSQ:
		return ReadPSQ(data)
	case FormatMoves:
		return ReadMoves(data)
	case FormatChinese:
		return ReadChinese(data)
	}
	return nil, fmt.Errorf("cannot read format %v", f)
}

// Write encodes r in the given format.
func Write(r *Record, f Format) ([]byte, error) {
	switch f {
	case FormatSGF:
		return WriteSGF(r)
	case FormatPSQ:
		return WritePSQ(r)
	case FormatMoves:
		return WriteMoves(r)
	case FormatChinese:
		return WriteChinese(r)
	}
	return nil, fmt.Errorf("cannot write format %v", f)
}

// Dropped lists what r holds that format f cannot carry, e.g. "move
// times" for a move list, so that a converter can say what it left out.
func Dropped(r *Record, f Format) []string {
	var times, comments bool
	for _, m := range r.Moves {
		times = times || m.Time > 0
		comments = comments || m.Comment != ""
	}
	var out []string
	add := func(has bool, what string) {
		if has {
			out = append(out, what)
		}
	}
	switch f {
	case FormatPSQ:
		add(r.Rule != NoRule, "rule")
		add(r.Result.Known(), "result")
		add(r.Date != "", "date")
		add(r.Event != "", "event")
		add(r.Opening != "", "opening")
		add(r.Comment != "" || comments, "comments")
	case FormatMoves, FormatChinese:
		add(times, "move times")
		add(r.Comment != "" || comments, "comments")
	}
	return out
}
