package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"time"

	"tengen/game"
	"tengen/i18n"
	"tengen/i18n/errmsg"
	"tengen/rig"
)

// rigOptions are the flags that name the real robot's devices, shared by
// play, exhibit and the referee. Left out, they are the robot's settings
// (fillSettings).
type rigOptions struct {
	calibration *string
	arm         *string
}

func rigFlags(fs *flag.FlagSet) rigOptions {
	return rigOptions{
		calibration: fs.String("calibration", "", "without --sim: the calibration file (what tengen calibrate writes; "+calibrationDefault+")"),
		arm:         armFlag(fs, "without --sim: the arm, serial:PORT (our firmware on the Arduino), pi (driven by this Pi, README wiring), sim (a dry run on the simulated arm) or none"),
	}
}

// open opens the real robot: camera (empty: the settings', else the
// calibration's), arm.
func (o rigOptions) open(camera string, sio *stdio) (*rig.Rig, error) {
	if err := fillSettings(o.calibration, o.arm, &camera); err != nil {
		return nil, err
	}
	return rig.Open(rig.Config{Calibration: *o.calibration, Camera: camera, Arm: *o.arm,
		Notify: func(s string) { fmt.Fprintln(sio.err, s) }})
}

// settingsFile is the installed robot's settings file; tests set it to "".
var settingsFile = rig.SettingsFile

// fillSettings sets each of the calibration file, arm and camera flags
// (nil: not one the command has) left empty to the robot's settings
// (rig.LoadSettings: the environment, else the installed robot's settings
// file), so a command run by hand on the robot drives what the service
// drives. The settings are read only when a flag is left empty.
func fillSettings(calibration, arm, camera *string) error {
	flags := []*string{calibration, arm, camera}
	if !slices.ContainsFunc(flags, func(p *string) bool { return p != nil && *p == "" }) {
		return nil
	}
	s, err := rig.LoadSettings(settingsFile)
	if err != nil {
		return err
	}
	for i, v := range []string{s.Calibration, s.Arm, s.Camera} {
		if flags[i] != nil && *flags[i] == "" {
			*flags[i] = v
		}
	}
	return nil
}

// calibrationDefault says, in a flag's help, which calibration file a
// command reads when its flag is left empty (fillSettings).
const calibrationDefault = "default: calibration.yaml in TENGEN_DATA from the environment or " + rig.SettingsFile + ", else in this folder"

// armFlag adds the --arm flag of the commands that move the real arm;
// empty, the robot's settings name it.
func armFlag(fs *flag.FlagSet, usage string) *string {
	return fs.String("arm", "", usage+" (default: TENGEN_ARM and TENGEN_PORT from the environment or "+rig.SettingsFile+", else "+rig.DefaultArm+")")
}

// faultOperator is where a game waits after a fault its session cannot
// get past, and says (v) what happens. On the real robot a transient fault
// (rig.Transient: the arm's controller restarted, its link dropped) is got
// past by the robot itself: after selfResumePause the game resumes from
// its journal, which homes the arm (a stone the controller kept on the
// nozzle through the fault goes back to its bowl, arm.Arm.Home) and puts
// the board right. More than
// selfResumes of them within selfResumeSpan, or any other fault, call the
// operator, who puts it right and says to go on: Enter on the terminal, or
// resume on the page or the table's buttons (ctl, when remote says they
// are there: a service has no terminal). In a simulation, with nobody to
// call, the fault is logged and the game resumes at once; the same fault
// simFaultResumes times in a row (a fault that stays, such as a simulator
// that died) ends the run.
func faultOperator(sio *stdio, pr *i18n.Printer, simulate bool, ctl *controls, remote bool, v game.Voice) func(context.Context, error) error {
	say := func(key, text string, fault error) {
		if v != nil {
			v.Say(game.Message{Key: key, Args: []string{fault.Error()}, Text: text + " " + fault.Error()})
		}
	}
	retry := func(fault error) { say("fault-retry", "Something went wrong; I put it right myself and go on:", fault) }
	if !simulate {
		var recent []time.Time
		return func(ctx context.Context, fault error) error {
			now := time.Now()
			recent = slices.DeleteFunc(recent, func(t time.Time) bool { return now.Sub(t) > selfResumeSpan })
			if rig.Transient(fault) && len(recent) < selfResumes {
				recent = append(recent, now)
				retry(fault)
				fmt.Fprintln(sio.out, pr.T("cli.fault-self-resume", pr.Error(fault)))
				select {
				case <-time.After(selfResumePause):
					return nil
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			recent = nil
			say("fault", "Something went wrong; I have called the operator:", fault)
			fmt.Fprintln(sio.out, "\a"+pr.T("cli.operator-fault", pr.Error(fault)))
			return waitGoOn(ctx, sio, ctl, remote)
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
		retry(fault)
		fmt.Fprintln(sio.out, pr.T("cli.fault-resuming", pr.Error(fault)))
		return nil
	}
}

// How often, and how soon after a transient fault, the real robot
// resumes by itself.
const (
	selfResumes    = 3
	selfResumeSpan = 2 * time.Minute
)

// selfResumePause lets the arm's controller settle (a restart, a USB
// port coming back) before the game resumes; a variable for the tests.
var selfResumePause = 3 * time.Second

// waitGoOn waits for the operator's word to go on: a line on the
// terminal, or (remote) a resume request from the page or the buttons.
// The game is stopped meanwhile, so the requests are read here; others
// than resume are dropped, as they mean nothing to a stopped game.
func waitGoOn(ctx context.Context, sio *stdio, ctl *controls, remote bool) error {
	sio.dropLine()
	enter := make(chan error, 1)
	lineCtx, stop := context.WithCancel(ctx)
	defer stop()
	go func() {
		_, err := sio.readLine(lineCtx)
		enter <- err
	}()
	for {
		select {
		case err := <-enter:
			if !errors.Is(err, io.EOF) {
				return err
			}
			if !remote {
				return errmsg.New("err.no-operator")
			}
			enter = nil // no terminal: the page or the buttons will say
		case r := <-ctl.reqs:
			if remote && r == game.RequestResume {
				return nil
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

const simFaultResumes = 10
