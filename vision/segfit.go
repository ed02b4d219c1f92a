package vision

import "math"

// segmentFit moves the n x n lattice through q onto the long straight
// lines: each segment lying along a lattice line (within tol steps)
// pins that line, and the homography that best puts the pinned
// segments' ends on their lines (least squares) gives the new lattice;
// repeated, as the lines a segment is near change. Unlike the lattice
// score, which sees only the response within a pixel or two of each
// line, a fit to segments pulls from a third of a step away, and every
// line a piece of which shows counts. It reports false when either
// family has fewer than three lines pinned.
func segmentFit(segs []segment, n int, q [4]Point) ([4]Point, bool) {
	m := float64(n - 1)
	grid := [4]Point{{0, 0}, {m, 0}, {m, m}, {0, m}}
	for _, tol := range []float64{0.3, 0.25, 0.2, 0.15, 0.15} {
		g, err := QuadHomography(q, grid)
		if err != nil {
			return q, false
		}
		var obs []lineObs
		var lines [2]map[int]bool
		lines[0], lines[1] = map[int]bool{}, map[int]bool{}
		for _, s := range segs {
			a, b := g.Apply(s.a.X, s.a.Y), g.Apply(s.b.X, s.b.Y)
			for fam := 0; fam < 2; fam++ {
				across, along := [2]float64{a.X, b.X}, [2]float64{a.Y, b.Y}
				if fam == 1 {
					across, along = [2]float64{a.Y, b.Y}, [2]float64{a.X, b.X}
				}
				k := math.Round((across[0] + across[1]) / 2)
				if k < 0 || k > m || math.Abs(across[0]-k) > tol || math.Abs(across[1]-k) > tol {
					continue
				}
				if math.Max(along[0], along[1]) < -0.5 || math.Min(along[0], along[1]) > m+0.5 {
					continue
				}
				lines[fam][int(k)] = true
				obs = append(obs, lineObs{s.a, fam, k, s.length}, lineObs{s.b, fam, k, s.length})
			}
		}
		if len(lines[0]) < 3 || len(lines[1]) < 3 {
			return q, false
		}
		nq, ok := fitToLines(obs, n, q)
		if !ok {
			return q, false
		}
		q = nq
	}
	return q, true
}

// lineObs is an image point p seen on grid line k of family fam (0: a
// column, u = k; 1: a row, v = k), weighted w.
type lineObs struct {
	p    Point
	fam  int
	k, w float64
}

// fitToLines returns the outer grid corners (in q's order) of the n x n
// lattice that best puts every observed point on its line: the
// homography from image to grid, least squares on its algebraic error
// (each point gives one equation linear in it), conditioned about q.
func fitToLines(obs []lineObs, n int, q [4]Point) ([4]Point, bool) {
	m := float64(n - 1)
	// Conditioning: image about q's centre over its size, grid to -1..1.
	c := Point{(q[0].X + q[1].X + q[2].X + q[3].X) / 4, (q[0].Y + q[1].Y + q[2].Y + q[3].Y) / 4}
	sc := gridStep(q, n) * m / 2
	var ata [81]float64
	for _, o := range obs {
		x, y := (o.p.X-c.X)/sc, (o.p.Y-c.Y)/sc
		kk := (o.k - m/2) / (m / 2)
		var r [9]float64
		r[3*o.fam], r[3*o.fam+1], r[3*o.fam+2] = x, y, 1
		r[6], r[7], r[8] = -kk*x, -kk*y, -kk
		for i := 0; i < 9; i++ {
			for j := 0; j < 9; j++ {
				ata[9*i+j] += o.w * r[i] * r[j]
			}
		}
	}
	v, ok := smallestEigenvector(9, ata[:])
	if !ok {
		return q, false
	}
	inv := Homography(v).Inverse()
	var nq [4]Point
	for i, gc := range [4]Point{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		p := inv.Apply(gc.X, gc.Y)
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || math.IsInf(p.X, 0) || math.IsInf(p.Y, 0) {
			return q, false
		}
		nq[i] = Point{p.X*sc + c.X, p.Y*sc + c.Y}
	}
	return nq, true
}
