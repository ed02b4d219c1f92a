package kinematics

import (
	"fmt"
	"math"

	"tengen/rules"
)

// Limits bound each joint: its angle range in degrees, its top speed in
// degrees per second and its acceleration in degrees per second squared.
type Limits struct {
	Min, Max Joints
	Speed    Joints
	Accel    Joints
}

// TypicalServo is a hobby servo of the seed design (e.g. DS3218): 0.1 s
// per 60° (600°/s) and an assumed 3000°/s² (full speed after 0.2 s, which
// keeps a held stone on the cup), over θ from −45° to 135° (500–2500 µs
// at 11.1 µs per degree).
var TypicalServo = Limits{
	Min:   Joints{-45, -45, -45},
	Max:   Joints{135, 135, 135},
	Speed: Joints{600, 600, 600},
	Accel: Joints{3000, 3000, 3000},
}

// Validate reports whether the limits can be planned with.
func (l Limits) Validate() error {
	for i := range 3 {
		if !(l.Min[i] < l.Max[i]) {
			return fmt.Errorf("limits: joint %d range [%g, %g] is empty", i+1, l.Min[i], l.Max[i])
		}
		if !(l.Speed[i] > 0) || math.IsInf(l.Speed[i], 0) {
			return fmt.Errorf("limits: joint %d speed %g°/s, want a positive number", i+1, l.Speed[i])
		}
		if !(l.Accel[i] > 0) || math.IsInf(l.Accel[i], 0) {
			return fmt.Errorf("limits: joint %d acceleration %g°/s², want a positive number", i+1, l.Accel[i])
		}
	}
	return nil
}

// check returns an error when th lies outside the joint ranges.
func (l Limits) check(th Joints) error {
	for i := range 3 {
		if th[i] < l.Min[i] || th[i] > l.Max[i] {
			return fmt.Errorf("joint %d at %.2f° is outside its range [%g°, %g°]: %w", i+1, th[i], l.Min[i], l.Max[i], ErrUnreachable)
		}
	}
	return nil
}

// headroom is how many degrees th stays inside the joint ranges.
func (l Limits) headroom(th Joints) float64 {
	h := math.Inf(1)
	for i := range 3 {
		h = math.Min(h, math.Min(th[i]-l.Min[i], l.Max[i]-th[i]))
	}
	return h
}

// Layout is where the arm works, in the arm's frame (mm): the board's a1
// intersection and the steps to the next column and row, the stone bowls'
// centres at picking height, the parking spot, and the travel height
// above which the arm crosses the board.
type Layout struct {
	Size                 int
	A1, StepX, StepY     Vec3
	BlackBowl, WhiteBowl Vec3
	Park                 Vec3
	TravelZ              float64
}

// Intersection returns the board point p on the board's surface.
func (l Layout) Intersection(p rules.Point) Vec3 {
	return l.A1.Add(l.StepX.Scale(float64(p.X))).Add(l.StepY.Scale(float64(p.Y)))
}

// DefaultLayout places a 15x15 board of 24.5 mm cells centred under the
// seed arm with its surface 455 mm below the motor plane, Black's side
// toward −Y (arm 1), the bowls left and right of it and the parking spot
// beyond White's side; at the travel height a held 8 mm stone clears the
// stones on the board by 25 mm.
var DefaultLayout = Layout{
	Size:      15,
	A1:        Vec3{-171.5, -171.5, -455},
	StepX:     Vec3{24.5, 0, 0},
	StepY:     Vec3{0, 24.5, 0},
	BlackBowl: Vec3{-235, 0, -440},
	WhiteBowl: Vec3{235, 0, -440},
	Park:      Vec3{0, 230, -400},
	TravelZ:   -414,
}

