// Package arm is the robot's arm as a device: the pick-and-place API the
// game uses, built on a Driver that reaches the servos, the vacuum pump,
// the release valve, the vacuum sensor and the emergency stop.
//
// Drivers: serial (our firmware on an ATmega328P, package arm/serial),
// Pi direct (PCA9685 servos, GPIO pump and valve, ADS1115 sensor, package
// arm/pi), and a simulated twin for tests and the simulator (arm/armsim).
//
// An Arm plans every move with package kinematics (straight up, across at
// travel height, straight down; joint speed and acceleration limits) in
// the conventions of KINEMATICS.md, turns joint angles into pulses with
// the servo calibration (pulse = ZeroUS + USPerDegree·θ within
// [MinUS, MaxUS]) and places the board, the bowls and the parking spot
// from the calibration file. Dwells (the pump settling, the valve venting)
// are queued as setpoints too, so they run on the device's clock.
//
// Picking is confirmed by the vacuum sensor: a reading at or above the
// calibration's threshold means a stone seals the cup. A miss is retried
// on rings around the first spot before the error reports it. Any failure
// leaves the arm safe (motion stopped, valve closed) and the pose unknown
// until Home; the pump goes off too unless a stone is on the nozzle. A
// stone held through a failure stays held (the drivers and the firmware
// keep the grip on a fault, the e-stop and host silence included, for up
// to GripLimit) rather than fall wherever the arm stopped, and Home
// carries it to its bowl before parking (Unloaded tells). Hand adapts an
// Arm to the game's view of it; its retry homes first, so the stone goes
// back to its bowl and the move is made again.
package arm
