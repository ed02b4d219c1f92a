package doctor_test

import (
	"context"
	"os"

	"tengen/doctor"
	"tengen/i18n/errmsg"
)

// Run the checks on this machine and print them as `tengen doctor` does.
// Firmware and LoadCalibration come from the serial driver and the
// calibration package.
func Example() {
	h := doctor.System()
	h.LoadCalibration = func(path string) error { return nil }
	cfg := doctor.DefaultConfig()
	cfg.Arm = doctor.ArmSim
	report := doctor.Run(context.Background(), doctor.Checks(cfg, h))
	report.WriteText(os.Stdout, errmsg.Msg.String) // English
}
