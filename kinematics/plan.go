package kinematics

import (
	"fmt"
	"math"
	"time"
)

// Sample is one joint setpoint of a trajectory: the angles to be at, At
// after the trajectory's start.
type Sample struct {
	At    time.Duration
	Theta Joints
}

// Trajectory is a planned move sampled for the device: joint setpoints
// every Step (the last one may come sooner, at the end rounded up to a
// whole millisecond), the first one Step after the start. Start and End
// are the tool's first and last positions.
type Trajectory struct {
	Start, End Vec3
	Step       time.Duration
	Samples    []Sample
}

// Duration is how long the move takes.
func (t Trajectory) Duration() time.Duration {
	if len(t.Samples) == 0 {
		return 0
	}
	return t.Samples[len(t.Samples)-1].At
}

// DefaultStep is the sampling period of planned trajectories: one servo
// frame of 20 ms (50 Hz).
const DefaultStep = 20 * time.Millisecond

// pathResolution is the spacing (mm) of the nodes at which the path speed
// profile is computed.
const pathResolution = 0.5

// PlanTransfer plans a pick-and-place move from one place to another:
// straight up from `from` to travel height, straight across, straight down
// to `to`. travelZ is raised to the higher of the two ends if needed, so
// the tool never dips on its way. See PlanPath for the timing.
func (g Geometry) PlanTransfer(lim Limits, from, to Vec3, travelZ float64, step time.Duration) (Trajectory, error) {
	travelZ = math.Max(travelZ, math.Max(from[2], to[2]))
	return g.PlanPath(lim, []Vec3{from, {from[0], from[1], travelZ}, {to[0], to[1], travelZ}, to}, step)
}

// PlanPath plans a tool path through the waypoints along straight lines,
// stopping at each waypoint (a sharp corner cannot be taken at speed
// without leaving the path), and samples it every step.
//
// Timing: along each segment the tool's path speed follows the fastest
// profile that keeps every joint within its speed and acceleration limits
// (the time-optimal path parameterisation, computed numerically): at nodes
// every 0.5 mm the Jacobian gives each joint's rate dθ/ds and its change
// d²θ/ds², which bound the path speed by |dθᵢ/ds|·v ≤ ωᵢ and the path
// acceleration by |dθᵢ/ds|·|a| + |d²θᵢ/ds²|·v² ≤ αᵢ; a forward pass
// accelerating from rest and a backward pass braking to rest give the
// speed at each node, constant path acceleration in between. The joint
// profiles that result are synchronised by construction (one path
// parameter drives all three) and trapezoid-like: ramps at the joints'
// acceleration limit, a plateau at the speed limit of the busiest joint.
func (g Geometry) PlanPath(lim Limits, waypoints []Vec3, step time.Duration) (Trajectory, error) {
	if err := g.Validate(); err != nil {
		return Trajectory{}, err
	}
	if err := lim.Validate(); err != nil {
		return Trajectory{}, err
	}
	if step <= 0 {
		return Trajectory{}, fmt.Errorf("plan: sampling step %v, want > 0", step)
	}
	if len(waypoints) == 0 {
		return Trajectory{}, fmt.Errorf("plan: no waypoints")
	}
	for i, w := range waypoints {
		th, err := g.IK(w)
		if err == nil {
			err = lim.check(th)
		}
		if err != nil {
			return Trajectory{}, fmt.Errorf("plan: waypoint %d: %w", i+1, err)
		}
	}
	var segs []profile
	for i := 1; i < len(waypoints); i++ {
		if waypoints[i].Sub(waypoints[i-1]).Norm() < 1e-9 {
			continue
		}
		s, err := g.profileSegment(lim, waypoints[i-1], waypoints[i])
		if err != nil {
			return Trajectory{}, fmt.Errorf("plan: segment %d (%v to %v): %w", i, waypoints[i-1], waypoints[i], err)
		}
		segs = append(segs, s)
	}
	tr := Trajectory{Start: waypoints[0], End: waypoints[len(waypoints)-1], Step: step}
	total := 0.0
	for _, s := range segs {
		total += s.duration()
	}
	// Sample the whole path every step; the last sample lands at the end,
	// rounded up to a whole millisecond (the unit devices time setpoints
	// in), so with a whole-millisecond step no interval is a sliver.
	end := time.Duration(math.Ceil(total*1e3-1e-6)) * time.Millisecond
	n := int((end + step - 1) / step)
	seg, base := 0, 0.0
	for k := 1; k <= n; k++ {
		t := float64(k) * step.Seconds()
		at := time.Duration(k) * step
		if k == n {
			t, at = total, end
		}
		for seg < len(segs)-1 && t > base+segs[seg].duration() {
			base += segs[seg].duration()
			seg++
		}
		p := segs[seg].position(t - base)
		th, err := g.IK(p)
		if err != nil { // the profile only visits checked points; this is a bug
			return Trajectory{}, fmt.Errorf("plan: sample at %v: %w", at, err)
		}
		tr.Samples = append(tr.Samples, Sample{At: at, Theta: th})
	}
	return tr, nil
}

