package customs

import (
	"fmt"
	"slices"
	"strconv"

	"tengen/game"
	"tengen/rules"
)

// steps are the four line directions: the row, the column, the rising
// and the falling diagonal.
var steps = [4]rules.Point{{X: 1, Y: 0}, {X: 0, Y: 1}, {X: 1, Y: 1}, {X: 1, Y: -1}}

// Four is a four on the board (冲四, or 活四 when open): stones of one
// colour on one line that one more stone, on a completion point, turns
// into a winning five.
type Four struct {
	Color       rules.Color
	Stones      []rules.Point // in order along the line
	Completions []rules.Point // one for a 冲四, two for a 活四
	dir         int
}

// Open reports whether the four is a straight four (活四): two points
// complete it.
func (f Four) Open() bool { return len(f.Completions) >= 2 }

// overlineWins reports whether six or more in a row wins for c under r.
func overlineWins(r rules.Rule, c rules.Color) bool {
	return r == rules.Freestyle || r == rules.Renju && c == rules.White
}

// Fours lists colour c's fours on b under rule r, each once however many
// points complete it, in board order of their first completion point. A
// completion point counts only if a stone there wins under r (exactly
// five where overlines do not win, not shut in at both ends under caro).
func Fours(b *rules.Board, c rules.Color, r rules.Rule) []Four {
	return fours(b, c, r, -1)
}

// fours is Fours restricted to direction only (0-3), or all when -1.
func fours(b *rules.Board, c rules.Color, r rules.Rule, only int) []Four {
	var out []Four
	n := b.Size()
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			p := rules.Point{X: x, Y: y}
			if b.At(p) != rules.Empty {
				continue
			}
			for k, d := range steps {
				if only >= 0 && k != only {
					continue
				}
				stones := run(b, p, d, c)
				switch l := len(stones) + 1; {
				case l < 5, l > 5 && !overlineWins(r, c):
					continue
				}
				if !b.Wins(p, c, r) {
					continue
				}
				if i := same(out, k, stones); i >= 0 {
					out[i].Completions = append(out[i].Completions, p)
					continue
				}
				out = append(out, Four{Color: c, Stones: stones, Completions: []rules.Point{p}, dir: k})
			}
		}
	}
	return out
}

// same finds the four in direction k that the stones belong to: one
// sharing at least four stones on the line (.XXXX. is one four with two
// completion points, while X.XXX.X holds two fours sharing three).
func same(fs []Four, k int, stones []rules.Point) int {
	for i, f := range fs {
		shared := 0
		for _, s := range stones {
			if f.dir == k && slices.Contains(f.Stones, s) {
				shared++
			}
		}
		if shared >= 4 {
			return i
		}
	}
	return -1
}

// run returns the stones of colour c next to the empty point p along d,
// both ways, in order along the line (p itself excluded).
func run(b *rules.Board, p, d rules.Point, c rules.Color) []rules.Point {
	var back, fwd []rules.Point
	n := b.Size()
	for q := (rules.Point{X: p.X - d.X, Y: p.Y - d.Y}); q.In(n) && b.At(q) == c; q = (rules.Point{X: q.X - d.X, Y: q.Y - d.Y}) {
		back = append(back, q)
	}
	for q := (rules.Point{X: p.X + d.X, Y: p.Y + d.Y}); q.In(n) && b.At(q) == c; q = (rules.Point{X: q.X + d.X, Y: q.Y + d.Y}) {
		fwd = append(fwd, q)
	}
	slices.Reverse(back)
	return append(back, fwd...)
}

// FoursCount is the result of counting fours when time runs out.
type FoursCount struct {
	Black, White int
	Winner       rules.Color // Empty: equal, a draw
}

// DecideByFours applies the casual rule for a game over its time: the
// side with more fours (冲四 and 活四) on the board wins, and equal counts
// are a draw.
func DecideByFours(b *rules.Board, r rules.Rule) FoursCount {
	fc := FoursCount{Black: len(Fours(b, rules.Black, r)), White: len(Fours(b, rules.White, r))}
	switch {
	case fc.Black > fc.White:
		fc.Winner = rules.Black
	case fc.White > fc.Black:
		fc.Winner = rules.White
	}
	return fc
}

// Announce is what the robot says of the count; the game's end is said
// as any other (game.OutcomeMessage).
func (fc FoursCount) Announce() []game.Message {
	return []game.Message{{Key: "time-fours", Args: []string{strconv.Itoa(fc.Black), strconv.Itoa(fc.White)},
		Text: fmt.Sprintf("Time is up: Black has %d fours, White %d.", fc.Black, fc.White)}}
}
