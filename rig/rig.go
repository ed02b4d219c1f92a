package rig

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"tengen/i18n/errmsg"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/arm/pi"
	"tengen/arm/serial"
	"tengen/calibration"
	"tengen/doctor"
	"tengen/game"
	"tengen/kinematics"
	"tengen/rules"
)

// DefaultCalibration is the calibration file the robot reads when no
// other is named: the one `tengen calibrate` writes by default, in the
// folder tengen runs from.
const DefaultCalibration = "calibration.yaml"

// Config names the devices to open.
type Config struct {
	// Calibration is the calibration file [DefaultCalibration].
	Calibration string
	// Camera is a V4L2 device (/dev/video0 or 0), a folder of images or a
	// video file; empty: the calibration's camera.device.
	Camera string
	// Arm is "serial:PORT" (our firmware on an Arduino), "pi" (servos and
	// pump driven by this Raspberry Pi, README wiring), "sim" (a dry run on
	// the simulated arm) or "none" (a referee or a camera check needs no
	// arm).
	Arm        string
	ArmOptions arm.Options
	Serial     serial.Options
	// Notify, when set, is told what a person should know: a camera lost
	// and back.
	Notify func(string)
}

// Rig is the robot's real devices, open.
type Rig struct {
	Cal    *calibration.File
	Eyes   game.Eyes
	Arm    *arm.Arm // nil with Arm "none"
	camera io.Closer
}

// Hand is the game's hand, watched by the camera (WatchedHand), or nil
// when no arm was opened.
func (r *Rig) Hand() game.Hand {
	if r.Arm == nil {
		return nil
	}
	return &WatchedHand{Hand: arm.Hand{Arm: r.Arm}, Eyes: r.Eyes}
}

// Open loads the calibration and opens the camera and the arm it names.
// Each error says which device failed and what to do about it.
func Open(cfg Config) (*Rig, error) {
	if cfg.Calibration == "" {
		cfg.Calibration = DefaultCalibration
	}
	cal, err := calibration.Load(cfg.Calibration)
	if err != nil {
		return nil, err
	}
	drv, err := OpenDriver(cfg.Arm, cal.Arm, cfg.Serial)
	if err != nil {
		return nil, err
	}
	r := &Rig{Cal: cal}
	if drv != nil {
		opt := cfg.ArmOptions
		if opt.BoardSize == 0 {
			opt.BoardSize = cal.Board.Size
		}
		if r.Arm, err = arm.New(drv, cal.Arm, opt); err != nil {
			drv.Close()
			return nil, fmt.Errorf("%w (%w)", err, errmsg.New("err.arm-calibration", cfg.Calibration))
		}
	}
	name := cfg.Camera
	if name == "" {
		name = cal.Camera.Device
	}
	if r.Eyes, r.camera, err = openEyes(name, cal, cfg.Notify, r.Arm); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// Close releases the arm and the camera.
func (r *Rig) Close() error {
	var errs []error
	if r.Arm != nil {
		errs = append(errs, r.Arm.Close())
	}
	if r.camera != nil {
		errs = append(errs, r.camera.Close())
	}
	return errors.Join(errs...)
}

// OpenDriver opens the arm's driver named by spec: "serial:PORT", "pi",
// "sim" (the simulated arm of the calibration's geometry, for a dry run
// of a calibration step or a game) or "none" (nil, no error).
func OpenDriver(spec string, cal calibration.Arm, sopt serial.Options) (arm.Driver, error) {
	servos := cal.Servos
	switch {
	case spec == "none":
		return nil, nil
	case spec == "sim":
		// A table laid out as calibrated, with stones in the bowls, so a
		// dry run can pick and read the vacuum.
		lay := kinematics.Layout{Size: rules.DefaultSize, A1: kinematics.Vec3(cal.BoardA1),
			StepX: kinematics.Vec3(cal.BoardStepX), StepY: kinematics.Vec3(cal.BoardStepY),
			BlackBowl: kinematics.Vec3(cal.BlackBowl), WhiteBowl: kinematics.Vec3(cal.WhiteBowl), Park: kinematics.Vec3(cal.Park)}
		return armsim.New(armsim.Config{Geometry: kinematics.Geometry(cal.Geometry), Servos: servos,
			World: armsim.NewTable(lay, 8, 45, 20, 1)}, arm.Pulses{})
	case spec == "pi":
		d, err := pi.OpenHost(servos, pi.Sensor{})
		if err != nil {
			return nil, errmsg.Mark(err, "err.arm-pi", err.Error())
		}
		return d, nil
	case strings.HasPrefix(spec, "serial:") && len(spec) > len("serial:"):
		port := strings.TrimPrefix(spec, "serial:")
		if _, err := os.Stat(port); err != nil {
			return nil, errmsg.Mark(err, "err.no-arm-at", port)
		}
		d, err := serial.Open(port, sopt)
		if err != nil {
			err = doctor.FlashHint(err, port) // an old firmware: say how to flash the new one
			return nil, errmsg.Mark(err, "err.arm-at", port, err.Error())
		}
		return d, nil
	}
	return nil, errmsg.New("err.arm-spec", strconv.Quote(spec))
}
