package gomocup

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tengen/ai"
	"tengen/rules"
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
	pos := ai.Position{Size: s.size, Rule: s.settings.Rule, Reading: rules.ReadingGomocup, ToMove: rules.Black}
	for _, p := range pts {
		pos.Stones = append(pos.Stones, ai.Stone{P: p, C: pos.ToMove})
		pos.ToMove = pos.ToMove.Opponent()
	}
	var reply string
	var err error
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
