package calibration

import (
	"testing"

	"tengen/i18n/errmsg"
)

func TestLensGuide(t *testing.T) {
	const w, h = 1280, 720
	// box is a chessboard seen square on, its corners going round.
	box := func(x0, y0, x1, y1 float64) Outline { return Outline{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} }
	flat := box(390, 185, 890, 535)
	topAway := Outline{{420, 185}, {860, 185}, {890, 535}, {390, 535}} // the top edge farther: shorter
	leftAway := Outline{{390, 210}, {890, 185}, {890, 535}, {390, 510}}
	// The same, turned in the picture and found from its other end: a
	// turn in the image's plane is no tilt, and the order does not matter.
	spun := Outline{{890, 535}, {390, 535}, {390, 185}, {890, 185}}
	corners := []Outline{box(20, 20, 420, 300), box(860, 20, 1260, 300), box(20, 420, 420, 700), box(860, 420, 1260, 700)}
	edges := []Outline{box(440, 10, 840, 230), box(10, 250, 400, 470), box(880, 250, 1270, 470), box(440, 490, 840, 710)}
	all := append(append([]Outline{flat, topAway, leftAway}, corners...), edges...)
	for _, tc := range []struct {
		name  string
		views []Outline
		want  errmsg.Msg
	}{
		{"none", nil, errmsg.M("cal.guide-start")},
		{"flat", []Outline{flat}, errmsg.M("cal.guide-tilt-x")},
		{"flat, spun", []Outline{flat, spun}, errmsg.M("cal.guide-tilt-x")},
		{"top away", []Outline{flat, topAway}, errmsg.M("cal.guide-tilt-y")},
		{"both tilts", []Outline{flat, topAway, leftAway}, errmsg.M("cal.guide-move", errmsg.M("cal.at-top-left"))},
		{"three corners", []Outline{topAway, leftAway, corners[0], corners[1], corners[3]}, errmsg.M("cal.guide-move", errmsg.M("cal.at-bottom-left"))},
		{"corners, no edges", append([]Outline{flat, topAway, leftAway}, corners...), errmsg.M("cal.guide-move", errmsg.M("cal.at-top"))},
		{"covered, too few", []Outline{topAway, leftAway, box(10, 10, 1270, 470), box(10, 250, 1270, 710)}, errmsg.M("cal.guide-more", 4, GoodLensViews)},
		{"one ninth short", all[:10], errmsg.M("cal.guide-move", errmsg.M("cal.at-bottom"))},
		{"enough", all, errmsg.M("cal.guide-ready", 11)},
	} {
		if got := LensGuide(tc.views, w, h); got.String() != tc.want.String() {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
