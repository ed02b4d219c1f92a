package pi

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sync"
	"time"

	"periph.io/x/conn/v3/analog"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/ads1x15"
	"periph.io/x/devices/v3/pca9685"

	"tengen/arm"
	"tengen/calibration"
	"tengen/rules"
)

// Version is what Status reports as the driver's version.
const Version = "pi-direct 1"

// Sensor turns the vacuum sensor's voltage at the ADC into kPa below
// ambient: vacuum = (ZeroV − V)·KPaPerV. An MPXV6115V (4.6 V at ambient,
// falling 38.3 mV per kPa of vacuum) behind a 2:3 divider, for instance,
// reads ZeroV 3.07, KPaPerV 39.2.
type Sensor struct {
	ZeroV, KPaPerV float64
}

// Config is the wiring; zero fields take the defaults in brackets.
type Config struct {
	// Bus is the I2C bus with the PCA9685 and the ADS1115.
	Bus i2c.Bus
	// Pump and Valve drive the MOSFETs (high = on / open); EStop reads the
	// normally-closed stop switch to ground with a pull-up (high = stopped,
	// which a broken wire also gives). The pump pin is read back at Open:
	// a pump still running there holds a stone the last run left.
	Pump  gpio.PinIO
	Valve gpio.PinOut
	EStop gpio.PinIn
	// Servos bound the pulses the driver accepts.
	Servos [3]calibration.Servo
	// PWMAddr [0x40] and Channels [0, 1, 2] place the servos on the
	// PCA9685; OscillatorHz is its oscillator's true frequency [25 MHz],
	// worth measuring since it strays by a few percent.
	PWMAddr      uint16
	Channels     [3]int
	OscillatorHz float64
	// PWMHz is the servo frame rate [50]. One PCA9685 count is 1/4096 of a
	// frame: 4.9 µs at 50 Hz, about 0.4° of a 2000 µs/180° servo and up to
	// 2 mm of tool motion over the board. Digital servos (such as the
	// DS3218) take frames up to about 300 Hz; 200 Hz gives 1.3 µs counts.
	PWMHz int
	// ADCAddr [0x48] and ADCChannel [A0] place the vacuum sensor on the
	// ADS1115; Sensor converts its voltage [ZeroV 3.07, KPaPerV 39.2].
	ADCAddr    uint16
	ADCChannel ads1x15.Channel
	Sensor     Sensor
	// Frame is how often the motion loop updates the servos [20 ms, one
	// servo frame]; QueueSize the motion queue's capacity [16].
	Frame     time.Duration
	QueueSize int
	// GripLimit is how long the pump keeps running with a fault latched
	// [arm.GripLimit].
	GripLimit time.Duration
	// LoadFile is where the driver writes down the colour of the stone the
	// pump holds, so that a run started after this one died knows whose
	// stone it finds on the nozzle ["": nowhere]. OpenHost uses LoadPath.
	LoadFile string
}

// Driver drives the arm from the Pi's own I2C and GPIO: an arm.Driver.
type Driver struct {
	cfg         Config
	pwm         *pca9685.Dev
	adc         *ads1x15.Dev
	pin         analog.PinADC
	tick        float64 // µs per PCA9685 count
	done        chan struct{}
	wg          sync.WaitGroup
	mu          sync.Mutex
	motion      arm.Motion
	pump, valve bool
	load        rules.Color // as SetPump said; reported while the pump runs
	faults      arm.Faults
	grip        arm.GripTimer
	err         error // an I2C failure in the motion loop; sticky
	closed      bool
	busCloser   io.Closer // the bus, when the driver opened it
}

// prescale is the PCA9685 prescaler pca9685.Dev programs for hz, by the
// same integer arithmetic, so the driver knows the length of a count.
func prescale(hz int) float64 {
	f := physic.Frequency(hz) * physic.Hertz
	return float64((25*physic.MegaHertz/4096 + f/2) / f)
}

