package vision

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// DrawOverlay draws the reading onto img (a BGR or grey image, converted
// to BGR in place): the grid in green, each stone as a ring (red for
// black, blue for white) and every point whose confidence is below 0.5 as
// a yellow square, so a person sees at a glance what the reader saw.
func DrawOverlay(img *gocv.Mat, r *Reading) {
	if img.Channels() == 1 {
		gocv.CvtColor(*img, img, gocv.ColorGrayToBGR)
	}
	h, err := GridHomography(r.Size, r.Corners)
	if err != nil {
		return
	}
	thick := max(1, int(math.Round(pixelsPerStep(h, r.Size)/14)))
	m := float64(r.Size - 1)
	pt := func(u, v float64) image.Point {
		p := h.Apply(u, v)
		return image.Pt(int(math.Round(p.X)), int(math.Round(p.Y)))
	}
	green := color.RGBA{0, 220, 0, 255}
	for k := 0; k < r.Size; k++ {
		gocv.Line(img, pt(float64(k), 0), pt(float64(k), m), green, thick)
		gocv.Line(img, pt(0, float64(k)), pt(m, float64(k)), green, thick)
	}
	step := pixelsPerStep(h, r.Size)
	for j, row := range r.Stones {
		for i, s := range row {
			c := pt(float64(i), float64(j))
			switch s {
			case Black:
				gocv.Circle(img, c, int(step*0.4), color.RGBA{255, 0, 0, 255}, 2*thick)
			case White:
				gocv.Circle(img, c, int(step*0.4), color.RGBA{0, 80, 255, 255}, 2*thick)
			}
			if r.Conf != nil && r.Conf[j][i] < 0.5 {
				d := int(step * 0.2)
				gocv.Rectangle(img, image.Rect(c.X-d, c.Y-d, c.X+d, c.Y+d), color.RGBA{255, 230, 0, 255}, thick)
			}
		}
	}
	gocv.PutText(img, "TL", pt(-0.8, -0.8), gocv.FontHersheySimplex, step/30, green, thick)
}
