package arm

import (
	"context"
	"time"
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
	Queued  int     // setpoints waiting, the one in progress included
	Pulses  Pulses  // the pulses being output now
	Vacuum  float64 // vacuum reading in kPa below ambient (0 = nothing held)
	Pump    bool
	Valve   bool
	Faults  Faults
	Version string // firmware or driver version
}

// Driver moves the servos and works the gripper. Implementations must be
// safe to call from one goroutine at a time; they leave the device safe
// (motion stopped, pump off) when they return an error.
type Driver interface {
	// Queue appends setpoints to the device's motion queue, blocking while
	// the queue is full (flow control) or until ctx is done.
	Queue(ctx context.Context, sp ...Setpoint) error
	// Drain waits until every queued setpoint has been executed.
	Drain(ctx context.Context) error
	// SetPump switches the vacuum pump; SetValve opens (true) or closes the
	// release valve.
	SetPump(on bool) error
	SetValve(open bool) error
	// Status reads the device's state, the vacuum reading included.
	Status(ctx context.Context) (Status, error)
	// Stop halts motion at once, empties the queue and switches the pump
	// off; ClearFaults acknowledges latched faults so motion may resume.
	Stop() error
	ClearFaults() error
	// Close releases the port or bus; the device is left safe.
	Close() error
}
