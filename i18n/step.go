package i18n

import (
	"slices"
	"strconv"

	"tengen/game"
	"tengen/rules/opening"
)

// StepMessage is what the robot says when it is the person's turn in an
// opening protocol, worded from the step's fields (what may be done, the
// colour, the region, the counts) so that every language can say it; the
// protocol's own English description is the message's Text.
func StepMessage(st opening.Step) game.Message {
	m := game.Message{Text: "Your turn in the opening: " + st.What + "."}
	has := func(k opening.ActionKind) bool { return slices.Contains(st.Allowed, k) }
	only := func(ks ...opening.ActionKind) bool {
		for _, k := range st.Allowed {
			if !slices.Contains(ks, k) {
				return false
			}
		}
		return len(st.Allowed) > 0
	}
	colour := st.Stone.String()
	switch {
	case only(opening.Place) && st.Side == 1:
		m.Key, m.Args = "step-place-centre", []string{colour}
	case only(opening.Place) && st.Side > 1:
		m.Key, m.Args = "step-place", []string{colour, strconv.Itoa(st.Side)}
	case only(opening.Place):
		m.Key, m.Args = "step-place-anywhere", []string{colour}
	case only(opening.Place, opening.Pass) && has(opening.Pass):
		m.Key, m.Args = "step-place-or-pass", []string{colour}
	case only(opening.Swap, opening.Keep):
		m.Key = "step-swap"
	case only(opening.Declare):
		m.Key, m.Args = "step-declare", []string{strconv.Itoa(st.Min), strconv.Itoa(st.Max)}
	case only(opening.Offer):
		m.Key, m.Args = "step-offer", []string{strconv.Itoa(st.Count)}
	case only(opening.Choose):
		m.Key = "step-choose"
	default:
		m.Key = "step-options"
	}
	return m
}
