//go:build cgo

package rig

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tengen/game"
	"tengen/rules"
	"tengen/vision"
	"tengen/vision/capture"
	"tengen/vision/synth"
)

// corners of the rendered board in the image: TL, TR, BR, BL.
var imgCorners = [4]vision.Point{{X: 120, Y: 40}, {X: 520, Y: 48}, {X: 540, Y: 440}, {X: 100, Y: 430}}

func scene(stones map[[2]int]vision.Stone, hand bool, seed int64) synth.Scene {
	return synth.Scene{Width: 640, Height: 480, Size: 15, Corners: imgCorners, Stones: stones,
		Light: 0.3, Noise: 3, Hand: hand, Seed: seed}
}

// frames plays the scenes in turn, then returns end.
func frames(scenes []synth.Scene, end error) capture.FuncSource {
	i := 0
	return func() (image.Image, error) {
		if i == len(scenes) {
			return nil, end
		}
		i++
		return synth.Render(scenes[i-1]), nil
	}
}

var errGone = errors.New("no frame")

func repeat(s synth.Scene, n int) []synth.Scene {
	out := make([]synth.Scene, n)
	for i := range out {
		out[i] = s
		out[i].Seed = int64(i)
	}
	return out
}

func pointsOf(b *rules.Board) string {
	var s []string
	for y := 0; y < b.Size(); y++ {
		for x := 0; x < b.Size(); x++ {
			if c := b.At(rules.Point{X: x, Y: y}); c != rules.Empty {
				s = append(s, fmt.Sprintf("%s:%s", rules.Point{X: x, Y: y}, c))
			}
		}
	}
	return strings.Join(s, " ")
}

