package i18n

import (
	"fmt"
	"strconv"
	"strings"

	"tengen/rules"
	"tengen/rules/opening"
	"tengen/rules/record"
)

// MoveNumber writes move n the Chinese way when chinese is set: Black's
// (odd) numbers circled, White's (even) plain. Otherwise it is plain.
func MoveNumber(n int, chinese bool) string {
	if chinese && n%2 == 1 {
		return record.Circled(n)
	}
	return strconv.Itoa(n)
}

// ChinesePoint writes p with a capital column letter and the row from
// Black's side, as Chinese records do: "H8".
func ChinesePoint(p rules.Point) string {
	if p.IsPass() {
		return "pass"
	}
	return strings.ToUpper(p.String())
}

// movesPerLine is how many moves a line of a written record holds.
const movesPerLine = 10

// WriteRecord writes r as a Chinese-style record in p's language, for
// people to read (rules/record.WriteChinese writes the bilingual score
// sheet that record.ReadChinese reads back): a
// heading, the board, the rule, the opening (named from r.Opening or,
// failing that, from the first three moves), the players, the result,
// then the moves, each a number (circled for Black) and a point A–O/1–15.
func WriteRecord(r *record.Record, p *Printer) ([]byte, error) {
	if _, err := r.Board(); err != nil {
		return nil, fmt.Errorf("chinese record: %w", err)
	}
	// Odd numbers are Black's only if the moves alternate, Black first.
	for i, m := range r.Moves {
		if want := []rules.Color{rules.Black, rules.White}[i%2]; m.Color != want {
			return nil, fmt.Errorf("chinese record: move %d is %s's, but the numbering needs the moves to alternate, %s first", i+1, m.Color, rules.Black)
		}
	}
	colon := ": "
	if p.lang().Chinese() {
		colon = "："
	}
	var b strings.Builder
	b.WriteString(p.T("rec.title") + "\n")
	line := func(key, v string) {
		if v != "" {
			b.WriteString(p.T(key) + colon + v + "\n")
		}
	}
	line("rec.size", fmt.Sprintf("%d×%d", r.Size, r.Size))
	if r.Rule != record.NoRule {
		line("rec.rule", p.Rule(r.Rule))
	}
	line("rec.opening", recordOpening(r, p))
	line("rec.black", oneLine(r.Black))
	line("rec.white", oneLine(r.White))
	line("rec.result", recordResult(r.Result, p))
	line("rec.date", oneLine(r.Date))
	line("rec.event", oneLine(r.Event))
	b.WriteString(p.T("rec.moves") + colon + "\n")
	for i, m := range r.Moves {
		switch {
		case i > 0 && i%movesPerLine == 0:
			b.WriteByte('\n')
		case i > 0:
			b.WriteString("  ")
		}
		pt := p.T("rec.pass")
		if !m.Point.IsPass() {
			pt = ChinesePoint(m.Point)
		}
		b.WriteString(MoveNumber(i+1, true) + " " + pt)
	}
	b.WriteByte('\n')
	return []byte(b.String()), nil
}

func oneLine(s string) string {
	return strings.TrimSpace(strings.NewReplacer("\n", " ", "\r", " ").Replace(s))
}

// recordOpening names the opening: r.Opening when the catalogue knows it
// (a number or a romaji name), the protocol's name as written otherwise,
// or the shape of the first three moves when they form one of the 26.
func recordOpening(r *record.Record, p *Printer) string {
	if r.Opening != "" {
		return p.Opening(oneLine(r.Opening))
	}
	if len(r.Moves) < 3 {
		return ""
	}
	var three [3]rules.Point
	for i := range three {
		three[i] = r.Moves[i].Point
	}
	o, _, err := opening.Identify(three, r.Size)
	if err != nil {
		return ""
	}
	return p.Opening(strconv.Itoa(o.Number))
}

// recordResult words a record's result: who won and how.
func recordResult(res record.Result, p *Printer) string {
	open, close := " (", ")"
	if p.lang().Chinese() {
		open, close = "（", "）"
	}
	var s string
	switch {
	case res.Draw:
		s = p.T("result.draw")
	case res.Winner == rules.Black:
		s = p.T("result.black-wins")
	case res.Winner == rules.White:
		s = p.T("result.white-wins")
	default:
		return ""
	}
	var how string
	switch res.Reason {
	case "":
	case record.ReasonResign:
		how = p.T("rec.resign")
	case record.ReasonTime:
		how = p.T("rec.time")
	case record.ReasonForfeit:
		how = p.T("rec.forfeit")
	default:
		how = p.Reason(res.Reason)
	}
	if how != "" {
		s += open + how + close
	}
	return s
}
