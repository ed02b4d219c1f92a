//go:build cgo

package sim

import (
	"fmt"
	"strings"
	"testing"

	"tengen/arm/armsim"
	"tengen/game"
	"tengen/i18n/errmsg"
	"tengen/rules"
)

func TestRenderedCameraReadsTheWorld(t *testing.T) {
	w := NewWorld(layoutOf(armsim.SeedArm()), 1)
	cam := NewRenderedCamera()
	pts, _ := rules.ParsePoints("h8 a1 o15 a15 o1 h9 i10 c3", 15)
	for i, p := range pts {
		c := rules.Black
		if i%2 == 1 {
			c = rules.White
		}
		w.Put(c, p, 1.5*float64(i%3-1), -1.5*float64(i%2)) // off-centre by up to 1.5 mm
	}
	v, err := cam.View(w)
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := w.Truth()
	if v.Occluded {
		t.Fatal("a clear view reads as occluded")
	}
	if ch := misread(truth, v); ch != "" {
		t.Errorf("the camera misread: %s\n%v", ch, v.Board)
	}
	w.SetHand(&Hand{Over: pts[0], Radius: 60})
	v, err = cam.View(w)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Occluded && misread(truth, v) != "" {
		t.Errorf("a hand over the board gave a wrong board instead of an occlusion")
	}
}

// misread describes how a view differs from the truth at the points it
// vouches for (not its Unsure ones), "" when it doesn't.
func misread(truth *rules.Board, v View) string {
	b := v.Board.Clone()
	for _, p := range v.Unsure {
		b.Set(p, truth.At(p))
	}
	return compare(truth, b)
}

// compare describes how b differs from want, "" when it doesn't.
func compare(want, b *rules.Board) string {
	ch := game.Compare(want, b)
	if ch.Kind == game.NoChange {
		return ""
	}
	return ch.Kind.String() + ": added " + fmtPlaced(ch.Added) + ", gone " + fmtPlaced(ch.Gone)
}

func fmtPlaced(ps []game.Placed) string {
	s := ""
	for _, p := range ps {
		s += p.String() + " "
	}
	return s
}

// TestExposureNeverMisreads re-lights rendered frames as the exposure and
// light faults do, from far under- to far over-exposed, with gamma and
// colour casts, and reads them with the vision code: each must be read
// right or found unreadable (the game then waits it out), never misread.
// The calibrated light, and a lamp of another colour, must read right.
func TestExposureNeverMisreads(t *testing.T) {
	t.Parallel()
	w := NewWorld(layoutOf(armsim.SeedArm()), 1)
	pts, _ := rules.ParsePoints("h8 a1 o15 a15 o1 h9 i10 c3 d4 e5 f6 g7", 15)
	for i, p := range pts {
		w.Put(rules.Color(1+i%2), p, 0.5, -0.5)
	}
	truth, _ := w.Truth()
	cam := smallCamera()
	cases := []struct {
		e        Exposure
		readable bool // must be read (right)
	}{
		{Exposure{}, true},
		{Exposure{Gain: 1.3, Warmth: 0.5}, true},
		{Exposure{Gain: 0.1, Gamma: 2}, false},  // once read as a board full of black stones
		{Exposure{Gain: 0.05, Gamma: 2}, false}, // the light off
		{Exposure{Gain: 0.15, Gamma: 2, Warmth: 1}, false},
		{Exposure{Gain: 0.3, Gamma: 0.5, Warmth: -1}, false},
		{Exposure{Gain: 4}, false},
		{Exposure{Gain: 2.2, Gamma: 2, Warmth: 1}, false},
		// A lamp of another colour: the watcher balances the frame to
		// the calibrated light's colours (these read unsure before).
		{Exposure{Gain: 1, Warmth: -1}, true},
		{Exposure{Gain: 0.99, Gamma: 0.79, Warmth: -0.83}, true},
		{Exposure{Gain: 0.62, Gamma: 1.34, Warmth: -0.84}, true},
	}
	for _, c := range cases {
		cam.SetExposure(c.e)
		v, err := cam.View(w)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case v.Occluded && c.readable:
			t.Errorf("%+v: unreadable", c.e)
		case !v.Occluded && misread(truth, v) != "":
			t.Errorf("%+v: misread: %s", c.e, misread(truth, v))
		}
	}
}

// TestExposureKeepsPose has the light go wrong for a while (a frame the
// watcher doubts for long enough makes it search for the board in the bad
// frames): once the light is back the camera must have the board where it
// is, not where a search in the dark put it (once 0.9 mm off, which the arm
// then followed there and back).
func TestExposureKeepsPose(t *testing.T) {
	t.Parallel()
	w := NewWorld(SeedLayout(), 3)
	pts, _ := rules.ParsePoints("h8 i9 g9 j7 c3 m12 h9 h7", 15)
	for i, p := range pts {
		w.Put(rules.Color(1+i%2), p, 0.2, -0.1)
	}
	// Found by a scan of the exposure fault's dark light: before, 1.53 mm
	// off, and no clear view at all.
	for _, e := range []Exposure{{Gain: 0.0316, Gamma: 0.885, Warmth: 0.416}, {Gain: 0.1033, Gamma: 1.494, Warmth: -0.481}} {
		cam := NewRenderedCamera()
		var v View
		for f := range 15 {
			cam.SetExposure(Exposure{})
			if f >= 3 && f < 13 {
				cam.SetExposure(e)
			}
			var err error
			if v, err = cam.View(w); err != nil {
				t.Fatal(err)
			}
		}
		if v.Pose == nil {
			t.Fatalf("%+v: no pose once the light is back", e)
		}
		if d := v.Pose.apart(w.layout()); d > 0.1 {
			t.Errorf("%+v: once the light is back the camera has the board %.2f mm from where it is", e, d)
		}
	}
}

