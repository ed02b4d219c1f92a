package tune_test

import (
	"fmt"

	"tengen/ai/tune"
)

// A position with more of feature 0 wins more often: the fit raises its
// weight from zero.
func Example() {
	var data []tune.Sample
	for i := 0; i < 100; i++ {
		x := float32(i%5 - 2)
		r := float32(0)
		if x > 0 || (x == 0 && i%2 == 0) {
			r = 1
		}
		data = append(data, tune.Dense([]float32{x}, r))
	}
	w, _ := tune.Fit(data, []float64{0}, 1, tune.Options{Iterations: 200, Rate: 0.1})
	before, _ := tune.Loss(data, []float64{0}, 1)
	after, _ := tune.Loss(data, w, 1)
	fmt.Println(w[0] > 1, after < before)
	// Output: true true
}
