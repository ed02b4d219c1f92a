package main

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"tengen/i18n"
	"tengen/i18n/errmsg"
)

// The flag package words its parse errors in English. flagErrors maps
// them to catalogue messages so that a person sees a mistyped flag in
// their language; an error of a form not listed stays as it is.
var flagErrors = []struct {
	re  *regexp.Regexp
	key string
}{
	{regexp.MustCompile(`^flag provided but not defined: -+(.+)$`), "err.flag-undefined"},
	{regexp.MustCompile(`^flag needs an argument: -+(.+)$`), "err.flag-needs-value"},
	{regexp.MustCompile(`^bad flag syntax: (.+)$`), "err.flag-syntax"},
}

// invalidValue is the form of a value the flag's own parser refused: the
// cause (ours, often a message) follows the colon.
var invalidValue = regexp.MustCompile(`^invalid (?:boolean )?value "((?s).*)" for (?:flag )?-+([^:]+): `)

// flagError turns a flag parse error into a message; the flag is written
// with two dashes, as our usage lines write it.
func flagError(err error) error {
	s := err.Error()
	for _, f := range flagErrors {
		if m := f.re.FindStringSubmatch(s); m != nil {
			name := m[1]
			if f.key != "err.flag-syntax" {
				name = "--" + name
			}
			return errmsg.Mark(err, f.key, name)
		}
	}
	if m := invalidValue.FindStringSubmatchIndex(s); m != nil {
		name, val, cause := "--"+s[m[4]:m[5]], s[m[2]:m[3]], s[m[1]:]
		if u := errors.Unwrap(err); u != nil {
			return errmsg.Wrap(u, "err.bad-flag", name, val) // the Set function's own error, perhaps a message
		}
		if cause == "parse error" {
			// The flag package's own "parse error" adds nothing to the
			// message, and a person would read it in English.
			return errmsg.Mark(err, "err.bad-flag", name, val)
		}
		return errmsg.Wrap(errors.New(cause), "err.bad-flag", name, val)
	}
	return err
}

// argsLang is the language a command line asks for with --lang, looked
// for before its flags are parsed (they may not parse), else the
// environment's.
func argsLang(args []string) i18n.Lang {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "lang" {
			continue
		}
		if !hasVal && i+1 < len(args) {
			val = args[i+1]
		}
		if l, err := i18n.ParseLang(val); err == nil {
			return l
		}
	}
	return envLang()
}

// printFlagError words a parse error of path's flags for a person.
func printFlagError(sio *stdio, path string, args []string, err error) {
	p := &i18n.Printer{Lang: argsLang(args)}
	fmt.Fprintf(sio.err, "%s: %s\n%s\n", path, p.Error(flagError(err)), p.Error(errmsg.New("err.see-help", path)))
}
