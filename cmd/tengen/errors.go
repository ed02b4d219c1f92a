package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"tengen/i18n"
	"tengen/i18n/errmsg"
	"tengen/web"
)

// Errors people read at the terminal are catalogue messages
// (i18n/errmsg): the commands of the table (play, exhibit, sim, table,
// referee, calibrate) print them in the --lang language.

// usageMsg is usageError for a message a person reads in their language.
func usageMsg(key string, args ...any) error {
	return fmt.Errorf("%w: %w", errUsage, errmsg.New(key, args...))
}

// badFlag says that a flag's value does not parse, with the parser's
// reason.
func badFlag(name, value string, err error) error {
	return fmt.Errorf("%w: %w", errUsage, errmsg.Wrap(err, "err.bad-flag", name, value))
}

// noArgs says that cmd takes no arguments.
func noArgs(cmd string) error { return usageMsg("err.no-args", cmd) }

// forPage words err for the page, in every language its viewers may
// read; an error without a message stays as it is.
func forPage(err error) error {
	if texts := i18n.ErrorTexts(err); texts != nil {
		return &web.ActionError{Err: err, Texts: texts}
	}
	return err
}

// localized runs run in the language lang names, which words what it
// says (stdio.words) and its error; a setting that does not parse (its
// own error among them) falls back to the environment's language.
func localized(lang *string, run func(*stdio, []string) error) func(*stdio, []string) error {
	return func(sio *stdio, args []string) error {
		l, perr := i18n.ParseLang(*lang)
		if perr != nil {
			l = envLang()
		}
		sio.lang = l
		return i18n.Localize(l, run(sio, args))
	}
}

// withLang gives a command without a language of its own (the
// calibration steps) a --lang flag for the language of its errors.
func withLang(flags func(fs *flag.FlagSet) func(*stdio, []string) error) func(fs *flag.FlagSet) func(*stdio, []string) error {
	return func(fs *flag.FlagSet) func(*stdio, []string) error {
		lang := fs.String("lang", "en", "language of what the command says and of its errors: en, zh-Hans or zh-Hant")
		return localized(lang, flags(fs))
	}
}

// parseLang reads a --lang setting; a bad one is a usage error.
func parseLang(s string) (i18n.Lang, error) {
	l, err := i18n.ParseLang(s)
	if err != nil {
		return l, fmt.Errorf("%w: %w", errUsage, errmsg.Mark(err, "err.bad-lang", s))
	}
	return l, nil
}

// envLang is the language the environment's locale names (LC_ALL,
// LC_MESSAGES, LANG: "zh_TW.UTF-8"), English when it names none of ours.
func envLang() i18n.Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := os.Getenv(v); s != "" {
			tag, _, _ := strings.Cut(s, ".")
			if l, err := i18n.ParseLang(tag); err == nil {
				return l
			}
			return i18n.English
		}
	}
	return i18n.English
}
