package i18n

import "encoding/json"

// langNames are the languages' own names, for the page's language menu.
var langNames = [numLangs]string{"English", "简体中文", "繁體中文"}

// pageCatalogue is the catalogue as the web page reads it.
type pageCatalogue struct {
	Langs []pageLang                   `json:"langs"`
	Args  map[string][]Arg             `json:"args"`
	Text  map[string]map[string]string `json:"text"`
}

type pageLang struct {
	Tag  string `json:"tag"`
	Name string `json:"name"`
}

// PageJSON returns the whole catalogue as the web page reads it
// (web/static/i18n.json): the languages, each key's argument kinds, and
// each language's texts.
func PageJSON() ([]byte, error) {
	pc := pageCatalogue{Args: map[string][]Arg{}, Text: map[string]map[string]string{}}
	for _, l := range Langs {
		pc.Langs = append(pc.Langs, pageLang{l.String(), langNames[l]})
		pc.Text[l.String()] = map[string]string{}
	}
	for k, en := range catalogue {
		if len(en.args) > 0 {
			pc.Args[k] = en.args
		}
		for _, l := range Langs {
			pc.Text[l.String()][k] = en.text[l]
		}
	}
	b, err := json.MarshalIndent(pc, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
