package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"tengen/i18n/errmsg"
	"tengen/rig"
)

// rigOptions are the flags that name the real robot's devices, shared by
// play, exhibit and the calibration steps that move the arm.
type rigOptions struct {
	calibration *string
	arm         *string
}

func rigFlags(fs *flag.FlagSet) rigOptions {
	return rigOptions{
		calibration: fs.String("calibration", rig.DefaultCalibration, "without --sim: the calibration file (what tengen calibrate writes)"),
		arm:         fs.String("arm", "serial:/dev/ttyACM0", "without --sim: the arm, serial:PORT (our firmware on the Arduino), pi (driven by this Pi, README wiring), sim (a dry run on the simulated arm) or none"),
	}
}

// open opens the real robot: camera (empty: the calibration's), arm.
func (o rigOptions) open(camera string, sio *stdio) (*rig.Rig, error) {
	return rig.Open(rig.Config{Calibration: *o.calibration, Camera: camera, Arm: *o.arm,
		Notify: func(s string) { fmt.Fprintln(sio.err, s) }})
}

// waitEnter waits for a line on stdin, or for ctx to end.
func waitEnter(ctx context.Context, sio *stdio) error {
	done := make(chan error, 1)
	go func() {
		_, err := bufio.NewReader(sio.in).ReadString('\n')
		done <- err
	}()
	select {
	case err := <-done:
		if errors.Is(err, io.EOF) {
			return errmsg.New("err.no-operator")
		}
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
