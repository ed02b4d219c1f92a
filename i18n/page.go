package i18n

import (
	"tengen/customs"
	"tengen/game"
	"tengen/rules"
	"tengen/web"
)

// FillPage fills the page state's language fields from a game snapshot:
// the robot's language, the messages kept by log (nil for none), the
// result as a message, and, for a game lost by a forbidden move, the
// lines of the forbidden shape (reading rd), so that the page words
// everything in the viewer's language and draws the shape.
func FillPage(st *web.State, lang Lang, log *PageLog, s game.Snapshot, rd rules.Reading) {
	st.Lang = lang.String()
	if log != nil {
		st.Messages = log.Messages()
	}
	if !s.Over {
		return
	}
	said := Said(OutcomeMessage(s.Outcome))
	st.ResultSaid = &said
	if s.Outcome.Reason != rules.ForbiddenMove || s.Outcome.Move < 1 || s.Outcome.Move > len(s.Moves) {
		return
	}
	size := st.Size
	if size == 0 {
		size = rules.DefaultSize
	}
	b, err := rules.NewBoard(size)
	if err != nil {
		return
	}
	for _, m := range s.Moves[:s.Outcome.Move] {
		if m.P.IsPass() || !m.P.In(size) {
			continue
		}
		b.Set(m.P, m.C)
	}
	sh, err := customs.Explain(b, s.Moves[s.Outcome.Move-1].P, rd)
	if err != nil {
		return // the claim's shape cannot be shown; the result still says why
	}
	st.Explain = &web.Explain{Point: sh.Point.String(), Kind: sh.Kind.String(), Lines: sh.LineStrings()}
}
