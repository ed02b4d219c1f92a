//go:build cgo

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"time"

	"gocv.io/x/gocv"

	"tengen/calibration"
	"tengen/rig"
	"tengen/vision"
	"tengen/vision/aruco"
	"tengen/vision/capture"
	"tengen/vision/synth"
)

// The vision commands need OpenCV (cgo); a CGO_ENABLED=0 build leaves them out.
func init() {
	addCommand("", &command{name: "vision", summary: "read the board from images"})
	addCommand("vision", &command{
		name:    "read",
		summary: "read the stones on a board photo (raw pixels, EXIF rotation ignored)",
		usage:   "IMAGE --size N [--corners x,y,x,y,x,y,x,y] [--overlay OUT.png] [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			size := fs.Int("size", 19, "lines per side (5-25)")
			corners := fs.String("corners", "", "the four outer grid corners as x,y pixels (any order); default: find them")
			overlay := fs.String("overlay", "", "also write the image with the grid and stones drawn on it (PNG/JPEG)")
			asJSON := fs.Bool("json", false, "print JSON")
			return func(sio *stdio, args []string) error {
				if len(args) != 1 {
					return usageError("want one IMAGE, got %d arguments", len(args))
				}
				var c [4]vision.Point
				var err error
				if *corners != "" {
					if c, err = parseCorners(*corners); err != nil {
						return usageError("--corners: %v", err)
					}
				}
				pl, err := vision.LoadPlanes(args[0])
				if err != nil {
					return err
				}
				if *corners == "" {
					if c, _, _, err = aruco.LocateBoard(pl, *size); err != nil {
						return fmt.Errorf("%s: %w", args[0], err)
					}
				}
				rd, err := vision.ReadStones(pl, *size, c)
				if err != nil {
					return fmt.Errorf("%s: %w", args[0], err)
				}
				if *overlay != "" {
					if err := writeOverlay(args[0], *overlay, rd); err != nil {
						return err
					}
				}
				if *asJSON {
					var cs [4][2]float64
					for i, p := range rd.Corners {
						cs[i] = [2]float64{math.Round(p.X*10) / 10, math.Round(p.Y*10) / 10}
					}
					return printJSON(sio, map[string]any{"corners": cs, "rows": rd.Rows()})
				}
				for _, r := range rd.Rows() {
					fmt.Fprintln(sio.out, strings.Join(strings.Split(r, ""), " "))
				}
				conf, r, col := rd.MinConf()
				fmt.Fprintf(sio.out, "lowest confidence %.2f at row %d column %d\n", conf, r, col)
				return nil
			}
		},
	})
	addCommand("vision", &command{
		name:    "bench",
		summary: "time steady-state reading (1280x720) and automatic localisation; --boards N: accuracy on N rendered boards per size and set; --games N: misreads over N rendered games",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			frames := fs.Int("frames", 50, "frames to read")
			size := fs.Int("size", 15, "lines per side")
			boards := fs.Int("boards", 0, "also read this many rendered boards of each size 9, 13, 15, 19 from each set (ground truth known), at the true corners and located")
			sets := fs.String("sets", "", "with --boards: the sets to read, comma-separated: random, sunlit, varied (default all)")
			failures := fs.Bool("failures", false, "with --boards: list every board read or located wrong; with --games: every frame misread")
			games := fs.Int("games", 0, "also read this many rendered games of 15x15 (a frame after each move, read at the true corners)")
			first := fs.Int("first", 0, "with --games: the number of the first game (games are drawn by their number, so a census can be read in parts)")
			eyes := fs.Bool("eyes", false, "with --games: read each game as the robot's eyes do (rig.Eyes, frames after each move until the move is seen, then a view of the next turn) and count the turn views that name a doubt, which the game would ask about")
			looks := fs.String("looks", "robot", "with --games: how the games look: robot (the simulator's camera, sunlight in one game of five), sunlit (always sunlight) or varied (other boards and cameras)")
			return func(sio *stdio, args []string) error {
				// One core: Go's reader is single-threaded; keep OpenCV's
				// part (localisation) on this thread too.
				vision.SetOpenCVThreads(0)
				s := synth.Scene{Width: 1280, Height: 720, Size: *size,
					Corners: [4]vision.Point{{X: 360, Y: 80}, {X: 920, Y: 80}, {X: 980, Y: 660}, {X: 300, Y: 660}},
					Stones:  map[[2]int]vision.Stone{}, Light: 0.3, Noise: 3, Seed: 1}
				for i := 0; i < 40; i++ { // a position mid-game
					s.Stones[[2]int{(i * 7) % *size, (i * 11) % *size}] = vision.Stone("BW"[i%2])
				}
				pl := synth.Planes(synth.Render(s))
				start := time.Now()
				for i := 0; i < *frames; i++ {
					if _, err := vision.ReadStones(pl, *size, s.Corners); err != nil {
						return err
					}
				}
				read := time.Since(start) / time.Duration(*frames)
				start = time.Now()
				n := max(1, *frames/10)
				for i := 0; i < n; i++ {
					if _, _, err := vision.Locate(pl, *size); err != nil {
						return err
					}
				}
				loc := time.Since(start) / time.Duration(n)
				fmt.Fprintf(sio.out, "read %.1f ms/frame, locate %.1f ms (1280x720, %dx%d, one core)\n",
					float64(read.Microseconds())/1000, float64(loc.Microseconds())/1000, *size, *size)
				if *boards > 0 {
					if err := benchAccuracy(sio, *boards, *sets, *failures); err != nil {
						return err
					}
				}
				if *games > 0 && *eyes {
					return benchEyes(sio, *first, *games, *looks, *failures)
				}
				if *games > 0 {
					return benchGames(sio, *first, *games, *looks, *failures)
				}
				return nil
			}
		},
	})
}

