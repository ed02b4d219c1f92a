package vision

import "math"

// offPointOutlines reads, by their shape, the white stones on a board as
// pale as they are that lie off their points: such a stone hides the
// line toward its centre and leaves the line on its far side bare, so
// the outline rule (see outlineWhites), which asks for every line
// hidden at the point, passes it by, and so does offPointWhite, which
// asks for a paler or greyer top. Around a point read empty that hides
// its line in one direction at least, a stone's round outline with an
// even top is looked for from centres out to half a step off (the
// outline's own reach around each of whiteShifts); a centre is taken
// where it lies nearest this point, clear of the stones read, its top
// grey but not clipped, and the lines crossing its middle are hidden (a
// patch of light washes them out only partly, see linesUnder). Each
// stone once: a centre found for one point is not taken for another.
// Only on the board's lattice.
func (s *sampler) offPointOutlines(f [][]features, ref [][]float64, st [][]Stone, conf [][]float64) {
	if !s.chosen {
		return
	}
	var was [][]Stone      // the stones read before this pass, copied at its first candidate
	var found [][2]float64 // the centres of the stones read here
	last := float64(s.n - 1)
	for j := range f {
		for i := range f[j] {
			p := f[j][i]
			if st[j][i] != Empty || p.least/ref[j][i] > outlineHidden || !(p.dark >= 0.75) || !(p.board >= minBoardLuma) || p.topW >= clipped {
				continue
			}
			if was == nil {
				was = readBefore(st)
			}
			u, v := float64(i), float64(j)
			best, at := 0.0, [2]float64{}
			for _, d := range whiteShifts {
				m, o := s.outline(u+d[0], v+d[1], was)
				cu, cv := d[0]+o[0], d[1]+o[1]
				if m <= best || math.Abs(cu) > offNearest || math.Abs(cv) > offNearest || within(was, u+cu, v+cv, 0.6, isStone) ||
					u+cu < 0 || v+cv < 0 || u+cu > last || v+cv > last {
					continue
				}
				// Grey on top (wood, however pale, keeps its tint), and
				// not clipped: a patch of sunlight saturates to grey at
				// its middle and has a round edge too.
				if tl, tw := s.top(u+cu, v+cv); !(tw/math.Max(tl, 8) >= offGrey) || tl >= clipped {
					continue
				}
				if under, ok := s.linesUnder(i, j, cu, cv); !ok || under/ref[j][i] > outlineHidden {
					continue
				}
				best, at = m, [2]float64{u + cu, v + cv}
			}
			if best > 0 && !overlaps(found, at[0], at[1]) {
				st[j][i], conf[j][i] = White, clamp01(best)
				found = append(found, at)
			}
		}
	}
}
