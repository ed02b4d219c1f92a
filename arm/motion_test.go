package arm

import (
	"testing"
	"time"
)

func TestMotion(t *testing.T) {
	ms := time.Millisecond
	sp := func(p uint16, d time.Duration) Setpoint { return Setpoint{Pulses{p, p, p}, d} }
	for _, c := range []struct {
		name  string
		start [3]float64
		queue []Setpoint
		steps []time.Duration
		halt  bool // halt before the last step
		want  float64
		left  int
	}{
		{"halfway", [3]float64{1000, 1000, 1000}, []Setpoint{sp(2000, 100*ms)}, []time.Duration{50 * ms}, false, 1500, 1},
		{"through two", [3]float64{1000, 1000, 1000}, []Setpoint{sp(2000, 100*ms), sp(1000, 100*ms)}, []time.Duration{150 * ms}, false, 1500, 1},
		{"to the end", [3]float64{1000, 1000, 1000}, []Setpoint{sp(2000, 100*ms)}, []time.Duration{60 * ms, 60 * ms}, false, 2000, 0},
		{"no pulses yet", [3]float64{}, []Setpoint{sp(1800, 100*ms)}, []time.Duration{10 * ms}, false, 1800, 1},
		{"halt holds", [3]float64{1000, 1000, 1000}, []Setpoint{sp(2000, 100*ms)}, []time.Duration{25 * ms, 50 * ms}, true, 1250, 0},
	} {
		var m Motion
		m.Start(c.start)
		for _, sp := range c.queue {
			m.Push(sp)
		}
		for i, dt := range c.steps {
			if c.halt && i == len(c.steps)-1 {
				m.Halt()
			}
			m.Advance(dt)
		}
		if got := m.Out(); got != [3]float64{c.want, c.want, c.want} || m.Len() != c.left {
			t.Errorf("%s: out %v with %d queued, want %g with %d", c.name, got, m.Len(), c.want, c.left)
		}
	}
}
