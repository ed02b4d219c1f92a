package arm

import (
	"context"
	"time"

	"tengen/rules"
)

// Pulses are the three servos' pulse widths in microseconds, servo 1 first
// (arm 1 at −Y in the conventions of KINEMATICS.md).
type Pulses [3]uint16

// Setpoint asks the servos to arrive at Pulses Duration after the previous
// setpoint (or after the current position for the first), moving linearly
// in pulse width in between.
type Setpoint struct {
	Pulses   Pulses
	Duration time.Duration
}

// Faults are the conditions that stop motion; the device latches them
// until they are cleared.
type Faults uint16

const (
	FaultEStop       Faults = 1 << iota // emergency stop pressed (or its wire broken)
	FaultHostSilent                     // the host fell silent past the deadline
	FaultQueueUnder                     // the queue ran dry mid-move
	FaultQueueOver                      // a setpoint arrived with the queue full
	FaultBadSetpoint                    // a pulse outside the configured limits
	FaultReset                          // the device restarted (power-up or watchdog)
)

// Status is what the device reports about itself.
type Status struct {
	Queued int     // setpoints waiting, the one in progress included
	Pulses Pulses  // the pulses being output now
	Vacuum float64 // vacuum reading in kPa below ambient (0 = nothing held)
	Pump   bool
	Valve  bool
	// Load is the colour of the stone the running pump holds, as the host
	// said when it switched the pump on (SetPump), kept by the device as
	// long as the pump runs: after a host restart it tells which bowl a
	// stone still on the nozzle belongs in. Empty: the pump is off, the
	// host did not say, or the device does not keep it.
	Load    rules.Color
	Faults  Faults
	Version string // firmware or driver version
}

// GripLimit is how long a device keeps its pump running with a fault
// latched. A fault stops motion but keeps the grip, so a stone on the
// nozzle is not dropped wherever the arm stopped (between points, on other
// stones, off the board) but carried to its bowl once the fault clears
// (Arm.Home); past GripLimit nobody is coming soon, and the pump goes off
// rather than run against a sealed cup for hours. The firmware has the
// same limit (firmware/PROTOCOL.md, "Safety on the MCU").
const GripLimit = 5 * time.Minute

// GripTimer times a grip kept through a latched fault, for the drivers
// that keep GripLimit on the host (the simulated arm, the Pi-direct one).
type GripTimer struct{ held time.Duration }

// Expired adds dt to the time the grip has been kept while gripping (the
// pump running with a fault latched), starts again from zero otherwise,
// and reports whether limit is reached: the pump then goes off.
func (g *GripTimer) Expired(gripping bool, dt, limit time.Duration) bool {
	if !gripping {
		g.held = 0
		return false
	}
	g.held += dt
	return g.held >= limit
}

// Driver moves the servos and works the gripper. Implementations must be
// safe to call from one goroutine at a time; they leave the device safe
// (motion stopped) when they return an error, with the grip as it was:
// a latched fault, Stop and an abandoned call never switch the pump off,
// so a held stone stays held (up to GripLimit); power-up and Close do.
type Driver interface {
	// Queue appends setpoints to the device's motion queue, blocking while
	// the queue is full (flow control) or until ctx is done.
	Queue(ctx context.Context, sp ...Setpoint) error
	// Drain waits until every queued setpoint has been executed.
	Drain(ctx context.Context) error
	// SetPump switches the vacuum pump, telling the device the colour of
	// the stone it is to hold (load; Empty when none is known), which
	// Status reports back while the pump runs; SetValve opens (true) or
	// closes the release valve.
	SetPump(on bool, load rules.Color) error
	SetValve(open bool) error
	// Status reads the device's state, the vacuum reading included.
	Status(ctx context.Context) (Status, error)
	// Stop halts motion at once and empties the queue, keeping the grip;
	// ClearFaults acknowledges latched faults so motion may resume.
	Stop() error
	ClearFaults() error
	// Close releases the port or bus; the device is left safe.
	Close() error
}
