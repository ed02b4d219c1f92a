package aruco

import "tengen/vision"

// LocateBoard finds the board's grid corners, helped by markers when at
// least three are in view: the search is then limited to the hull of the
// markers (they stand beside the board's corners), which shuts out the
// clutter around the board. With fewer markers, or if that search
// fails or fits weakly, it searches the whole frame. It also returns the
// markers seen.
func LocateBoard(pl *vision.Planes, n int) ([4]vision.Point, float64, []Marker, error) {
	ms, err := Detect(pl.Luma)
	if err == nil && len(ms) >= 3 {
		// The grid lies within the markers' centres; the markers
		// themselves (grown by half) are left out.
		var region []vision.Point
		var holes [][]vision.Point
		for _, m := range ms {
			c := m.Centre()
			region = append(region, c)
			var h []vision.Point
			for _, p := range m.Corners {
				h = append(h, vision.Point{X: c.X + 1.5*(p.X-c.X), Y: c.Y + 1.5*(p.Y-c.Y)})
			}
			holes = append(holes, h)
		}
		c, s, err := vision.LocateWithin(pl, n, region, holes...)
		if err == nil && s >= weakFit {
			return c, s, ms, nil
		}
		// A weak fit: markers laid over the board's corners cut the grid
		// itself. The whole frame may do better.
		if wc, ws, werr := vision.Locate(pl, n); err != nil || (werr == nil && ws > s) {
			return wc, ws, ms, werr
		}
		return c, s, ms, nil
	}
	c, s, err := vision.Locate(pl, n)
	return c, s, ms, err
}

// weakFit is a lattice score below which a fit inside the markers is
// checked against one on the whole frame (clear grids score 0.5-0.7; a
// search inside markers that cut the grid may settle on a part of it).
const weakFit = 0.5
