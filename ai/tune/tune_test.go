package tune

import (
	"math"
	"math/rand/v2"
	"testing"
)

// synthetic draws positions with random features and results sampled from
// the model with the known weights want at scale k.
func synthetic(n int, want []float64, k float64, seed uint64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 7))
	out := make([]Sample, n)
	for i := range out {
		x := make([]float32, len(want))
		for j := range x {
			x[j] = float32(rng.IntN(5)) - 2
		}
		out[i] = Dense(x, 0)
		if rng.Float64() < sigmoid(dot(want, &out[i])/k) {
			out[i].Result = 1
		}
	}
	return out
}

// TestFitRecoversWeights: from zero weights (one fixed at its true value,
// which sets the scale), the fit finds the weights the results were drawn
// from, and lowers the loss to about that of the true weights.
func TestFitRecoversWeights(t *testing.T) {
	want := []float64{100, -60, 30, 0}
	const k = 100
	data := synthetic(20000, want, k, 1)
	start := []float64{100, 0, 0, 0}
	w, err := Fit(data, start, k, Options{Iterations: 400, Rate: 2, Fixed: []bool{true, false, false, false}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(w[i]-want[i]) > 10 {
			t.Errorf("weight %d = %.1f, want %.0f ± 10 (all: %.1f)", i, w[i], want[i], w)
		}
	}
	before, _ := Loss(data, start, k)
	after, _ := Loss(data, w, k)
	truth, _ := Loss(data, want, k)
	if !(after < before && after < truth+0.002) {
		t.Errorf("loss: start %.4f, fitted %.4f, true weights %.4f", before, after, truth)
	}
}

// TestFitKFindsScale: with the true weights, the fitted scale is near the
// one the results were drawn with.
func TestFitKFindsScale(t *testing.T) {
	want := []float64{100, -60, 30}
	data := synthetic(20000, want, 150, 2)
	k, err := FitK(data, want, 10, 2000)
	if err != nil {
		t.Fatal(err)
	}
	if k < 120 || k > 190 {
		t.Errorf("K = %.1f, want about 150", k)
	}
}

// TestLambdaHoldsWeights: a strong pull keeps the weights at the start.
func TestLambdaHoldsWeights(t *testing.T) {
	want := []float64{100, -60}
	data := synthetic(2000, want, 100, 3)
	start := []float64{50, 50}
	w, err := Fit(data, start, 100, Options{Iterations: 300, Rate: 1, Lambda: []float64{1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range w {
		if math.Abs(w[i]-start[i]) > 2 {
			t.Errorf("weight %d moved to %.1f from %.0f despite lambda", i, w[i], start[i])
		}
	}
}

func TestBadInput(t *testing.T) {
	good := []Sample{Dense([]float32{1, 2}, 1)}
	tests := []struct {
		name    string
		samples []Sample
		w       []float64
	}{
		{"no samples", nil, []float64{1, 2}},
		{"feature out of range", []Sample{{Index: []int32{2}, Value: []float32{1}, Result: 1}}, []float64{1, 2}},
		{"index without value", []Sample{{Index: []int32{0, 1}, Value: []float32{1}, Result: 1}}, []float64{1, 2}},
		{"result above 1", []Sample{Dense([]float32{1, 2}, 2)}, []float64{1, 2}},
		{"result NaN", []Sample{Dense([]float32{1, 2}, float32(math.NaN()))}, []float64{1, 2}},
	}
	for _, tt := range tests {
		if _, err := Fit(tt.samples, tt.w, 1, Options{}); err == nil {
			t.Errorf("%s: Fit gave no error", tt.name)
		}
		if _, err := Loss(tt.samples, tt.w, 1); err == nil {
			t.Errorf("%s: Loss gave no error", tt.name)
		}
	}
	if _, err := FitK(good, []float64{1, 2}, 5, 1); err == nil {
		t.Error("FitK accepted an empty range")
	}
	if _, err := Fit(good, []float64{1, 2}, 1, Options{Fixed: []bool{true}}); err == nil {
		t.Error("Fit accepted a short Fixed")
	}
	if _, err := Fit(good, []float64{1, 2}, 1, Options{Lambda: []float64{1}}); err == nil {
		t.Error("Fit accepted a short Lambda")
	}
}

// TestFitRecoversWeightsFromSoftTargets: targets that are win
// probabilities (a stronger engine's scores through a sigmoid), not drawn
// results, pin the weights down from far fewer positions: the fit finds
// the weights the targets were made from, and its loss falls to near 0.
func TestFitRecoversWeightsFromSoftTargets(t *testing.T) {
	want := []float64{100, -60, 30, 0}
	const k = 100
	data := synthetic(2000, want, k, 3)
	for i := range data {
		data[i].Result = float32(sigmoid(dot(want, &data[i]) / k))
	}
	start := []float64{100, 0, 0, 0}
	w, err := Fit(data, start, k, Options{Iterations: 400, Rate: 2, Fixed: []bool{true, false, false, false}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(w[i]-want[i]) > 2 {
			t.Errorf("weight %d = %.1f, want %.0f ± 2 (all: %.1f)", i, w[i], want[i], w)
		}
	}
	if after, _ := Loss(data, w, k); after > 1e-4 {
		t.Errorf("loss after the fit %.6f, want near 0", after)
	}
}
