package sim

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"tengen/arm"
	"tengen/arm/armsim"
	"tengen/rules"
)

// errNoDevice is what the serial driver says while the USB cable is out:
// the port is gone and cannot be opened again.
var errNoDevice = errors.New("serial /dev/ttyACM0: open: no such file or directory (the USB cable is unplugged)")

// silenceDeadline is how long the controller runs on without hearing from
// the host before it stops (the firmware's host-silence deadline).
const silenceDeadline = 500 * time.Millisecond

// cable is the USB cable between the host and the in-process arm
// (armsim), so that it can be pulled as --firmware's line proxy pulls the
// pty: while it is out every call fails as the serial driver's do when the
// port has vanished, and the controller, hearing nothing, stops at its
// silence deadline with the host-silent fault latched, as the firmware
// does. Times are the model's.
type cable struct {
	*armsim.Sim

	mu        sync.Mutex
	out, back time.Duration // unplugged over [out, back); back 0: plugged in
}

// unplug pulls the cable d from now and plugs it back after outage.
func (c *cable) unplug(d, outage time.Duration) {
	now := c.Sim.Now()
	c.mu.Lock()
	c.out, c.back = now+d, now+d+outage
	c.mu.Unlock()
	c.Sim.After(d+silenceDeadline, armsim.Fault(arm.FaultHostSilent))
}

// gone returns errNoDevice while the cable is out.
func (c *cable) gone() error {
	now := c.Sim.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.back == 0 || now < c.out:
		return nil
	case now < c.back:
		return errNoDevice
	}
	c.back = 0
	return nil
}

// through runs a call over the cable: refused while it is out, and failed
// if the cable was pulled while the call was under way.
func (c *cable) through(call func() error) error {
	if err := c.gone(); err != nil {
		return err
	}
	err := call()
	if gerr := c.gone(); gerr != nil {
		if err != nil {
			return fmt.Errorf("%w (%v)", gerr, err)
		}
		return gerr
	}
	return err
}

// Queue, Drain, SetPump, SetValve, Status, Stop and ClearFaults implement
// arm.Driver over the cable.
func (c *cable) Queue(ctx context.Context, sps ...arm.Setpoint) error {
	return c.through(func() error { return c.Sim.Queue(ctx, sps...) })
}
func (c *cable) Drain(ctx context.Context) error {
	return c.through(func() error { return c.Sim.Drain(ctx) })
}
func (c *cable) SetPump(on bool, load rules.Color) error {
	return c.through(func() error { return c.Sim.SetPump(on, load) })
}
func (c *cable) SetValve(open bool) error {
	return c.through(func() error { return c.Sim.SetValve(open) })
}
func (c *cable) Stop() error        { return c.through(c.Sim.Stop) }
func (c *cable) ClearFaults() error { return c.through(c.Sim.ClearFaults) }
func (c *cable) Status(ctx context.Context) (arm.Status, error) {
	var st arm.Status
	err := c.through(func() (err error) {
		st, err = c.Sim.Status(ctx)
		return err
	})
	return st, err
}
