package i18n

import (
	"fmt"
	"strings"
)

// Lang is a language the robot speaks.
type Lang int8

const (
	English Lang = iota
	Simplified
	Traditional
	numLangs
)

// Langs lists the languages in catalogue order.
var Langs = []Lang{English, Simplified, Traditional}

var langTags = [numLangs]string{"en", "zh-Hans", "zh-Hant"}

// String gives the BCP 47 tag: "en", "zh-Hans" or "zh-Hant".
func (l Lang) String() string {
	if l >= 0 && l < numLangs {
		return langTags[l]
	}
	return fmt.Sprintf("Lang(%d)", int(l))
}

// Chinese reports whether l is one of the Chinese scripts.
func (l Lang) Chinese() bool { return l == Simplified || l == Traditional }

// ParseLang reads a language setting: "en", "zh-Hans", "zh-Hant", and the
// usual aliases (zh, zh-CN, zh-SG for Simplified; zh-TW, zh-HK, zh-MO for
// Traditional), in any case and with "_" for "-".
func ParseLang(s string) (Lang, error) {
	t := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), "_", "-"))
	switch t {
	case "en", "en-gb", "en-us", "english":
		return English, nil
	case "zh", "zh-hans", "zh-cn", "zh-sg", "cmn", "zh-hans-cn":
		return Simplified, nil
	case "zh-hant", "zh-tw", "zh-hk", "zh-mo", "zh-hant-tw", "zh-hant-hk":
		return Traditional, nil
	}
	return English, fmt.Errorf("unknown language %q (want en, zh-Hans or zh-Hant)", s)
}