// TestBumpRendered bumps the board under the rendered camera: the vision
// code must find it again (reading no stone wrong meanwhile), the arm must
// take the board's new pose from the camera, to a fraction of a
// millimetre (the corners on the grid lines, not Locate's scatter of 1-2.5
// mm), and a stone the robot then places must land on its point of the
// moved board.
func TestBumpRendered(t *testing.T) {
	t.Parallel()
	w := NewWorld(SeedLayout(), 3)
	pts, _ := rules.ParsePoints("h8 i9 g9 j7 c3 m12", 15)
	for i, p := range pts {
		w.Put(rules.Color(1+i%2), p, 0.4, -0.3)
	}
	cam := smallCamera()
	r, err := NewRobotIn(w, 3, cam)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	moved := 0.0
	r.boardMoved = func(d float64) { moved = d }
	// The last is a small bump: the board still reads where it was, and
	// only the camera's periodic search finds it moved.
	for _, b := range []struct{ dx, dy, deg float64 }{{4, -3, 0.8}, {-2.5, 5, -1}, {1.8, -1.2, 0.3}} {
		w.Bump(b.dx, b.dy, b.deg)
		truth, _ := w.Truth()
		for look := 0; look < 15 && moved == 0; look++ {
			sight, err := r.Eyes.Look(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if ch := compare(truth, sight.Board); ch != "" {
				t.Fatalf("bump %+v: the camera misread: %s", b, ch)
			}
		}
		d := poseOf(w.layout()).apart(r.Arm.Layout())
		if d > 0.3 || moved == 0 {
			t.Fatalf("bump %+v: the arm's board lies %.2f mm from the real one (adopted a move of %.1f mm)", b, d, moved)
		}
		t.Logf("bump %+v: found again %.2f mm from the real board", b, d)
		moved = 0
	}
	// Bumped again just before the robot moves: it looks first.
	w.Bump(-2, 1.5, -0.2)
	if err := r.checkPose(); err != nil {
		t.Fatal(err)
	}
	if d := poseOf(w.layout()).apart(r.Arm.Layout()); d > 0.3 || moved == 0 {
		t.Fatalf("bumped before a move: the arm's board lies %.2f mm from the real one (adopted a move of %.1f mm)", d, moved)
	}
	p := rules.Point{X: 10, Y: 4}
	if err := r.Hand().Place(t.Context(), p, rules.Black); err != nil {
		t.Fatal(err)
	}
	if d, ok := w.Offset(p); !ok || d > 2.5 {
		t.Errorf("the stone placed after the bumps lies %.2f mm off its point (found %v)", d, ok)
	} else {
		t.Logf("the stone placed after the bumps lies %.2f mm off its point", d)
	}
	truth, _ := w.Truth()
	sight, err := r.Eyes.Look(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if ch := compare(truth, sight.Board); ch != "" {
		t.Errorf("after the placement the camera misread: %s", ch)
	}
	t.Logf("%d frames", r.Eyes.Frames)
}

// smallCamera is NewRenderedCamera at 960x540: quicker frames.
func smallCamera() *RenderedCamera {
	cam := NewRenderedCamera()
	cam.Width, cam.Height = 960, 540
	for i := range cam.Corners {
		cam.Corners[i].X *= 0.75
		cam.Corners[i].Y *= 0.75
	}
	return cam
}

// TestTakenWhereSeen: stones pushed further off their points than the
// pick's search reaches are lifted where the rendered camera sees them,
// by the robot, not centred by the operator.
func TestTakenWhereSeen(t *testing.T) {
	r, err := NewRobot(6, NewRenderedCamera())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w := r.World
	total := r.stones()
	var log strings.Builder
	in := newInjector(FaultSpec{}, 6, func(m errmsg.Msg) { fmt.Fprintln(&log, m) })
	h := &faultyHand{inner: r.hand, r: r, in: in, logf: func(m errmsg.Msg) { fmt.Fprintln(&log, m) }}
	pts := []rules.Point{{X: 3, Y: 4}, {X: 10, Y: 11}}
	w.Put(rules.Black, pts[0], -9, 4)
	w.Put(rules.White, pts[1], 3, 9)
	for i, p := range pts {
		if err := h.Take(t.Context(), p, rules.Color(1+i)); err != nil {
			t.Fatalf("taking %v: %v\n%s", p, err, log.String())
		}
	}
	if b, off := w.Truth(); b.Count(rules.Black)+b.Count(rules.White)+len(off) != 0 {
		t.Errorf("stones left on the board\n%s", log.String())
	}
	if got := r.stones(); got != total+2 {
		t.Errorf("stones: %d, want %d", got, total+2)
	}
	if n := strings.Count(log.String(), "the camera saw where"); n != 2 || strings.Contains(log.String(), "operator") {
		t.Errorf("want both stones taken where the camera saw them, no operator:\n%s", log.String())
	}
}
