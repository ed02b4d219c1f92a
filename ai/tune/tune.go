package tune

import (
	"errors"
	"fmt"
	"math"
)

// Sample is one training position: its features (sparse: the values of
// the features at Index, the others 0) and its game's result for the side
// to move.
type Sample struct {
	Index  []int32
	Value  []float32
	Result float32 // 1 win, 0.5 draw, 0 loss
}

// Dense returns the sample with features x.
func Dense(x []float32, result float32) Sample {
	s := Sample{Result: result}
	for i, v := range x {
		if v != 0 {
			s.Index = append(s.Index, int32(i))
			s.Value = append(s.Value, v)
		}
	}
	return s
}

// Options control Fit. Zero values mean the defaults.
type Options struct {
	// Iterations of Adam over the whole data set (default 1000).
	Iterations int
	// Rate is Adam's first step size in weight units (default 1); it falls
	// linearly to a tenth of that by the last iteration, so that the
	// weights settle instead of oscillating.
	Rate float64
	// Lambda pulls weight i towards its starting value: the loss adds
	// Lambda[i] * (w[i]-w0[i])². Nil: no pull.
	Lambda []float64
	// Fixed marks weights that keep their starting values.
	Fixed []bool
}

func sigmoid(v float64) float64 { return 1 / (1 + math.Exp(-v)) }

func dot(w []float64, s *Sample) float64 {
	v := 0.0
	for k, i := range s.Index {
		v += w[i] * float64(s.Value[k])
	}
	return v
}

func check(samples []Sample, w []float64) error {
	if len(samples) == 0 {
		return errors.New("tune: no samples")
	}
	for i, s := range samples {
		if len(s.Index) != len(s.Value) {
			return fmt.Errorf("tune: sample %d has %d indices and %d values", i, len(s.Index), len(s.Value))
		}
		for _, k := range s.Index {
			if k < 0 || int(k) >= len(w) {
				return fmt.Errorf("tune: sample %d has feature %d, the weights %d", i, k, len(w))
			}
		}
		if s.Result < 0 || s.Result > 1 || s.Result != s.Result {
			return fmt.Errorf("tune: sample %d has result %v outside 0..1", i, s.Result)
		}
	}
	return nil
}

// Loss is the mean squared error of sigmoid(w·x/k) against the results.
func Loss(samples []Sample, w []float64, k float64) (float64, error) {
	if err := check(samples, w); err != nil {
		return 0, err
	}
	return loss(samples, w, k), nil
}

func loss(samples []Sample, w []float64, k float64) float64 {
	sum := 0.0
	for i := range samples {
		s := &samples[i]
		d := float64(s.Result) - sigmoid(dot(w, s)/k)
		sum += d * d
	}
	return sum / float64(len(samples))
}

// FitK returns the scale k in [lo, hi] that minimises Loss with weights w
// (golden-section search: the loss is unimodal in k for any fixed w).
func FitK(samples []Sample, w []float64, lo, hi float64) (float64, error) {
	if err := check(samples, w); err != nil {
		return 0, err
	}
	if !(lo > 0 && hi > lo) {
		return 0, fmt.Errorf("tune: bad range for K: %v..%v", lo, hi)
	}
	// Search log k: the loss changes as much from 10 to 20 as from 100 to 200.
	a, b := math.Log(lo), math.Log(hi)
	g := (math.Sqrt(5) - 1) / 2
	c, d := b-g*(b-a), a+g*(b-a)
	fc, fd := loss(samples, w, math.Exp(c)), loss(samples, w, math.Exp(d))
	for b-a > 1e-4 {
		if fc < fd {
			b, d, fd = d, c, fc
			c = b - g*(b-a)
			fc = loss(samples, w, math.Exp(c))
		} else {
			a, c, fc = c, d, fd
			d = a + g*(b-a)
			fd = loss(samples, w, math.Exp(d))
		}
	}
	return math.Exp((a + b) / 2), nil
}

// Fit returns the weights that minimise Loss with scale k, starting from
// w0 (which it does not change).
func Fit(samples []Sample, w0 []float64, k float64, opt Options) ([]float64, error) {
	if err := check(samples, w0); err != nil {
		return nil, err
	}
	if opt.Fixed != nil && len(opt.Fixed) != len(w0) {
		return nil, fmt.Errorf("tune: %d fixed flags for %d weights", len(opt.Fixed), len(w0))
	}
	if opt.Lambda != nil && len(opt.Lambda) != len(w0) {
		return nil, fmt.Errorf("tune: %d lambdas for %d weights", len(opt.Lambda), len(w0))
	}
	if opt.Iterations <= 0 {
		opt.Iterations = 1000
	}
	if opt.Rate <= 0 {
		opt.Rate = 1
	}
	n := len(w0)
	w := append([]float64(nil), w0...)
	m, v := make([]float64, n), make([]float64, n)
	grad := make([]float64, n)
	const b1, b2, eps = 0.9, 0.999, 1e-12
	p1, p2 := 1.0, 1.0
	for it := 0; it < opt.Iterations; it++ {
		clear(grad)
		for j := range samples {
			s := &samples[j]
			p := sigmoid(dot(w, s) / k)
			// d/dw (r-p)² = -2 (r-p) p (1-p) x / k
			g := -2 * (float64(s.Result) - p) * p * (1 - p) / k
			for n, i := range s.Index {
				grad[i] += g * float64(s.Value[n])
			}
		}
		inv := 1 / float64(len(samples))
		p1 *= b1
		p2 *= b2
		rate := opt.Rate * (1 - 0.9*float64(it)/float64(opt.Iterations))
		for i := range w {
			if opt.Fixed != nil && opt.Fixed[i] {
				continue
			}
			gi := grad[i] * inv
			if opt.Lambda != nil {
				gi += 2 * opt.Lambda[i] * (w[i] - w0[i])
			}
			m[i] = b1*m[i] + (1-b1)*gi
			v[i] = b2*v[i] + (1-b2)*gi*gi
			w[i] -= rate * (m[i] / (1 - p1)) / (math.Sqrt(v[i]/(1-p2)) + eps)
		}
	}
	return w, nil
}
