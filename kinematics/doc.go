// Package kinematics is the rotary delta arm's mathematics: inverse and
// forward kinematics, the Jacobian, the workspace check and the motion
// planner that turns pick-and-place moves into timed joint setpoints.
// Everything is a pure function of its arguments; no I/O.
//
// It follows the conventions of the project's KINEMATICS.md, the frame of
// the widely used hobby formulation of delta kinematics (mzavatsky's
// tutorial): f and e are the sides of the base and effector triangles, rf
// the upper arm, re the forearm; the origin is the centre of the base in
// the plane of the motor shafts with z up, so the effector works at z < 0;
// arm 1 lies in the YZ plane on the −Y side, arms 2 and 3 at +120° and
// −120° about z; θ = 0 is an upper arm horizontal and pointing outward,
// θ > 0 rotated downward. IK picks the elbow-out solution, FK the lower of
// the two sphere intersections. Lengths are millimetres, angles degrees.
//
// The planner (PlanPath, PlanTransfer) moves the tool along straight
// lines, stopping at corners, with the fastest path speed that keeps each
// joint within its speed and acceleration limits, and samples the result
// every servo frame (20 ms) for the device.
package kinematics
