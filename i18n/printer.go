package i18n

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"tengen/game"
	"tengen/rules"
)

// Printer words catalogue keys in one language. The zero value prints
// English for the screen.
type Printer struct {
	Lang Lang
	// Spoken words texts for a voice rather than a screen: a point is
	// spelled "H 8" so that a Mandarin voice reads the letter and the
	// number apart.
	Spoken bool
	// Size is the board size, for naming the centre (天元) when spoken
	// in Chinese; 0 means 15.
	Size int
}

// NewPrinter returns a printer for the language setting s ("en",
// "zh-Hans", "zh-Hant", or an alias ParseLang knows).
func NewPrinter(s string) (*Printer, error) {
	l, err := ParseLang(s)
	if err != nil {
		return nil, err
	}
	return &Printer{Lang: l}, nil
}

// Format words key with its arguments. It fails on an unknown key or a
// wrong number of arguments.
func (p *Printer) Format(key string, args ...string) (string, error) {
	en, ok := catalogue[key]
	if !ok {
		return "", fmt.Errorf("i18n: no message %q", key)
	}
	if len(args) != len(en.args) {
		return "", fmt.Errorf("i18n: message %q takes %d arguments (%v), got %d", key, len(en.args), en.args, len(args))
	}
	text := en.text[p.lang()]
	if len(args) == 0 {
		return text, nil
	}
	pairs := make([]string, 0, 2*len(args))
	for i, v := range args {
		pairs = append(pairs, "{"+strconv.Itoa(i)+"}", p.arg(en.args[i], v))
	}
	text = strings.NewReplacer(pairs...).Replace(text)
	if p.Spoken && p.lang().Chinese() {
		text = strings.ReplaceAll(text, "×", "乘") // the Mandarin voice skips the sign
	}
	return text, nil
}

// T is Format for texts known to be right: a mistake shows the key and
// its arguments rather than nothing.
func (p *Printer) T(key string, args ...string) string {
	s, err := p.Format(key, args...)
	if err != nil {
		return key + " " + strings.Join(args, " ")
	}
	return s
}

func (p *Printer) lang() Lang {
	if p.Lang < 0 || p.Lang >= numLangs {
		return English
	}
	return p.Lang
}

// term words a zero-argument key, or returns fallback when there is none.
func (p *Printer) term(key, fallback string) string {
	if en, ok := catalogue[key]; ok && len(en.args) == 0 {
		return en.text[p.lang()]
	}
	return fallback
}

// arg words one argument of kind k. A value the kind does not know is
// shown as it is: a message is never lost for a strange argument.
func (p *Printer) arg(k Arg, v string) string {
	switch k {
	case ArgPoint:
		return p.Point(v)
	case ArgPoints:
		return p.Points(strings.Fields(v))
	case ArgColour:
		return p.term("colour."+strings.ToLower(v), v)
	case ArgReason:
		return p.Reason(v)
	case ArgKind:
		if v == "" {
			return p.term("kind.forbidden", v)
		}
		return p.term("kind."+v, v)
	case ArgRule:
		return p.term("rule."+strings.ToLower(v), v)
	case ArgOpening:
		return p.Opening(v)
	case ArgParity:
		return p.term("parity."+v, v)
	case ArgPlayer:
		return p.term("player."+strings.TrimSuffix(v, " player"), v)
	case ArgMessage:
		return p.term(v, v)
	}
	return v
}

// Point writes a point given in the Chinese notation ("h8"): h8 in
// English, H8 in Chinese, "H 8" when spoken. Anything else is kept.
func (p *Printer) Point(v string) string {
	v = strings.TrimSpace(v)
	if v == "pass" {
		return p.term("rec.pass", v)
	}
	if len(v) < 2 || v[0] < 'a' || v[0] > 'z' {
		return v
	}
	if _, err := strconv.Atoi(v[1:]); err != nil {
		return v
	}
	size := p.Size
	if size == 0 {
		size = rules.DefaultSize
	}
	switch {
	case p.Spoken && p.lang().Chinese() && v == rules.Centre(size).String():
		return p.term("term.centre", v) // players say 天元, not H8
	case p.Spoken:
		return strings.ToUpper(v[:1]) + " " + v[1:]
	case p.lang().Chinese():
		return strings.ToUpper(v[:1]) + v[1:]
	}
	return v
}

// Points writes a list of points, "none" when it is empty.
func (p *Printer) Points(pts []string) string {
	if len(pts) == 0 {
		return p.term("none", "none")
	}
	out := make([]string, len(pts))
	for i, v := range pts {
		out[i] = p.Point(v)
	}
	sep := ", "
	if p.lang().Chinese() {
		sep = "、"
	}
	return strings.Join(out, sep)
}

