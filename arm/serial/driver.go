package serial

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	bugserial "go.bug.st/serial"

	"tengen/arm"
	"tengen/rules"
)

// Options tune the driver; the zero value gives the defaults.
type Options struct {
	Baud      int           // default 115200
	Window    int           // requests in flight, default 4
	RTO       time.Duration // retransmit timeout, default 100 ms
	Retries   int           // retransmissions before the link is declared dead, default 4
	KeepAlive time.Duration // status poll while idle, default 150 ms (the MCU stops after 500 ms of silence)
	Handshake time.Duration // how long to keep trying the handshake after opening, default 3 s (an Arduino's bootloader waits ~1 s after the port opens)
	Poll      time.Duration // status poll while waiting for queue space or a drain, default 20 ms
}

func (o *Options) defaults() {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if o.Baud <= 0 {
		o.Baud = 115200
	}
	if o.Window <= 0 {
		o.Window = 4
	}
	if o.Retries <= 0 {
		o.Retries = 4
	}
	def(&o.RTO, 100*time.Millisecond)
	def(&o.KeepAlive, 150*time.Millisecond)
	def(&o.Handshake, 3*time.Second)
	def(&o.Poll, 20*time.Millisecond)
}

// Errors a caller can test for with errors.Is.
var (
	// ErrFault: the device refused a command because a fault is latched.
	ErrFault = errors.New("device fault")
	// ErrMotionLost: setpoints the device had accepted were not executed
	// (it reset, or stopped after the host fell silent); the arm must
	// re-home or re-plan from the reported position.
	ErrMotionLost = errors.New("queued motion lost")
	// ErrClosed: the driver was closed.
	ErrClosed = errors.New("driver closed")
	// ErrLink: the port could not be opened, the device did not answer
	// the handshake, or the link failed; the next call reconnects.
	ErrLink = errors.New("no link to the device")
)

// latched is ErrFault with the faults the device reported latched, which
// errors.As finds as an *arm.FaultError.
type latched struct{ faults arm.Faults }

func (l latched) Error() string   { return ErrFault.Error() }
func (l latched) Unwrap() []error { return []error{ErrFault, &arm.FaultError{Faults: l.faults}} }

// Driver is an arm.Driver for the Tengen firmware over a serial port.
type Driver struct {
	path string
	opts Options
	open func(path string, baud int) (io.ReadWriteCloser, error)

	mu       sync.Mutex
	link     *link
	ident    ident
	last     status    // the latest status reply
	lastTalk time.Time // when the last request was answered
	uptime   uint32    // device uptime at the last status: a drop means a reset
	outputs  byte      // pump, valve and load bits as commanded
	nextID   uint16
	sentID   uint16 // id of the last setpoint the device accepted from us
	pending  bool   // accepted setpoints may still be queued on the device
	lost     error  // motion lost across a reconnect, for the next Queue or Drain
	closed   bool

	stopKeep chan struct{}
	keepDone chan struct{}
}

var _ arm.Driver = (*Driver)(nil)

// Open connects to the firmware on the serial port at path, performs the
// handshake and clears the reset fault the device reports after power-up.
func Open(path string, opts Options) (*Driver, error) {
	opts.defaults()
	d := &Driver{path: path, opts: opts, open: openPort}
	if err := d.start(); err != nil {
		return nil, err
	}
	return d, nil
}