// benchSets are the rendered sets the bench reads, each from its own
// seed: the sweep's random boards (synth.Random), boards under sunlight
// (synth.Sunlit) and boards unlike ours (synth.Varied: other woods,
// lines, stones, backgrounds, tilts and cameras).
var benchSets = []struct {
	name string
	seed int64
	gen  func(rng *rand.Rand, size, i int) synth.Scene
}{
	{"random", 7, func(rng *rand.Rand, size, _ int) synth.Scene { return synth.Random(rng, size) }},
	{"sunlit", 5, synth.Sunlit},
	{"varied", 11, func(rng *rand.Rand, size, _ int) synth.Scene { return synth.Varied(rng, size) }},
}

// benchAccuracy reads n rendered boards of each size 9, 13, 15 and 19
// from each set named in sets, at their true corners and located, and
// prints the share of points and of whole boards read right, and of
// boards located within a third of a step; with failures, every board
// read wrong.
func benchAccuracy(sio *stdio, n int, sets string, failures bool) error {
	type tally struct{ points, wrongPts, boards, wrongBoards, placed int }
	for _, set := range benchSets {
		if sets != "" && !strings.Contains(","+sets+",", ","+set.name+",") {
			continue
		}
		var given, located tally
		count := func(t *tally, pl *vision.Planes, size int, c [4]vision.Point, want [][]vision.Stone, err error) int {
			t.boards++
			t.points += size * size
			var rd *vision.Reading
			if err == nil {
				rd, err = vision.ReadStones(pl, size, c)
			}
			if err != nil {
				t.wrongBoards++
				t.wrongPts += size * size
				return size * size
			}
			bad := 0
			for r := range want {
				for col := range want[r] {
					if rd.Stones[r][col] != want[r][col] {
						bad++
					}
				}
			}
			t.wrongPts += bad
			if bad > 0 {
				t.wrongBoards++
			}
			return bad
		}
		rng := rand.New(rand.NewSource(set.seed))
		start := time.Now()
		for i := 0; i < n; i++ {
			for _, size := range []int{9, 13, 15, 19} {
				s := set.gen(rng, size, i)
				pl := synth.Planes(synth.Render(s))
				want := synth.Truth(s)
				badGiven := count(&given, pl, size, s.Corners, want, nil)
				c, score, err := vision.Locate(pl, size)
				badLoc := count(&located, pl, size, c, want, err)
				off := math.Inf(1)
				if err == nil {
					off = cornerError(s.Corners, c, size)
					if off < 1.0/3 {
						located.placed++
					}
				}
				if failures && (badGiven > 0 || badLoc > 0 || off >= 1.0/3) {
					fmt.Fprintf(sio.out, "  %s #%d %dx%d: %d wrong at the true corners, %d located (corners off %.2f steps, score %.2f, err %v); light %.1f glare %.1f noise %.0f sun %.1f look %+v\n",
						set.name, i, size, size, badGiven, badLoc, off, score, err, s.Light, s.Glare, s.Noise, s.Sun, s.Look)
				}
			}
		}
		for _, r := range []struct {
			name string
			t    tally
		}{{"true corners", given}, {"located", located}} {
			fmt.Fprintf(sio.out, "%s, %s: points %d/%d right (%.3f%%), boards %d/%d right", set.name, r.name,
				r.t.points-r.t.wrongPts, r.t.points, 100*float64(r.t.points-r.t.wrongPts)/float64(r.t.points),
				r.t.boards-r.t.wrongBoards, r.t.boards)
			if r.name == "located" {
				fmt.Fprintf(sio.out, ", %d/%d placed within a third of a step", r.t.placed, r.t.boards)
			}
			fmt.Fprintln(sio.out)
		}
		fmt.Fprintf(sio.out, "%s: %.1f s\n", set.name, time.Since(start).Seconds())
	}
	return nil
}

