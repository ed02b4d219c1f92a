// Package doctor checks that a Raspberry Pi is ready to run Tengen: the
// camera, the arm's controller (USB serial port and firmware protocol) or
// the Pi's own I2C servo board, ADC and GPIO pins, the calibration file,
// free disk space, the clock, and the user's groups. Each check says what
// it found and, when it fails, what to do about it, in the style of
// `brew doctor`; `tengen doctor` prints the report.
//
// The checks reach the machine only through the small interfaces of Host
// (device files under a root directory, a V4L2 probe, a firmware
// handshake, periph.io's i2c.Bus and gpio.PinIO, a disk, the user
// database, a command runner, a clock), so tests make each check fail in
// turn with fakes: a temporary root, periph's i2ctest and gpiotest, a
// scripted command runner. System returns the real Host; its firmware
// check is the serial driver's own handshake (arm/serial), tested against
// the real firmware running in simavr.
//
// The wiring and addresses checked are those of the README's wiring
// table: PCA9685 at 0x40 and ADS1115 at 0x48 on I2C bus 1, the pump on
// GPIO17, the release valve on GPIO27, the emergency stop on GPIO22 (a
// normally closed switch to ground with a pull-up: low = released).
package doctor