func openPort(path string, baud int) (io.ReadWriteCloser, error) {
	// InitialStatusBits stays nil: setting it fails on a pty.
	p, err := bugserial.Open(path, &bugserial.Mode{BaudRate: baud})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// start connects for the first time and starts the keep-alive.
func (d *Driver) start() error {
	d.mu.Lock()
	err := d.connect(context.Background())
	if err == nil {
		_, err = d.request(context.Background(), []byte{msgClear, byte(arm.FaultReset), byte(arm.FaultReset >> 8)})
	}
	d.mu.Unlock()
	if err != nil {
		d.disconnect()
		return err
	}
	d.stopKeep = make(chan struct{})
	d.keepDone = make(chan struct{})
	go d.keepAlive()
	return nil
}

// ProtocolError is a firmware that speaks another protocol revision than
// this driver: the firmware built with this version must be flashed.
type ProtocolError struct {
	Firmware string // the firmware's version string
	Got      int    // the revision the firmware speaks
	Want     int    // the revision this driver speaks
}

func (e *ProtocolError) Error() string {
	return fmt.Sprintf("firmware %q speaks protocol %d, this driver %d", e.Firmware, e.Got, e.Want)
}

func (d *Driver) errorf(format string, args ...any) error {
	return fmt.Errorf("serial %s: "+format, append([]any{d.path}, args...)...)
}

// connect opens the port and synchronises with the firmware; d.mu held.
// After a reconnect it checks what became of the motion it had queued.
func (d *Driver) connect(ctx context.Context) error {
	port, err := d.open(d.path, d.opts.Baud)
	if err != nil {
		return d.errorf("%w: open: %w", ErrLink, err)
	}
	l := newLink(d.path, port, d.opts.Window, d.opts.RTO, d.opts.Retries)
	deadline := time.Now().Add(d.opts.Handshake)
	var rep reply
	for {
		rep, err = l.do(ctx, []byte{msgIdentify})
		if err == nil && len(rep.payload) > 0 && rep.payload[0] == msgIdentReply {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			if err == nil {
				err = fmt.Errorf("no ident reply, got % x", rep.payload)
			}
			break
		}
		if err == nil {
			continue // a stale reply from before the port was reopened
		}
		// Not answered (a bootloader, or a half-sent frame ahead of ours):
		// reopen the link and try again.
		l.close()
		if port, err = d.open(d.path, d.opts.Baud); err != nil {
			return d.errorf("%w: open: %w", ErrLink, err)
		}
		l = newLink(d.path, port, d.opts.Window, d.opts.RTO, d.opts.Retries)
	}
	if err != nil {
		l.close()
		return d.errorf("%w: handshake: %w", ErrLink, err)
	}
	id, err := decodeIdent(rep.payload)
	if err != nil {
		l.close()
		return d.errorf("%w: handshake: %w", ErrLink, err)
	}
	if id.proto != ProtocolVersion {
		l.close()
		return d.errorf("%w", &ProtocolError{Firmware: id.version, Got: id.proto, Want: ProtocolVersion})
	}
	d.link, d.ident = l, id
	reconnect := !d.lastTalk.IsZero()
	prevUptime := d.uptime
	st, err := d.request(ctx, []byte{msgStatus})
	if err != nil {
		return err
	}
	// The outputs are the device's: it kept the grip through a silence,
	// or switched everything off in a reset.
	d.outputs = 0
	if st.pump {
		d.outputs |= 1 | loadBits(st.load)<<2
	}
	if st.valve {
		d.outputs |= 2
	}
	if !reconnect {
		return nil
	}
	// Did the motion we had queued survive the disconnect? The answer
	// goes to the next Queue or Drain, whoever reconnected.
	switch {
	case !d.pending:
	case st.faults&arm.FaultReset != 0 || st.uptimeMS < prevUptime:
		d.pending = false
		d.lost = d.errorf("device reset while setpoints up to #%d were queued: %w", d.sentID, ErrMotionLost)
	case st.faults&arm.FaultHostSilent != 0 && st.lastID != st.doneID:
		d.pending = false
		d.lost = d.errorf("device stopped after host silence with setpoints #%d..#%d not done: %w", st.doneID+1, st.lastID, ErrMotionLost)
	}
	return nil
}

// disconnect drops the link and with it the port.
func (d *Driver) disconnect() {
	if d.link != nil {
		d.link.close()
		d.link = nil
	}
}

// request sends one message and decodes the status reply; d.mu held and
// connected. Any link failure closes the port.
func (d *Driver) request(ctx context.Context, payload []byte) (status, error) {
	if d.link == nil {
		return status{}, d.errorf("not connected")
	}
	rep, err := d.link.do(ctx, payload)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return status{}, err
		}
		d.disconnect()
		return status{}, d.errorf("%w: %w", ErrLink, err)
	}
	return d.absorb(rep)
}

