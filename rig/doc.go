// Package rig assembles the robot's real devices from the calibration
// file and a few flags: the camera and the vision code behind the game's
// Eyes, the arm (through our firmware over a serial port, or driven
// directly by the Raspberry Pi) behind its Hand. It is what `tengen play`,
// `tengen exhibit` and `tengen calibrate` open when they run without
// --sim. The wiring it expects is README's "The hardware"; the file is
// the calibration package's format.
package rig
