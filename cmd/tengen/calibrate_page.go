//go:build cgo

package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"gocv.io/x/gocv"

	"tengen/arm/armsim"
	"tengen/calibration"
	"tengen/i18n"
	"tengen/i18n/errmsg"
	"tengen/sim"
	"tengen/vision"
	"tengen/vision/aruco"
	"tengen/vision/synth"
	"tengen/web"
)

// tengen calibrate page: the calibration steps on the web page, for an
// operator at a phone or laptop beside the robot rather than at its
// terminal.
func init() {
	addCommand("calibrate", &command{
		name:    "page",
		summary: "the calibration steps on a web page: the camera's picture to find or place the board's corners, the arm's guided steps with jog buttons, verify",
		usage:   "[--http ADDR] [--public] [--file calibration.yaml] [--arm serial:PORT|pi|sim] [--sim]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			armSpec := armFlag(fs, "the arm the guided steps move: serial:PORT, pi, or sim (a dry run on the simulated arm)")
			simulate := fs.Bool("sim", false, "the simulated robot: pictures from its rendered camera, the steps on the simulated arm, verify on the simulated robot")
			addr := fs.String("http", ":8080", "the page's address")
			public := fs.Bool("public", false, "serve the page on the network, not only on this machine")
			return func(sio *stdio, args []string) error {
				if len(args) != 0 {
					return noArgs("page")
				}
				camera := ""
				if *simulate {
					*armSpec = "sim"
					if *file == "" {
						*file = dataPath("calibration-sim.yaml")
					}
				} else if err := fillSettings(file, armSpec, &camera); err != nil {
					return err
				}
				tokenPath := dataPath("operator-token")
				tok, err := web.LoadOrCreateToken(tokenPath)
				if err != nil {
					return err
				}
				pg, err := newCalPage(tok, *file, *armSpec, camera, *simulate)
				if err != nil {
					return err
				}
				defer pg.close()
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				at, served, err := web.Serve(ctx, *addr, *public, pg.srv.Handler())
				if err != nil {
					return err
				}
				fmt.Fprintf(sio.err, "calibration page on http://%s/calibrate.html (operator token in %s)\n", at, tokenPath)
				select {
				case <-ctx.Done():
				case err = <-served:
				}
				return err
			}
		}),
	})
}

// calPage carries out the calibration page's actions. A guided step runs
// as its command does at the terminal, its answers the lines the page
// sends, its output the page's console.
type calPage struct {
	srv               *web.Server
	file, arm, camera string
	simulate          bool

	mu      sync.Mutex
	st      web.Calibration
	pl      *vision.Planes // the last picture of the board; nil after a chessboard's
	viewDir string         // the chessboard views for the lens step
	views   []string
	answers chan string    // the running step's input; nil when none runs
	console *pageConsole   // the running step's output
	done    sync.WaitGroup // the running step
}

func newCalPage(token, file, armSpec, camera string, simulate bool) (*calPage, error) {
	if _, err := os.Stat(file); simulate && errors.Is(err, os.ErrNotExist) {
		// The simulated arm's calibration, as the simulator's tests use.
		f := calibration.Default()
		f.Arm = armsim.SeedArm()
		if err := calibration.Save(file, f); err != nil {
			return nil, err
		}
	}
	viewDir, err := os.MkdirTemp("", "tengen-lens-views-")
	if err != nil {
		return nil, err
	}
	p := &calPage{file: file, arm: armSpec, camera: camera, simulate: simulate, viewDir: viewDir}
	p.srv = web.New(web.Options{Token: token, Operator: func(a web.Action) error { return forPage(p.do(a)) }})
	p.st = web.Calibration{File: file, Size: 15, Console: []string{}, LensGuide: i18n.MsgTexts(calibration.LensGuide(nil, 0, 0))}
	if f, err := calibration.Load(file); err == nil && f.Board.Size > 0 {
		p.st.Size = f.Board.Size
	}
	p.publish(true)
	return p, nil
}

// publish shows the state on the page, checking the file again first if
// check.
func (p *calPage) publish(check bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if check {
		_, err := calibration.Load(p.file)
		p.st.OK = err == nil
		if p.st.OK {
			valid := errmsg.M("cal.valid")
			p.st.Check, p.st.CheckTexts = valid.String(), i18n.MsgTexts(valid)
		} else {
			p.st.Check, p.st.CheckTexts = err.Error(), i18n.ErrorTexts(err)
		}
	}
	// A chessboard's view is shown from its taking to the next picture.
	p.st.ViewShown = p.pl == nil && len(p.st.LensViews) > 0
	st := p.st
	st.Console = append([]string{}, st.Console...)
	p.srv.Publish(web.State{Title: "Tengen calibration", Size: st.Size, Status: "calibrating", HasCamera: st.Picture[0] > 0, Calibration: &st})
}

