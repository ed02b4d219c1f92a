package main

import (
	"context"
	"math/rand/v2"
	"sort"

	"tengen/referee"
	"tengen/rules"
	"tengen/rules/opening"
	"tengen/sim"
)

// openingPlayers are the two simulated people playing an opening protocol
// at the table: they lay stones where the step allows, swap or keep at
// random, declare, offer fifth moves that are not symmetric, and choose
// by taking the other offers off. Each acts once Tengen has answered the
// act before.
type openingPlayers struct {
	ref   *referee.Referee
	rng   *rand.Rand
	said  func() int // how many things Tengen has said
	mark  int
	reach int
	act   func(*sim.World)
	send  func(referee.Signal)
}

func (p *openingPlayers) Step(_ context.Context, w *sim.World) error {
	if p.reach > 0 {
		p.reach--
		if p.reach == 0 {
			w.SetHand(nil)
			p.act(w)
			p.mark = p.said()
		}
		return nil
	}
	m := p.ref.Opening
	if m == nil || m.Done() || p.said() <= p.mark || w.HandOver() != nil {
		return nil
	}
	step := m.Step()
	allowed := map[opening.ActionKind]bool{}
	for _, k := range step.Allowed {
		allowed[k] = true
	}
	signal := func(s referee.Signal) {
		s.Player = step.Player
		p.send(s)
		p.mark = p.said()
	}
	lay := func(act func(*sim.World)) {
		p.act, p.reach = act, 3
		w.SetHand(&sim.Hand{Radius: 60})
	}
	switch {
	case allowed[opening.Swap] || allowed[opening.Keep]:
		k := referee.Keep
		if p.rng.IntN(2) == 0 {
			k = referee.Swap
		}
		signal(referee.Signal{Kind: k})
	case allowed[opening.Declare]:
		signal(referee.Signal{Kind: referee.Declare, N: step.Min + p.rng.IntN(min(step.Max, 3)-step.Min+1)})
	case allowed[opening.Offer]:
		offers := p.offers(m, step.Count)
		lay(func(w *sim.World) {
			for _, q := range offers {
				w.Put(rules.Black, q, 0.5, -0.5)
			}
		})
	case allowed[opening.Choose]:
		offers := m.Offers()
		keep := p.rng.IntN(len(offers))
		if len(offers) == 1 {
			// Nothing to take off: White says which.
			signal(referee.Signal{Kind: referee.Choose, Point: offers[0]})
			return nil
		}
		lay(func(w *sim.World) {
			for i, q := range offers {
				if i != keep {
					w.LiftStone(q)
				}
			}
		})
	case allowed[opening.Place]:
		q := p.near(m, func(q rules.Point) bool { return m.CanPlace(q) == nil })
		lay(func(w *sim.World) { w.Put(step.Stone, q, 0.5, -0.5) })
	}
	return nil
}

// near picks one of the few points nearest the centre that ok accepts.
func (p *openingPlayers) near(m *opening.Machine, ok func(rules.Point) bool) rules.Point {
	b := m.Board()
	size, c := b.Size(), rules.Centre(b.Size())
	var pts []rules.Point
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if q := (rules.Point{X: x, Y: y}); b.At(q) == rules.Empty && ok(q) {
				pts = append(pts, q)
			}
		}
	}
	sort.SliceStable(pts, func(i, j int) bool { return dist(pts[i], c) < dist(pts[j], c) })
	return pts[p.rng.IntN(min(len(pts), 6))]
}

// offers picks n fifth moves near the centre, none symmetric to another.
func (p *openingPlayers) offers(m *opening.Machine, n int) []rules.Point {
	b := m.Board()
	var out []rules.Point
	for len(out) < n {
		q := p.near(m, func(q rules.Point) bool {
			for _, o := range out {
				if o == q || opening.Equivalent(b, o, q) {
					return false
				}
			}
			return true
		})
		out = append(out, q)
	}
	return out
}

func dist(a, b rules.Point) int { return (a.X-b.X)*(a.X-b.X) + (a.Y-b.Y)*(a.Y-b.Y) }
