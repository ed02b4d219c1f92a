package errmsg

import (
	"fmt"
	"strconv"
	"strings"
)

// Msg is a catalogue message: a key and its arguments. An argument is a
// string, a number (written with fmt), a Msg of its own (a part of the
// message worded in the same language, such as a fix), or an error
// (worded as package i18n words errors).
type Msg struct {
	Key  string
	Args []any
}

// M makes a Msg.
func M(key string, args ...any) Msg { return Msg{Key: key, Args: args} }

// String words m in English.
func (m Msg) String() string {
	t, ok := texts[m.Key]
	args := make([]string, len(m.Args))
	for i, a := range m.Args {
		args[i] = Arg(a, Msg.String)
	}
	if !ok || len(args) != len(t.args) {
		return strings.TrimSpace(m.Key + " " + strings.Join(args, " "))
	}
	for i, kind := range t.args {
		args[i] = english(kind, args[i])
	}
	return Fill(t.en, args)
}

// english writes an argument of kind as package i18n does in English
// (a test there checks that they agree).
func english(kind, v string) string {
	switch kind {
	case points:
		if f := strings.Fields(v); len(f) > 0 {
			return strings.Join(f, ", ")
		}
		return "none"
	case colour:
		if v == "black" || v == "white" {
			return strings.ToUpper(v[:1]) + v[1:]
		}
	case rule:
		if v == "standard" {
			return "standard (exactly five)"
		}
	}
	return v
}

// Arg writes one argument of a message: a nested message through words
// (a list of them joined by semicolons), a string as it is, anything
// else with fmt.
func Arg(a any, words func(Msg) string) string {
	switch v := a.(type) {
	case Msg:
		return words(v)
	case []Msg:
		parts := make([]string, len(v))
		for i, m := range v {
			parts[i] = words(m)
		}
		return strings.Join(parts, "; ")
	case string:
		return v
	}
	return fmt.Sprint(a)
}

// Fill puts args in text's placeholders {0}, {1}, ….
func Fill(text string, args []string) string {
	pairs := make([]string, 0, 2*len(args))
	for i, v := range args {
		pairs = append(pairs, "{"+strconv.Itoa(i)+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(text)
}

// Error is an error meant for a person: what went wrong and what to do,
// as a catalogue message, and the cause it wraps.
type Error struct {
	Msg
	// Err is the cause, for errors.Is and errors.As.
	Err error
	// Quiet leaves the cause's text out of the message: the message
	// already says all it says (a missing file's "no such file").
	Quiet bool
}

// New returns an error that says key with args.
func New(key string, args ...any) *Error { return &Error{Msg: M(key, args...)} }

// Wrap returns an error that says key with args, followed by the cause's
// text, and wraps the cause.
func Wrap(cause error, key string, args ...any) *Error {
	return &Error{Msg: M(key, args...), Err: cause}
}

// Mark returns an error that says key with args and wraps cause without
// showing its text.
func Mark(cause error, key string, args ...any) *Error {
	return &Error{Msg: M(key, args...), Err: cause, Quiet: true}
}

// Error is the English text.
func (e *Error) Error() string {
	s := e.Msg.String()
	if e.Err != nil && !e.Quiet {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// Message is the message e says.
func (e *Error) Message() Msg { return e.Msg }

// Cause is the cause whose text follows the message, nil when none is
// shown.
func (e *Error) Cause() error {
	if e.Quiet {
		return nil
	}
	return e.Err
}

// Messager is an error that says itself as a catalogue message: *Error,
// and other packages' error types that carry one (calibration.FieldError).
// Its Error text must be its message's English, followed by ": " and the
// Cause's text when it has one.
type Messager interface {
	error
	Message() Msg
}

// Text is one key of the table: its argument kinds (as package i18n
// names them: "text", "count", "point") and its texts.
type Text struct {
	Args           []string
	En, Hans, Hant string
}

// Texts returns the table of error texts, by key, for package i18n.
func Texts() map[string]Text {
	out := make(map[string]Text, len(texts))
	for k, t := range texts {
		out[k] = Text{Args: t.args, En: t.en, Hans: t.hans, Hant: t.hant}
	}
	return out
}
