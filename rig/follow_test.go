//go:build cgo

package rig

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"tengen/arm"
	"tengen/arm/serial"
	"tengen/calibration"
	"tengen/i18n/errmsg"
	"tengen/kinematics"
	"tengen/vision"
	"tengen/vision/capture"
)

// TestEyesFollowBoard bumps the board under a fixed camera (rendered
// frames): the reader finds it moved, and the arm must then place on the
// board where it lies now, to within a millimetre, with the stones read
// as before. Corners clicked a pixel or two off at calibration are not a
// move. A board pushed further than half a step from where it was
// calibrated is not followed: the game stops with an error that says what
// to do.
func TestEyesFollowBoard(t *testing.T) {
	cal := calibration.Default()
	for _, tc := range []struct {
		name          string
		dx, dy, deg   float64 // the bump, mm and degrees, about the board's centre
		follows, stop bool
		clicked       float64 // px the calibrated corners lie off the board's
	}{
		{"still", 0, 0, 0, false, false, 0},
		{"clicked off", 0, 0, 0, false, false, 2},
		{"bumped", 4, -3, 0.8, true, false, 0},
		{"turned", -2.5, 5, -1, true, false, 0},
		{"pushed far", 14, 6, 0, false, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			drv, err := OpenDriver("sim", cal.Arm, serial.Options{})
			if err != nil {
				t.Fatal(err)
			}
			a, err := arm.New(drv, cal.Arm, arm.Options{BoardSize: 15})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			home := a.Layout()
			var notes []string
			calibrated := imgCorners
			for i := range calibrated {
				calibrated[i].X += tc.clicked
				calibrated[i].Y -= tc.clicked * float64(i%2)
			}
			f, err := newFollower(a, calibrated, func(s string) { notes = append(notes, s) })
			if err != nil {
				t.Fatal(err)
			}
			truth, err := vision.QuadHomography(imgCorners, f.onArm()) // the board as it really lies
			if err != nil {
				t.Fatal(err)
			}
			// Where the bump takes the board, and where its corners
			// then show in the image.
			sin, cos := math.Sincos(tc.deg * math.Pi / 180)
			centre := home.Intersection(cornerPoints(15)[0]).Add(home.Intersection(cornerPoints(15)[2])).Scale(0.5)
			move := func(v kinematics.Vec3) kinematics.Vec3 {
				x, y := v[0]-centre[0], v[1]-centre[1]
				return kinematics.Vec3{centre[0] + cos*x - sin*y + tc.dx, centre[1] + sin*x + cos*y + tc.dy, v[2]}
			}
			toImage := truth.Inverse()
			var seen [4]vision.Point
			for i, p := range cornerPoints(15) {
				q := move(home.Intersection(p))
				seen[i] = toImage.Apply(q[0], q[1])
			}
			stones := map[[2]int]vision.Stone{{2, 4}: vision.Black, {10, 1}: vision.White, {7, 7}: vision.Black}
			s := scene(stones, false, 0)
			s.Corners = seen
			src := frames(repeat(s, 40), errGone)
			cam := &capture.Camera{Open: func() (capture.Source, error) { return src, nil }}
			e := NewEyes(&vision.Watcher{Camera: cam}, 15, calibrated)
			e.follow = f.follow
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			sight, err := e.Look(ctx)
			if tc.stop {
				var me *errmsg.Error
				if !errors.As(err, &me) || me.Msg.Key != "err.board-moved-far" {
					t.Fatalf("a board pushed %.0f mm away: %v, want err.board-moved-far", math.Hypot(tc.dx, tc.dy), err)
				}
				if a.Layout().Apart(home) != 0 {
					t.Error("the arm followed a board pushed too far")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := pointsOf(sight.Board); !sameSet(got, "b5:white e13:black h8:black") {
				t.Errorf("read %q", got)
			}
			want := home.Moved(layoutCorners(home), movedCorners(home, move))
			d := a.Layout().Apart(want)
			t.Logf("the arm's board lies %.2f mm from the real one (%d notes: %s)", d, len(notes), strings.Join(notes, "; "))
			if d > 1 {
				t.Errorf("the arm's board lies %.2f mm from the real one", d)
			}
			if followed := len(notes) > 0; followed != tc.follows {
				t.Errorf("followed %v, want %v", followed, tc.follows)
			}
		})
	}
}

func layoutCorners(l kinematics.Layout) (c [4][2]float64) {
	for i, p := range cornerPoints(l.Size) {
		q := l.Intersection(p)
		c[i] = [2]float64{q[0], q[1]}
	}
	return c
}

func movedCorners(l kinematics.Layout, move func(kinematics.Vec3) kinematics.Vec3) (c [4][2]float64) {
	for i, p := range cornerPoints(l.Size) {
		q := move(l.Intersection(p))
		c[i] = [2]float64{q[0], q[1]}
	}
	return c
}