// Open starts the driver: the valve closed, the PCA9685 at 50 Hz, the ADC
// ready, and the motion loop running. Opening the PCA9685 takes about 0.2 s.
//
// What the last run left is adopted, since the pins and the PCA9685 keep
// their state when a program dies: a pump still running keeps its stone
// (its colour read from LoadFile), and the servo pulses still on the
// PCA9685 are where the arm is, so that Home lifts the arm and carries the
// stone to its bowl rather than dropping it or jumping to the park. Else
// the pump is off and no pulses go out until the first setpoint. The
// servos get no pulses for about 0.1 s while periph's driver resets the
// chip; digital servos hold their angle through that.
func Open(cfg Config) (d *Driver, err error) {
	if cfg.Bus == nil || cfg.Pump == nil || cfg.Valve == nil || cfg.EStop == nil {
		return nil, errors.New("pi: the I2C bus and the pump, valve and e-stop pins are all needed")
	}
	if cfg.PWMHz == 0 {
		cfg.PWMHz = 50
	}
	if cfg.PWMHz < 40 || cfg.PWMHz > 400 {
		return nil, fmt.Errorf("pi: servo frame rate %d Hz, want 40–400", cfg.PWMHz)
	}
	frameUS := 1e6 / float64(cfg.PWMHz)
	for i, s := range cfg.Servos {
		if !(s.MinUS > 0 && s.MinUS < s.MaxUS && s.MaxUS < 0.9*frameUS) {
			return nil, fmt.Errorf("pi: servo %d: pulse range [%g, %g] µs does not fit a %d Hz frame", i+1, s.MinUS, s.MaxUS, cfg.PWMHz)
		}
	}
	if cfg.PWMAddr == 0 {
		cfg.PWMAddr = pca9685.I2CAddr
	}
	if cfg.Channels == [3]int{} {
		cfg.Channels = [3]int{0, 1, 2}
	}
	if cfg.OscillatorHz == 0 {
		cfg.OscillatorHz = 25e6
	}
	if cfg.ADCAddr == 0 {
		cfg.ADCAddr = ads1x15.I2CAddr
	}
	if cfg.ADCChannel == 0 {
		cfg.ADCChannel = ads1x15.Channel0
	}
	if cfg.Sensor == (Sensor{}) {
		cfg.Sensor = Sensor{ZeroV: 3.07, KPaPerV: 39.2}
	}
	if cfg.Frame <= 0 {
		cfg.Frame = 20 * time.Millisecond
	}
	if cfg.QueueSize <= 0 {
		cfg.QueueSize = 16
	}
	if cfg.GripLimit <= 0 {
		cfg.GripLimit = arm.GripLimit
	}
	held := cfg.Pump.Read() == gpio.High
	if err := cfg.Pump.Out(gpio.Level(held)); err != nil {
		return nil, fmt.Errorf("pi: pump pin %s: %w", cfg.Pump, err)
	}
	defer func() {
		if err != nil { // no driver to carry the stone home
			cfg.Pump.Out(gpio.Low)
			writeLoad(cfg.LoadFile, rules.Empty)
		}
	}()
	load := rules.Empty
	if held {
		load = readLoad(cfg.LoadFile)
	}
	// Written now, so that a file the driver cannot write is said at once
	// rather than found missing after a crash.
	if err := writeLoad(cfg.LoadFile, load); err != nil {
		return nil, err
	}
	if err := cfg.Valve.Out(gpio.Low); err != nil {
		return nil, fmt.Errorf("pi: valve pin %s: %w", cfg.Valve, err)
	}
	if err := cfg.EStop.In(gpio.PullUp, gpio.NoEdge); err != nil {
		return nil, fmt.Errorf("pi: e-stop pin %s: %w", cfg.EStop, err)
	}
	tick := (prescale(cfg.PWMHz) + 1) * 1e6 / cfg.OscillatorHz
	pose, posed := lastPose(&i2c.Dev{Bus: cfg.Bus, Addr: cfg.PWMAddr}, cfg, tick)
	pwm, err := pca9685.NewI2C(cfg.Bus, cfg.PWMAddr)
	if err == nil && cfg.PWMHz != 50 { // NewI2C starts at 50 Hz
		err = pwm.SetPwmFreq(physic.Frequency(cfg.PWMHz) * physic.Hertz)
	}
	if err != nil {
		return nil, fmt.Errorf("pi: PCA9685 at %#x: %w", cfg.PWMAddr, err)
	}
	adc, err := ads1x15.NewADS1115(cfg.Bus, &ads1x15.Opts{I2cAddress: cfg.ADCAddr})
	if err != nil {
		return nil, fmt.Errorf("pi: ADS1115 at %#x: %w", cfg.ADCAddr, err)
	}
	pin, err := adc.PinForChannel(cfg.ADCChannel, 3300*physic.MilliVolt, 250*physic.Hertz, ads1x15.SaveEnergy)
	if err != nil {
		return nil, fmt.Errorf("pi: ADS1115 channel %s: %w", cfg.ADCChannel, err)
	}
	d = &Driver{cfg: cfg, pwm: pwm, adc: adc, pin: pin, done: make(chan struct{}), tick: tick,
		pump: held, load: load}
	if posed {
		d.motion.Start(pose)
		if err := d.writePulses(); err != nil {
			return nil, err
		}
	}
	d.wg.Add(1)
	go d.loop()
	return d, nil
}

