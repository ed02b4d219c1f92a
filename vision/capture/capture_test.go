package capture

import (
	"context"
	"errors"
	"image"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gocv.io/x/gocv"
)

func writeImages(t *testing.T, dir string, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(40*i), 0, 0, 0), 24, 32, gocv.MatTypeCV8UC3)
		if !gocv.IMWrite(filepath.Join(dir, "f"+string(rune('a'+i))+".png"), m) {
			t.Fatal("cannot write a test image")
		}
		m.Close()
	}
}

func TestFolder(t *testing.T) {
	dir := t.TempDir()
	writeImages(t, dir, 3)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
	src, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		m, err := src.Next()
		if err != nil {
			t.Fatal(err)
		}
		if got := m.GetVecbAt(0, 0)[0]; int(got) != 40*i {
			t.Errorf("frame %d: blue %d, want %d (name order)", i, got, 40*i)
		}
		m.Close()
	}
	if _, err := src.Next(); err != io.EOF {
		t.Errorf("after the last image: %v, want EOF", err)
	}
	if _, err := Open(t.TempDir()); err == nil {
		t.Error("an empty folder opened")
	}
}

// TestCameraLostAndBack removes the folder's images under a running
// camera: it must report the loss, keep trying, and report the recovery
// once the images are back.
func TestCameraLostAndBack(t *testing.T) {
	dir := t.TempDir()
	writeImages(t, dir, 2)
	var got []bool
	cam := &Camera{
		Open:     func() (Source, error) { return OpenFolder(dir, true) },
		Retry:    5 * time.Millisecond,
		OnStatus: func(s Status) { got = append(got, s.Lost) },
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	f, err := cam.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f.Image.Close()
	os.Remove(filepath.Join(dir, "fb.png")) // the next file vanishes
	os.Remove(filepath.Join(dir, "fa.png"))
	go func() {
		time.Sleep(50 * time.Millisecond)
		writeImages(t, dir, 1)
	}()
	f, err = cam.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	f.Image.Close()
	if len(got) != 2 || !got[0] || got[1] {
		t.Errorf("status reports %v, want lost then back", got)
	}
	if f.Seq != 2 {
		t.Errorf("seq %d, want 2", f.Seq)
	}
	cam.Close()
}

func TestCameraGivesUpWithContext(t *testing.T) {
	cam := &Camera{Open: func() (Source, error) { return nil, errors.New("unplugged") }, Retry: time.Millisecond}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := cam.Next(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("got %v", err)
	}
}

func TestFuncSourceAndVideo(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 32, 24))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	img.Set(1, 1, color.RGBA{255, 0, 0, 255})
	src := FuncSource(func() (image.Image, error) { return img, nil })
	m, err := src.Next()
	if err != nil {
		t.Fatal(err)
	}
	if v := m.GetVecbAt(1, 1); v[2] != 255 || v[0] != 0 {
		t.Errorf("pixel %v, want BGR red", v)
	}
	// A video written with OpenCV's own MJPEG encoder plays back.
	path := filepath.Join(t.TempDir(), "v.avi")
	vw, err := gocv.VideoWriterFile(path, "MJPG", 10, 32, 24, true)
	if err != nil {
		t.Skipf("no video writer: %v", err)
	}
	for i := 0; i < 3; i++ {
		vw.Write(m)
	}
	vw.Close()
	m.Close()
	vs, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for {
		f, err := vs.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		n++
	}
	vs.Close()
	if n != 3 {
		t.Errorf("played %d frames, want 3", n)
	}
	if _, err := Open("/dev/video99"); err == nil {
		t.Error("a missing device opened")
	}
}
