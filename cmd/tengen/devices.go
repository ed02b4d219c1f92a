package main

import (
	"context"
	"fmt"

	"tengen/game"
	"tengen/rig"
	"tengen/sim"
)

// devices are the eyes and the hand `play` and `exhibit` run on: the
// simulated robot (--sim) or the real one, wrapped for systemd's watchdog.
type devices struct {
	eyes game.Eyes
	hand game.Hand
	size int
	rb   *sim.Robot // the simulated robot, nil on the real one
	svc  *service
	rg   *rig.Rig
}

// deviceOptions say which devices to open.
type deviceOptions struct {
	simulate bool
	// firmware, with simulate, runs the arm on the real firmware in simavr.
	firmware bool
	// camera is, with simulate, "rendered" (the default) or "truth";
	// otherwise the real camera (default: the calibration's).
	camera string
	// world, with simulate, is the file the simulated board is kept in;
	// "" starts a fresh board.
	world string
	seed  uint64
	hw    rigOptions
	// command names the command in errors ("play"); doing is what the
	// service reports to systemd ("playing").
	command, doing string
}

// openDevices opens the devices; Close releases them, parking the arm if
// ctx was cancelled (a stop).
func openDevices(ctx context.Context, sio *stdio, o deviceOptions) (*devices, error) {
	d := &devices{}
	if o.simulate {
		if o.camera == "" {
			o.camera = "rendered"
		}
		cam, err := simCamera(o.camera)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", errUsage, err)
		}
		w := sim.NewWorld(sim.SeedLayout(), o.seed)
		if o.world != "" {
			if w, err = sim.LoadWorld(o.world, sim.SeedLayout(), o.seed); err != nil {
				return nil, err
			}
		}
		if o.firmware {
			d.rb, err = sim.NewFirmwareRobot(ctx, w, dataPath("firmware"), cam)
		} else {
			d.rb, err = sim.NewRobotIn(w, o.seed, cam)
		}
		if err != nil {
			return nil, err
		}
		d.eyes, d.hand, d.size = d.rb.Eyes, d.rb.Hand(), w.Layout.Size
	} else {
		rg, err := o.hw.open(o.camera, sio)
		if err != nil {
			return nil, err
		}
		if rg.Arm == nil {
			rg.Close()
			return nil, usageMsg("err.needs-arm", o.command)
		}
		d.rg = rg
		d.eyes, d.hand, d.size = rg.Eyes, rg.Hand(), rg.Cal.Board.Size
	}
	d.svc = startService(ctx, sio, o.doing)
	d.eyes, d.hand = d.svc.eyes(d.eyes), d.svc.hand(d.hand)
	return d, nil
}

// Close parks the arm after a stop and releases the devices.
func (d *devices) Close(ctx context.Context) {
	parkOnStop(ctx, d.hand, d.svc)
	if d.rb != nil {
		d.rb.Close()
	}
	if d.rg != nil {
		d.rg.Close()
	}
}
