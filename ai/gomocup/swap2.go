package gomocup

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tengen/ai"
	"tengen/rules"
	"tengen/rules/opening"
)

// swapMargin is how far (in the player's centi-stones) an evaluation must
// lean to one side before the brain commits to a colour in Swap2; closer
// positions are handed back with two more stones.
const swapMargin = 60

// swap2 answers SWAP2BOARD: the stones so far (black, white, black, ...)
// one "x,y" a line up to DONE. With 0 stones the brain opens with three;
// with 3 it takes Black (SWAP), stays White with one move, or adds two
// stones; with 5 it takes Black (SWAP) or plays White's move. Decisions
// come from the player's own evaluation of the position with White to
// move, so a stronger player makes better Swap2 choices.
func (s *brainState) swap2(ctx context.Context, lines *lineReader) {
	var pts []rules.Point
	var bad error
	for {
		line, err := lines.next()
		if errors.Is(err, errLongLine) {
			bad = fmt.Errorf("SWAP2BOARD line %d is too long", len(pts)+1)
			continue
		}
		if err != nil {
			return
		}
		if strings.EqualFold(line, "DONE") {
			break
		}
		if bad != nil || line == "" || s.size == 0 {
			continue
		}
		p, err := rules.ParseGomocup(line, s.size)
		if err == nil {
			for _, q := range pts {
				if q == p {
					err = fmt.Errorf("point %s is given twice", quote(line))
				}
			}
		}
		if err != nil {
			bad = fmt.Errorf("SWAP2BOARD line %d: %v", len(pts)+1, err)
			continue
		}
		pts = append(pts, p)
	}
	if !s.needStart() {
		return
	}
	if bad != nil {
		s.out.printf("ERROR %v", bad)
		return
	}
	pos := ai.Position{Size: s.size, Rule: s.rule, Reading: rules.ReadingGomocup, ToMove: rules.Black}
	for _, p := range pts {
		pos.Stones = append(pos.Stones, ai.Stone{P: p, C: pos.ToMove})
		pos.ToMove = pos.ToMove.Opponent()
	}
	var reply string
	var err error
	player, err := s.getPlayer()
	if err != nil {
		s.out.printf("ERROR %v", err)
		return
	}
	if op, ok := player.(OpeningPlayer); ok && (len(pts) == 0 || len(pts) == 3 || len(pts) == 5) {
		reply, err = s.swap2ByPlayer(ctx, op, pos, pts)
		if err != nil {
			s.out.printf("ERROR %v", err)
		} else {
			s.out.printf("%s", reply)
		}
		return
	}
	switch len(pts) {
	case 0:
		reply, err = s.swap2Open(ctx, pos)
	case 3:
		reply, err = s.swap2Answer(ctx, pos, true)
	case 5:
		reply, err = s.swap2Answer(ctx, pos, false)
	default:
		err = fmt.Errorf("SWAP2BOARD wants 0, 3 or 5 stones, got %d", len(pts))
	}
	if err != nil {
		s.out.printf("ERROR %v", err)
		return
	}
	s.out.printf("%s", reply)
}

// OpeningPlayer is a player that makes opening decisions itself, on the
// rules/opening state machine (the engine does). SWAP2BOARD then follows
// its decisions instead of the brain's own evaluation.
type OpeningPlayer interface {
	OpeningAction(ctx context.Context, m *opening.Machine, me opening.Player, rule rules.Rule, reading rules.Reading) (opening.Action, error)
}

