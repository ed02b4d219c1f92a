//go:build cgo

package qr

import (
	"fmt"
	"strings"
	"testing"

	"gocv.io/x/gocv"

	"tengen/qr/cvread"
)

// decode reads a symbol's image with OpenCV's WeChat QR reader
// (opencv_contrib, without its neural networks; see package cvread).
func decode(t *testing.T, c *Code, scale int) string {
	t.Helper()
	texts := cvread.Decode(c.Image(scale))
	if len(texts) != 1 {
		return fmt.Sprintf("%d codes read: %q", len(texts), texts)
	}
	return texts[0]
}

// locate reports whether OpenCV's QRCodeDetector finds the symbol (its
// finder patterns and corners). Debian builds OpenCV 4.6 without the
// quirc library, so QRCodeDetector locates codes but does not decode
// them ("Library QUIRC is not linked").
func locate(t *testing.T, c *Code, scale int) bool {
	t.Helper()
	m, err := gocv.ImageGrayToMatGray(c.Image(scale))
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	d := gocv.NewQRCodeDetector()
	defer d.Close()
	pts := gocv.NewMat()
	defer pts.Close()
	return d.Detect(m, &pts) && pts.Total() == 4
}

// TestOpenCVReadsEveryMask renders symbols of several versions and
// levels, each with all eight masks, and has OpenCV 4.6 read them: a
// wrong bit anywhere in the layout, the codewords or the format and
// version information shows up as a failed read. OpenCV's own
// QRCodeDetector must find the mask the encoder chose (it misses some
// masks the penalty rules reject, as a real reader may).
func TestOpenCVReadsEveryMask(t *testing.T) {
	for _, c := range []struct {
		text string
		l    Level
	}{
		{"http://tengen.local/", M},                                                                           // version 2
		{"http://192.168.1.20:8080/review.html", L},                                                           // version 2
		{"http://192.168.1.20:8080/review.html?game=20261122-101500", Q},                                      // version 5
		{"http://192.168.178.42:8080/review.html?game=visitor017&lang=zh-Hans#" + strings.Repeat("m", 40), M}, // version 6
		{"http://[fd00::1]:8080/review.html?game=" + strings.Repeat("0123456789", 13), M},                     // version 8
		{strings.Repeat("Tengen 天元 ", 8), H},                                                                  // version 10
	} {
		best, err := Encode([]byte(c.text), c.l)
		if err != nil {
			t.Fatal(err)
		}
		// The mask the penalty rules chose is found by the detector …
		if !locate(t, best, 4) {
			t.Errorf("%d-%v mask %d: OpenCV's QRCodeDetector does not find the code", best.Version, c.l, best.Mask)
		}
		// … and every mask reads back.
		words := codewords([]byte(c.text), best.Version, c.l)
		for mask := 0; mask < 8; mask++ {
			code := build(words, best.Version, c.l, mask)
			if got := decode(t, code, 4); got != c.text {
				t.Errorf("%d-%v mask %d: OpenCV read %q, want %q", code.Version, c.l, mask, got, c.text)
			}
		}
	}
}

// TestOpenCVReadsTheReviewAddress is the use: a review page's address at
// level M, as the page shows it.
func TestOpenCVReadsTheReviewAddress(t *testing.T) {
	url := "http://192.168.1.20:8080/review.html?game=20261122-101500"
	c, err := Encode([]byte(url), M)
	if err != nil {
		t.Fatal(err)
	}
	for _, scale := range []int{3, 6} {
		if !locate(t, c, scale) {
			t.Errorf("scale %d: OpenCV's QRCodeDetector does not find the code", scale)
		}
		if got := decode(t, c, scale); got != url {
			t.Errorf("scale %d: OpenCV read %q", scale, got)
		}
	}
}
