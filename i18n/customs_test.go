package i18n

import (
	"testing"

	"tengen/customs"
	"tengen/game"
	"tengen/rules"
)

// TestCustomsMessagesAreWorded collects every message package customs
// says and words it in each language: a key missing from the catalogue or
// a wrong number of arguments fails.
func TestCustomsMessagesAreWorded(t *testing.T) {
	var msgs []game.Message
	for _, hider := range []customs.Side{customs.Person, customs.Robot} {
		for n := 1; n <= 2; n++ {
			msgs = append(msgs, customs.Nigiri{Hider: hider, Guess: customs.Odd, Count: n}.Announce()...)
		}
	}
	for _, games := range [][]rules.Color{{rules.Black}, {rules.Empty, rules.Empty, rules.Empty}, {rules.Black, rules.Black}, {rules.Black, rules.White}, {rules.White, rules.Black}, {rules.Empty, rules.Empty, rules.Empty, rules.Empty}} {
		m, _ := customs.NewMatch(3, 1, customs.Person)
		for _, g := range games {
			m.Add(g)
		}
		msgs = append(msgs, m.Announce()...)
	}
	msgs = append(msgs, customs.FoursCount{Black: 2, White: 1, Winner: rules.Black}.Announce()...)
	msgs = append(msgs, customs.FoursCount{}.Announce()...)
	msgs = append(msgs, game.OutcomeMessage(rules.Outcome{Over: true, Winner: rules.Black, Reason: rules.Fours, Move: 50}),
		game.OutcomeMessage(rules.Outcome{Over: true, Reason: rules.Fours, Move: 50}))
	for _, mode := range []customs.Mode{customs.Casual, customs.Tournament} {
		p := customs.PolicyFor(mode, false)
		_, m1 := p.Takeback(99)
		_, m2 := p.AnswerDraw(20, 0)
		_, m3 := p.AnswerDraw(20, 1000)
		msgs = append(msgs, m1, m2, m3)
	}
	msgs = append(msgs, customs.LevelMessage(3), customs.Question(),
		game.Message{Key: "forbidden-explain", Args: []string{"h8", rules.DoubleThree.String()}}) // the page's explanation
	msgs = append(msgs, customs.Greeting(customs.Visitor{Nick: "阿明", Wins: 3, Streak: 3}, true)...)
	keys := map[string]bool{}
	for _, m := range msgs {
		keys[m.Key] = true
		for _, l := range Langs {
			key, args := Normalize(m)
			if _, err := (&Printer{Lang: l}).Format(key, args...); err != nil {
				t.Errorf("%v: %v", l, err)
			}
		}
	}
	for _, a := range customs.Answers {
		if _, ok := catalogue[a.Key()]; !ok {
			t.Errorf("answer %v: no text for %s", a, a.Key())
		}
	}
	if len(keys) < 24 {
		t.Errorf("only %d distinct keys collected", len(keys))
	}
}