// lastPose reads the servo pulses a previous run left on the PCA9685,
// before periph's driver resets the chip: the pose the arm holds, when the
// chip is awake at this frame rate and every servo's channel sends a pulse
// within its range. Single-register reads work whatever the chip's
// auto-increment setting.
func lastPose(dev *i2c.Dev, cfg Config, tick float64) ([3]float64, bool) {
	const ( // PCA9685 registers (periph keeps its names unexported)
		mode1, mode1Sleep = 0x00, 0x10
		prescaler         = 0xfe
		led0              = 0x06 // LEDn_ON_L, _ON_H, _OFF_L, _OFF_H at led0 + 4n
	)
	reg := func(r int) (int, bool) {
		var b [1]byte
		err := dev.Tx([]byte{byte(r)}, b[:])
		return int(b[0]), err == nil
	}
	var pose [3]float64
	if mode, ok := reg(mode1); !ok || mode&mode1Sleep != 0 {
		return pose, false
	}
	if pre, ok := reg(prescaler); !ok || float64(pre) != prescale(cfg.PWMHz) {
		return pose, false
	}
	for i, ch := range cfg.Channels {
		var b [4]int
		for k := range b {
			v, ok := reg(led0 + 4*ch + k)
			if !ok {
				return pose, false
			}
			b[k] = v
		}
		on, off := b[0]|b[1]<<8, b[2]|b[3]<<8 // bit 12: full on / full off
		us := float64(off) * tick
		if on != 0 || off > 4095 || us < cfg.Servos[i].MinUS || us > cfg.Servos[i].MaxUS {
			return pose, false
		}
		pose[i] = us
	}
	return pose, true
}

// LoadPath is where OpenHost keeps the held stone's colour: in the
// service's runtime directory ($RUNTIME_DIRECTORY; the unit keeps it
// across restarts), else the user's ($XDG_RUNTIME_DIR), else the temporary
// directory. A reboot empties them, and starts the pump off anyway.
func LoadPath() string {
	dir := cmp.Or(os.Getenv("RUNTIME_DIRECTORY"), os.Getenv("XDG_RUNTIME_DIR"))
	if dir == "" {
		return filepath.Join(os.TempDir(), "tengen-arm-load")
	}
	return filepath.Join(dir, "arm-load")
}

// readLoad returns the colour written in the load file; Empty when there
// is none or it says something else (a write cut short).
func readLoad(path string) rules.Color {
	b, err := os.ReadFile(path)
	if err != nil {
		return rules.Empty
	}
	c, err := rules.ParseColor(string(b))
	if err != nil {
		return rules.Empty
	}
	return c
}

// writeLoad writes down the held stone's colour; Empty removes the file.
func writeLoad(path string, c rules.Color) error {
	if path == "" {
		return nil
	}
	var err error
	if c == rules.Empty {
		if err = os.Remove(path); errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
	} else {
		err = os.WriteFile(path, []byte(c.String()+"\n"), 0o660)
	}
	if err != nil {
		return fmt.Errorf("pi: the held stone's colour: %w", err)
	}
	return nil
}

// Counts returns the PCA9685 count for a pulse of us microseconds.
func (d *Driver) Counts(us float64) uint16 {
	return uint16(math.Min(math.Round(us/d.tick), 4095))
}

