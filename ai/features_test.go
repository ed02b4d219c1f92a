package ai

import (
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"tengen/ai/tune"
	"tengen/rules"
	"tengen/rules/record"
)

// TestFeaturesMatchEvaluate: the evaluation is the features weighed by
// evalWeights, as the tuner assumes (up to the rounding of eighths), in
// positions of both rules for both sides to move.
func TestFeaturesMatchEvaluate(t *testing.T) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		for _, p := range midgames(t, 6, rule) {
			s, me := solver(t, p)
			for _, c := range []uint8{me, 3 - me} {
				x := make([]float32, numEvalFeatures)
				s.b.evalFeatures(c, x)
				v := 0.0
				for i, w := range EvalWeights() {
					v += w * float64(x[i])
				}
				v /= evalUnit
				if got := s.evaluate(c); math.Abs(float64(got)-v) > 2 {
					t.Errorf("%v, %d stones, colour %d: evaluate = %d, features x weights = %.1f", rule, len(p.Stones), c, got, v)
				}
			}
		}
	}
}

// TestEvalWeightsGoRoundTrip: the generated source holds the weights in
// order (every weight but the combinations' zeros), and refuses a wrong count or a wild value.
func TestEvalWeightsGoRoundTrip(t *testing.T) {
	src, err := EvalWeightsGo(EvalWeights(), "Test.")
	if err != nil {
		t.Fatal(err)
	}
	body := string(src)
	w := EvalWeights()
	for i, name := range EvalFeatureNames() {
		if (w[i] != 0 || i%numSetFeatures < featMineCombo) && !strings.Contains(body, "// "+name+"\n") {
			t.Errorf("weight %d (%s) missing from the source", i, name)
		}
	}
	if _, err := EvalWeightsGo(EvalWeights()[1:], ""); err == nil {
		t.Error("a short weight list gave no error")
	}
	bad := EvalWeights()
	bad[3] = math.NaN()
	if _, err := EvalWeightsGo(bad, ""); err == nil {
		t.Error("NaN weight gave no error")
	}
}

// TestWeightsFileIsGenerated: ai/weights.go is what the generator writes
// for the weights it holds (nobody edited it by hand out of step).
func TestWeightsFileIsGenerated(t *testing.T) {
	have, err := os.ReadFile("weights.go")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(have), "// features.go). ")
	j := strings.Index(string(have), "\nvar evalWeights")
	if i < 0 || j < i {
		t.Fatal("weights.go lacks the generator's comment")
	}
	note := strings.ReplaceAll(string(have[i+len("// features.go). "):j]), "\n// ", " ")
	want, err := EvalWeightsGo(EvalWeights(), note)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(have) {
		t.Errorf("weights.go differs from the generator's output for its own weights")
	}
}

// rowEightGame is a freestyle game Black wins by building an open four on
// row 8 while White plays elsewhere.
func rowEightGame(t *testing.T) *record.Record {
	t.Helper()
	rec := &record.Record{Size: 15, Rule: rules.Freestyle, Result: record.Result{Winner: rules.Black, Reason: "five"}}
	pts, err := rules.ParsePoints("h8 a1 j8 a3 c12 a5 k8 a7 l8 o15 m8", 15)
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves = record.Alternate(pts)
	return rec
}

