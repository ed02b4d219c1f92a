package main

import (
	"context"
	"flag"
	"fmt"

	"tengen/calibration"
	"tengen/doctor"
	"tengen/i18n/errmsg"
)

// errNotReady ends a doctor's report that found something to fix.
var errNotReady error = errmsg.New("err.not-ready")

// doctorHost is the machine the doctor examines; tests swap in a fake.
var doctorHost = doctor.System

func init() {
	addCommand("", &command{
		name:    "doctor",
		summary: "check that this Raspberry Pi is ready to play (camera, arm, calibration, disk, clock)",
		usage:   "[--arm serial|pi|sim] [--port DEV] [--camera DEV] [--data DIR] [--env FILE] [--json] [--lang en|zh-Hans|zh-Hant]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			def := doctor.DefaultConfig()
			jsonOut := fs.Bool("json", false, `print {"checks":[{"name","ok","detail","fix"}],"ok"} as JSON`)
			envFile := fs.String("env", "/etc/tengen/tengen.env", "the service's environment file (TENGEN_ARM, TENGEN_PORT, TENGEN_CAMERA, TENGEN_DATA); flags override it")
			armFlag := fs.String("arm", def.Arm, "the arm's driver: serial (Arduino), pi (PCA9685 on I2C + GPIO) or sim")
			port := fs.String("port", def.Port, "the controller's serial port")
			camera := fs.String("camera", "", "the camera's V4L2 device (default: the first that captures)")
			data := fs.String("data", def.DataDir, "the data directory (calibration.yaml, records, journals)")
			return func(sio *stdio, args []string) error {
				if len(args) > 0 {
					return usageError("doctor takes no arguments")
				}
				cfg := def
				if err := applyEnvFile(&cfg, *envFile); err != nil {
					return err
				}
				set := map[string]bool{}
				fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
				if set["arm"] {
					if err := cfg.Apply(map[string]string{"TENGEN_ARM": *armFlag}); err != nil {
						return usageError("--arm: %v", err)
					}
				}
				if set["port"] {
					cfg.Port = *port
				}
				if set["camera"] {
					cfg.Camera = *camera
				}
				if set["data"] {
					cfg.Apply(map[string]string{"TENGEN_DATA": *data})
				}
				h := doctorHost()
				h.LoadCalibration = func(path string) error {
					_, err := calibration.Load(path)
					return err
				}
				report := doctor.Run(context.Background(), doctor.Checks(cfg, h))
				var err error
				if *jsonOut {
					err = printJSON(sio, report.Words(sio.words))
				} else {
					err = report.WriteText(sio.out, sio.words)
				}
				if err != nil {
					return err
				}
				if !report.OK {
					return errNotReady
				}
				return nil
			}
		}),
	})
}

// applyEnvFile reads the service's environment file into cfg; a missing
// file leaves the defaults.
func applyEnvFile(cfg *doctor.Config, path string) error {
	env, err := doctor.ReadEnvFile(path)
	if err != nil {
		return err
	}
	if err := cfg.Apply(env); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
