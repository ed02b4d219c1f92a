package rig

import (
	"context"
	"fmt"
	"math"
	"time"

	"tengen/arm"
	"tengen/kinematics"
	"tengen/rules"
)

// LearnVacuum finds the vacuum threshold with the nozzle resting on a
// stone (the top stone of a bowl, where touch-off left it): readings
// with the pump on and the stone sealing the cup, then, lifted clear,
// with the cup open. The threshold is halfway between the weakest seal
// and the strongest open reading; too small a gap is an error, since
// the arm could then not tell whether it holds a stone.
func LearnVacuum(ctx context.Context, a *arm.Arm, drv arm.Driver) (threshold, held, open float64, err error) {
	hold := func(d time.Duration) error {
		st, err := drv.Status(ctx)
		if err != nil {
			return err
		}
		if err := drv.Queue(ctx, arm.Setpoint{Pulses: st.Pulses, Duration: d}); err != nil {
			return err
		}
		return drv.Drain(ctx)
	}
	// read runs the pump, lets the vacuum settle and returns the least
	// and the greatest of a few readings.
	read := func() (lo, hi float64, err error) {
		if err := drv.SetPump(true, rules.Empty); err != nil {
			return 0, 0, err
		}
		defer drv.SetPump(false, rules.Empty)
		if err := hold(400 * time.Millisecond); err != nil {
			return 0, 0, err
		}
		lo, hi = math.Inf(1), math.Inf(-1)
		for i := 0; i < 5; i++ {
			if err := hold(50 * time.Millisecond); err != nil {
				return 0, 0, err
			}
			st, err := drv.Status(ctx)
			if err != nil {
				return 0, 0, err
			}
			lo, hi = math.Min(lo, st.Vacuum), math.Max(hi, st.Vacuum)
		}
		return lo, hi, nil
	}
	held, _, err = read()
	if err != nil {
		return 0, 0, 0, fmt.Errorf("vacuum with a stone: %w", err)
	}
	// Let the stone go where it was, then measure in the open air.
	if err := drv.SetValve(true); err != nil {
		return 0, 0, 0, err
	}
	if err := hold(300 * time.Millisecond); err != nil {
		return 0, 0, 0, err
	}
	if err := drv.SetValve(false); err != nil {
		return 0, 0, 0, err
	}
	if err := a.Jog(ctx, kinematics.Vec3{0, 0, 20}); err != nil {
		return 0, 0, 0, err
	}
	_, open, err = read()
	if err != nil {
		return 0, 0, 0, fmt.Errorf("vacuum in the open: %w", err)
	}
	if held-open < 4 {
		return 0, held, open, fmt.Errorf("vacuum: %.1f kPa on a stone against %.1f kPa in the open is no clear difference: is the nozzle on the stone's centre, the cup whole and the tube tight?", held, open)
	}
	return (held + open) / 2, held, open, nil
}
