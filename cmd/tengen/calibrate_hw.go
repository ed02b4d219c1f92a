package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/arm/serial"
	"tengen/calibration"
	"tengen/i18n/errmsg"
	"tengen/rig"
)

// The calibration steps that move the arm.
func init() {
	addCommand("calibrate", &command{
		name:    "arm",
		summary: "touch-off: jog the nozzle onto the board's corners and centre, the bowls and the parking spot; learn the vacuum threshold",
		usage:   "[--file calibration.yaml] [--arm serial:PORT|pi|sim]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			armSpec := armFlag(fs, "the arm: serial:PORT, pi, or sim (a dry run on the simulated arm)")
			hover := fs.Float64("hover", 10, "mm above the expected place each point starts at")
			return func(sio *stdio, args []string) error {
				if err := fillSettings(file, armSpec, nil); err != nil {
					return err
				}
				return armStep(sio, "arm", args, loadOrDefault, *file, *armSpec, func(ctx context.Context, f *calibration.File, a *arm.Arm, drv arm.Driver) error {
					to := &rig.TouchOff{Arm: a, Driver: drv, In: sio.in, Out: sio.out, Words: sio.words, Hover: *hover}
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
					sio.say(errmsg.M("cal.arm-saved", *file))
					return nil
				})
			}
		}),
	})
}

func init() {
	addCommand("calibrate", &command{
		name:    "verify",
		summary: "check the arm at the board's corners and centre: the camera measures where it puts a stone on each (or a person looks at the nozzle)",
		usage:   "[--file calibration.yaml] [--arm serial:PORT|pi|sim] [--sim] [--ask] [--tolerance MM] [--json]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			armSpec := armFlag(fs, "the arm: serial:PORT, pi, or sim (the simulated arm, whose true tip is the check, with no camera)")
			simulate := fs.Bool("sim", false, "the simulated robot: its arm, and its rendered camera read by the vision code")
			ask := fs.Bool("ask", false, "instead of the camera, a person looks at the nozzle over each point and answers how far off it is")
			hover := fs.Float64("hover", 3, "with --ask or --arm sim: mm above each point the nozzle stops at")
			tol := fs.Float64("tolerance", 1.5, "the most (mm) the nozzle, or a stone it put down, may be off a point")
			jsonOut := fs.Bool("json", false, "print the measurements as JSON on the last line")
			return func(sio *stdio, args []string) error {
				if len(args) != 0 {
					return noArgs("verify")
				}
				report := func(got []rig.Verified, verr error) error {
					type point struct {
						Point string  `json:"point"`
						OffMM float64 `json:"off_mm"`
					}
					var res struct {
						OK     bool    `json:"ok"`
						Points []point `json:"points"`
					}
					for _, v := range got {
						sio.say(errmsg.M("cal.verify-off", v.Point.String(), fmt.Sprintf("%.2f", v.Off)))
						res.Points = append(res.Points, point{v.Point.String(), v.Off})
					}
					res.OK = verr == nil
					if res.OK {
						sio.say(errmsg.M("cal.verify-ok"))
					}
					if *jsonOut {
						if err := printJSON(sio, res); err != nil {
							return err
						}
					}
					return verr
				}
				if !*simulate {
					if err := fillSettings(file, armSpec, nil); err != nil {
						return err
					}
				}
				if *simulate || !*ask && *armSpec != "sim" {
					ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
					defer stop()
					return verifyStones(ctx, sio, *simulate, rigOptions{calibration: file, arm: armSpec}, *tol, report)
				}
				return armStep(sio, "verify", args, calibration.Load, *file, *armSpec, func(ctx context.Context, f *calibration.File, a *arm.Arm, drv arm.Driver) error {
					// The simulated arm knows its true tip; on real hardware the
					// person at the board looks and answers.
					check := rig.AskCheck(sio.in, sio.out, sio.words)
					if sim, ok := drv.(*armsim.Sim); ok && !*ask {
						check = rig.TipCheck(sim.Tip)
					}
					return report(rig.Verify(ctx, a, f.Board.Size, *hover, *tol, check))
				})
			}
		}),
	})
}

