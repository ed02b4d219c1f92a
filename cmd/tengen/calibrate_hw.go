package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"tengen/arm"
	"tengen/arm/serial"
	"tengen/calibration"
	"tengen/rig"
)

// The calibration steps that move the arm.
func init() {
	addCommand("calibrate", &command{
		name:    "arm",
		summary: "touch-off: jog the nozzle onto the board's corners and centre, the bowls and the parking spot",
		usage:   "[--file calibration.yaml] [--arm serial:PORT|pi|sim]",
		flags: func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			armSpec := fs.String("arm", "serial:/dev/ttyACM0", "the arm: serial:PORT, pi, or sim (a dry run on the simulated arm)")
			hover := fs.Float64("hover", 10, "mm above the expected place each point starts at")
			return func(sio *stdio, args []string) error {
				if len(args) != 0 {
					return usageError("arm takes no arguments")
				}
				f, err := loadOrDefault(*file)
				if err != nil {
					return err
				}
				a, err := openArm(*armSpec, f)
				if err != nil {
					return err
				}
				defer a.Close()
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				to := &rig.TouchOff{Arm: a, In: sio.in, Out: sio.out, Hover: *hover}
				got, _, err := to.Run(ctx, f.Arm, f.Board.Size)
				if err != nil {
					return err
				}
				f.Arm = got
				// Only a complete step is written, and atomically, so the
				// last good file survives anything that stops it.
				if err := calibration.Save(*file, f); err != nil {
					return err
				}
				if err := a.Park(ctx); err != nil {
					fmt.Fprintf(sio.err, "parking: %v\n", err)
				}
				_, err = fmt.Fprintf(sio.out, "arm calibration saved to %s\n", *file)
				return err
			}
		},
	})
}

// openArm opens the arm named by spec with the calibration f.
func openArm(spec string, f *calibration.File) (*arm.Arm, error) {
	if spec == "none" {
		return nil, usageError("this step needs the arm: --arm serial:PORT, pi or sim")
	}
	drv, err := rig.OpenDriver(spec, f.Arm, serial.Options{})
	if err != nil {
		return nil, err
	}
	a, err := arm.New(drv, f.Arm, arm.Options{BoardSize: f.Board.Size})
	if err != nil {
		drv.Close()
		return nil, err
	}
	return a, nil
}
