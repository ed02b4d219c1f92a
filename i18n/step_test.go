package i18n

import (
	"strings"
	"testing"

	"tengen/rules"
	"tengen/rules/opening"
)

func TestStepMessage(t *testing.T) {
	P, S, K, D, O, C, X := opening.Place, opening.Swap, opening.Keep, opening.Declare, opening.Offer, opening.Choose, opening.Pass
	for _, c := range []struct {
		st   opening.Step
		key  string
		want string // in Simplified Chinese
	}{
		{opening.Step{Allowed: []opening.ActionKind{P}, Stone: rules.Black, Side: 1}, "step-place-centre", "天元"},
		{opening.Step{Allowed: []opening.ActionKind{P}, Stone: rules.White, Side: 3}, "step-place", "3×3"},
		{opening.Step{Allowed: []opening.ActionKind{P}, Stone: rules.Black}, "step-place-anywhere", "任意"},
		{opening.Step{Allowed: []opening.ActionKind{P, X}, Stone: rules.White}, "step-place-or-pass", "弃权"},
		{opening.Step{Allowed: []opening.ActionKind{S, K}}, "step-swap", "交换"},
		{opening.Step{Allowed: []opening.ActionKind{D}, Min: 1, Max: 10}, "step-declare", "1到10"},
		{opening.Step{Allowed: []opening.ActionKind{O}, Count: 2}, "step-offer", "2个"},
		{opening.Step{Allowed: []opening.ActionKind{C}}, "step-choose", "选"},
		{opening.Step{Allowed: []opening.ActionKind{S, K, P}, Stone: rules.White}, "step-options", "网页"},
		{opening.Step{}, "step-options", "网页"},
	} {
		m := StepMessage(c.st)
		got := (&Printer{Lang: Simplified}).Message(m)
		if m.Key != c.key || !strings.Contains(got, c.want) {
			t.Errorf("%+v: %s %q, want %s containing %q", c.st, m.Key, got, c.key, c.want)
		}
	}
}

// TestEveryProtocolsFirstStep words the first step of every protocol the
// rules package has, in every language.
func TestEveryProtocolsFirstStep(t *testing.T) {
	for _, proto := range opening.Protocols() {
		mc, err := opening.New(proto, 15)
		if err != nil {
			t.Fatal(err)
		}
		if mc.Done() {
			continue
		}
		m := StepMessage(mc.Step())
		for _, l := range Langs {
			if _, err := (&Printer{Lang: l}).Format(m.Key, m.Args...); err != nil {
				t.Errorf("%s: %v", proto.Name(), err)
			}
		}
	}
}
