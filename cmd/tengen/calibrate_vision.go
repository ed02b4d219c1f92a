//go:build cgo

package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"tengen/i18n/errmsg"
	"time"

	"gocv.io/x/gocv"

	"tengen/calibration"
	"tengen/rig"
	"tengen/vision"
	"tengen/vision/aruco"
	"tengen/vision/capture"
)

// The calibration steps that need the camera (cgo, OpenCV).
func init() {
	addCommand("calibrate", &command{
		name:    "camera",
		summary: "calibrate the lens from photos of a printed chessboard",
		usage:   "--chessboard 9x6 --square MM IMAGE... [--file calibration.yaml] [--json]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			pattern := fs.String("chessboard", "9x6", "inner corners of the chessboard, COLSxROWS")
			square := fs.Float64("square", 25, "side of one chessboard square, mm")
			asJSON := fs.Bool("json", false, "print JSON")
			return func(sio *stdio, args []string) error {
				if err := fillSettings(file, nil, nil); err != nil {
					return err
				}
				cols, rows, err := parseChessboard(*pattern)
				if err != nil {
					return err
				}
				if len(args) < 3 {
					return usageMsg("err.few-photos", len(args))
				}
				f, err := loadOrDefault(*file)
				if err != nil {
					return err
				}
				var views []gocv.Mat
				defer func() {
					for _, v := range views {
						v.Close()
					}
				}()
				for _, a := range args {
					m := gocv.IMRead(a, gocv.IMReadColor|gocv.IMReadIgnoreOrientation)
					if m.Empty() {
						return errmsg.New("err.unreadable-image", a)
					}
					views = append(views, m)
				}
				res, err := calibration.CalibrateLens(views, cols, rows, *square)
				if err != nil {
					return err
				}
				for i, used := range res.Used {
					key := "cal.view-missed"
					if used {
						key = "cal.view-found"
					}
					fmt.Fprintln(sio.err, sio.words(errmsg.M(key, i+1, len(args), args[i])))
				}
				dev := f.Camera.Device
				f.Camera = res.Camera
				f.Camera.Device = dev
				if err := calibration.Save(*file, f); err != nil {
					return err
				}
				if *asJSON {
					return printJSON(sio, map[string]any{"matrix": f.Camera.Matrix, "distortion": f.Camera.Distortion, "reprojection_error": f.Camera.ReprojectionError})
				}
				sio.say(errmsg.M("cal.lens-saved", fmt.Sprintf("%.1f", f.Camera.Matrix[0]), fmt.Sprintf("%.3f", f.Camera.ReprojectionError), *file))
				// Say what views would make the lens surer, as the page's
				// guide does while they are taken.
				if g := calibration.LensGuide(res.Outlines, views[0].Cols(), views[0].Rows()); g.Key != "cal.guide-ready" {
					sio.say(g)
				}
				return nil
			}
		}),
	})
	addCommand("calibrate", &command{
		name:    "board",
		summary: "find the board's four grid corners in the camera image (or take them as given)",
		usage:   "[--image IMG | --device DEV] [--size 15] [--corners x,y,...] [--turn N] [--file calibration.yaml] [--json]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			img := fs.String("image", "", "a photo from the fixed camera (default: grab a frame from the camera)")
			device := fs.String("device", "", "camera to grab from (default: TENGEN_CAMERA, else the file's camera.device)")
			size := fs.Int("size", 15, "lines per side")
			corners := fs.String("corners", "", "the corners as x,y,x,y,x,y,x,y (e.g. clicked on the web page) instead of finding them")
			turn := fs.Int("turn", 0, "quarter turns to apply so the first corner is a15 seen from Black's side")
			asJSON := fs.Bool("json", false, "print JSON")
			return func(sio *stdio, args []string) error {
				if err := fillSettings(file, nil, device); err != nil {
					return err
				}
				if len(args) != 0 {
					return noArgs("board")
				}
				f, err := loadOrDefault(*file)
				if err != nil {
					return err
				}
				pl, err := boardPicture(f, *img, *device)
				if err != nil {
					return err
				}
				var c [4]vision.Point
				if *corners != "" {
					if c, err = parseCorners(*corners); err != nil {
						return badFlag("--corners", *corners, err)
					}
				} else {
					fmt.Fprintln(sio.err, sio.words(errmsg.M("cal.locating")))
					var score float64
					var ms []aruco.Marker
					if c, score, ms, err = aruco.LocateBoard(pl, *size); err != nil {
						return err
					}
					fmt.Fprintln(sio.err, sio.words(errmsg.M("cal.located", fmt.Sprintf("%.2f", score), len(ms))))
				}
				if err := saveBoard(*file, f, pl, *size, c, *turn); err != nil {
					return err
				}
				if *asJSON {
					return printJSON(sio, map[string]any{"corners": f.Board.Corners, "size": *size})
				}
				sio.say(errmsg.M("cal.board-saved", fmt.Sprint(f.Board.Corners), *file))
				return nil
			}
		}),
	})
}

