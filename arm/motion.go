package arm

import "time"

// Motion plays queued setpoints out in time the way the firmware does:
// each pulse moves linearly from where the previous setpoint left it. The
// simulated arm and the Pi driver, which both interpolate on the host, share
// it so that they move as the microcontroller would.
type Motion struct {
	queue   []Setpoint
	elapsed time.Duration // into queue[0]
	from    [3]float64    // pulses at the start of queue[0]
	out     [3]float64    // pulses now; 0 is no pulse (servo limp)
}

// Start puts the output at p with nothing queued, as at power-up.
func (m *Motion) Start(p [3]float64) {
	m.queue, m.elapsed, m.from, m.out = nil, 0, p, p
}

// Push queues sp after the others.
func (m *Motion) Push(sp Setpoint) { m.queue = append(m.queue, sp) }

// Len is how many setpoints wait, the one in progress included.
func (m *Motion) Len() int { return len(m.queue) }

// Out is the pulse output now.
func (m *Motion) Out() [3]float64 { return m.out }

// Halt empties the queue and holds the output where it is.
func (m *Motion) Halt() {
	m.queue, m.elapsed = nil, 0
	m.from = m.out
}

// Advance moves the output dt along the queue. With no pulses yet, the
// first setpoint starts where it ends: there is nothing to move from.
func (m *Motion) Advance(dt time.Duration) {
	for dt > 0 && len(m.queue) > 0 {
		sp := m.queue[0]
		if m.from == [3]float64{} {
			for i := range 3 {
				m.from[i] = float64(sp.Pulses[i])
			}
		}
		left := sp.Duration - m.elapsed
		if dt < left {
			m.elapsed += dt
			f := float64(m.elapsed) / float64(sp.Duration)
			for i := range 3 {
				m.out[i] = m.from[i] + f*(float64(sp.Pulses[i])-m.from[i])
			}
			return
		}
		dt -= left
		for i := range 3 {
			m.out[i] = float64(sp.Pulses[i])
		}
		m.from = m.out
		m.queue, m.elapsed = m.queue[1:], 0
	}
}
