// Package errmsg makes errors that a person reads — at the terminal, on
// the page, in speech — sayable in every language of package i18n.
//
// An *Error carries a catalogue key and its arguments (a Msg) and wraps
// its cause, so errors.Is and errors.As work as with fmt.Errorf. Its
// Error method gives the English text, as logs and tests read it; a
// program shows it in a person's language with i18n's Printer.Error,
// which finds the messages in an error's chain (errors.As style) and
// words each of them in that language, keeping the rest (file names,
// line numbers, fields, the cause's own text) as it is.
//
// The package imports nothing of Tengen's, so that every package that
// makes such errors (calibration, game, rig, sim, speech) can use it; the
// texts (English, Simplified and Traditional Chinese) are in this
// package's table, keys "err.…", which package i18n merges into its
// catalogue and checks with the rest of it (every key in every language,
// every key a call names present with its number of arguments). The
// simulator's log lines ("sim.…", what `tengen sim` prints as faults are
// injected and recovered) and the guided calibration steps' lines
// ("cal.…", what package rig's steps say to the person at the terminal or
// on the calibration page) are messages of the same kind and live here
// for the same reason.
package errmsg