// do carries out the action a.
func (p *calPage) do(a web.Action) error {
	switch a.Name {
	case "picture":
		return p.picture()
	case "find":
		return p.find(a.Args["size"])
	case "corners":
		return p.saveCorners(a.Args["corners"], a.Args["size"])
	case "view":
		return p.view(a.Args["chessboard"])
	case "step":
		return p.start(a.Args["step"], a.Args)
	case "say":
		return p.say(a.Args["text"])
	case "stop":
		return p.stop()
	}
	return errmsg.New("err.not-available", a.Name)
}

// idle refuses while a step runs: it may hold the camera and the arm.
func (p *calPage) idle() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.st.Step != "" {
		return errmsg.New("err.cal-step-running", p.st.Step)
	}
	return nil
}

// picture takes a picture: a frame of the camera the robot uses, its lens
// undone as the board step has it, or of the simulated robot's camera.
func (p *calPage) picture() error {
	if err := p.idle(); err != nil {
		return err
	}
	var pl *vision.Planes
	var shown image.Image
	if p.simulate {
		v, err := sim.NewRenderedCamera().View(sim.NewWorld(sim.SeedLayout(), 1))
		if err != nil {
			return err
		}
		rgba, ok := v.Frame.(*image.RGBA)
		if !ok {
			return fmt.Errorf("the simulated camera gave a %T", v.Frame)
		}
		pl, shown = synth.Planes(rgba), rgba
	} else {
		f, err := loadOrDefault(p.file)
		if err != nil {
			return err
		}
		if pl, err = boardPicture(f, "", p.camera); err != nil {
			return err
		}
		shown = pl.Luma
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, shown, &jpeg.Options{Quality: 85}); err != nil {
		return err
	}
	p.srv.SetCamera(b.Bytes())
	p.mu.Lock()
	p.pl = pl
	p.st.Picture = [2]int{pl.Bounds().Dx(), pl.Bounds().Dy()}
	p.st.Shot++
	p.st.Corners = nil
	p.mu.Unlock()
	p.publish(false)
	return nil
}

// simulatedPose is how the simulated person holds the chessboard for the
// next view: as the page's guide says, OpenCV's pattern of 9 x 6 inner
// corners and 25 mm squares whatever the page asks for, 500 mm from the
// camera.
func simulatedPose(guide errmsg.Msg, views int) synth.Pose {
	switch guide.Key {
	case "cal.guide-tilt-x":
		return synth.Pose{Tilt: [3]float64{0.5, 0, 0}}
	case "cal.guide-tilt-y":
		return synth.Pose{Tilt: [3]float64{0, 0.5, 0}}
	case "cal.guide-move":
		// The ninth named, as far out as the chessboard stays whole in view.
		at := slices.Index(calibration.Regions[:], guide.Args[0].(errmsg.Msg).Key)
		return synth.Pose{At: [2]float64{float64(at%3-1) * 170, float64(at/3-1) * 68}, Tilt: [3]float64{0.15, -0.15, 0.1}}
	case "cal.guide-more", "cal.guide-ready":
		return synth.Pose{At: [2]float64{float64(views%3-1) * 100, float64(views%2) * 40}, Tilt: [3]float64{0.3, 0.2 * float64(views%3-1), 0.3}}
	}
	return synth.Pose{}
}

