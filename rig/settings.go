package rig

import (
	"fmt"
	"os"

	"tengen/doctor"
)

// SettingsFile is the installed robot's settings: deploy/install.sh writes
// it, tengen.service has it in its environment (EnvironmentFile=).
const SettingsFile = "/etc/tengen/tengen.env"

// Settings name the real robot's devices when a command's flags do not.
type Settings struct {
	Arm         string // as Config.Arm: "serial:PORT", "pi" or "sim"
	Camera      string // as Config.Camera; "" is the calibration's
	Calibration string // the calibration file
}

// DefaultArm is the arm a robot without settings has: an Arduino on the
// first USB serial port.
const DefaultArm = "serial:/dev/ttyACM0"

// LoadSettings reads the robot's settings from the environment, and what
// the environment leaves out from the settings file (a command run by
// hand on an installed robot; "" or a missing file reads none): TENGEN_ARM
// (serial, pi or sim) with TENGEN_PORT, TENGEN_CAMERA, and TENGEN_DATA,
// the folder whose calibration.yaml is the calibration file. So the
// service, a command run by hand and `tengen doctor` agree on the
// devices. Without settings the arm is DefaultArm and the calibration
// DefaultCalibration in the current folder.
func LoadSettings(file string) (Settings, error) {
	env := map[string]string{}
	if file != "" {
		var err error
		if env, err = doctor.ReadEnvFile(file); err != nil {
			return Settings{}, err
		}
	}
	armFrom := file // where TENGEN_ARM, the one setting Apply refuses, came from
	for _, key := range []string{"TENGEN_ARM", "TENGEN_PORT", "TENGEN_CAMERA", "TENGEN_DATA"} {
		if v, ok := os.LookupEnv(key); ok {
			env[key] = v
			if key == "TENGEN_ARM" {
				armFrom = "environment"
			}
		}
	}
	cfg := doctor.Config{Arm: doctor.ArmSerial, Calibration: DefaultCalibration}
	if err := cfg.Apply(env); err != nil {
		return Settings{}, fmt.Errorf("%s: %w", armFrom, err)
	}
	s := Settings{Arm: cfg.Arm, Camera: cfg.Camera, Calibration: cfg.Calibration}
	if cfg.Arm == doctor.ArmSerial {
		s.Arm = DefaultArm
		if cfg.Port != "" {
			s.Arm = "serial:" + cfg.Port
		}
	}
	return s, nil
}
