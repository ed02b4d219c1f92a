package kinematics

import (
	"fmt"
	"math"
)

// Mat3 is a 3x3 matrix, rows first.
type Mat3 [3]Vec3

// MulVec returns m·v.
func (m Mat3) MulVec(v Vec3) Vec3 { return Vec3{m[0].Dot(v), m[1].Dot(v), m[2].Dot(v)} }

// Col returns column j.
func (m Mat3) Col(j int) Vec3 { return Vec3{m[0][j], m[1][j], m[2][j]} }

const degPerRad = 180 / math.Pi

// InverseJacobian returns dθ/dp at the pose (p, th) in degrees per
// millimetre: row i is how fast joint i turns per mm of tool motion.
//
// Each forearm keeps |p − cᵢ(θᵢ)| = re, with cᵢ the elbow moved inward by
// the effector's joint radius. Differentiating, vᵢ·dp = (vᵢ·cᵢ′)·dθᵢ with
// vᵢ = p − cᵢ, so row i is vᵢ/(vᵢ·cᵢ′). It fails at a singular pose, where
// a forearm is tangent to its elbow's circle and the joint cannot move the
// tool along it.
func (g Geometry) InverseJacobian(p Vec3, th Joints) (Mat3, error) {
	var m Mat3
	for i := range 3 {
		v := p.Sub(g.elbowCentre(i, th[i]))
		den := v.Dot(g.elbowRate(i, th[i]))
		if math.Abs(den) < 1e-6*g.RE*g.RF {
			return Mat3{}, fmt.Errorf("pose %v: arm %d is singular (forearm in line with the elbow's motion): %w", p, i+1, ErrUnreachable)
		}
		m[i] = v.Scale(degPerRad / den)
	}
	return m, nil
}

// Jacobian returns dp/dθ at the joint angles th in millimetres per degree:
// column j is the tool's motion when joint j turns by one degree.
func (g Geometry) Jacobian(th Joints) (Mat3, error) {
	p, err := g.FK(th)
	if err != nil {
		return Mat3{}, err
	}
	inv, err := g.InverseJacobian(p, th)
	if err != nil {
		return Mat3{}, err
	}
	m, ok := invert(inv)
	if !ok {
		return Mat3{}, fmt.Errorf("pose %v: the Jacobian is singular: %w", p, ErrUnreachable)
	}
	return m, nil
}

// invert returns m⁻¹ (false when m is singular).
func invert(m Mat3) (Mat3, bool) {
	det := m[0].Dot(m[1].Cross(m[2]))
	if math.Abs(det) < 1e-300 || math.IsNaN(det) {
		return Mat3{}, false
	}
	// The columns of m⁻¹ are the cross products of m's rows over det.
	c := [3]Vec3{m[1].Cross(m[2]), m[2].Cross(m[0]), m[0].Cross(m[1])}
	var r Mat3
	for i := range 3 {
		for j := range 3 {
			r[i][j] = c[j][i] / det
		}
	}
	return r, true
}

// ToolSpeedLimit returns the fastest the tool may move from p in
// direction dir (mm/s) without any joint exceeding its speed limit
// (degrees per second, per joint): the joint speed limits turned into a
// tool speed limit through the Jacobian.
func (g Geometry) ToolSpeedLimit(p, dir Vec3, jointSpeed Joints) (float64, error) {
	n := dir.Norm()
	if !(n > 0) {
		return 0, fmt.Errorf("tool speed limit: direction %v has no length", dir)
	}
	th, err := g.IK(p)
	if err != nil {
		return 0, err
	}
	inv, err := g.InverseJacobian(p, th)
	if err != nil {
		return 0, err
	}
	return speedLimit(inv.MulVec(dir.Scale(1/n)), jointSpeed), nil
}

// speedLimit is the path speed at which joint rates dθ/ds (deg/mm) reach
// the first joint's speed limit (deg/s).
func speedLimit(rate Vec3, jointSpeed Joints) float64 {
	v := math.Inf(1)
	for i := range 3 {
		if a := math.Abs(rate[i]); a > 0 {
			v = math.Min(v, jointSpeed[i]/a)
		}
	}
	return v
}