// view takes a picture of a printed chessboard for the lens step (the
// camera's raw frame: the lens is what it measures) and keeps it when
// the chessboard is found in it.
func (p *calPage) view(pattern string) error {
	if err := p.idle(); err != nil {
		return err
	}
	cols, rows, err := parseChessboard(pattern)
	if err != nil {
		return err
	}
	var img *image.Gray
	if p.simulate {
		p.mu.Lock()
		pose := simulatedPose(calibration.LensGuide(p.st.LensViews, 1280, 720), len(p.views))
		p.mu.Unlock()
		img = synth.Chessboard(9, 6, 25, 1000, 1280, 720, pose)
	} else {
		f, err := loadOrDefault(p.file)
		if err != nil {
			return err
		}
		pl, err := grabFrame(cmp.Or(p.camera, f.Camera.Device), nil)
		if err != nil {
			return err
		}
		img = pl.Luma
	}
	m, err := gocv.ImageGrayToMatGray(img)
	if err != nil {
		return err
	}
	defer m.Close()
	found := gocv.NewMat()
	defer found.Close()
	if !gocv.FindChessboardCorners(m, image.Pt(cols, rows), &found, gocv.CalibCBAdaptiveThresh|gocv.CalibCBNormalizeImage) || found.Rows() != cols*rows {
		return errmsg.New("err.cal-no-chessboard", strconv.Itoa(cols)+"x"+strconv.Itoa(rows))
	}
	pv := gocv.NewPoint2fVectorFromMat(found)
	outline := calibration.OutlineOf(pv.ToPoints(), cols, rows)
	pv.Close()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 95}); err != nil {
		return err
	}
	p.mu.Lock()
	path := filepath.Join(p.viewDir, fmt.Sprintf("view-%02d.jpg", len(p.views)+1))
	p.mu.Unlock()
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		return err
	}
	p.srv.SetCamera(b.Bytes())
	p.mu.Lock()
	p.views = append(p.views, path)
	p.pl = nil
	p.st.Views = len(p.views)
	p.st.LensViews = append(p.st.LensViews, outline)
	p.st.LensGuide = i18n.MsgTexts(calibration.LensGuide(p.st.LensViews, img.Rect.Dx(), img.Rect.Dy()))
	p.st.Picture = [2]int{img.Rect.Dx(), img.Rect.Dy()}
	p.st.Shot++
	p.st.Corners = nil
	p.mu.Unlock()
	p.publish(false)
	return nil
}

// frame is the last picture and the board size sizeArg asks for.
func (p *calPage) frame(sizeArg string) (*vision.Planes, int, error) {
	if err := p.idle(); err != nil {
		return nil, 0, err
	}
	p.mu.Lock()
	pl, n := p.pl, p.st.Size
	p.mu.Unlock()
	if pl == nil {
		return nil, 0, errmsg.New("err.cal-no-picture")
	}
	if sizeArg != "" {
		var err error
		if n, err = strconv.Atoi(sizeArg); err != nil || n < 5 || n > 25 {
			return nil, 0, errmsg.New("err.bad-flag", "size", strconv.Quote(sizeArg))
		}
	}
	return pl, n, nil
}

// find finds the board's corners in the picture.
func (p *calPage) find(sizeArg string) error {
	pl, n, err := p.frame(sizeArg)
	if err != nil {
		return err
	}
	c, _, _, err := aruco.LocateBoard(pl, n)
	if err != nil {
		return err
	}
	rd, err := vision.ReadStones(pl, n, c)
	if err != nil {
		return err
	}
	p.mu.Lock()
	p.st.Size, p.st.Corners = n, cornerList(rd.Corners)
	p.mu.Unlock()
	p.publish(false)
	return nil
}

// saveCorners saves the corners the page gives (x,y pixels of the
// picture, any order) as the board step does.
func (p *calPage) saveCorners(text, sizeArg string) error {
	pl, n, err := p.frame(sizeArg)
	if err != nil {
		return err
	}
	c, err := parseCorners(text)
	if err != nil {
		return errmsg.Mark(err, "err.bad-flag", "corners", strconv.Quote(text))
	}
	f, err := loadOrDefault(p.file)
	if err != nil {
		return err
	}
	if err := saveBoard(p.file, f, pl, n, c, 0); err != nil {
		return err
	}
	var saved [4]vision.Point
	for i, xy := range f.Board.Corners {
		saved[i] = vision.Point{X: xy[0], Y: xy[1]}
	}
	p.mu.Lock()
	p.st.Size, p.st.Corners = n, cornerList(saved)
	p.mu.Unlock()
	p.publish(true)
	return nil
}

func cornerList(c [4]vision.Point) [][2]float64 {
	out := make([][2]float64, 4)
	for i, q := range c {
		out[i] = [2]float64{q.X, q.Y}
	}
	return out
}

// stepArgs are the commands of the steps, as typed at the terminal; the
// lens step takes the chessboard views (args chessboard, square).
func (p *calPage) stepArgs(step string, args map[string]string) ([]string, bool) {
	switch step {
	case "camera":
		p.mu.Lock()
		views := slices.Clone(p.views)
		p.mu.Unlock()
		return append([]string{"calibrate", "camera", "--file", p.file, "--chessboard", cmp.Or(args["chessboard"], "9x6"),
			"--square", cmp.Or(args["square"], "25")}, views...), true
	case "servos", "arm":
		return []string{"calibrate", step, "--file", p.file, "--arm", p.arm}, true
	case "verify":
		if p.simulate {
			return []string{"calibrate", "verify", "--sim"}, true
		}
		return []string{"calibrate", "verify", "--file", p.file, "--arm", p.arm}, true
	case "park":
		return []string{"park", "--calibration", p.file, "--arm", p.arm}, true
	}
	return nil, false
}

