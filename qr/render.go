package qr

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
)

// QuietZone is the light border the standard asks for, in modules.
const QuietZone = 4

// Image renders the symbol with scale pixels a module and the quiet zone
// around it.
func (c *Code) Image(scale int) *image.Gray {
	scale = max(scale, 1)
	side := (c.Size + 2*QuietZone) * scale
	img := image.NewGray(image.Rect(0, 0, side, side))
	for py := 0; py < side; py++ {
		for px := 0; px < side; px++ {
			v := uint8(255)
			if c.Dark(px/scale-QuietZone, py/scale-QuietZone) {
				v = 0
			}
			img.SetGray(px, py, color.Gray{Y: v})
		}
	}
	return img
}

// PNG renders the symbol as a PNG file.
func (c *Code) PNG(scale int) ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, c.Image(scale)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// SVG renders the symbol as an SVG document, one unit a module, with the
// quiet zone: each row's dark runs as rectangles in a single path.
func (c *Code) SVG() string {
	side := c.Size + 2*QuietZone
	var path strings.Builder
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; {
			if !c.Dark(x, y) {
				x++
				continue
			}
			start := x
			for x < c.Size && c.Dark(x, y) {
				x++
			}
			fmt.Fprintf(&path, "M%d %dh%dv1h-%dz", start+QuietZone, y+QuietZone, x-start, x-start)
		}
	}
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`+
		`<rect width="%d" height="%d" fill="#fff"/><path d="%s" fill="#000"/></svg>`, side, side, side, side, path.String())
}
