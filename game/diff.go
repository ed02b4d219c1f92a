package game

import (
	"fmt"
	"sort"
	"strings"
	"tengen/i18n/errmsg"

	"tengen/rules"
)

// ChangeKind says how the board the camera sees differs from the record.
type ChangeKind int8

const (
	NoChange    ChangeKind = iota
	NewStone               // exactly one stone added on an empty point
	MovedStone             // one recorded stone now sits on a neighbouring point
	ExtraStones            // more than one stone added
	Missing                // recorded stones are gone (lifted or knocked off)
	Disturbed              // anything else: stones both added and gone, colours changed
)

var changeNames = [...]string{"no change", "new stone", "moved stone", "extra stones", "missing stones", "disturbed"}

func (k ChangeKind) String() string { return changeNames[k] }

// Msg is the kind as a message a person reads (package i18n words it).
func (k ChangeKind) Msg() errmsg.Msg {
	return errmsg.M("err.change." + strings.ReplaceAll(k.String(), " ", "-"))
}

// Change is the difference between the record and what is seen.
type Change struct {
	Kind  ChangeKind
	Added []Placed // stones seen that the record lacks
	Gone  []Placed // recorded stones not seen
}

// Placed is a stone at a point.
type Placed struct {
	P rules.Point
	C rules.Color
}

func (p Placed) String() string { return fmt.Sprintf("%s %v", p.C, p.P) }

// pointsOf lists the stones' points, as an errmsg points argument.
func pointsOf(ps []Placed) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.P.String()
	}
	return strings.Join(s, " ")
}

// Compare classifies how seen differs from record. Both boards must have
// the same size.
func Compare(record, seen *rules.Board) Change {
	var ch Change
	n := record.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := rules.Point{X: x, Y: y}
			r, s := record.At(p), seen.At(p)
			if r == s {
				continue
			}
			if r != rules.Empty {
				ch.Gone = append(ch.Gone, Placed{p, r})
			}
			if s != rules.Empty {
				ch.Added = append(ch.Added, Placed{p, s})
			}
		}
	}
	sortPlaced(ch.Added)
	sortPlaced(ch.Gone)
	switch {
	case len(ch.Added) == 0 && len(ch.Gone) == 0:
		ch.Kind = NoChange
	case len(ch.Gone) == 0 && len(ch.Added) == 1:
		ch.Kind = NewStone
	case len(ch.Gone) == 0:
		ch.Kind = ExtraStones
	case len(ch.Added) == 0:
		ch.Kind = Missing
	case len(ch.Added) == 1 && len(ch.Gone) == 1 && ch.Added[0].C == ch.Gone[0].C && neighbours(ch.Added[0].P, ch.Gone[0].P):
		ch.Kind = MovedStone
	default:
		ch.Kind = Disturbed
	}
	return ch
}

func neighbours(a, b rules.Point) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return a != b && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
}

func sortPlaced(ps []Placed) {
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].P.Y != ps[j].P.Y {
			return ps[i].P.Y < ps[j].P.Y
		}
		return ps[i].P.X < ps[j].P.X
	})
}