// cornerError is how far the located corners lie from the true ones, in
// grid steps (the worst corner, over the smaller local step).
func cornerError(want, got [4]vision.Point, size int) float64 {
	want, got = vision.OrderCorners(want), vision.OrderCorners(got)
	h, err := vision.GridHomography(size, want)
	if err != nil {
		return math.Inf(1)
	}
	m := float64(size - 1)
	worst := 0.0
	for k, uv := range [4][2]float64{{0, 0}, {m, 0}, {m, m}, {0, m}} {
		p := h.Apply(uv[0], uv[1])
		du := h.Apply(uv[0]+1-2*uv[0]/m, uv[1])
		dv := h.Apply(uv[0], uv[1]+1-2*uv[1]/m)
		step := math.Min(math.Hypot(du.X-p.X, du.Y-p.Y), math.Hypot(dv.X-p.X, dv.Y-p.Y))
		worst = math.Max(worst, math.Hypot(got[k].X-want[k].X, got[k].Y-want[k].Y)/step)
	}
	return worst
}

// parseCorners parses "x,y,x,y,x,y,x,y".
func parseCorners(s string) ([4]vision.Point, error) {
	var c [4]vision.Point
	f := strings.Split(s, ",")
	if len(f) != 8 {
		return c, fmt.Errorf("want 8 numbers (x,y of four corners), got %d", len(f))
	}
	var v [8]float64
	for i, t := range f {
		x, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return c, fmt.Errorf("number %d (%q) is not a number", i+1, t)
		}
		v[i] = x
	}
	for i := range c {
		c[i] = vision.Point{X: v[2*i], Y: v[2*i+1]}
	}
	return c, nil
}

// writeOverlay draws the reading on the image's raw pixels and saves it.
func writeOverlay(in, out string, rd *vision.Reading) error {
	m := gocv.IMRead(in, gocv.IMReadColor|gocv.IMReadIgnoreOrientation)
	defer m.Close()
	if m.Empty() {
		return fmt.Errorf("%s: cannot read the image", in)
	}
	vision.DrawOverlay(&m, rd)
	if !gocv.IMWrite(out, m) {
		return fmt.Errorf("%s: cannot write the overlay (use a .png or .jpg name in an existing folder)", out)
	}
	return nil
}

func init() {
	addCommand("vision", &command{
		name:    "watch",
		summary: "watch the board through a camera, video or folder and print board events",
		usage:   "[--device DEV] [--size N] [--file calibration.yaml] [--json]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			device := fs.String("device", "", "camera (/dev/videoN or N), video file or folder of images (default: TENGEN_CAMERA, else the file's camera.device)")
			size := fs.Int("size", 0, "lines per side (default: the file's board.size, else 15)")
			asJSON := fs.Bool("json", false, "print one JSON object per event")
			return func(sio *stdio, args []string) error {
				if err := fillSettings(file, nil, device); err != nil {
					return err
				}
				if len(args) != 0 {
					return usageError("watch takes flags only")
				}
				dev := *device
				f, err := calibration.Load(*file)
				if err != nil {
					if *device == "" {
						return err // no camera named and no usable calibration
					}
					f = &calibration.File{Board: calibration.Board{Size: 15}} // the corners found in the frames
				}
				if dev == "" {
					dev = f.Camera.Device
				}
				w, err := rig.NewWatcher(f, nil)
				if err != nil {
					return err
				}
				defer w.Lens.Close()
				if *size > 0 {
					w.Size = *size
				}
				if dev == "" || dev == "sim" {
					return usageError("no camera: pass --device")
				}
				w.Camera = &capture.Camera{
					Open: func() (capture.Source, error) { return capture.Open(dev) },
					OnStatus: func(s capture.Status) {
						if s.Lost {
							fmt.Fprintf(sio.err, "camera lost: %v (retrying)\n", s.Err)
						} else {
							fmt.Fprintln(sio.err, "camera back")
						}
					},
				}
				defer w.Camera.Close()
				for {
					evs, err := w.Step(context.Background())
					if errors.Is(err, io.EOF) {
						return nil
					}
					if err != nil {
						return err
					}
					for _, e := range evs {
						if *asJSON {
							var ch []map[string]any
							for _, c := range e.Changes {
								ch = append(ch, map[string]any{"row": c.Row, "col": c.Col, "was": string(c.Was), "now": string(c.Now)})
							}
							var rows []string
							for _, r := range e.Board {
								rows = append(rows, string(stonesBytes(r)))
							}
							if err := printJSON(sio, map[string]any{"event": e.Kind.String(), "frame": e.Evidence.Seq, "changes": ch, "rows": rows}); err != nil {
								return err
							}
						} else {
							fmt.Fprintln(sio.out, e)
						}
					}
				}
			}
		},
	})
}

func stonesBytes(r []vision.Stone) []byte {
	b := make([]byte, len(r))
	for i, s := range r {
		b[i] = byte(s)
	}
	return b
}