// loop is the motion loop: every frame it checks the e-stop, moves along
// the queue and writes the pulses.
func (d *Driver) loop() {
	defer d.wg.Done()
	t := time.NewTicker(d.cfg.Frame)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-d.done:
			return
		case now := <-t.C:
			d.mu.Lock()
			d.frame(now.Sub(last))
			d.mu.Unlock()
			last = now
		}
	}
}

func (d *Driver) frame(dt time.Duration) {
	if d.err != nil {
		return
	}
	if d.cfg.EStop.Read() == gpio.High && d.faults&arm.FaultEStop == 0 {
		d.latch(arm.FaultEStop)
	}
	if d.grip.Expired(d.faults != 0 && d.pump, dt, d.cfg.GripLimit) {
		d.releaseGrip()
	}
	if d.faults != 0 {
		return
	}
	prev := d.motion.Out()
	d.motion.Advance(dt)
	if d.motion.Out() != prev {
		if err := d.writePulses(); err != nil {
			d.fail(err)
		}
	}
}

func (d *Driver) writePulses() error {
	out := d.motion.Out()
	for i, ch := range d.cfg.Channels {
		if out[i] == 0 {
			continue
		}
		if err := d.pwm.SetPwm(ch, 0, gpio.Duty(d.Counts(out[i]))); err != nil {
			return fmt.Errorf("pi: PCA9685 channel %d: %w", ch, err)
		}
	}
	return nil
}

// latch records faults: the queue empties and motion holds where it is;
// the grip stays as it was, up to GripLimit (releaseGrip).
func (d *Driver) latch(f arm.Faults) {
	d.faults |= f
	d.motion.Halt()
}

// releaseGrip switches the pump off and closes the valve, once the pump
// has run GripLimit with a fault latched; the stone then falls where the
// arm is.
func (d *Driver) releaseGrip() {
	d.pumpOff()
	d.valve = false
	if err := d.cfg.Valve.Out(gpio.Low); err != nil && d.err == nil {
		d.err = fmt.Errorf("pi: valve closed: %w", err)
	}
}

func (d *Driver) pumpOff() {
	d.pump = false
	if err := d.cfg.Pump.Out(gpio.Low); err != nil && d.err == nil {
		d.err = fmt.Errorf("pi: pump off: %w", err)
	}
	writeLoad(d.cfg.LoadFile, rules.Empty) // Open wrote there; a failure now changes nothing
}

// fail records a bus failure, which stops everything until Close: the
// pump too, since no move can then carry a held stone to its bowl.
func (d *Driver) fail(err error) {
	if d.err == nil {
		d.err = err
	}
	d.motion.Halt()
	d.pumpOff()
}

func (d *Driver) usable() error {
	if d.closed {
		return errors.New("pi: driver closed")
	}
	return d.err
}