// PlaceReport is one checked place of a workspace report.
type PlaceReport struct {
	Name  string `json:"name"`
	At    Vec3   `json:"at"`
	Theta Joints `json:"theta"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
	// Headroom is the smallest distance, in degrees, from any joint to
	// its limit, over the place and its margin neighbours.
	Headroom float64 `json:"headroom_deg"`
	// Resolution is the tool motion per microsecond of servo pulse, the
	// coarsest of the three servos (mm/µs).
	Resolution float64 `json:"resolution_mm_per_us"`
}

// WorkspaceReport says whether everything the arm must reach is reachable
// with the asked margin.
type WorkspaceReport struct {
	OK     bool          `json:"ok"`
	Margin float64       `json:"margin_mm"`
	Places []PlaceReport `json:"places"`
	// Worst* summarise Places: the least joint headroom and the coarsest
	// resolution anywhere.
	WorstHeadroom   float64 `json:"worst_headroom_deg"`
	WorstResolution float64 `json:"worst_resolution_mm_per_us"`
}

// Workspace checks that every board intersection (on the surface and at
// travel height), both bowls and the parking spot are reachable within the
// joint limits, and stay so when moved margin mm along each axis either
// way. usPerDegree is each servo's pulse change per degree, for the
// placement resolution.
func (g Geometry) Workspace(lim Limits, usPerDegree [3]float64, lay Layout, margin float64) (WorkspaceReport, error) {
	if err := g.Validate(); err != nil {
		return WorkspaceReport{}, err
	}
	if err := lim.Validate(); err != nil {
		return WorkspaceReport{}, err
	}
	if err := rules.CheckSize(lay.Size); err != nil {
		return WorkspaceReport{}, fmt.Errorf("layout: %w", err)
	}
	for i, u := range usPerDegree {
		if u == 0 || math.IsNaN(u) {
			return WorkspaceReport{}, fmt.Errorf("servo %d: %g µs per degree", i+1, u)
		}
	}
	if !(margin >= 0) {
		return WorkspaceReport{}, fmt.Errorf("margin %g mm, want ≥ 0", margin)
	}
	type place struct {
		name string
		at   Vec3
	}
	var places []place
	for y := range lay.Size {
		for x := range lay.Size {
			pt := rules.Point{X: x, Y: y}
			at := lay.Intersection(pt)
			places = append(places, place{pt.String(), at})
			places = append(places, place{pt.String() + " travel", Vec3{at[0], at[1], lay.TravelZ}})
		}
	}
	for _, b := range []place{{"black bowl", lay.BlackBowl}, {"white bowl", lay.WhiteBowl}, {"park", lay.Park}} {
		places = append(places, b, place{b.name + " travel", Vec3{b.at[0], b.at[1], lay.TravelZ}})
	}
	rep := WorkspaceReport{OK: true, Margin: margin, WorstHeadroom: math.Inf(1)}
	for _, pl := range places {
		pr := g.checkPlace(lim, usPerDegree, pl.at, margin)
		pr.Name = pl.name
		if !pr.OK {
			rep.OK = false
		} else {
			rep.WorstHeadroom = math.Min(rep.WorstHeadroom, pr.Headroom)
			rep.WorstResolution = math.Max(rep.WorstResolution, pr.Resolution)
		}
		rep.Places = append(rep.Places, pr)
	}
	if math.IsInf(rep.WorstHeadroom, 1) {
		rep.WorstHeadroom = 0
	}
	return rep, nil
}

func (g Geometry) checkPlace(lim Limits, usPerDegree [3]float64, at Vec3, margin float64) PlaceReport {
	pr := PlaceReport{At: at, Headroom: math.Inf(1)}
	fail := func(err error) PlaceReport {
		pr.OK, pr.Error, pr.Headroom = false, err.Error(), 0
		return pr
	}
	th, err := g.IK(at)
	if err != nil {
		return fail(err)
	}
	pr.Theta = th
	if err := lim.check(th); err != nil {
		return fail(err)
	}
	pr.Headroom = lim.headroom(th)
	for axis := range 3 {
		for _, sign := range []float64{-1, 1} {
			q := at
			q[axis] += sign * margin
			tq, err := g.IK(q)
			if err == nil {
				err = lim.check(tq)
			}
			if err != nil {
				return fail(fmt.Errorf("within the %g mm margin, at %v: %w", margin, q, err))
			}
			pr.Headroom = math.Min(pr.Headroom, lim.headroom(tq))
		}
	}
	jac, err := g.Jacobian(th)
	if err != nil {
		return fail(err)
	}
	for i := range 3 {
		pr.Resolution = math.Max(pr.Resolution, jac.Col(i).Norm()/math.Abs(usPerDegree[i]))
	}
	pr.OK = true
	return pr
}

// Moved returns the layout with its board carried as a rigid piece in its
// plane: from are points of the board where they were (x, y in the arm's
// frame) and to where they are seen now; the shift and the turn about the
// vertical that best carry from onto to (least squares) move A1, StepX
// and StepY. A bumped board moves so; of the eight numbers four corners
// give, fitting only three averages their errors out.
func (l Layout) Moved(from, to [4][2]float64) Layout {
	var cf, ct [2]float64 // centroids
	for i := range 4 {
		for k := range 2 {
			cf[k] += from[i][k] / 4
			ct[k] += to[i][k] / 4
		}
	}
	var dot, cross float64 // Σ a·b and Σ a×b of the centred points
	for i := range 4 {
		ax, ay := from[i][0]-cf[0], from[i][1]-cf[1]
		bx, by := to[i][0]-ct[0], to[i][1]-ct[1]
		dot += ax*bx + ay*by
		cross += ax*by - ay*bx
	}
	sin, cos := math.Sincos(math.Atan2(cross, dot))
	turn := func(v Vec3) Vec3 { return Vec3{cos*v[0] - sin*v[1], sin*v[0] + cos*v[1], v[2]} }
	l.A1 = turn(l.A1.Sub(Vec3{cf[0], cf[1], 0})).Add(Vec3{ct[0], ct[1], 0})
	l.StepX, l.StepY = turn(l.StepX), turn(l.StepY)
	return l
}

// Apart returns how far (mm, across the board) the corner points of l's
// board and m's lie apart, at most: how far a board has moved.
func (l Layout) Apart(m Layout) float64 {
	n := l.Size - 1
	d := 0.0
	for _, p := range []rules.Point{{X: 0, Y: 0}, {X: n, Y: 0}, {X: 0, Y: n}, {X: n, Y: n}} {
		a, b := l.Intersection(p), m.Intersection(p)
		d = math.Max(d, math.Hypot(a[0]-b[0], a[1]-b[1]))
	}
	return d
}
