package vision

import (
	"fmt"
	"image"

	"gocv.io/x/gocv"
)

// GrayImage converts a gocv image (grey, BGR or BGRA) to an *image.Gray.
func GrayImage(m gocv.Mat) (*image.Gray, error) {
	if m.Empty() {
		return nil, fmt.Errorf("empty image")
	}
	g := m
	switch m.Channels() {
	case 1:
	case 3, 4:
		g = gocv.NewMat()
		defer g.Close()
		code := gocv.ColorBGRToGray
		if m.Channels() == 4 {
			code = gocv.ColorBGRAToGray
		}
		gocv.CvtColor(m, &g, code)
	default:
		return nil, fmt.Errorf("image has %d channels", m.Channels())
	}
	if g.Type() != gocv.MatTypeCV8UC1 {
		return nil, fmt.Errorf("image is not 8-bit (type %v)", g.Type())
	}
	img := image.NewGray(image.Rect(0, 0, g.Cols(), g.Rows()))
	b, err := g.DataPtrUint8()
	if err != nil || !g.IsContinuous() {
		b = g.ToBytes()
	}
	copy(img.Pix, b)
	return img, nil
}

// PlanesFromMat splits a BGR (or grey) image into the reader's planes.
func PlanesFromMat(m gocv.Mat) (*Planes, error) {
	luma, err := GrayImage(m)
	if err != nil {
		return nil, err
	}
	if m.Channels() == 1 {
		return &Planes{Luma: luma, Low: luma}, nil
	}
	ch := gocv.Split(m)
	low := gocv.NewMat()
	defer low.Close()
	gocv.Min(ch[0], ch[1], &low)
	gocv.Min(low, ch[2], &low)
	for _, c := range ch {
		c.Close()
	}
	lowImg, err := GrayImage(low)
	if err != nil {
		return nil, err
	}
	return &Planes{Luma: luma, Low: lowImg}, nil
}

// LoadPlanes reads an image file's raw pixels (EXIF orientation
// ignored) as the reader's planes.
func LoadPlanes(path string) (*Planes, error) { return (*Lens)(nil).LoadPlanes(path) }

// LoadPlanes reads an image file's raw pixels (EXIF orientation ignored)
// as the reader's planes, with the lens's distortion undone (l nil: as
// they are).
func (l *Lens) LoadPlanes(path string) (*Planes, error) {
	m := gocv.IMRead(path, gocv.IMReadColor|gocv.IMReadIgnoreOrientation)
	defer m.Close()
	if m.Empty() {
		return nil, fmt.Errorf("%s: cannot read the image (missing file or unknown format)", path)
	}
	return l.Planes(m)
}

// Planes splits a frame into the reader's planes with the lens's
// distortion undone (l nil: as it is).
func (l *Lens) Planes(m gocv.Mat) (*Planes, error) {
	u, done := l.undistorted(m)
	defer done()
	return PlanesFromMat(u)
}

// undistorted is m with the lens's distortion undone (l nil: m itself);
// done frees what it made.
func (l *Lens) undistorted(m gocv.Mat) (u gocv.Mat, done func()) {
	if l == nil {
		return m, func() {}
	}
	u = gocv.NewMat()
	l.Undistort(m, &u)
	return u, func() { u.Close() }
}