// TestEvalSamples: a won game gives quiet positions labelled from the
// mover's side, none once a five or a straight four is on the board, and
// every sample has features in range.
func TestEvalSamples(t *testing.T) {
	rec := rowEightGame(t)
	ss, err := EvalSamples(rec, SampleOptions{MinStones: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Positions with 2..8 stones; at 8 (Black to move with h8 j8 k8 l8
	// and m8 open) Black has a five point, and after the open three at 7
	// White faces a straight-four threat: both skipped.
	if len(ss) == 0 || len(ss) > 6 {
		t.Fatalf("%d samples, want 1..6", len(ss))
	}
	for k, s := range ss {
		if len(s.Index) == 0 || int(s.Index[len(s.Index)-1]) >= numEvalFeatures {
			t.Fatalf("sample %d has features %v", k, s.Index)
		}
	}
	if ss[0].Result != 1 || ss[1].Result != 0 {
		t.Errorf("results %v %v, want 1 for Black to move then 0 for White", ss[0].Result, ss[1].Result)
	}
	rec.Result = record.Result{}
	if ss, _ := EvalSamples(rec, SampleOptions{}); len(ss) != 0 {
		t.Errorf("a game without a result gave %d samples", len(ss))
	}
	rec.Result = record.Result{Winner: rules.Black}
	rec.Moves = append(rec.Moves, rec.Moves[0])
	if _, err := EvalSamples(rec, SampleOptions{}); err == nil {
		t.Error("a stone on an occupied point gave no error")
	}
}

// TestPositionSample: a position with a target gives the sample that
// EvalSamples takes from the same point of a game, with the target in
// place of the result; positions the search reads by threats give none,
// and a target outside 0..1 or a bad position is an error.
func TestPositionSample(t *testing.T) {
	rec := rowEightGame(t)
	want, err := EvalSamples(rec, SampleOptions{MinStones: 2})
	if err != nil {
		t.Fatal(err)
	}
	var got []tune.Sample
	skipped := 0
	for k := 2; k < len(rec.Moves); k++ {
		pos := Position{Size: 15, Rule: rules.Freestyle, ToMove: rec.Moves[k].Color}
		for _, m := range rec.Moves[:k] {
			pos.Stones = append(pos.Stones, Stone{P: m.Point, C: m.Color})
		}
		s, ok, err := PositionSample(pos, 0.25)
		if err != nil {
			t.Fatalf("%d stones: %v", k, err)
		}
		if !ok {
			skipped++
			continue
		}
		got = append(got, s)
	}
	if skipped == 0 || len(got) != len(want) {
		t.Fatalf("%d samples (%d skipped), want EvalSamples' %d and some skipped", len(got), skipped, len(want))
	}
	for k := range got {
		if got[k].Result != 0.25 || !slices.Equal(got[k].Index, want[k].Index) || !slices.Equal(got[k].Value, want[k].Value) {
			t.Errorf("sample %d: %+v, want the features of %+v and result 0.25", k, got[k], want[k])
		}
	}
	pos := Position{Size: 15, Rule: rules.Freestyle, ToMove: rules.Black, Stones: []Stone{{P: rec.Moves[0].Point, C: rules.Black}, {P: rec.Moves[1].Point, C: rules.White}}}
	for _, target := range []float32{-0.1, 1.5, float32(math.NaN())} {
		if _, _, err := PositionSample(pos, target); err == nil {
			t.Errorf("target %v gave no error", target)
		}
	}
	pos.Stones = append(pos.Stones, pos.Stones[0])
	if _, _, err := PositionSample(pos, 0.5); err == nil {
		t.Error("a stone on an occupied point gave no error")
	}
}

// TestThreatReadingKeepsSums: the threat solvers leave the evaluation's
// running sums out of their reading, and the sums still equal a board
// built afresh from the same stones afterwards.
func TestThreatReadingKeepsSums(t *testing.T) {
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		for _, p := range midgames(t, 4, rule) {
			s, me := solver(t, p)
			s.vcf(me, 12)
			s.vct(3-me, 3)
			fresh, _, err := setup(p)
			if err != nil {
				t.Fatal(err)
			}
			if s.b.evTotal != fresh.evTotal || s.b.noEval {
				t.Errorf("%v, %d stones: sums after reading %v (noEval %v), afresh %v", rule, len(p.Stones), s.b.evTotal, s.b.noEval, fresh.evTotal)
			}
		}
	}
}

// TestPotentialOf: a point's potential class is what a stone there builds
// short of a double three or a four; those have threat classes (and race
// terms) of their own and must not count again.
func TestPotentialOf(t *testing.T) {
	tests := []struct {
		name string
		p    [4]uint8
		want uint8
	}{
		{"open three and an open two", [4]uint8{patF3, patF2, patNone, patB1}, potF3Plus},
		{"open three and a blocked three", [4]uint8{patB3, patNone, patF3, patNone}, potF3Plus},
		{"open three alone", [4]uint8{patF3, patB2, patF1, patNone}, potNone},
		{"blocked three and an open two", [4]uint8{patB3, patNone, patNone, patF2}, potB3Plus},
		{"two blocked threes", [4]uint8{patB3, patB3, patNone, patNone}, potB3Plus},
		{"two open twos (no class: weighing them played worse)", [4]uint8{patF2, patB2, patF2, patNone}, potNone},
		{"one open two", [4]uint8{patF2, patB2, patB2, patNone}, potNone},
		{"double three", [4]uint8{patF3, patF3, patF2, patNone}, potNone},
		{"four and an open three", [4]uint8{patB4, patF3, patF2, patNone}, potNone},
		{"four and two open twos", [4]uint8{patB4, patF2, patF2, patNone}, potNone},
	}
	for _, tt := range tests {
		if got := potentialOf(tt.p); got != tt.want {
			t.Errorf("%s: potentialOf(%v) = %s, want %s", tt.name, tt.p, potNames[got], potNames[tt.want])
		}
		if got := potClass[comboIndex(&tt.p)]; got != tt.want {
			t.Errorf("%s: potClass = %s, want %s", tt.name, potNames[got], potNames[tt.want])
		}
	}
}

// TestPotentialInEvaluation: a point where the mover makes an open three
// and an open two in one move (h8 i8 and j10 meet at j8) raises its
// evaluation and lowers the opponent's; the same open two without the
// third stone (j10 moved out of reach, to o3) builds nothing and gets no
// potential term; neither does a point that already makes a double three.
func TestPotentialInEvaluation(t *testing.T) {
	w := EvalWeights()
	potTerm := func(p Position, c uint8) (float64, [2][numPots]float32) {
		s, _ := solver(t, p)
		x := make([]float32, numEvalFeatures)
		s.b.evalFeatures(c, x)
		base := evalSetFor(p.Rule, c) * numSetFeatures
		v := 0.0
		var n [2][numPots]float32
		for k := range numPots {
			n[0][k], n[1][k] = x[base+featMinePot+k], x[base+featTheirPot+k]
			v += w[base+featMinePot+k]*float64(n[0][k]) + w[base+featTheirPot+k]*float64(n[1][k])
		}
		return v / evalUnit, n
	}
	for _, rule := range []rules.Rule{rules.Freestyle, rules.Renju} {
		builds := pos(t, 15, rule, rules.Black, "h8 i8 j10", "a15 b15 c13")
		flat := pos(t, 15, rule, rules.Black, "h8 i8 o3", "a15 b15 c13")
		v, n := potTerm(builds, cellBlack)
		if n[0][potF3Plus] == 0 || v <= 0 {
			t.Errorf("%v: Black to move with a three-and-two point: %v open-three-plus points, potential term %.1f, want > 0", rule, n[0][potF3Plus], v)
		}
		if vw, nw := potTerm(builds, cellWhite); nw[1][potF3Plus] == 0 || vw >= 0 {
			t.Errorf("%v: White to move against it: %v points, potential term %.1f, want < 0", rule, nw[1][potF3Plus], vw)
		}
		if _, n := potTerm(flat, cellBlack); n[0][potF3Plus] != 0 {
			t.Errorf("%v: a lone open two gives %v open-three-plus points, want 0", rule, n[0][potF3Plus])
		}
	}
	// With h8 i8 j9 j10, j8 makes a double three for Black: no potential.
	s, _ := solver(t, pos(t, 15, rules.Freestyle, rules.Black, "h8 i8 j9 j10", "a15 b15 c13 d15"))
	j8 := s.b.cellOf(rules.Point{X: 9, Y: 7})
	if th, pc := s.b.sideOf(j8, 0).threat(), potClass[comboOfKey(s.b.sideOf(j8, 0).key())]; th != t33 || pc != potNone {
		t.Errorf("j8 with h8 i8 j9 j10: threat %s, potential %s; want 33, none", threatNames[th], potNames[pc])
	}
}

// TestForbiddenPointCountsForNothing: under renju, j8 (with h8 i8 j9 j10)
// would be a double three for Black, so it is forbidden: the evaluation
// leaves it out of Black's features (no 33 point, and its two open-three
// lines not counted), whichever side is to move, and evaluate still
// matches the features. In freestyle the same point counts.
func TestForbiddenPointCountsForNothing(t *testing.T) {
	j8 := rules.Point{X: 9, Y: 7}
	var f3 [2]float32 // Black's open-three lines under renju, freestyle (Black to move)
	for r, rule := range []rules.Rule{rules.Renju, rules.Freestyle} {
		for _, toMove := range []rules.Color{rules.Black, rules.White} {
			s, me := solver(t, pos(t, 15, rule, toMove, "h8 i8 j9 j10", "a15 b15 c13 d15"))
			b := s.b
			if th := b.sideOf(b.cellOf(j8), 0).threat(); th != t33 || b.count[0][t33] != 1 {
				t.Fatalf("%v: j8 makes %s for Black, %d double-three points; want 33, 1", rule, threatNames[th], b.count[0][t33])
			}
			x := make([]float32, numEvalFeatures)
			b.evalFeatures(me, x)
			base := evalSetFor(rule, me) * numSetFeatures
			threat, pat := featMineThreat, featMinePat
			if toMove == rules.White {
				threat, pat = featTheirThreat, featTheirPat
			}
			want33 := float32(1)
			if rule == rules.Renju {
				want33 = 0
			}
			if got := x[base+threat+int(t33)]; got != want33 {
				t.Errorf("%v, %v to move: Black's double-three points in the features = %v, want %v", rule, toMove, got, want33)
			}
			if toMove == rules.Black {
				f3[r] = x[base+pat+int(patF3)]
			}
			v := 0.0
			for i, w := range EvalWeights() {
				v += w * float64(x[i])
			}
			v /= evalUnit
			if got := s.evaluate(me); math.Abs(float64(got)-v) > 2 {
				t.Errorf("%v, %v to move: evaluate = %d, features x weights = %.1f", rule, toMove, got, v)
			}
		}
	}
	if f3[0] != f3[1]-2 {
		t.Errorf("Black's open-three lines: renju %v, freestyle %v; want j8's two left out under renju", f3[0], f3[1])
	}
}