// verifyStones runs rig.VerifyStones on the robot, real or simulated, and
// reports what it measured.
func verifyStones(ctx context.Context, sio *stdio, simulate bool, hw rigOptions, tolerance float64, report func([]rig.Verified, error) error) error {
	d, err := openDevices(ctx, sio, deviceOptions{simulate: simulate, hw: hw, seed: 1, command: "calibrate verify", doing: "verifying the arm"})
	if err != nil {
		return err
	}
	defer d.Close(ctx)
	var a *arm.Arm
	if d.rb != nil {
		a = d.rb.Arm
	} else {
		a = d.rg.Arm
	}
	sio.say(errmsg.M("cal.verify-intro"))
	return report(rig.VerifyStones(ctx, d.hand, d.eyes, a.Layout(), tolerance))
}

func init() {
	addCommand("calibrate", &command{
		name:    "servos",
		summary: "find each servo's pulse at 0° and its µs per degree by guided jogging (forearms unhooked)",
		usage:   "[--file calibration.yaml] [--arm serial:PORT|pi|sim]",
		flags: withLang(func(fs *flag.FlagSet) func(*stdio, []string) error {
			file := calibrationFileFlag(fs)
			armSpec := armFlag(fs, "the arm: serial:PORT, pi, or sim (a dry run on the simulated arm)")
			return func(sio *stdio, args []string) error {
				if err := fillSettings(file, armSpec, nil); err != nil {
					return err
				}
				if len(args) != 0 {
					return noArgs("servos")
				}
				f, err := loadOrDefault(*file)
				if err != nil {
					return err
				}
				if *armSpec == "none" {
					return usageMsg("err.step-needs-arm")
				}
				drv, err := rig.OpenDriver(*armSpec, f.Arm, serial.Options{})
				if err != nil {
					return err
				}
				defer drv.Close()
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				sio.say(errmsg.M("cal.servos-intro"))
				sj := &rig.ServoJog{Driver: drv, In: sio.in, Out: sio.out, Words: sio.words}
				servos, err := sj.Run(ctx, f.Arm.Servos)
				if err != nil {
					return err
				}
				f.Arm.Servos = servos
				if err := calibration.Save(*file, f); err != nil {
					return err
				}
				sio.say(errmsg.M("cal.servos-saved", *file))
				return nil
			}
		}),
	})
}

// armStep runs a calibration step that moves the arm: it takes no
// arguments, loads the calibration file with load, opens the arm it
// names, runs body until done or interrupted and parks the arm.
func armStep(sio *stdio, name string, args []string, load func(string) (*calibration.File, error), file, spec string,
	body func(ctx context.Context, f *calibration.File, a *arm.Arm, drv arm.Driver) error) error {
	if len(args) != 0 {
		return noArgs(name)
	}
	f, err := load(file)
	if err != nil {
		return err
	}
	a, drv, err := openArm(spec, f)
	if err != nil {
		return err
	}
	defer a.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = body(ctx, f, a, drv)
	if perr := a.Park(ctx); perr != nil {
		fmt.Fprintln(sio.err, sio.words(errmsg.M("cal.parking-failed", perr)))
	}
	return err
}

// openArm opens the arm named by spec with the calibration f, and
// returns its driver too.
func openArm(spec string, f *calibration.File) (*arm.Arm, arm.Driver, error) {
	if spec == "none" {
		return nil, nil, usageMsg("err.step-needs-arm")
	}
	drv, err := rig.OpenDriver(spec, f.Arm, serial.Options{})
	if err != nil {
		return nil, nil, err
	}
	a, err := arm.New(drv, f.Arm, arm.Options{BoardSize: f.Board.Size})
	if err != nil {
		drv.Close()
		return nil, nil, fmt.Errorf("%w (%w)", err, errmsg.New("err.run-calibrate-arm"))
	}
	return a, drv, nil
}
