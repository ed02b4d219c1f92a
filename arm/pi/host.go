package pi

import (
	"fmt"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/host/v3"

	"tengen/calibration"
)

// The README's wiring table for the Pi-direct arm.
const (
	I2CBus   = "1"      // GPIO2/GPIO3, pins 3 and 5
	PumpPin  = "GPIO17" // pin 11
	ValvePin = "GPIO27" // pin 13
	EStopPin = "GPIO22" // pin 15
)

// OpenHost opens the driver on this Raspberry Pi with the README's wiring:
// I2C bus 1 (PCA9685 at 0x40, servos on channels 0–2; ADS1115 at 0x48,
// sensor on A0), pump on GPIO17, valve on GPIO27, e-stop on GPIO22; the
// held stone's colour kept at LoadPath. The bus is closed again by Close,
// or at once when anything fails.
func OpenHost(servos [3]calibration.Servo, sensor Sensor) (*Driver, error) {
	if _, err := host.Init(); err != nil {
		return nil, fmt.Errorf("pi: periph host: %w", err)
	}
	pins := map[string]gpio.PinIO{}
	for _, name := range []string{PumpPin, ValvePin, EStopPin} {
		p := gpioreg.ByName(name)
		if p == nil {
			return nil, fmt.Errorf("pi: no GPIO pin %s on this machine (not a Raspberry Pi?)", name)
		}
		pins[name] = p
	}
	bus, err := i2creg.Open(I2CBus)
	if err != nil {
		return nil, fmt.Errorf("pi: I2C bus %s: %w", I2CBus, err)
	}
	d, err := Open(Config{Bus: bus, Pump: pins[PumpPin], Valve: pins[ValvePin], EStop: pins[EStopPin], Servos: servos, Sensor: sensor,
		LoadFile: LoadPath()})
	if err != nil {
		bus.Close()
		return nil, err
	}
	d.busCloser = bus
	return d, nil
}
