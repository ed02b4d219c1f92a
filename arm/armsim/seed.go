package armsim

import (
	"tengen/calibration"
	"tengen/kinematics"
)

// SeedArm is the arm calibration of the seed design (kinematics.SeedGeometry
// over kinematics.DefaultLayout) with servos at 1000 µs for a horizontal
// upper arm and 2000 µs per 180°, 500–2500 µs: what the simulator runs
// when there is no calibration file.
func SeedArm() calibration.Arm {
	l := kinematics.DefaultLayout
	s := calibration.Servo{ZeroUS: 1000, USPerDegree: 2000.0 / 180, MinUS: 500, MaxUS: 2500}
	return calibration.Arm{
		Geometry:        calibration.Geometry(kinematics.SeedGeometry),
		Servos:          [3]calibration.Servo{s, s, s},
		BoardA1:         calibration.Vec3(l.A1),
		BoardStepX:      calibration.Vec3(l.StepX),
		BoardStepY:      calibration.Vec3(l.StepY),
		BlackBowl:       calibration.Vec3(l.BlackBowl),
		WhiteBowl:       calibration.Vec3(l.WhiteBowl),
		Park:            calibration.Vec3(l.Park),
		PickDepth:       0.5,
		PlaceHeight:     10,
		Clearance:       25,
		VacuumThreshold: 20,
	}
}
