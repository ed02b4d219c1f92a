package vision

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gocv.io/x/gocv"
)

func TestDebugDump(t *testing.T) {
	dir := os.Getenv("VISION_DEBUG")
	if dir == "" {
		t.Skip("set VISION_DEBUG=dir")
	}
	for _, p := range loadPhotos(t) {
		img, _ := LoadPlanes(p.path)
		rd, err := ReadStones(img, p.size, p.corners)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := alignLabels(p, rd.Corners)
		h, _ := GridHomography(p.size, rd.Corners)
		s := sampler{img: img.Luma, low: img.Low, h: h, cam: newCamera(h, img.Luma.Rect.Dx(), img.Luma.Rect.Dy()), n: p.size}
		f := s.measure()
		fmt.Printf("== %s f=%.0f\n", p.name, s.cam.f)
		for j := range f {
			for i := range f[j] {
				fmt.Printf("%c%c%3.0f/%3.0f/%3.0f/%3.0f/%3.0f/%3.0f ", want[j][i], rd.Stones[j][i], f[j][i].lines*100, f[j][i].dark*100, f[j][i].white*100, f[j][i].chroma*100, f[j][i].local*100, f[j][i].round*100)
			}
			fmt.Println()
		}
		m := gocv.IMRead(p.path, gocv.IMReadColor|gocv.IMReadIgnoreOrientation)
		DrawOverlay(&m, rd)
		gocv.IMWrite(filepath.Join(dir, p.name+".png"), m)
		m.Close()
	}
}
