// Package deploy holds what puts Tengen on a Raspberry Pi and keeps it
// running: install.sh (packages, I2C and serial, the service user, udev
// rules, binaries, configuration, data directory, systemd unit), the unit
// tengen.service, the udev rules 99-tengen.rules and the service's
// environment file tengen.env. It has no Go code of its own: its tests run
// the installer into a temporary root with the hardware steps faked,
// check the unit with systemd-analyze verify, and check the udev rules.
// docs/RASPBERRY-PI.md is the guide.
package deploy
