//go:build cgo

package sim

import (
	"testing"

	"tengen/arm/armsim"
	"tengen/game"
	"tengen/rules"
)

func TestRenderedCameraReadsTheWorld(t *testing.T) {
	w := NewWorld(layoutOf(armsim.SeedArm()), 1)
	cam := NewRenderedCamera()
	pts, _ := rules.ParsePoints("h8 a1 o15 a15 o1 h9 i10 c3", 15)
	for i, p := range pts {
		c := rules.Black
		if i%2 == 1 {
			c = rules.White
		}
		w.Put(c, p, 1.5*float64(i%3-1), -1.5*float64(i%2)) // off-centre by up to 1.5 mm
	}
	v, err := cam.View(w)
	if err != nil {
		t.Fatal(err)
	}
	truth, _ := w.Truth()
	if v.Occluded {
		t.Fatal("a clear view reads as occluded")
	}
	if ch := compare(truth, v.Board); ch != "" {
		t.Errorf("the camera misread: %s\n%v", ch, v.Board)
	}
	w.SetHand(&Hand{Over: pts[0], Radius: 60})
	v, err = cam.View(w)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Occluded && compare(truth, v.Board) != "" {
		t.Errorf("a hand over the board gave a wrong board instead of an occlusion")
	}
}

// compare describes how b differs from want, "" when it doesn't.
func compare(want, b *rules.Board) string {
	ch := game.Compare(want, b)
	if ch.Kind == game.NoChange {
		return ""
	}
	return ch.Kind.String() + ": added " + fmtPlaced(ch.Added) + ", gone " + fmtPlaced(ch.Gone)
}

func fmtPlaced(ps []game.Placed) string {
	s := ""
	for _, p := range ps {
		s += p.String() + " "
	}
	return s
}
