// Package aruco finds ArUco markers (dictionary DICT_4X4_100, as printed
// beside the board's corners) through a small cgo wrapper of OpenCV's
// cv::aruco::detectMarkers, since gocv's contrib package, where gocv
// v0.31.0 keeps ArUco, does not compile against Debian's OpenCV 4.6.
package aruco

/*
#cgo pkg-config: opencv4
#cgo CXXFLAGS: -std=c++11
#include <stdlib.h>
#include "aruco.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"unsafe"

	"tengen/vision"
)

// Marker is one detected marker: its id and its four corners in pixels,
// clockwise from the marker's own top-left.
type Marker struct {
	ID      int
	Corners [4]vision.Point
}

// Centre is the mean of the marker's corners.
func (m Marker) Centre() vision.Point {
	var c vision.Point
	for _, p := range m.Corners {
		c.X += p.X / 4
		c.Y += p.Y / 4
	}
	return c
}

const maxMarkers = 64

// Detect finds the markers in img.
func Detect(img *image.Gray) ([]Marker, error) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w < 8 || h < 8 {
		return nil, fmt.Errorf("aruco: image %dx%d too small", w, h)
	}
	ids := make([]C.int, maxMarkers)
	corners := make([]C.float, 8*maxMarkers)
	pix := img.Pix[img.PixOffset(img.Rect.Min.X, img.Rect.Min.Y):]
	n := C.aruco_detect((*C.uchar)(unsafe.Pointer(&pix[0])), C.int(w), C.int(h), C.int(img.Stride),
		&ids[0], &corners[0], maxMarkers)
	if n < 0 {
		return nil, errors.New("aruco: OpenCV failed to search the image")
	}
	out := make([]Marker, int(n))
	for i := range out {
		out[i].ID = int(ids[i])
		for k := 0; k < 4; k++ {
			out[i].Corners[k] = vision.Point{X: float64(corners[8*i+2*k]), Y: float64(corners[8*i+2*k+1])}
		}
	}
	return out, nil
}

// Draw renders marker id (0-99) as a size x size image, with the one-cell
// black border the detector expects; print it with a white margin.
func Draw(id, size int) (*image.Gray, error) {
	if id < 0 || id >= 100 || size < 6 || size > 4096 {
		return nil, fmt.Errorf("aruco: cannot draw marker %d at %d pixels (ids 0-99, size 6-4096)", id, size)
	}
	img := image.NewGray(image.Rect(0, 0, size, size))
	if C.aruco_draw(C.int(id), C.int(size), (*C.uchar)(unsafe.Pointer(&img.Pix[0]))) != 0 {
		return nil, errors.New("aruco: OpenCV failed to draw the marker")
	}
	return img, nil
}
