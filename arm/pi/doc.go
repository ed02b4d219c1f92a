// Package pi drives the arm straight from a Raspberry Pi through
// periph.io: the three servos from a PCA9685 16-channel PWM board on I2C
// (NXP PCA9685 datasheet; 50 Hz frames by default, the pulse width mapped
// to the chip's 4096 counts per frame by the driver itself, so one count
// is about 4.9 µs, or 1.3 µs at 200 Hz for digital servos),
// the pump and the release valve on GPIO outputs, the normally-closed
// e-stop on a GPIO input with pull-up, and the vacuum sensor on an ADS1115
// ADC (TI ADS1115 datasheet). Pins follow the README's wiring table.
//
// The Driver is an arm.Driver: a goroutine moves along the queued
// setpoints every frame, interpolating linearly in pulse width, checks the
// e-stop each frame and stops motion the moment it opens, keeping the
// grip (a held stone stays held) up to arm.GripLimit, as the firmware
// does. An I2C failure, which leaves no way to carry the stone to its
// bowl, and Close switch the pump off. When the program dies instead, the
// pins and the PCA9685 keep their state: Open adopts a running pump (the
// stone's colour written down in a file on /run) and the pulses still
// going out, so that the next run takes the stone home from where the arm
// stands.
// Tests run it on periph's gpiotest pins and a register-level fake of the
// two chips behind i2ctest.Record.
package pi
