package i18n

import (
	"errors"
	"strings"

	"tengen/i18n/errmsg"
)

// The error texts (package errmsg) are part of the catalogue: the same
// checks hold them, and the page can word them.
func init() {
	for k, t := range errmsg.Texts() {
		if _, dup := catalogue[k]; dup {
			panic("i18n: error key " + k + " is already in the catalogue")
		}
		args := make([]Arg, len(t.Args))
		for i, kind := range t.Args {
			args[i] = Arg(kind)
		}
		catalogue[k] = e(args, t.En, t.Hans, t.Hant)
	}
}

// Error words err in the printer's language. The messages in err's chain
// (errmsg.Messager) are worded in the language; the words of plain
// wrappers around them (fmt.Errorf's "…: %w") and a cause without a
// message are kept as they are, so no detail is lost.
func (p *Printer) Error(err error) string {
	if err == nil {
		return ""
	}
	if m, ok := err.(errmsg.Messager); ok {
		s := p.Msg(m.Message())
		if c, ok := err.(interface{ Cause() error }); ok && c.Cause() != nil {
			s += p.colon() + p.Error(c.Cause())
		}
		return s
	}
	var inner []error
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		inner = []error{u.Unwrap()}
	case interface{ Unwrap() []error }:
		inner = u.Unwrap()
	}
	s := err.Error()
	for _, in := range inner {
		if in == nil || !hasMessage(in) {
			continue
		}
		// Word the wrapped error where its English text stands.
		if eng := in.Error(); eng != "" && strings.Contains(s, eng) {
			s = strings.Replace(s, eng, p.Error(in), 1)
		}
	}
	return s
}

// colon joins a message and its cause.
func (p *Printer) colon() string {
	if p.lang().Chinese() {
		return "："
	}
	return ": "
}

// hasMessage reports whether err's chain holds a message.
func hasMessage(err error) bool {
	var m errmsg.Messager
	return errors.As(err, &m)
}

// Msg words an errmsg message, nested messages and errors included.
func (p *Printer) Msg(m errmsg.Msg) string {
	en, ok := catalogue[m.Key]
	args := make([]string, len(m.Args))
	for i, a := range m.Args {
		if err, ok := a.(error); ok {
			args[i] = p.Error(err)
			continue
		}
		args[i] = errmsg.Arg(a, p.Msg)
		if _, nested := a.(errmsg.Msg); !nested && ok && i < len(en.args) {
			args[i] = p.arg(en.args[i], args[i])
		}
	}
	if !ok || len(args) != len(en.args) {
		return m.String()
	}
	return errmsg.Fill(en.text[p.lang()], args)
}

// ErrorTexts words err in every language, by tag ("en", "zh-Hans",
// "zh-Hant"), for a page whose viewers each read their own; nil when err
// says no message.
func ErrorTexts(err error) map[string]string {
	if err == nil || !hasMessage(err) {
		return nil
	}
	out := make(map[string]string, len(Langs))
	for _, l := range Langs {
		out[l.String()] = (&Printer{Lang: l}).Error(err)
	}
	return out
}

// MsgTexts words m in every language, by tag, for a page whose viewers
// each read their own.
func MsgTexts(m errmsg.Msg) map[string]string {
	out := make(map[string]string, len(Langs))
	for _, l := range Langs {
		out[l.String()] = (&Printer{Lang: l}).Msg(m)
	}
	return out
}

// Localize returns err worded in lang: its Error text is Printer.Error's,
// and it wraps err, so errors.Is and errors.As still see the chain. A nil
// error stays nil.
func Localize(lang Lang, err error) error {
	if err == nil || lang == English || !hasMessage(err) {
		return err
	}
	return &localized{err: err, text: (&Printer{Lang: lang}).Error(err)}
}

type localized struct {
	err  error
	text string
}

func (l *localized) Error() string { return l.text }
func (l *localized) Unwrap() error { return l.err }