// TestEyesLook reads rendered frames: an empty board, a hand over it, then
// two stones, the black one off its point; each Look must return the next
// steady board, in the rules' coordinates whichever way the calibration
// says the board lies, and tell where the black stone lies off its point.
func TestEyesLook(t *testing.T) {
	stone := map[[2]int]vision.Stone{{2, 4}: vision.Black, {10, 1}: vision.White}
	var scenes []synth.Scene
	scenes = append(scenes, repeat(scene(nil, false, 0), 4)...)
	covered, clear := scene(stone, true, 0), scene(stone, false, 0)
	off := map[[2]int][2]float64{{2, 4}: {0.3, -0.2}} // right and up in the image
	covered.Offsets, clear.Offsets = off, off
	scenes = append(scenes, repeat(covered, 2)...)
	scenes = append(scenes, repeat(clear, 4)...)
	tests := []struct {
		name    string
		corners [4]vision.Point // a15, o15, o1, a1 in the image
		want    string
		black   string     // the black stone's point
		off     [2]float64 // and where it lies off it
	}{
		// a15 at the image's top-left: image row 2, column 4 is e13.
		{"a15 top-left", imgCorners, "b5:white e13:black", "e13", [2]float64{0.3, 0.2}},
		// Camera turned: a15 at the top-right, a1 at the top-left, so an
		// image row runs up the a-file and a column along the first row.
		{"a15 top-right", [4]vision.Point{imgCorners[1], imgCorners[2], imgCorners[3], imgCorners[0]}, "k2:white c5:black", "c5", [2]float64{-0.2, 0.3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := frames(scenes, io.EOF)
			cam := &capture.Camera{Open: func() (capture.Source, error) { return src, nil }}
			var events []string
			e := NewEyes(&vision.Watcher{Camera: cam}, 15, tc.corners)
			e.OnEvent = func(ev vision.Event) { events = append(events, ev.Kind.String()) }
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			s, err := e.Look(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got := pointsOf(s.Board); got != "" || s.Evidence == nil {
				t.Fatalf("first look: stones %q, evidence %v; want an empty board with its frame", got, s.Evidence != nil)
			}
			s, err = e.Look(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got := pointsOf(s.Board); !sameSet(got, tc.want) {
				t.Errorf("second look: %q, want %q (events %v)", got, tc.want, events)
			}
			p, _ := rules.ParsePoint(tc.black, 15)
			if dx, dy, err := s.Centre(p); err != nil || math.Hypot(dx-tc.off[0], dy-tc.off[1]) > 0.05 {
				t.Errorf("the black stone on %s lies off it by (%.2f, %.2f) (%v), want (%.2f, %.2f)", p, dx, dy, err, tc.off[0], tc.off[1])
			}
			if strings.Join(events, " ") != "stable occluded placed-many" {
				t.Errorf("events %v, want stable occluded placed-many", events)
			}
		})
	}
}

func sameSet(a, b string) bool {
	x, y := strings.Fields(a), strings.Fields(b)
	if len(x) != len(y) {
		return false
	}
	m := map[string]bool{}
	for _, s := range x {
		m[s] = true
	}
	for _, s := range y {
		if !m[s] {
			return false
		}
	}
	return true
}

// TestEyesLostCamera: the camera stops giving frames and cannot be opened
// for a while; Look waits, the person is told it was lost and is back,
// and the board is read once frames come again.
func TestEyesLostCamera(t *testing.T) {
	opens, down := 0, 2
	cam := &capture.Camera{Retry: time.Millisecond, Open: func() (capture.Source, error) {
		opens++
		switch {
		case opens == 1:
			return frames(repeat(scene(nil, false, 0), 2), errGone), nil // dies after two frames
		case down > 0:
			down--
			return nil, errors.New("/dev/video0: no such device")
		}
		return frames(repeat(scene(map[[2]int]vision.Stone{{7, 7}: vision.Black}, false, 0), 5), errGone), nil
	}}
	var told []string
	cam.OnStatus = func(s capture.Status) { told = append(told, fmt.Sprint(s.Lost)) }
	e := NewEyes(&vision.Watcher{Camera: cam}, 15, imgCorners)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, err := e.Look(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := pointsOf(s.Board); got != "h8:black" {
		t.Errorf("board after the camera came back: %q, want h8:black", got)
	}
	if strings.Join(told, " ") != "true false" || opens != 4 {
		t.Errorf("status reports %v after %d opens, want lost then back after 4", told, opens)
	}
	// Frames stop for good: Look waits until its context ends.
	short, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	down = 1 << 30
	if _, err := e.Look(short); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Look on a camera gone for good: %v, want the context's deadline", err)
	}
}

// TestOpenCameraFolder reads a folder of rendered frames through
// OpenCamera, as --camera DIR does, to its end.
func TestOpenCameraFolder(t *testing.T) {
	dir := t.TempDir()
	for i, sc := range repeat(scene(map[[2]int]vision.Stone{{0, 0}: vision.White}, false, 0), 3) {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%03d.png", i)))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, synth.Render(sc)); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	var notes []string
	cam, err := OpenCamera(dir, func(s string) { notes = append(notes, s) })
	if err != nil {
		t.Fatal(err)
	}
	e := NewEyes(&vision.Watcher{Camera: cam}, 15, imgCorners)
	s, err := e.Look(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := pointsOf(s.Board); got != "a15:white" {
		t.Errorf("board %q, want a15:white", got)
	}
	if _, err := e.Look(context.Background()); !errors.Is(err, ErrCameraEnded) {
		t.Errorf("after the last frame: %v, want ErrCameraEnded", err)
	}
	if len(notes) != 0 {
		t.Errorf("notes %v for a folder that never failed", notes)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"no calibration", Config{Calibration: filepath.Join(dir, "none.yaml"), Arm: "none"}, "run `tengen calibrate`"},
		{"no camera", Config{Calibration: writeDefault(t, dir), Camera: "/dev/video97", Arm: "none"}, "no camera at /dev/video97: is it plugged in?"},
		{"sim camera", Config{Calibration: writeDefault(t, dir), Arm: "none"}, "pass --camera"},
		{"no arm", Config{Calibration: writeDefault(t, dir), Camera: dir, Arm: "serial:/dev/tengen-none"}, "no arm at /dev/tengen-none: is its USB cable plugged in?"},
		{"bad arm", Config{Calibration: writeDefault(t, dir), Camera: dir, Arm: "usb"}, `arm "usb": want serial:PORT`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Open(tc.cfg)
			if err == nil {
				r.Close()
				t.Fatal("opened")
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to say %q", err, tc.want)
			}
		})
	}
}

// TestEyesDoubt: a stone the reader stays unsure of while nothing moves
// (here a black stone 0.45 steps off h8, read at a confidence of about
// 0.2, under the tracker's default, vision.Sure) would keep Look waiting for
// ever; the doubt is told once, with the point, so the person can be
// asked to set the stone straight.
func TestEyesDoubt(t *testing.T) {
	sc := scene(map[[2]int]vision.Stone{{7, 7}: vision.Black}, false, 1)
	sc.Offsets = map[[2]int][2]float64{{7, 7}: {0.45, 0}}
	src := frames(repeat(sc, 25), io.EOF)
	cam := &capture.Camera{Open: func() (capture.Source, error) { return src, nil }}
	e := NewEyes(&vision.Watcher{Camera: cam}, 15, imgCorners)
	e.DoubtFrames = 10
	var told [][]rules.Point
	e.NotifyDoubt(func(stones, empty []rules.Point) {
		if len(empty) > 0 {
			t.Errorf("empty points told: %v", empty)
		}
		told = append(told, stones)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := e.Look(ctx); !errors.Is(err, ErrCameraEnded) {
		t.Fatalf("Look: %v, want the camera's end (no steady view)", err)
	}
	if len(told) != 1 || rules.FormatPoints(told[0]) != "h8" {
		t.Errorf("doubts told %v, want [h8] once", told)
	}
}

// TestEyesDoubtInSunlight: a patch of sunlight washes out the lines of an
// empty point (here o1's neighbour), so the reader cannot vouch for it and
// the tracker (at its default confidence) waits; the doubt is told as an
// empty point, for the person to shade the board, not as a stone to set
// straight.
func TestEyesDoubtInSunlight(t *testing.T) {
	sc := scene(map[[2]int]vision.Stone{{7, 7}: vision.Black, {7, 8}: vision.White}, false, 27)
	sc.Sun, sc.SunPatches = 0.6, 2
	scs := repeat(sc, 25)
	for i := range scs {
		scs[i].Seed = 27 // the same sunlight in every frame
	}
	cam := &capture.Camera{Open: func() (capture.Source, error) { return frames(scs, io.EOF), nil }}
	e := NewEyes(&vision.Watcher{Camera: cam}, 15, imgCorners)
	e.DoubtFrames = 10
	var stones, empty [][]rules.Point
	e.NotifyDoubt(func(s, m []rules.Point) { stones, empty = append(stones, s), append(empty, m) })
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := e.Look(ctx); !errors.Is(err, ErrCameraEnded) {
		t.Fatalf("Look: %v, want the camera's end (no steady view)", err)
	}
	if len(empty) != 1 || rules.FormatPoints(empty[0]) != "n1" || len(stones[0]) != 0 {
		t.Errorf("doubts told: stones %v, empty %v; want one spell, empty n1", stones, empty)
	}
}

// TestEyesLookForInSunlight: on the sunlit board of TestEyesDoubtInSunlight
// LookFor takes the view the game expects, naming the point it could not
// vouch for; a game that expects a stone there waits, as Look does, and
// the doubt is told.
func TestEyesLookForInSunlight(t *testing.T) {
	sunlit := func() *Eyes {
		sc := scene(map[[2]int]vision.Stone{{7, 7}: vision.Black, {7, 8}: vision.White}, false, 27)
		sc.Sun, sc.SunPatches = 0.6, 2
		scs := repeat(sc, 25)
		for i := range scs {
			scs[i].Seed = 27
		}
		cam := &capture.Camera{Open: func() (capture.Source, error) { return frames(scs, io.EOF), nil }}
		e := NewEyes(&vision.Watcher{Camera: cam}, 15, imgCorners)
		e.DoubtFrames = 10
		return e
	}
	at := func(s string) rules.Point {
		p, err := rules.ParsePoint(s, 15)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	want := rules.MustBoard(15)
	want.Set(at("h8"), rules.Black)
	want.Set(at("i8"), rules.White)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	sight, err := sunlit().LookFor(ctx, want.At)
	if err != nil {
		t.Fatalf("LookFor the board as it is: %v", err)
	}
	if ch := game.Compare(want, sight.Board); ch.Kind != game.NoChange {
		t.Errorf("saw %v, want the board as it is", ch)
	}
	if got := rules.FormatPoints(sight.Unsure); got != "n1" {
		t.Errorf("unsure %q, want n1", got)
	}

	// A stone expected on the point the sun washes out: not taken unseen.
	want.Set(at("n1"), rules.White)
	e := sunlit()
	var empty [][]rules.Point
	e.NotifyDoubt(func(_, m []rules.Point) { empty = append(empty, m) })
	if _, err := e.LookFor(ctx, want.At); !errors.Is(err, ErrCameraEnded) {
		t.Fatalf("LookFor a stone on n1: %v, want the camera's end (no steady view)", err)
	}
	if len(empty) != 1 || rules.FormatPoints(empty[0]) != "n1" {
		t.Errorf("doubts told %v, want empty n1 once", empty)
	}
}

// TestEyesStandingSunlight: a patch of sunlight washes out the lines of two
// empty points (d13, e13) for the whole game. The first view names them
// (they may hide a stone); once a move has been made with them looking the
// same, they are the light, and the views of the person's turn name
// nothing, so the game does not ask about them turn after turn. A white
// stone the person then sets in the patch changes how d13 looks: it must
// be seen, or named or told again, never taken for the light.
func TestEyesStandingSunlight(t *testing.T) {
	s0 := map[[2]int]vision.Stone{{7, 7}: vision.Black, {7, 8}: vision.White, {6, 8}: vision.Black}
	s1 := maps.Clone(s0)
	s1[[2]int{9, 9}] = vision.Black // the robot's move, k6
	s2 := maps.Clone(s1)
	s2[[2]int{2, 3}] = vision.White // the person's, on d13 in the sun
	var scs []synth.Scene
	phase := func(stones map[[2]int]vision.Stone, hand bool, n int) {
		for range n {
			sc := scene(stones, hand, int64(len(scs)))
			sc.Sun, sc.SunPatches, sc.SunSeed = 0.6, 3, 22 // the same sunlight all game
			scs = append(scs, sc)
		}
	}
	phase(s0, false, 8)
	phase(s1, false, 8)
	phase(s1, false, 30)
	phase(s2, true, 3)
	phase(s2, false, 30)
	cam := &capture.Camera{Open: func() (capture.Source, error) { return frames(scs, io.EOF), nil }}
	e := NewEyes(&vision.Watcher{Camera: cam}, 15, imgCorners)
	e.DoubtFrames = 10
	var told []string
	e.NotifyDoubt(func(s, m []rules.Point) { told = append(told, rules.FormatPoints(append(s, m...))) })
	record := func(stones map[[2]int]vision.Stone) game.Expect {
		b := rules.MustBoard(15)
		for p, c := range stones {
			b.Set(rules.Point{X: p[1], Y: 14 - p[0]}, colour(c))
		}
		return b.At
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	sight, err := e.LookFor(ctx, record(s0))
	if err != nil {
		t.Fatal(err)
	}
	if got := rules.FormatPoints(sight.Unsure); got != "d13 e13" {
		t.Fatalf("first view: unsure %q, want d13 e13 (the sunlit points; this test's sunlight no longer washes them out?)", got)
	}
	// The robot's stone placed: looked for until seen, as the game does.
	k6 := rules.Point{X: 9, Y: 5}
	for sight.Board.At(k6) != rules.Black {
		if sight, err = e.LookFor(ctx, record(s1)); err != nil {
			t.Fatal(err)
		}
	}
	// The person's turn: the same doubts, looking the same, every view.
	for k := range 5 {
		sight, err = e.LookFor(ctx, record(s1))
		if err != nil {
			t.Fatal(err)
		}
		if len(sight.Unsure) > 0 || len(told) > 0 {
			t.Fatalf("view %d of the person's turn: unsure %v, told %v; want neither (the light, there before the last move)", k, sight.Unsure, told)
		}
	}
	// The white stone set on d13: seen, named or told.
	d13 := rules.Point{X: 3, Y: 12}
	for {
		sight, err = e.LookFor(ctx, record(s1))
		if errors.Is(err, ErrCameraEnded) {
			t.Fatalf("the white stone on d13 was neither seen, named nor told (told %v)", told)
		}
		if err != nil {
			t.Fatal(err)
		}
		if sight.Board.At(d13) == rules.White || slices.Contains(sight.Unsure, d13) || slices.ContainsFunc(told, func(s string) bool { return strings.Contains(s, "d13") }) {
			t.Logf("the white stone: read %v, unsure %v, told %v", sight.Board.At(d13), sight.Unsure, told)
			break
		}
	}
}
