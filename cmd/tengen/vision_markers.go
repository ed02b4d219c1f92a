//go:build cgo

package main

import (
	"flag"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"tengen/vision/aruco"
)

func init() {
	addCommand("vision", &command{
		name:    "markers",
		summary: "write the optional ArUco markers to print and put beside the board's corners",
		usage:   "[--out DIR] [--mm 30] [--dpi 300]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			out := fs.String("out", ".", "folder to write marker-0.png … marker-3.png in")
			mm := fs.Float64("mm", 30, "each marker's side when printed, in millimetres (its black border included)")
			dpi := fs.Int("dpi", 300, "the printer's resolution the images are made for: print them at 100 %, at this resolution")
			return func(sio *stdio, args []string) error {
				if len(args) != 0 {
					return noArgs("vision markers")
				}
				if !(*mm >= 10 && *mm <= 200) {
					return usageError("--mm: %v is not a marker side of 10-200 mm", *mm)
				}
				if *dpi < 72 || *dpi > 2400 {
					return usageError("--dpi: %d is not a printer's resolution (72-2400)", *dpi)
				}
				side := int(math.Round(*mm / 25.4 * float64(*dpi)))
				for id := 0; id < 4; id++ {
					path := filepath.Join(*out, "marker-"+strconv.Itoa(id)+".png")
					if err := writeMarker(path, id, side); err != nil {
						return err
					}
					fmt.Fprintf(sio.out, "%s: marker %d, %d px = %.0f mm at %d dpi\n", path, id, side, *mm, *dpi)
				}
				fmt.Fprintln(sio.out, "Print them at 100 % and put one beside each corner of the board, outside the grid, where the camera sees them.")
				return nil
			}
		},
	})
}

// writeMarker writes marker id, side pixels wide, in a white margin of
// one of its six cells each way (the detector needs the contrast around
// its black border).
func writeMarker(path string, id, side int) error {
	m, err := aruco.Draw(id, side)
	if err != nil {
		return err
	}
	margin := (side + 5) / 6
	img := image.NewGray(image.Rect(0, 0, side+2*margin, side+2*margin))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	draw.Draw(img, m.Bounds().Add(image.Pt(margin, margin)), m, image.Point{}, draw.Src)
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing the markers: %w", err)
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}
