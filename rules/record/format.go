package record

import (
	"fmt"
	"strings"
)

// Format is a record file format.
type Format int8

const (
	FormatUnknown Format = iota
	FormatSGF            // Smart Game Format FF[4], GM[4]
	FormatPSQ            // Piskvork / Gomocup
	FormatMoves          // a plain move list, "h8 h9 i9 …"
)

var formatNames = [...]string{"unknown", "sgf", "psq", "moves"}

func (f Format) String() string {
	if f >= 0 && int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat reads a format's name: sgf, psq or moves (any case).
func ParseFormat(s string) (Format, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range formatNames[1:] {
		if t == n {
			return Format(i + 1), nil
		}
	}
	return FormatUnknown, fmt.Errorf("unknown record format %q (want sgf, psq or moves)", s)
}

// Detect guesses a record's format from its content: SGF starts with "("
// and ";", PSQ with the "Piskvorky" header; anything else is taken as a
// move list, whose parser then says what it could not read.
func Detect(data []byte) Format {
	s := strings.TrimLeft(strings.TrimPrefix(string(data), "\ufeff"), " \t\r\n")
	if strings.HasPrefix(s, "(") && strings.HasPrefix(strings.TrimLeft(s[1:], " \t\r\n"), ";") {
		return FormatSGF
	}
	if len(s) >= len("piskvorky") && strings.EqualFold(s[:len("piskvorky")], "piskvorky") {
		return FormatPSQ
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
	}
	return nil, fmt.Errorf("cannot write format %v", f)
}
