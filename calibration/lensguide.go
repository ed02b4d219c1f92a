package calibration

import (
	"math"

	"tengen/i18n/errmsg"
)

// Outline is where the chessboard lay in a lens view: the image pixels of
// its outer inner corners, in the detector's order (the first row's ends,
// then the last row's, going round). It is the page's own form of a view
// (web.Calibration.LensViews).
type Outline = [4][2]float64

// GoodLensViews is how many views the guide asks for: Zhang's method fits
// from three, but a dozen across the picture pin the distortion down.
const GoodLensViews = 10

// tilted is the least ratio of a view's opposite edges that shows the
// chessboard turned out of the image's plane (about 15° at half the
// picture's height). Views all parallel to the sensor leave the focal
// length undetermined, so the guide asks for a turn about each axis.
const tilted = 1.07

// LensGuide says what the person holding the chessboard should do next,
// from where it lay in the views kept so far in a w x h picture: take a
// first view, turn it about the image's horizontal and vertical axes,
// bring it into each ninth of the picture not yet covered (the corners
// first, where the lens distorts most), take more, or calibrate.
func LensGuide(views []Outline, w, h int) errmsg.Msg {
	if len(views) == 0 {
		return errmsg.M("cal.guide-start")
	}
	var aboutX, aboutY bool
	for _, o := range views {
		x, y := turns(o)
		aboutX = aboutX || x
		aboutY = aboutY || y
	}
	switch {
	case !aboutX:
		return errmsg.M("cal.guide-tilt-x")
	case !aboutY:
		return errmsg.M("cal.guide-tilt-y")
	}
	for _, i := range []int{0, 2, 6, 8, 1, 3, 5, 7, 4} {
		if !covered(views, i, w, h) {
			return errmsg.M("cal.guide-move", errmsg.M(Regions[i]))
		}
	}
	if len(views) < GoodLensViews {
		return errmsg.M("cal.guide-more", len(views), GoodLensViews)
	}
	return errmsg.M("cal.guide-ready", len(views))
}

// Regions are the keys of the ninths of the picture the guide names, row
// by row from its top left.
var Regions = [9]string{
	"cal.at-top-left", "cal.at-top", "cal.at-top-right",
	"cal.at-left", "cal.at-centre", "cal.at-right",
	"cal.at-bottom-left", "cal.at-bottom", "cal.at-bottom-right",
}

// covered reports whether the chessboard has lain over a good part of
// ninth i of the picture (row by row from its top left), in one view or
// several: over at least a third of a grid of points across it, which a
// chessboard whole in the picture reaches in each corner.
func covered(views []Outline, i, w, h int) bool {
	const n = 6
	in := 0
	for a := range n {
		for b := range n {
			p := [2]float64{(float64(i%3) + (float64(a)+0.5)/n) * float64(w) / 3, (float64(i/3) + (float64(b)+0.5)/n) * float64(h) / 3}
			for _, o := range views {
				if inside(o, p) {
					in++
					break
				}
			}
		}
	}
	return 3*in >= n*n
}

// turns reports whether the chessboard in o is turned about the image's
// horizontal axis (its more nearly horizontal edges differ in length:
// one is farther away) and about its vertical axis.
func turns(o Outline) (aboutX, aboutY bool) {
	edge := func(i int) (length float64, horizontal bool) {
		a, b := o[i], o[(i+1)%4]
		dx, dy := b[0]-a[0], b[1]-a[1]
		return math.Hypot(dx, dy), math.Abs(dx) > math.Abs(dy)
	}
	for i := range 2 {
		l1, horiz := edge(i)
		l2, _ := edge(i + 2)
		if math.Max(l1, l2) < tilted*math.Min(l1, l2) {
			continue
		}
		if horiz {
			aboutX = true
		} else {
			aboutY = true
		}
	}
	return aboutX, aboutY
}

// inside reports whether p lies inside the outline o (a convex
// quadrilateral, either way round).
func inside(o Outline, p [2]float64) bool {
	var pos, neg bool
	for i := range o {
		a, b := o[i], o[(i+1)%4]
		cross := (b[0]-a[0])*(p[1]-a[1]) - (b[1]-a[1])*(p[0]-a[0])
		pos = pos || cross > 0
		neg = neg || cross < 0
	}
	return !(pos && neg)
}