// Queue implements arm.Driver.
func (d *Driver) Queue(ctx context.Context, sps ...arm.Setpoint) error {
	for _, sp := range sps {
		for i, s := range d.cfg.Servos {
			if p := float64(sp.Pulses[i]); p < s.MinUS || p > s.MaxUS || sp.Duration <= 0 {
				d.mu.Lock()
				d.latch(arm.FaultBadSetpoint)
				d.mu.Unlock()
				return fmt.Errorf("pi: setpoint %v over %v: servo %d outside [%g, %g] µs: %w", sp.Pulses, sp.Duration, i+1, s.MinUS, s.MaxUS,
					&arm.FaultError{Faults: arm.FaultBadSetpoint})
			}
		}
		for {
			d.mu.Lock()
			if err := d.state(); err != nil {
				d.mu.Unlock()
				return err
			}
			if d.motion.Len() < d.cfg.QueueSize {
				d.motion.Push(sp)
				d.mu.Unlock()
				break
			}
			d.mu.Unlock()
			if err := d.pause(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// state returns the reason motion cannot go on, if any.
func (d *Driver) state() error {
	if err := d.usable(); err != nil {
		return err
	}
	if d.faults != 0 {
		return &arm.FaultError{Faults: d.faults}
	}
	return nil
}

// pause waits a quarter frame. When ctx ends instead, motion stops (the
// grip kept), as after any error.
func (d *Driver) pause(ctx context.Context) error {
	select {
	case <-ctx.Done():
		d.mu.Lock()
		d.motion.Halt()
		d.mu.Unlock()
		return ctx.Err()
	case <-time.After(d.cfg.Frame / 4):
		return nil
	}
}

// Drain implements arm.Driver.
func (d *Driver) Drain(ctx context.Context) error {
	for {
		d.mu.Lock()
		err, n := d.state(), d.motion.Len()
		d.mu.Unlock()
		if err != nil || n == 0 {
			return err
		}
		if err := d.pause(ctx); err != nil {
			return err
		}
	}
}

// SetPump implements arm.Driver; the pump cannot start while a fault is
// latched (one running may be kept on).
func (d *Driver) SetPump(on bool, load rules.Color) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.usable(); err != nil {
		return err
	}
	if on && !d.pump && d.faults != 0 {
		return &arm.FaultError{Faults: d.faults}
	}
	// The colour is written before the pump starts and removed after it
	// stops, so that a file left with the pump off means nothing. Open
	// wrote there: a failure now is not worth dropping a stone for.
	if on {
		writeLoad(d.cfg.LoadFile, load)
	}
	if err := d.cfg.Pump.Out(gpio.Level(on)); err != nil {
		d.fail(fmt.Errorf("pi: pump pin: %w", err))
		return d.err
	}
	if !on {
		writeLoad(d.cfg.LoadFile, rules.Empty)
	}
	d.pump, d.load = on, load
	return nil
}

// SetValve implements arm.Driver.
func (d *Driver) SetValve(open bool) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.usable(); err != nil {
		return err
	}
	if err := d.cfg.Valve.Out(gpio.Level(open)); err != nil {
		d.fail(fmt.Errorf("pi: valve pin: %w", err))
		return d.err
	}
	d.valve = open
	return nil
}

// Status implements arm.Driver; it reads the vacuum sensor.
func (d *Driver) Status(ctx context.Context) (arm.Status, error) {
	s, err := d.pin.Read() // outside the lock: a conversion takes a few ms
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.usable(); err != nil {
		return arm.Status{}, err
	}
	if err != nil {
		d.fail(fmt.Errorf("pi: ADS1115: %w", err))
		return arm.Status{}, d.err
	}
	v := float64(s.V) / float64(physic.Volt)
	st := arm.Status{Queued: d.motion.Len(), Vacuum: (d.cfg.Sensor.ZeroV - v) * d.cfg.Sensor.KPaPerV,
		Pump: d.pump, Valve: d.valve, Faults: d.faults, Version: Version}
	if d.pump {
		st.Load = d.load
	}
	out := d.motion.Out()
	for i := range 3 {
		st.Pulses[i] = uint16(math.Round(out[i]))
	}
	return st, nil
}

// Stop implements arm.Driver: motion stops, the grip stays.
func (d *Driver) Stop() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.motion.Halt()
	return d.err
}

// ClearFaults implements arm.Driver; a pressed e-stop stays latched.
func (d *Driver) ClearFaults() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.usable(); err != nil {
		return err
	}
	if d.cfg.EStop.Read() == gpio.High {
		return fmt.Errorf("pi: the e-stop is pressed (or its wire broken): %w", &arm.FaultError{Faults: arm.FaultEStop})
	}
	d.faults = 0
	return nil
}

// Close implements arm.Driver: the motion loop ends, the pump goes off and
// the valve closes. The PCA9685 keeps sending the last pulses, so the arm
// holds its pose rather than dropping onto the board.
func (d *Driver) Close() error {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return nil
	}
	d.closed = true
	d.motion.Halt()
	d.pumpOff()
	close(d.done)
	d.mu.Unlock()
	d.wg.Wait()
	err := errors.Join(d.cfg.Pump.Out(gpio.Low), d.cfg.Valve.Out(gpio.Low))
	if d.busCloser != nil {
		err = errors.Join(err, d.busCloser.Close())
	}
	if err != nil {
		return fmt.Errorf("pi: close: %w", err)
	}
	return nil
}