// absorb decodes a status reply and updates what the driver knows.
func (d *Driver) absorb(rep reply) (status, error) {
	st, err := decodeStatus(rep.payload)
	if err != nil {
		d.disconnect()
		return status{}, d.errorf("%w: %w", ErrLink, err)
	}
	d.last = st
	d.uptime = st.uptimeMS
	d.lastTalk = time.Now()
	if !rep.exact && st.result != resOK {
		// This reply belongs to a later request; ours was acknowledged.
		st.result = resDuplicate
	}
	return st, nil
}

// ensure reconnects if the link is down; d.mu held.
func (d *Driver) ensure(ctx context.Context) error {
	if d.closed {
		return d.errorf("%w", ErrClosed)
	}
	if d.link != nil {
		select {
		case <-d.link.dead:
			d.link = nil
		default:
			return nil
		}
	}
	err := d.connect(ctx)
	if err != nil {
		d.disconnect()
	}
	return err
}

// takeLost returns, once, the motion lost across a reconnect; d.mu held.
func (d *Driver) takeLost() error {
	err := d.lost
	d.lost = nil
	return err
}

// command sends a message that must succeed; d.mu held.
func (d *Driver) command(ctx context.Context, what string, payload []byte) (status, error) {
	if err := d.ensure(ctx); err != nil {
		return status{}, err
	}
	st, err := d.request(ctx, payload)
	if err != nil && d.link == nil && ctx.Err() == nil {
		// The link dropped (unplugged, or the device reset): reconnect
		// once, which reports lost motion, and repeat the command; every
		// command but a setpoint is idempotent.
		if err := d.ensure(ctx); err != nil {
			return status{}, err
		}
		st, err = d.request(ctx, payload)
	}
	if err != nil {
		return st, err
	}
	return st, d.check(what, st)
}

func (d *Driver) check(what string, st status) error {
	switch st.result {
	case resOK, resDuplicate:
		return nil
	case resFault:
		return d.errorf("%s: %s (faults %s): %w", what, resultNames[st.result], faultNames(st.faults), latched{st.faults})
	}
	return d.errorf("%s: %s (faults %s)", what, resultNames[st.result], faultNames(st.faults))
}

// Queue implements arm.Driver. Setpoints are pipelined within the window
// and the device's free queue slots; all but the last are marked as
// continuing, so the device flags an underrun if the host falls behind.
// If the link drops midway it reconnects and resumes after the last
// setpoint the device accepted (setpoint ids tell), so none is sent twice
// or skipped.
func (d *Driver) Queue(ctx context.Context, sps ...arm.Setpoint) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	err := d.queue(ctx, sps)
	if err != nil && ctx.Err() != nil {
		d.halt()
	}
	return err
}

// halt stops the motion after a caller gave up mid-way, so the device is
// left safe; the grip stays as it is (a held stone stays held); d.mu held.
// If the link is down the device stops by itself at its silence deadline.
func (d *Driver) halt() {
	if d.link == nil || isLinkErr(d.link) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*d.opts.RTO*time.Duration(d.opts.Retries+1))
	defer cancel()
	d.pending, d.lost = false, nil
	d.request(ctx, []byte{msgStop})
}