// swap2ByPlayer answers SWAP2BOARD with an OpeningPlayer's decisions on the
// Swap2 protocol of rules/opening. The brain is the first player with 0 or
// 5 stones, the second with 3. Gomocup's answers map onto the protocol's
// actions: "SWAP" means the brain takes Black (with 3 stones the
// protocol's Swap, with 5 the first player's Keep), a single move means
// it plays White's next move, two moves are White 4 and Black 5.
func (s *brainState) swap2ByPlayer(ctx context.Context, op OpeningPlayer, pos ai.Position, pts []rules.Point) (string, error) {
	proto, err := opening.ByName("swap2")
	if err != nil {
		return "", err
	}
	m, err := opening.New(proto, s.size)
	if err != nil {
		return "", err
	}
	for i, p := range pts {
		by := opening.First
		if i >= 3 {
			by = opening.Second
		}
		if err := m.Apply(by, opening.Action{Kind: opening.Place, Point: p}); err != nil {
			return "", fmt.Errorf("SWAP2BOARD stone %d: %w", i+1, err)
		}
	}
	me := opening.First
	if len(pts) == 3 {
		me = opening.Second
	}
	var placed []string
	decide := func() (opening.Action, error) {
		dctx, cancel := ctx, context.CancelFunc(func() {})
		if s.turn > 0 {
			dctx, cancel = context.WithTimeout(ctx, s.turn)
		}
		defer cancel()
		a, err := op.OpeningAction(dctx, m, me, s.rule, rules.ReadingGomocup)
		if err == nil {
			err = m.Apply(me, a)
		}
		if err == nil && a.Kind == opening.Place {
			placed = append(placed, a.Point.Gomocup(s.size))
		}
		return a, err
	}
	// playWhite answers with White's next move as an ordinary search.
	playWhite := func() (string, error) {
		res, err := s.search(ctx, pos, s.limits())
		if err != nil {
			return "", err
		}
		return res.Move.Gomocup(s.size), nil
	}
	switch len(pts) {
	case 0:
		for len(placed) < 3 {
			a, err := decide()
			if err != nil {
				return "", err
			}
			if a.Kind != opening.Place {
				return "", fmt.Errorf("the player chose to %v instead of placing the opening stones", a.Kind)
			}
		}
		return strings.Join(placed, " "), nil
	case 3:
		a, err := decide()
		if err != nil {
			return "", err
		}
		switch a.Kind {
		case opening.Swap:
			return "SWAP", nil
		case opening.Keep:
			return playWhite()
		}
		if _, err := decide(); err != nil { // Black 5
			return "", err
		}
		return strings.Join(placed, " "), nil
	}
	a, err := decide()
	if err != nil {
		return "", err
	}
	if a.Kind == opening.Keep {
		return "SWAP", nil // the first player keeps Black
	}
	return playWhite()
}

// swap2Open proposes three stones: of a few shapes around the centre (the
// second stone direct or diagonal, the third at distance two) it keeps the
// one the player judges closest to even, so the opponent's choice of
// colour gains as little as possible.
func (s *brainState) swap2Open(ctx context.Context, pos ai.Position) (string, error) {
	c := rules.Centre(s.size)
	at := func(dx, dy int) rules.Point { return rules.Point{X: c.X + dx, Y: c.Y + dy} }
	var shapes [][3]rules.Point
	for _, w := range []rules.Point{at(0, 1), at(1, 1)} {
		for _, b := range []rules.Point{at(2, 0), at(1, -1), at(2, 2), at(-1, 2), at(0, 2), at(2, -1)} {
			if b.In(s.size) && w.In(s.size) && b != w {
				shapes = append(shapes, [3]rules.Point{c, w, b})
			}
		}
	}
	lim := s.limits()
	lim.TurnTime /= time.Duration(len(shapes) + 1)
	best, bestAbs := -1, 0
	for i, sh := range shapes {
		p := pos
		p.Stones = []ai.Stone{{P: sh[0], C: rules.Black}, {P: sh[1], C: rules.White}, {P: sh[2], C: rules.Black}}
		p.ToMove = rules.White
		res, err := s.search(ctx, p, lim)
		if err != nil {
			return "", err
		}
		if a := abs(res.Score); best < 0 || a < bestAbs {
			best, bestAbs = i, a
		}
	}
	sh := shapes[best]
	return sh[0].Gomocup(s.size) + " " + sh[1].Gomocup(s.size) + " " + sh[2].Gomocup(s.size), nil
}

// swap2Answer decides with White to move: take Black when Black is better,
// play White's best move when White is, and with three stones offer two
// more when it is close.
func (s *brainState) swap2Answer(ctx context.Context, pos ai.Position, mayAddTwo bool) (string, error) {
	lim := s.limits()
	if mayAddTwo {
		lim.TurnTime /= 2
	}
	res, err := s.search(ctx, pos, lim)
	if err != nil {
		return "", err
	}
	switch {
	case res.Score < -swapMargin || (!mayAddTwo && res.Score < 0):
		return "SWAP", nil
	case res.Score > swapMargin || !mayAddTwo:
		return res.Move.Gomocup(s.size), nil
	}
	pos.Stones = append(pos.Stones, ai.Stone{P: res.Move, C: rules.White})
	pos.ToMove = rules.Black
	res2, err := s.search(ctx, pos, lim)
	if err != nil {
		return "", err
	}
	return res.Move.Gomocup(s.size) + " " + res2.Move.Gomocup(s.size), nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
