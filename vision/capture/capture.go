// Package capture gets camera frames for the board reader: from a V4L2
// device (a USB webcam, or the Pi camera through libcamera's V4L2
// compatibility layer), a video file, a folder of images, or a source the
// simulator provides. Camera wraps any of them, reports a lost camera and
// reopens it until it is back.
package capture

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gocv.io/x/gocv"
)

// Frame is one captured image (BGR). The receiver owns Image and must
// Close it.
type Frame struct {
	Seq   int
	Time  time.Time
	Image gocv.Mat
}

// Source yields frames. Next returns io.EOF at the end of a finite
// source (a video file, a folder) and any other error when the source
// failed (a camera unplugged, a file gone).
type Source interface {
	Next() (gocv.Mat, error)
	Close() error
}

// ErrNoFrame is a source that is open but gave no frame.
var ErrNoFrame = errors.New("capture: the source gave no frame")

// Open opens a source by name: a V4L2 device ("/dev/video0" or "0"), a
// folder of images, or a video file.
func Open(name string) (Source, error) {
	if n, err := strconv.Atoi(name); err == nil {
		return OpenDevice(n, 0, 0)
	}
	if strings.HasPrefix(name, "/dev/video") {
		n, err := strconv.Atoi(strings.TrimPrefix(name, "/dev/video"))
		if err != nil {
			return nil, fmt.Errorf("capture: %q is not a /dev/videoN device", name)
		}
		return OpenDevice(n, 0, 0)
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	if st.IsDir() {
		return OpenFolder(name, false)
	}
	return OpenVideo(name)
}

type videoSource struct {
	vc   *gocv.VideoCapture
	name string
	eof  bool // a file ends; a device that stops giving frames is lost
}

// OpenDevice opens V4L2 device /dev/videoN, asking for width x height
// when both are given.
func OpenDevice(n, width, height int) (Source, error) {
	vc, err := gocv.OpenVideoCaptureWithAPI(n, gocv.VideoCaptureV4L2)
	if err != nil {
		return nil, fmt.Errorf("capture: /dev/video%d: %w", n, err)
	}
	if !vc.IsOpened() {
		vc.Close()
		return nil, fmt.Errorf("capture: /dev/video%d: cannot open the camera", n)
	}
	if width > 0 && height > 0 {
		vc.Set(gocv.VideoCaptureFrameWidth, float64(width))
		vc.Set(gocv.VideoCaptureFrameHeight, float64(height))
	}
	return &videoSource{vc: vc, name: fmt.Sprintf("/dev/video%d", n)}, nil
}

// OpenVideo opens a video file.
func OpenVideo(path string) (Source, error) {
	vc, err := gocv.VideoCaptureFile(path)
	if err != nil || !vc.IsOpened() {
		if vc != nil {
			vc.Close()
		}
		return nil, fmt.Errorf("capture: %s: cannot open as a video", path)
	}
	return &videoSource{vc: vc, name: path, eof: true}, nil
}

func (v *videoSource) Next() (gocv.Mat, error) {
	m := gocv.NewMat()
	if !v.vc.Read(&m) || m.Empty() {
		m.Close()
		if v.eof {
			return gocv.Mat{}, io.EOF
		}
		return gocv.Mat{}, fmt.Errorf("capture: %s: %w", v.name, ErrNoFrame)
	}
	return m, nil
}

func (v *videoSource) Close() error { return v.vc.Close() }

// folderSource plays the images of a folder in name order.
type folderSource struct {
	dir   string
	files []string
	i     int
	loop  bool
}

var imageExt = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".bmp": true, ".tif": true, ".tiff": true, ".webp": true}

// OpenFolder plays the images in dir in name order, from the start again
// after the last when loop is set.
func OpenFolder(dir string, loop bool) (Source, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("capture: %w", err)
	}
	f := &folderSource{dir: dir, loop: loop}
	for _, e := range ents {
		if !e.IsDir() && imageExt[strings.ToLower(filepath.Ext(e.Name()))] {
			f.files = append(f.files, e.Name())
		}
	}
	if len(f.files) == 0 {
		return nil, fmt.Errorf("capture: %s: no images (jpg, png, bmp, tif, webp)", dir)
	}
	sort.Strings(f.files)
	return f, nil
}

func (f *folderSource) Next() (gocv.Mat, error) {
	if f.i == len(f.files) {
		if !f.loop {
			return gocv.Mat{}, io.EOF
		}
		f.i = 0
	}
	path := filepath.Join(f.dir, f.files[f.i])
	f.i++
	if _, err := os.Stat(path); err != nil {
		return gocv.Mat{}, fmt.Errorf("capture: %w", err)
	}
	m := gocv.IMRead(path, gocv.IMReadColor|gocv.IMReadIgnoreOrientation)
	if m.Empty() {
		m.Close()
		return gocv.Mat{}, fmt.Errorf("capture: %s: not a readable image", path)
	}
	return m, nil
}

func (f *folderSource) Close() error { return nil }

// FuncSource adapts a function that renders frames (the simulator's
// camera) to a Source.
type FuncSource func() (image.Image, error)

// Next renders the next frame.
func (fn FuncSource) Next() (gocv.Mat, error) {
	img, err := fn()
	if err != nil {
		return gocv.Mat{}, err
	}
	m, err := gocv.ImageToMatRGB(img)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("capture: %w", err)
	}
	return m, nil
}

// Close does nothing.
func (fn FuncSource) Close() error { return nil }

// Status is what a Camera reports about its source.
type Status struct {
	Lost bool  // true when the camera was lost, false when it is back
	Err  error // why it was lost
	Time time.Time
}

// Camera reads frames from a source that it (re)opens itself: when the
// source fails it reports the loss, closes it and reopens it every Retry
// until it works again, then reports the recovery.
type Camera struct {
	Open     func() (Source, error)
	Retry    time.Duration // between attempts to reopen (default 1 s)
	OnStatus func(Status)  // told when the camera is lost and when it is back
	Now      func() time.Time

	src  Source
	seq  int
	lost bool
}

// Next returns the next frame, waiting out a lost camera until ctx ends.
// It returns io.EOF when a finite source has ended.
func (c *Camera) Next(ctx context.Context) (Frame, error) {
	now := c.Now
	if now == nil {
		now = time.Now
	}
	retry := c.Retry
	if retry <= 0 {
		retry = time.Second
	}
	for {
		if c.src == nil {
			src, err := c.Open()
			if err != nil {
				c.setLost(true, err, now())
				select {
				case <-ctx.Done():
					return Frame{}, ctx.Err()
				case <-time.After(retry):
				}
				continue
			}
			c.src = src
		}
		m, err := c.src.Next()
		if err == nil {
			c.setLost(false, nil, now())
			c.seq++
			return Frame{Seq: c.seq, Time: now(), Image: m}, nil
		}
		if errors.Is(err, io.EOF) {
			return Frame{}, io.EOF
		}
		c.src.Close()
		c.src = nil
		c.setLost(true, err, now())
	}
}

func (c *Camera) setLost(lost bool, err error, t time.Time) {
	if lost == c.lost {
		return
	}
	c.lost = lost
	if c.OnStatus != nil {
		c.OnStatus(Status{Lost: lost, Err: err, Time: t})
	}
}

// Close closes the source.
func (c *Camera) Close() error {
	if c.src == nil {
		return nil
	}
	err := c.src.Close()
	c.src = nil
	return err
}
