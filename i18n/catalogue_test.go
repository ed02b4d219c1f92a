package i18n

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"tengen/rules/opening"
)

var placeholderRE = regexp.MustCompile(`\{(\d+)\}`)

// TestEveryKeyInEveryLanguage fails on a missing text, a placeholder
// left unused or one that has no argument, and a Chinese text without
// Chinese characters.
func TestEveryKeyInEveryLanguage(t *testing.T) {
	for _, key := range Keys() {
		en := catalogue[key]
		for _, l := range Langs {
			text := en.text[l]
			if strings.TrimSpace(text) == "" {
				t.Errorf("%s: no %v text", key, l)
				continue
			}
			used := map[int]bool{}
			for _, m := range placeholderRE.FindAllStringSubmatch(text, -1) {
				n, _ := strconv.Atoi(m[1])
				if n >= len(en.args) {
					t.Errorf("%s (%v): placeholder {%d} but only %d arguments", key, l, n, len(en.args))
				}
				used[n] = true
			}
			for i := range en.args {
				if !used[i] {
					t.Errorf("%s (%v): argument {%d} (%s) is not used in %q", key, l, i, en.args[i], text)
				}
			}
			if l.Chinese() && key != "ui.rank" && key != "err.list" && !hasHan(text) { // a rank and a list are only numbers and punctuation
				t.Errorf("%s (%v): %q has no Chinese characters", key, l, text)
			}
		}
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// Characters that exist in only one of the two scripts: a Traditional
// text must not hold the first kind, a Simplified one the second.
const (
	simplifiedOnly  = "们这个时对说过请让设连胜负认输赢长满盘开级颗从谱机网页摄头积态续暂换数执觉罐区单双结着员点问题经欢迎来规则场赛决论应乱动见会处还样没显连线启"
	traditionalOnly = "們這個時對說過請讓設連勝負認輸贏長滿盤開級顆從譜機網頁攝頭積態續暫換數執覺罐區單雙結著員點問題經歡迎來規則場賽決論應亂動見會處還樣沒顯連線啟"
)

func TestScriptsAreNotMixed(t *testing.T) {
	for _, key := range Keys() {
		en := catalogue[key]
		for _, r := range en.text[Traditional] {
			if strings.ContainsRune(simplifiedOnly, r) && !strings.ContainsRune(traditionalOnly, r) {
				t.Errorf("%s: Traditional text %q has the Simplified character %c", key, en.text[Traditional], r)
			}
		}
		for _, r := range en.text[Simplified] {
			if strings.ContainsRune(traditionalOnly, r) && !strings.ContainsRune(simplifiedOnly, r) {
				t.Errorf("%s: Simplified text %q has the Traditional character %c", key, en.text[Simplified], r)
			}
		}
	}
}

// TestGameKeysExist reads the source of packages game, customs and
// referee for the keys they say (the referee says its log's event names),
// so that a key added there without a text here fails.
func TestGameKeysExist(t *testing.T) {
	game, err := filepath.Glob("../game/*.go")
	if err != nil || len(game) == 0 {
		t.Fatalf("reading package game: %v", err)
	}
	files := game
	for _, pkg := range []string{"customs", "referee"} {
		more, err := filepath.Glob("../" + pkg + "/*.go")
		if err != nil || len(more) == 0 {
			t.Fatalf("reading package %s: %v", pkg, err)
		}
		files = append(files, more...)
	}
	// say("k", …), tell("k", …), msg("k", …), refuse("k", …), Key: "k",
	// m.Key = "k", m.Key, m.Args = "k", …, and {err, "k"} tables.
	keyRE := regexp.MustCompile(`(?:say|tell|msg|refuse|refusal)\("([a-z][a-z.-]*)"|Key(?:, m\.Args)?\s*(?::|=)\s*"([a-z][a-z.-]*)"|\{[a-zA-Z.]+, "([a-z][a-z.-]*)"\}`)
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range keyRE.FindAllStringSubmatch(string(src), -1) {
			seen[m[1]+m[2]+m[3]] = true
		}
	}
	for _, k := range GameKeys {
		seen[k] = true
	}
	if len(seen) < 10 {
		t.Fatalf("found only %d keys in package game: is the pattern stale?", len(seen))
	}
	for k := range seen {
		if _, ok := catalogue[k]; !ok {
			t.Errorf("package game, customs or referee says %q, which the catalogue lacks", k)
		}
	}
}

// TestOpeningActionsExist checks the keys package game says for opening
// actions, which it takes from opening.ActionKind's names.
func TestOpeningActionsExist(t *testing.T) {
	for k := opening.Place; k <= opening.Choose; k++ {
		if _, ok := catalogue[k.String()]; !ok {
			t.Errorf("opening action %q has no text", k)
		}
	}
}

func TestOpeningNames(t *testing.T) {
	for _, o := range opening.All() {
		en := catalogue[openingKey(o.Number)]
		if en.text[English] != o.Name || en.text[Simplified] != o.Chinese {
			t.Errorf("opening %d: catalogue has %q/%q, package opening %q/%q", o.Number, en.text[English], en.text[Simplified], o.Name, o.Chinese)
		}
		if []rune(en.text[Traditional])[1] != []rune(o.Chinese)[1] {
			t.Errorf("opening %d: %s and %s do not end alike", o.Number, en.text[Traditional], o.Chinese)
		}
	}
}

func TestTermsFollowTheChineseRules(t *testing.T) {
	p := &Printer{Lang: Simplified}
	for key, want := range map[string]string{
		"term.open-three": "活三", "term.four": "冲四", "term.overline": "长连", "term.forbidden": "禁手",
		"term.double-three": "三三", "term.double-four": "四四", "term.centre": "天元", "term.star": "星",
		"term.open-four": "活四", "term.swap": "三手交换", "term.fifth": "五手两打", "term.nigiri": "猜先",
	} {
		if got := p.T(key); got != want {
			t.Errorf("%s = %q, want the rules' term %q", key, got, want)
		}
	}
}

// TestPageCatalogueIsCurrent checks that web/static/i18n.json is what
// `go generate ./i18n` writes.
func TestPageCatalogueIsCurrent(t *testing.T) {
	want, err := PageJSON()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../web/static/i18n.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("web/static/i18n.json is stale: run go generate ./i18n")
	}
}

func TestParseLang(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Lang
		ok   bool
	}{
		{"en", English, true}, {"zh-Hans", Simplified, true}, {"zh-Hant", Traditional, true},
		{"zh_CN", Simplified, true}, {"ZH-TW", Traditional, true}, {"zh-HK", Traditional, true}, {"zh", Simplified, true},
		{"fr", English, false}, {"", English, false},
	} {
		got, err := ParseLang(c.in)
		if (err == nil) != c.ok || (c.ok && got != c.want) {
			t.Errorf("ParseLang(%q) = %v, %v", c.in, got, err)
		}
		if c.ok {
			if back, _ := ParseLang(got.String()); back != got {
				t.Errorf("%v does not read back", got)
			}
		}
	}
}