// Reason words an outcome code as rules.Outcome.Code gives it: "five",
// "forbidden:double-three", "full board", "resignation", "time", ….
func (p *Printer) Reason(code string) string {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "-")
	if r, kind, ok := strings.Cut(code, ":"); ok {
		if p.lang().Chinese() {
			return p.arg(ArgKind, kind) + p.term("reason."+r, r) // 三三禁手
		}
		return p.term("reason."+r, r) + " (" + p.arg(ArgKind, kind) + ")"
	}
	return p.term("reason."+code, code)
}

// Opening words an opening given by its number ("4") or its romaji name.
func (p *Printer) Opening(v string) string {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		for i := 1; i <= 26; i++ {
			if strings.EqualFold(catalogue[openingKey(i)].text[English], strings.TrimSpace(v)) {
				n = i
			}
		}
	}
	return p.term(openingKey(n), v)
}

// Colour words a colour.
func (p *Printer) Colour(c rules.Color) string { return p.arg(ArgColour, c.String()) }

// Rule words a rule set.
func (p *Printer) Rule(r rules.Rule) string { return p.arg(ArgRule, r.String()) }

// Kind words a forbidden kind.
func (p *Printer) Kind(k rules.ForbiddenKind) string { return p.arg(ArgKind, k.String()) }

// Message words a message of package game in the printer's language. Its
// arguments are first put in the catalogue's form (see Normalize); a key
// the catalogue lacks falls back to the message's own English text.
func (p *Printer) Message(m game.Message) string {
	key, args := Normalize(m)
	s, err := p.Format(key, args...)
	if err != nil {
		return m.Text
	}
	return s
}

var (
	stoneRE = regexp.MustCompile(`\b(?:black|white)?\s*([a-v](?:[1-9]|1[0-9]|2[0-2]))\b`)
	groupRE = regexp.MustCompile(`\[[^\]]*\]`)
	kindRE  = regexp.MustCompile(`\((overline|double-four|double-three)\)`)
	countRE = regexp.MustCompile(`[0-9]+`)
)

// Normalize puts a game message's arguments in the form its key takes in
// the catalogue. Package game writes some arguments for logs: a list of
// stones as fmt prints them ("[black h8 white i9]"), two lists for
// board-differs ("[black h8] []"), an empty argument for keys that take
// none; the forbidden kind of a claim is only in the text. Arguments
// already in the catalogue's form are kept.
func Normalize(m game.Message) (key string, args []string) {
	en, ok := catalogue[m.Key]
	if !ok {
		return m.Key, m.Args
	}
	raw := m.Args
	for len(raw) > len(en.args) && raw[len(raw)-1] == "" {
		raw = raw[:len(raw)-1]
	}
	switch {
	case len(en.args) == 0:
		raw = nil // a detail for the log (an error's text) stays in m.Text
	case len(raw) == 0 && len(en.args) == 1 && en.args[0] == ArgText:
		raw = []string{m.Text} // the free text is the message's own
	}
	switch {
	case m.Key == "board-differs" && len(raw) == 1:
		groups := groupRE.FindAllString(raw[0], -1)
		if len(groups) == 2 {
			raw = []string{groups[0], groups[1]}
		}
	case m.Key == "forbidden-claim" && len(raw) == 1:
		kind := ""
		if k := kindRE.FindStringSubmatch(m.Text); k != nil {
			kind = k[1]
		}
		raw = []string{raw[0], kind}
	}
	if len(raw) != len(en.args) {
		return m.Key, m.Args
	}
	args = make([]string, len(raw))
	for i, v := range raw {
		switch en.args[i] {
		case ArgPoints:
			var pts []string
			for _, s := range stoneRE.FindAllStringSubmatch(v, -1) {
				pts = append(pts, s[1])
			}
			v = strings.Join(pts, " ")
		case ArgPoint:
			// "place h8", "choose h8": an opening action as it prints.
			if s := stoneRE.FindStringSubmatch(v); s != nil && v != "pass" {
				v = s[1]
			}
		case ArgCount:
			if s := countRE.FindString(v); s != "" {
				v = s
			}
		}
		args[i] = v
	}
	return m.Key, args
}

// OutcomeMessage is the message that announces how a game ended, with the
// winner, the reason and the deciding move as arguments.
func OutcomeMessage(o rules.Outcome) game.Message { return game.OutcomeMessage(o) }
