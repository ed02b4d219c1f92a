package rig

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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
		f, err := os.Open(file)
		switch {
		case err == nil:
			env, err = doctor.ParseEnvFile(f, file)
			f.Close()
			if err != nil {
				return Settings{}, err
			}
		case !errors.Is(err, fs.ErrNotExist):
			return Settings{}, err
		}
	}
	from := map[string]string{} // where each setting came from, for errors
	for key := range env {
		from[key] = file
	}
	for _, key := range []string{"TENGEN_ARM", "TENGEN_PORT", "TENGEN_CAMERA", "TENGEN_DATA"} {
		if v, ok := os.LookupEnv(key); ok {
			env[key], from[key] = v, "environment"
		}
	}
	s := Settings{Arm: DefaultArm, Camera: env["TENGEN_CAMERA"], Calibration: DefaultCalibration}
	port := env["TENGEN_PORT"]
	switch a := env["TENGEN_ARM"]; a {
	case "", doctor.ArmSerial:
		if port != "" {
			s.Arm = "serial:" + port
		}
	case doctor.ArmPi, doctor.ArmSim:
		s.Arm = a
	default:
		return Settings{}, fmt.Errorf("%s: TENGEN_ARM=%q: want %s, %s or %s", from["TENGEN_ARM"], a, doctor.ArmSerial, doctor.ArmPi, doctor.ArmSim)
	}
	if d := env["TENGEN_DATA"]; d != "" {
		s.Calibration = filepath.Join(d, DefaultCalibration)
	}
	return s, nil
}
