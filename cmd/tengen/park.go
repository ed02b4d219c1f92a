package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"tengen/arm"
	"tengen/calibration"
	"tengen/i18n"
	"tengen/i18n/errmsg"
)

// tengen park: the arm after a crash, by hand or from tengen-park.service
// when systemd gives up restarting the robot's service.
func init() {
	addCommand("", &command{
		name:    "park",
		summary: "bring the arm home after a crash: a stone still on the nozzle goes back to its bowl, the arm parks, the pump goes off",
		usage:   "[--arm serial:PORT|pi|sim] [--calibration FILE]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := fs.String("calibration", "", "the calibration file ("+calibrationDefault+")")
			armSpec := armFlag(fs, "the arm: serial:PORT, pi, or sim")
			return func(sio *stdio, args []string) error {
				if len(args) != 0 {
					return noArgs("park")
				}
				if err := fillSettings(file, armSpec, nil); err != nil {
					return err
				}
				f, err := calibration.Load(*file)
				if err != nil {
					return err
				}
				a, _, err := openArm(*armSpec, f)
				if err != nil {
					return err
				}
				defer a.Close() // the pump goes off
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				return park(ctx, sio, a)
			}
		}),
	})
}

// park homes a (Arm.Home: a stone the driver kept through a crash goes
// to its bowl). A stone nobody knows the colour of stays on the nozzle,
// where it is, until a person takes it off and presses Enter; with
// nobody at a terminal (the service) the pump goes off at once.
func park(ctx context.Context, sio *stdio, a *arm.Arm) error {
	err := a.Home(ctx)
	if !errors.Is(err, arm.ErrUnknownStone) {
		if err == nil {
			sio.say(errmsg.M("cal.parked"))
		}
		return err
	}
	fmt.Fprintln(sio.out, (&i18n.Printer{Lang: sio.lang}).Error(err))
	sio.say(errmsg.M("cal.park-enter"))
	if _, lerr := sio.readLine(ctx); lerr != nil {
		return err
	}
	return nil
}
