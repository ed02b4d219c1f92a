package synth

import (
	"fmt"
	"testing"
)

// TestReadSmallStonesPale reads the pale boards of paleBoards (see
// paleScene) with stones small for the grid (StoneRadius 0.42 and 0.40,
// as on a board ruled wide for its stones): a white stone's outline shows
// nearer its centre than a full-sized one's (see outlineSmallRim). No
// empty point may be read a stone, no stone the other colour, and no
// white stone empty but on the tinted board, up to 8 a scene (left: as
// many with the rim from 0.34 only, a cause of its own), and the printed
// diagram's stones of radius 0.40, up to 10 a scene (left: 4 and 9; with
// the rim from 0.34 only, the cream board and the diagram miss 1 to 25 a
// scene).
func TestReadSmallStonesPale(t *testing.T) {
	for _, radius := range []float64{0.42, 0.40} {
		for k, b := range paleBoards {
			for seed := int64(1); seed <= 2; seed++ {
				s := paleScene(k, seed)
				s.StoneRadius = radius
				missed := whitesMissed(t, s, fmt.Sprintf("radius %.2f %s seed %d", radius, b.name, seed))
				t.Logf("radius %.2f %s seed %d: %d white stones missed", radius, b.name, seed, missed)
				most := map[string]int{"tinted": 8}[b.name]
				if b.name == "diagram" && radius < 0.42 {
					most = 10
				}
				if missed > most {
					t.Errorf("radius %.2f %s seed %d: %d white stones missed, want at most %d", radius, b.name, seed, missed, most)
				}
			}
		}
	}
}