// start runs a guided step, in the language of the viewer who started
// it (opts["lang"]; English when it names none of ours).
func (p *calPage) start(step string, opts map[string]string) error {
	args, ok := p.stepArgs(step, opts)
	if !ok {
		return errmsg.New("err.cal-bad-step", strconv.Quote(step))
	}
	lang, err := i18n.ParseLang(opts["lang"])
	if err != nil {
		lang = i18n.English
	}
	// Before the first flag: the lens step's views follow its flags.
	at := slices.IndexFunc(args, func(a string) bool { return strings.HasPrefix(a, "--") })
	args = slices.Insert(args, at, "--lang", lang.String())
	p.mu.Lock()
	if p.st.Step != "" {
		p.mu.Unlock()
		return errmsg.New("err.cal-step-running", p.st.Step)
	}
	answers := make(chan string, 4)
	out := &pageConsole{p: p}
	p.answers, p.console = answers, out
	p.st.Step, p.st.Console, p.st.Prompt, p.st.Error = step, []string{"$ tengen " + strings.Join(args, " ")}, "", ""
	p.done.Add(1)
	p.mu.Unlock()
	p.publish(false)
	go func() {
		defer p.done.Done()
		code := run(args, &stdio{in: &answerReader{c: answers}, out: out, err: out})
		out.flush()
		p.mu.Lock()
		p.st.Step, p.st.Prompt, p.answers = "", "", nil
		if code != 0 {
			p.st.Error = (&i18n.Printer{Lang: lang}).Msg(errmsg.M("cal.step-stopped", step, code))
		}
		p.mu.Unlock()
		p.publish(true)
	}()
	return nil
}

// say gives the running step a line, as typed at the terminal.
func (p *calPage) say(text string) error {
	text = strings.TrimSpace(strings.ReplaceAll(text, "\n", " "))
	if err := p.answer(text); err != nil {
		return err
	}
	p.publish(false)
	return nil
}

func (p *calPage) answer(text string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.answers == nil {
		return errmsg.New("err.cal-no-step")
	}
	if len(p.answers) == cap(p.answers) {
		return errmsg.New("err.cal-answer")
	}
	// The terminal would show the answer after its question, before
	// what the step says next.
	p.st.Console = append(p.st.Console, p.console.answered()+text)
	p.st.Prompt = ""
	p.answers <- text // only answer sends, under p.mu: there is room
	return nil
}

// stop ends the running step's input: it stops at its next question, as
// at the end of the terminal's input.
func (p *calPage) stop() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.answers == nil {
		return errmsg.New("err.cal-no-step")
	}
	close(p.answers)
	p.answers = nil
	return nil
}

// close stops the running step and waits for it.
func (p *calPage) close() {
	p.stop()
	p.done.Wait()
	os.RemoveAll(p.viewDir)
}

// answerReader is a step's input: the page's answers, a line each, until
// the channel closes.
type answerReader struct {
	c    <-chan string
	rest []byte
}

func (r *answerReader) Read(b []byte) (int, error) {
	if len(r.rest) == 0 {
		line, ok := <-r.c
		if !ok {
			return 0, io.EOF
		}
		r.rest = []byte(line + "\n")
	}
	n := copy(b, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// pageConsole is a step's output on the page: its last lines, and the
// line it has begun but not ended (its question) as the prompt.
type pageConsole struct {
	p       *calPage
	mu      sync.Mutex
	partial string
}

// consoleLines is how many of a step's lines the page keeps.
const consoleLines = 200

func (c *pageConsole) Write(b []byte) (int, error) {
	c.mu.Lock()
	text := c.partial + string(b)
	lines := strings.Split(text, "\n")
	c.partial = lines[len(lines)-1]
	c.mu.Unlock()
	p := c.p
	p.mu.Lock()
	p.st.Console = append(p.st.Console, lines[:len(lines)-1]...)
	if k := len(p.st.Console) - consoleLines; k > 0 {
		p.st.Console = append([]string(nil), p.st.Console[k:]...)
	}
	p.st.Prompt = c.partial
	p.mu.Unlock()
	p.publish(false)
	return len(b), nil
}

// answered returns the question an answer ends, which then is no longer
// open.
func (c *pageConsole) answered() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	q := c.partial
	c.partial = ""
	return q
}

// flush ends the last line.
func (c *pageConsole) flush() {
	c.mu.Lock()
	partial := c.partial
	c.mu.Unlock()
	if partial != "" {
		c.Write([]byte("\n"))
	}
}
