package main

import (
	"errors"
	"flag"
	"os"

	"tengen/calibration"
	"tengen/i18n/errmsg"
)

// The calibrate command and its pure-Go subcommands; the camera and
// board steps, which need OpenCV, are in calibrate_vision.go.
func init() {
	addCommand("", &command{name: "calibrate", summary: "calibrate the camera, the board and the arm"})
	addCommand("calibrate", &command{
		name:    "defaults",
		summary: "print a complete calibration file for the simulator (a start for hand edits)",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			return func(sio *stdio, args []string) error {
				if len(args) != 0 {
					return noArgs("defaults")
				}
				data, err := calibration.Default().Marshal()
				if err != nil {
					return err
				}
				_, err = sio.out.Write(data)
				return err
			}
		}),
	})
	addCommand("calibrate", &command{
		name:    "check",
		summary: "check a calibration file and say what is missing or wrong",
		usage:   "[--file calibration.yaml]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			return func(sio *stdio, args []string) error {
				if err := fillSettings(file, nil, nil); err != nil {
					return err
				}
				if len(args) != 0 {
					return noArgs("check")
				}
				if _, err := calibration.Load(*file); err != nil {
					return err
				}
				sio.say(errmsg.M("cal.file-ok", *file))
				return nil
			}
		}),
	})
}

// calibrationFileFlag adds the --file flag every calibration step takes;
// left empty, fillSettings names the robot's calibration file.
func calibrationFileFlag(fs *flag.FlagSet) *string {
	return fs.String("file", "", "the calibration file ("+calibrationDefault+")")
}

// loadOrDefault loads the calibration file to update, or starts from the
// defaults when there is none yet; a file that exists but is broken is an
// error, so a step never silently throws away a good calibration.
func loadOrDefault(path string) (*calibration.File, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return calibration.Default(), nil
	}
	return calibration.Load(path)
}