func (d *Driver) queue(ctx context.Context, sps []arm.Setpoint) error {
	if err := d.ensure(ctx); err != nil {
		return err
	}
	if err := d.takeLost(); err != nil {
		return err
	}
	for i, sp := range sps {
		for j, us := range sp.Pulses {
			if us < d.ident.minUS || us > d.ident.maxUS {
				return d.errorf("setpoint %d: servo %d pulse %d µs outside %d..%d", i, j+1, us, d.ident.minUS, d.ident.maxUS)
			}
		}
		if _, err := encodeSetpoint(0, sp, false); err != nil {
			return d.errorf("setpoint %d: %w", i, err)
		}
	}
	base := d.nextID + 1 // sps[k] gets id base+k
	type flight struct {
		req *request
		id  uint16
	}
	var inflight []flight
	settle := func() error {
		f := inflight[0]
		inflight = inflight[1:]
		rep, err := f.req.wait(ctx)
		if err != nil {
			return err
		}
		st, err := d.absorb(rep)
		if err != nil {
			return err
		}
		if int16(st.lastID-f.id) >= 0 && (st.result == resOK || st.result == resDuplicate) {
			d.sentID, d.pending = f.id, true
			return nil
		}
		if err := d.check(fmt.Sprintf("setpoint %d", f.id-base), st); err != nil {
			return err
		}
		return d.errorf("setpoint %d: not accepted (faults %s): %w", f.id-base, faultNames(st.faults), latched{st.faults})
	}
	next, reconnects := 0, 0
	for next < len(sps) || len(inflight) > 0 {
		var err error
		switch {
		case next < len(sps) && d.last.free-len(inflight) > 0:
			id := base + uint16(next)
			p, _ := encodeSetpoint(id, sps[next], next < len(sps)-1)
			var r *request
			if r, err = d.link.start(ctx, p); err == nil {
				d.nextID = id
				inflight = append(inflight, flight{r, id})
				next++
				continue
			}
		case len(inflight) > 0:
			err = settle()
		default:
			// The device's queue is full: wait for it to make room.
			select {
			case <-time.After(d.opts.Poll):
			case <-ctx.Done():
				return ctx.Err()
			}
			_, err = d.request(ctx, []byte{msgStatus})
		}
		if err == nil {
			continue
		}
		if ctx.Err() != nil || d.link != nil && !isLinkErr(d.link) || reconnects == 3 {
			return err
		}
		// The link failed: reconnect, then resume after the last
		// setpoint the device accepted.
		reconnects++
		d.disconnect()
		if rerr := d.ensure(ctx); rerr != nil {
			return rerr
		}
		if rerr := d.takeLost(); rerr != nil {
			return rerr
		}
		inflight = nil
		accepted := int(d.last.lastID - (base - 1))
		if accepted < 0 || accepted > next {
			accepted = 0 // the device's last accepted id is from before this call
		}
		if accepted > 0 {
			d.sentID, d.pending = base-1+uint16(accepted), true
		}
		next = accepted
		d.nextID = base - 1 + uint16(next)
	}
	return nil
}

func isLinkErr(l *link) bool {
	select {
	case <-l.dead:
		return true
	default:
		return false
	}
}

// Drain implements arm.Driver: it polls until the device has executed
// every setpoint it accepted.
func (d *Driver) Drain(ctx context.Context) error {
	for {
		d.mu.Lock()
		st, err := d.command(ctx, "drain", []byte{msgStatus})
		if err == nil {
			err = d.takeLost()
		}
		if err == nil && st.faults&^arm.FaultReset != 0 && d.pending {
			err = d.errorf("drain: motion stopped at #%d of #%d (faults %s): %w", st.doneID, d.sentID, faultNames(st.faults), ErrMotionLost)
			d.pending = false
		}
		done := err == nil && st.queued == 0 && (!d.pending || st.doneID == d.sentID)
		if done {
			d.pending = false
		}
		if err != nil && ctx.Err() != nil {
			d.halt()
		}
		d.mu.Unlock()
		if err != nil || done {
			return err
		}
		select {
		case <-time.After(d.opts.Poll):
		case <-ctx.Done():
			d.mu.Lock()
			d.halt()
			d.mu.Unlock()
			return ctx.Err()
		}
	}
}