// boardPicture is a frame of the board as the reader will read it, the
// lens's distortion undone when the calibration f has a lens model: the
// photo img, else a frame of the camera dev (empty: f's camera.device).
func boardPicture(f *calibration.File, img, dev string) (*vision.Planes, error) {
	lens, err := rig.LensOf(f)
	if err != nil {
		return nil, err
	}
	defer lens.Close()
	if img != "" {
		return lens.LoadPlanes(img)
	}
	return grabFrame(cmp.Or(dev, f.Camera.Device), lens)
}

// parseChessboard reads a chessboard's inner corners, COLSxROWS.
func parseChessboard(pattern string) (cols, rows int, err error) {
	if _, err := fmt.Sscanf(pattern, "%dx%d", &cols, &rows); err != nil || cols < 2 || rows < 2 {
		return 0, 0, usageMsg("err.bad-chessboard", strconv.Quote(pattern))
	}
	return cols, rows, nil
}

// saveBoard saves in the calibration f, at path, the board of n lines whose
// outer grid corners c lie in the frame pl: put in the reader's order
// (the image's top left first), turned turn quarter turns so the first is
// a15 seen from Black's side, with the frame's size.
func saveBoard(path string, f *calibration.File, pl *vision.Planes, n int, c [4]vision.Point, turn int) error {
	rd, err := vision.ReadStones(pl, n, c)
	if err != nil {
		return err
	}
	k := ((turn % 4) + 4) % 4
	f.Board.Size = n
	f.Camera.Width, f.Camera.Height = pl.Bounds().Dx(), pl.Bounds().Dy()
	for i := 0; i < 4; i++ {
		p := rd.Corners[(i+k)%4]
		f.Board.Corners[i] = [2]float64{math.Round(p.X*10) / 10, math.Round(p.Y*10) / 10}
	}
	return calibration.Save(path, f)
}

// grabFrame takes one frame from a camera, a video or a folder, with the
// lens's distortion undone (lens nil: as it is).
func grabFrame(dev string, lens *vision.Lens) (*vision.Planes, error) {
	if dev == "" || dev == "sim" {
		return nil, errmsg.New("err.no-camera-to-grab", strconv.Quote(dev))
	}
	if _, err := strconv.Atoi(dev); err != nil && !strings.HasPrefix(dev, "/") && !strings.Contains(dev, ".") {
		return nil, errmsg.New("err.bad-camera-name", strconv.Quote(dev))
	}
	cam := &capture.Camera{Open: func() (capture.Source, error) { return capture.Open(dev) }, Retry: 200 * time.Millisecond}
	defer cam.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	fr, err := cam.Next(ctx)
	if err != nil {
		return nil, errmsg.Wrap(err, "err.camera", dev)
	}
	defer fr.Image.Close()
	return lens.Planes(fr.Image)
}
