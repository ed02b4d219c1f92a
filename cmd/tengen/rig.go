package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"tengen/i18n"
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

// faultOperator is where a game waits after a fault its session cannot
// get past: on the real robot for the operator to put it right and press
// Enter; in a simulation, with nobody to call, the fault is logged and the
// game resumes at once; the same fault simFaultResumes times in a row (a
// fault that stays, such as a simulator that died) ends the run.
func faultOperator(sio *stdio, pr *i18n.Printer, simulate bool) func(context.Context, error) error {
	if !simulate {
		return func(ctx context.Context, fault error) error {
			fmt.Fprintln(sio.out, "\a"+pr.T("cli.operator-fault", pr.Error(fault)))
			return waitEnter(ctx, sio)
		}
	}
	last, repeats := "", 0
	return func(ctx context.Context, fault error) error {
		if fault.Error() != last {
			last, repeats = fault.Error(), 0
		}
		if repeats++; repeats > simFaultResumes {
			return errmsg.New("err.sim-faults-persist", simFaultResumes)
		}
		fmt.Fprintln(sio.out, pr.T("cli.fault-resuming", pr.Error(fault)))
		return nil
	}
}

const simFaultResumes = 10

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