// setOutputs sends the outputs with the bits in mask replaced by set.
func (d *Driver) setOutputs(what string, mask, set byte) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.outputs&^mask | set
	if _, err := d.command(context.Background(), what, []byte{msgOutputs, out}); err != nil {
		return err
	}
	d.outputs = out
	return nil
}

// SetPump implements arm.Driver; the load rides in the same command.
func (d *Driver) SetPump(on bool, load rules.Color) error {
	var set byte
	if on {
		set = 1 | loadBits(load)<<2
	}
	return d.setOutputs("pump", 1|3<<2, set)
}

// SetValve implements arm.Driver.
func (d *Driver) SetValve(open bool) error {
	var set byte
	if open {
		set = 2
	}
	return d.setOutputs("valve", 2, set)
}

// Status implements arm.Driver.
func (d *Driver) Status(ctx context.Context) (arm.Status, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	st, err := d.command(ctx, "status", []byte{msgStatus})
	if err != nil {
		return arm.Status{}, err
	}
	return arm.Status{
		Queued:  st.queued,
		Pulses:  st.pulses,
		Vacuum:  VacuumKPa(st.vacuumRaw),
		Pump:    st.pump,
		Valve:   st.valve,
		Load:    st.load,
		Faults:  st.faults,
		Version: d.ident.version,
	}, nil
}

// Stop implements arm.Driver.
func (d *Driver) Stop() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pending, d.lost = false, nil
	_, err := d.command(context.Background(), "stop", []byte{msgStop})
	return err
}

// ClearFaults implements arm.Driver.
func (d *Driver) ClearFaults() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, err := d.command(context.Background(), "clear faults", []byte{msgClear, 0xFF, 0xFF})
	return err
}

// Close implements arm.Driver: it stops the motion, switches the pump off
// and closes the port.
func (d *Driver) Close() error {
	d.mu.Lock()
	if d.closed {
		d.mu.Unlock()
		return nil
	}
	var err error
	if d.link != nil && !isLinkErr(d.link) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_, err = d.request(ctx, []byte{msgStop})
		if err == nil {
			_, err = d.request(ctx, []byte{msgOutputs, 0})
		}
		cancel()
	}
	d.closed = true
	d.disconnect()
	d.mu.Unlock()
	if d.stopKeep != nil {
		close(d.stopKeep)
		<-d.keepDone
	}
	return err
}

// keepAlive polls the status while the host is otherwise quiet, so the
// device's silence deadline only trips when the host is really gone; it
// also reconnects after the port went away.
func (d *Driver) keepAlive() {
	defer close(d.keepDone)
	t := time.NewTicker(d.opts.KeepAlive / 2)
	defer t.Stop()
	for {
		select {
		case <-d.stopKeep:
			return
		case <-t.C:
		}
		d.mu.Lock()
		if !d.closed && time.Since(d.lastTalk) >= d.opts.KeepAlive/2 {
			ctx, cancel := context.WithTimeout(context.Background(), d.opts.KeepAlive*4)
			if d.ensure(ctx) == nil {
				d.request(ctx, []byte{msgStatus}) // a failure drops the link; the next tick retries
			}
			cancel()
		}
		d.mu.Unlock()
	}
}

// Stats are link counters, for tests and diagnostics.
type Stats struct {
	Retransmits int64 // frames sent again after a NAK or timeout
	BadFrames   int64 // received frames dropped for a bad length, CRC or sync
}

// Stats returns the counters of the current connection.
func (d *Driver) Stats() Stats {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.link == nil {
		return Stats{}
	}
	return Stats{Retransmits: d.link.retransmits.Load(), BadFrames: d.link.badFrames.Load()}
}

func faultNames(f arm.Faults) string {
	if f == 0 {
		return "none"
	}
	names := []string{"e-stop", "host silent", "queue underrun", "queue overflow", "bad setpoint", "reset"}
	s := ""
	for i, n := range names {
		if f&(1<<i) != 0 {
			if s != "" {
				s += ", "
			}
			s += n
		}
	}
	return s
}
