package main

import (
	"context"
	"fmt"
	"strconv"
	"tengen/i18n/errmsg"

	"tengen/game"
	"tengen/i18n"
	"tengen/referee"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/web"
)

// The page's actions for a refereed game: what the players press or
// declare there, as they would on the clock's buttons.
func init() {
	for name, what := range map[string]string{
		"press":   "press the clock (args: color=black|white)",
		"keep":    "decline a swap in an opening (args: player=first|second)",
		"declare": "declare the number of fifth moves (args: player=first|second, n=…)",
		"choose":  "choose a fifth move (args: player=first|second, point=h8)",
		"pass":    "pass in an opening (args: player=first|second)",
		"claim":   "White claims Black's forbidden move",
		"confirm": "confirm a rebuilt position (args: player=first|second)",
	} {
		web.Actions[name] = what
	}
}

// signalOf turns a page action into the players' signal; swap and resign
// are the page's own actions, read here with the referee's arguments.
func signalOf(a web.Action, size int) (referee.Signal, error) {
	kinds := map[string]referee.SignalKind{"press": referee.Press, "swap": referee.Swap, "keep": referee.Keep,
		"declare": referee.Declare, "choose": referee.Choose, "pass": referee.Pass, "claim": referee.Claim,
		"resign": referee.Resign, "confirm": referee.Confirm}
	k, ok := kinds[a.Name]
	if !ok {
		return referee.Signal{}, fmt.Errorf("the referee does not take %q", a.Name)
	}
	s := referee.Signal{Kind: k}
	switch k {
	case referee.Swap, referee.Keep, referee.Declare, referee.Choose, referee.Pass, referee.Confirm:
		switch a.Args["player"] {
		case "first":
			s.Player = opening.First
		case "second":
			s.Player = opening.Second
		default:
			return s, fmt.Errorf("%s: args player=first or player=second, not %q", a.Name, a.Args["player"])
		}
	case referee.Claim:
		s.Color = rules.White
	default:
		c, err := rules.ParseColor(a.Args["color"])
		if err != nil || c == rules.Empty {
			return s, fmt.Errorf("%s: args color=black or color=white, not %q", a.Name, a.Args["color"])
		}
		s.Color = c
	}
	switch k {
	case referee.Declare:
		n, err := strconv.Atoi(a.Args["n"])
		if err != nil {
			return s, fmt.Errorf("declare: args n=… must be a number, not %q", a.Args["n"])
		}
		s.N = n
	case referee.Choose:
		p, err := rules.ParsePoint(a.Args["point"], size)
		if err != nil {
			return s, fmt.Errorf("choose: %v", err)
		}
		s.Point = p
	}
	return s, nil
}

// refereePage is what the page shows of a refereed game: the status and
// what the referee said as messages, which the page words in each
// viewer's language.
func refereePage(rule rules.Rule, size int, st referee.State) web.State {
	ws := web.State{Title: "Tengen referee", Rule: rule.String(), Size: size, Status: st.Status.Text}
	status := i18n.Said(st.Status)
	ws.StatusSaid = &status
	for _, m := range st.Events {
		ws.Messages = append(ws.Messages, i18n.Said(m))
	}
	if st.Over {
		ws.Result = st.Outcome.String()
		said := i18n.Said(game.OutcomeMessage(st.Outcome))
		ws.ResultSaid = &said
	} else {
		ws.ToMove = st.ToMove.String()
	}
	for i, m := range st.Moves {
		ws.Moves = append(ws.Moves, web.Move{N: i + 1, Color: m.C.String(), Point: m.P.String()})
	}
	for _, f := range st.Forbidden {
		ws.Forbidden = append(ws.Forbidden, web.Mark{Point: f.P.String(), Kind: f.Kind.String()})
	}
	if st.Clocks[0] != "" {
		for i, c := range []rules.Color{rules.Black, rules.White} {
			ws.Clocks = append(ws.Clocks, web.Clock{Color: c.String(), Display: st.Clocks[i], Running: !st.Over && st.ToMove == c})
		}
	}
	return ws
}

// refereeWeb serves the page of a refereed game: it shows the state and
// sends the players' actions to signals.
func refereeWeb(ctx context.Context, addr string, sio *stdio, size int, signals chan<- referee.Signal) (*web.Server, error) {
	tokenPath := dataPath("operator-token")
	tok, err := web.LoadOrCreateToken(tokenPath)
	if err != nil {
		return nil, err
	}
	srv := web.New(web.Options{Token: tok, Operator: func(a web.Action) error {
		s, err := signalOf(a, size)
		if err != nil {
			return err
		}
		select {
		case signals <- s:
			return nil
		default:
			return forPage(errmsg.New("err.busy"))
		}
	}})
	at, _, err := web.Serve(ctx, addr, false, srv.Handler())
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(sio.err, "web page on http://%s/ (operator token in %s)\n", at, tokenPath)
	return srv, nil
}