// profile is the path speed along one straight segment: node i lies at
// distance i·ds from a along the unit direction d and is passed at speed
// v[i] (mm/s), at time t[i].
type profile struct {
	a, d Vec3
	ds   float64
	v, t []float64
}

func (p profile) duration() float64 { return p.t[len(p.t)-1] }

// position returns where the tool is t seconds into the segment.
func (p profile) position(t float64) Vec3 {
	if t >= p.duration() {
		return p.a.Add(p.d.Scale(p.ds * float64(len(p.t)-1)))
	}
	if t <= 0 {
		return p.a
	}
	// Binary search for the node interval holding t.
	lo, hi := 0, len(p.t)-1
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if p.t[mid] <= t {
			lo = mid
		} else {
			hi = mid
		}
	}
	tau := t - p.t[lo]
	acc := (p.v[hi]*p.v[hi] - p.v[lo]*p.v[lo]) / (2 * p.ds)
	s := p.v[lo]*tau + acc*tau*tau/2
	s = math.Min(math.Max(s, 0), p.ds)
	return p.a.Add(p.d.Scale(p.ds*float64(lo) + s))
}

// accelSafety keeps the planned accelerations a little under the limits,
// since the bound is evaluated at the nodes and holds between them only
// approximately.
const accelSafety = 0.95

func (g Geometry) profileSegment(lim Limits, a, b Vec3) (profile, error) {
	length := b.Sub(a).Norm()
	n := max(int(math.Ceil(length/pathResolution)), 4)
	p := profile{a: a, d: b.Sub(a).Scale(1 / length), ds: length / float64(n)}
	rate := make([]Vec3, n+1) // dθ/ds at each node, deg/mm
	for i := range rate {
		q := a.Add(p.d.Scale(p.ds * float64(i)))
		th, err := g.IK(q)
		if err == nil {
			err = lim.check(th)
		}
		if err != nil {
			return profile{}, err
		}
		inv, err := g.InverseJacobian(q, th)
		if err != nil {
			return profile{}, err
		}
		rate[i] = inv.MulVec(p.d)
	}
	curv := make([]Vec3, n+1) // d²θ/ds², deg/mm²
	for i := range curv {
		lo, hi := max(i-1, 0), min(i+1, n)
		curv[i] = rate[hi].Sub(rate[lo]).Scale(1 / (p.ds * float64(hi-lo)))
	}
	// vmax: the speed limit, and low enough that the curvature term leaves
	// at least half of each joint's acceleration for speeding up.
	vmax := make([]float64, n+1)
	for i := range vmax {
		v := speedLimit(rate[i], lim.Speed)
		for j := range 3 {
			if c := math.Abs(curv[i][j]); c > 0 {
				v = math.Min(v, math.Sqrt(0.5*lim.Accel[j]/c))
			}
		}
		vmax[i] = v
	}
	accel := func(i int, v float64) float64 {
		a := math.Inf(1)
		for j := range 3 {
			if r := math.Abs(rate[i][j]); r > 0 {
				a = math.Min(a, (accelSafety*lim.Accel[j]-math.Abs(curv[i][j])*v*v)/r)
			}
		}
		return math.Max(a, 0)
	}
	v := make([]float64, n+1)
	for i := 1; i <= n; i++ { // accelerate from rest
		v[i] = math.Min(vmax[i], math.Sqrt(v[i-1]*v[i-1]+2*accel(i-1, v[i-1])*p.ds))
	}
	v[n] = 0
	for i := n - 1; i >= 0; i-- { // brake to rest
		v[i] = math.Min(v[i], math.Sqrt(v[i+1]*v[i+1]+2*accel(i+1, v[i+1])*p.ds))
	}
	p.v = v
	p.t = make([]float64, n+1)
	for i := 1; i <= n; i++ {
		sum := v[i-1] + v[i]
		if !(sum > 0) {
			return profile{}, fmt.Errorf("the joints cannot move the tool along it (speed 0 at %.1f mm)", p.ds*float64(i))
		}
		p.t[i] = p.t[i-1] + 2*p.ds/sum
	}
	return p, nil
}
