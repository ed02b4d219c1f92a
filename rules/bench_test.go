package rules

import (
	"math/rand/v2"
	"testing"
)

// benchPositions are mid-game positions: two real-game positions from the
// cases file (22 and 23 moves each side), and games of 30 and 60 moves
// played out by a seeded random player that keeps near the stones, as
// people and engines do.
func benchPositions(b *testing.B) []*Board {
	b.Helper()
	var boards []*Board
	for _, c := range []struct{ blacks, whites string }{
		{ // case 23
			"h8 h7 j7 i7 g9 i5 e6 g6 j10 k11 k9 i10 l12 g11 k6 j8 k12 m12 l13 n12 n11 n10",
			"h9 h6 g8 g7 j6 f7 i6 f5 j9 i11 l10 h10 i9 l6 k7 f10 k10 j12 m10 o12 o10 k13",
		},
		{ // case 24
			"h8 j10 i11 j9 k7 h6 i6 m11 k8 l9 k6 j5 j11 f11 i12 i13 g11 h12 j12 i14 k11 h14 j14",
			"h9 i9 k9 j8 i7 i8 l10 l8 l7 j7 j6 k4 g10 j13 h13 i10 h11 f10 k12 i15 l11 g15 k15",
		},
	} {
		bd := MustBoard(15)
		bl, _ := ParsePoints(c.blacks, 15)
		wh, _ := ParsePoints(c.whites, 15)
		if err := bd.Place(bl, wh); err != nil {
			b.Fatal(err)
		}
		boards = append(boards, bd)
	}
	for _, moves := range []int{30, 60} {
		boards = append(boards, randomGame(rand.New(rand.NewPCG(uint64(moves), 1)), moves))
	}
	return boards
}

// randomGame plays up to n moves of renju from h8, each next to a stone,
// Black avoiding forbidden points and nobody completing a five.
func randomGame(r *rand.Rand, n int) *Board {
	bd := MustBoard(15)
	bd.Set(Centre(15), Black)
	c := White
	for m := 1; m < n; m++ {
		for try := 0; try < 100; try++ {
			p := Point{r.IntN(15), r.IntN(15)}
			if bd.At(p) != Empty || !nearStone(bd, p) || bd.Wins(p, c, Renju) ||
				(c == Black && bd.Forbidden(p, ReadingRIF) != NotForbidden) {
				continue
			}
			bd.Set(p, c)
			c = c.Opponent()
			break
		}
	}
	return bd
}

func nearStone(bd *Board, p Point) bool {
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			if bd.At(Point{p.X + dx, p.Y + dy}) != Empty {
				return true
			}
		}
	}
	return false
}

// benchPoints returns the empty points of the positions, all of them or
// only those near a stone (the ones an engine asks about).
func benchPoints(b *testing.B, near bool) (boards []*Board, pts [][]Point) {
	boards = benchPositions(b)
	for _, bd := range boards {
		var ps []Point
		for y := 0; y < 15; y++ {
			for x := 0; x < 15; x++ {
				p := Point{x, y}
				if bd.At(p) == Empty && (!near || nearStone(bd, p)) {
					ps = append(ps, p)
				}
			}
		}
		pts = append(pts, ps)
	}
	return boards, pts
}

func benchPerPoint(b *testing.B, near bool, f func(bd *Board, p Point) bool) {
	boards, pts := benchPoints(b, near)
	b.ReportAllocs()
	b.ResetTimer()
	n, hits := 0, 0
	for b.Loop() {
		k := n % len(boards)
		for _, p := range pts[k] {
			if f(boards[k], p) {
				hits++
			}
		}
		n++
	}
	total := 0
	for k := 0; k < n; k++ {
		total += len(pts[k%len(boards)])
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(total), "ns/point")
	_ = hits
}

func BenchmarkWins(b *testing.B) {
	for _, near := range []bool{false, true} {
		b.Run(map[bool]string{false: "all", true: "near"}[near], func(b *testing.B) {
			benchPerPoint(b, near, func(bd *Board, p Point) bool { return bd.Wins(p, Black, Renju) })
		})
	}
}

func BenchmarkForbidden(b *testing.B) {
	for _, near := range []bool{false, true} {
		b.Run(map[bool]string{false: "all", true: "near"}[near], func(b *testing.B) {
			benchPerPoint(b, near, func(bd *Board, p Point) bool { return bd.Forbidden(p, ReadingRIF) != NotForbidden })
		})
	}
}

func BenchmarkForbiddenPoints(b *testing.B) {
	b.Run("midgame", func(b *testing.B) { benchForbiddenPoints(b, benchPositions(b)) })
	// Positions from the cases file that need deep recursion: many
	// threes whose four points are themselves double-threes.
	b.Run("hard", func(b *testing.B) {
		var boards []*Board
		for _, c := range []struct{ blacks, whites string }{
			{"h8 b10 c9 e13 d9 c8 f13 e12 g11 d10", "o15 a8 a7 e15 g15 l15 c3 l3 h3 o1"},                    // case 14
			{"d8 d9 e7 f7 g6 g9 h12 h8 i9 j7 j9 k6 k9 l6 m11 m9 n10", "b7 c9 e5 e8 f10 f8 h9 i8 l9 m10 m6"}, // case 69
			{"f7 f8 g6 g7 g8 g9 h6 h7 h8 h9 i7 i8", "e7 e8 g10 g5 h10 h5 j7 j8"},                            // case 71
			{"e11 e6 e7 g11 g6 g8 h8 i4 i6 i7 j10 j5 j7 k5 l5", "o15"},                                      // case 74
		} {
			bd := MustBoard(15)
			bl, _ := ParsePoints(c.blacks, 15)
			wh, _ := ParsePoints(c.whites, 15)
			if err := bd.Place(bl, wh); err != nil {
				b.Fatal(err)
			}
			boards = append(boards, bd)
		}
		benchForbiddenPoints(b, boards)
	})
}

func benchForbiddenPoints(b *testing.B, boards []*Board) {
	var buf []Forbid
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		buf = boards[n%len(boards)].AppendForbiddenPoints(buf[:0], ReadingRIF)
		n++
	}
}
