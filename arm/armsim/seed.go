package armsim

import "tengen/calibration"

// SeedArm is the seed design's arm calibration (calibration.SeedArm):
// what the simulator runs when there is no calibration file.
func SeedArm() calibration.Arm { return calibration.SeedArm() }
