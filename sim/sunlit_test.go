//go:build cgo

package sim

import (
	"testing"
	"time"

	"tengen/rules"
)

// unsureCount counts the views that name points the camera cannot vouch
// for.
type unsureCount struct {
	Camera
	views, unsure int
}

func (c *unsureCount) View(w *World) (View, error) {
	v, err := c.Camera.View(w)
	c.views++
	if len(v.Unsure) > 0 {
		c.unsure++
	}
	return v, err
}

// TestSunlitGame: patches of sunlight wash out some empty points' lines
// for the whole game (here k4's, in every frame); the game is played to its
// end on the rendered camera, read right, every stone placed, and the board
// cleared, though the camera's views keep holding points it cannot vouch
// for. Eyes that wait for a view with none wait for ever. The game's views
// do not name k4 turn after turn: a doubt that stood, looking the same,
// since before the last move is the light (vision.StandingDoubts), the
// sun's patches and the glare staying put while each frame has its own
// noise.
func TestSunlitGame(t *testing.T) {
	cam := smallCamera()
	cam.Sun, cam.SunPatches, cam.SunSeed = 0.6, 4, 8
	counted := &unsureCount{Camera: cam}
	sum, err := Run(t.Context(), Options{Games: 1, Seed: 41, Rule: rules.Freestyle, RobotLevel: 10, PersonLevel: 1,
		Think: 50 * time.Millisecond, Camera: counted, Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v; %d of %d views with unsure points", sum, counted.unsure, counted.views)
	if sum.MisreadMoves != 0 || sum.StonesLost != 0 || sum.StonesMisplaced != 0 || sum.Moves < 9 {
		t.Errorf("summary %+v", sum)
	}
	if counted.unsure == 0 {
		t.Error("no view held a point the camera could not vouch for: the sunlight did not test anything")
	}
	// A few may: a doubt is news until the first move is seen with it
	// there, and a stone set beside it may change how it looks.
	if sum.NamingViews > sum.Views/10 {
		t.Errorf("%d of the game's %d views named a point the camera could not vouch for, want at most %d", sum.NamingViews, sum.Views, sum.Views/10)
	}
}
