package referee

import (
	"fmt"
	"strings"

	"tengen/game"
	"tengen/rules"
)

// Finding is what a steady view says against the record, as a referee
// reads it.
type Finding struct {
	// New are stones on points the record has empty.
	New []game.Placed
	// Occupied are stones laid on a recorded stone of the other colour:
	// the camera sees the top one.
	Occupied []game.Placed
	// Pushed pairs a recorded stone (From) with where it now lies (To): a
	// neighbouring point, same colour.
	Pushed []Push
	// Lifted are recorded stones no longer seen.
	Lifted []game.Placed
}

// Push is a recorded stone moved to a neighbouring point.
type Push struct {
	C        rules.Color
	From, To rules.Point
}

func (p Push) String() string { return fmt.Sprintf("%s %v→%v", p.C, p.From, p.To) }

// Clean reports whether the view matches the record.
func (f Finding) Clean() bool {
	return len(f.New)+len(f.Occupied)+len(f.Pushed)+len(f.Lifted) == 0
}

// Disorder counts the recorded stones out of place.
func (f Finding) Disorder() int { return len(f.Occupied) + len(f.Pushed) + len(f.Lifted) }

// Examine compares what is seen with the record.
func Examine(record, seen *rules.Board) Finding {
	ch := game.Compare(record, seen)
	var f Finding
	gone := map[rules.Point]game.Placed{}
	for _, g := range ch.Gone {
		gone[g.P] = g
	}
	var added []game.Placed
	for _, a := range ch.Added {
		if g, ok := gone[a.P]; ok {
			f.Occupied = append(f.Occupied, a)
			delete(gone, g.P)
			continue
		}
		added = append(added, a)
	}
	// Pair each gone stone with an added one of its colour next to it:
	// a push. Added stones left over are new.
	used := make([]bool, len(added))
	for _, g := range ch.Gone {
		if _, ok := gone[g.P]; !ok {
			continue
		}
		for i, a := range added {
			if !used[i] && a.C == g.C && next(a.P, g.P) {
				used[i] = true
				f.Pushed = append(f.Pushed, Push{C: g.C, From: g.P, To: a.P})
				delete(gone, g.P)
				break
			}
		}
	}
	for i, a := range added {
		if !used[i] {
			f.New = append(f.New, a)
		}
	}
	for _, g := range ch.Gone {
		if _, ok := gone[g.P]; ok {
			f.Lifted = append(f.Lifted, g)
		}
	}
	return f
}

func next(a, b rules.Point) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return a != b && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1
}

func placedList(ps []game.Placed) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

func (f Finding) String() string {
	var parts []string
	if len(f.New) > 0 {
		parts = append(parts, "new "+strings.Join(placedList(f.New), ", "))
	}
	if len(f.Occupied) > 0 {
		parts = append(parts, "on occupied points "+strings.Join(placedList(f.Occupied), ", "))
	}
	for _, p := range f.Pushed {
		parts = append(parts, "pushed "+p.String())
	}
	if len(f.Lifted) > 0 {
		parts = append(parts, "lifted "+strings.Join(placedList(f.Lifted), ", "))
	}
	if len(parts) == 0 {
		return "as recorded"
	}
	return strings.Join(parts, "; ")
}
