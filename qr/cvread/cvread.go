//go:build cgo

// Package cvread reads QR codes with OpenCV's WeChat QR reader
// (opencv_contrib's wechat_qrcode module, in Debian's libopencv-contrib),
// for tests of package qr and of the page's QR code: Debian's OpenCV 4.6 is built without the quirc
// library, so its QRCodeDetector locates codes but does not decode them,
// and gocv's contrib package needs the non-free xfeatures2d module Debian
// leaves out. This is a thin binding of the one call the tests need.
package cvread

/*
#cgo pkg-config: opencv4
#cgo CXXFLAGS: --std=c++11
#include <stdlib.h>
#include "cvread.h"
*/
import "C"

import (
	"image"
	"strings"
	"unsafe"
)

// Decode returns the texts of the QR codes OpenCV reads in img.
func Decode(img *image.Gray) []string {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	px := make([]byte, w*h)
	for y := 0; y < h; y++ {
		copy(px[y*w:(y+1)*w], img.Pix[(y+b.Min.Y-img.Rect.Min.Y)*img.Stride+(b.Min.X-img.Rect.Min.X):])
	}
	var n C.int
	out := C.cvread_wechat((*C.uchar)(unsafe.Pointer(&px[0])), C.int(w), C.int(h), &n)
	defer C.free(unsafe.Pointer(out))
	if n == 0 {
		return nil
	}
	return strings.Split(C.GoString(out), "\n")
}
