package ai

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"sync/atomic"

	"tengen/ai/tune"
	"tengen/rules"
	"tengen/rules/record"
)

// The evaluation is linear in these features, seen from the side to move
// ("mine") and its opponent ("theirs"): how many line patterns of each
// kind the empty points hold, how many empty points of each threat class
// there are, and the threat race terms of threatEval. Its weights
// (evalWeights, in eighths of a score unit) are fitted to game results by
// `tengen engine tune` (package tune); this layout is what they mean.
const (
	featMinePat      = 0
	featTheirPat     = featMinePat + numPats
	featMineThreat   = featTheirPat + numPats
	featTheirThreat  = featMineThreat + numThreats
	featTerms        = featTheirThreat + numThreats
	numSetFeatures   = featTerms + numTerms
	numEvalFeatures  = numEvalSets * numSetFeatures
	evalUnit         = 8 // weights are in eighths of a score unit
	evalWeightsLimit = 1 << 20
)

// Weight sets: each rule and side to move with a game of its own. Renju's
// colours differ (Black's double threes and fours are forbidden), so each
// has its set; the other rules are alike for both colours.
const (
	setOpen       = iota // freestyle, standard, caro
	setRenjuBlack        // renju, Black to move
	setRenjuWhite        // renju, White to move
	numEvalSets
)

var setNames = [numEvalSets]string{"open", "renju black", "renju white"}

// evalSetFor returns the weight set for colour me (1 black, 2 white) to move under rule.
func evalSetFor(rule rules.Rule, me uint8) int {
	if rule != rules.Renju {
		return setOpen
	}
	if me == cellBlack {
		return setRenjuBlack
	}
	return setRenjuWhite
}

// setWeights returns weight set k of evalWeights.
func setWeights(k int) *[numSetFeatures]int32 {
	return (*[numSetFeatures]int32)(evalWeights[k*numSetFeatures : (k+1)*numSetFeatures])
}

// Threat race terms (threatTerms): what threatEval weighs.
const (
	termMine43      = iota // the mover's four-three, no opponent four to answer with
	termMine33             // the mover's double three (not forbidden), likewise
	termTheirManyF4        // three or more opponent straight-four points, no four to gain time
	termTheirF4            // one or two such points
	termTheirDouble        // opponent 4-3 and 3-3 points (up to 4), unless the mover's 4-3 comes first
	numTerms
)

var patNames = [numPats]string{"none", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "D4", "F4", "F5", "OL"}
var threatNames = [numThreats]string{"none", "B3", "F3", "33", "B4", "43", "44", "5"}
var termNames = [numTerms]string{"mine43", "mine33", "theirManyF4", "theirF4", "theirDouble"}

// EvalFeatureNames names the evaluation's features, in order.
func EvalFeatureNames() []string {
	var out []string
	for _, set := range setNames {
		for _, side := range []string{"mine", "theirs"} {
			for _, n := range patNames {
				out = append(out, set+": "+side+" line "+n)
			}
		}
		for _, side := range []string{"mine", "theirs"} {
			for _, n := range threatNames {
				out = append(out, set+": "+side+" point "+n)
			}
		}
		for _, n := range termNames {
			out = append(out, set+": race "+n)
		}
	}
	return out
}

// HandEvalWeights returns the hand-set evaluation (lineValue and
// threatBonus, the mover's x5/4 and the opponent's x1, halved; the race
// constants of threatEval) as feature weights: the tuner's start.
func HandEvalWeights() []float64 {
	w := make([]float64, numEvalFeatures)
	for k := range numEvalSets {
		ws := w[k*numSetFeatures:]
		for p := range numPats {
			ws[featMinePat+p] = float64(5 * lineValue[p])
			ws[featTheirPat+p] = float64(-4 * lineValue[p])
		}
		for t := range numThreats {
			ws[featMineThreat+t] = float64(5 * threatBonus[t])
			ws[featTheirThreat+t] = float64(-4 * threatBonus[t])
		}
		for i, v := range [numTerms]float64{1500, 700, -1200, -250, -60} {
			ws[featTerms+i] = v * evalUnit
		}
	}
	return w
}

// EvalWeights returns the weights the engine evaluates with.
func EvalWeights() []float64 {
	w := make([]float64, numEvalFeatures)
	for i, v := range evalWeights {
		w[i] = float64(v)
	}
	return w
}

// EvalFixed marks the features a tuner must leave alone: fives and their
// points never occur in an evaluated position (the search returns a win
// or the forced reply first), nor do empty-pattern counts matter beyond
// the number of empty points (kept at 0 to fix the offset).
func EvalFixed() []bool {
	f := make([]bool, numEvalFeatures)
	for k := range numEvalSets {
		fs := f[k*numSetFeatures:]
		for _, base := range []int{featMinePat, featTheirPat} {
			fs[base+int(patNone)] = true
			fs[base+int(patF5)] = true
		}
		for _, base := range []int{featMineThreat, featTheirThreat} {
			fs[base+int(tNone)] = true
			fs[base+int(t5)] = true
		}
	}
	return f
}

// evalPat is evalWeights' line-pattern part, per set and side (0 mine,
// 1 theirs), read for every changed point.
var evalPat [numEvalSets][2][numPats]int32

func init() {
	for k := range numEvalSets {
		w := setWeights(k)
		for p := range numPats {
			evalPat[k][0][p] = w[featMinePat+p]
			evalPat[k][1][p] = w[featTheirPat+p]
		}
	}
}

// threatTerms counts the race terms for the mover (counts mine) against
// its opponent (theirs); see threatEval.
func threatTerms(mine, theirs *[numThreats]int32, mine33Forbidden, their33Forbidden bool) [numTerms]int32 {
	var t [numTerms]int32
	oppFours := theirs[tB4]+theirs[t43]+theirs[t44] > 0
	my43 := mine[t43] > 0 && !oppFours
	switch {
	case my43:
		// A four that also makes an open three: the block is forced, then
		// the straight four wins.
		t[termMine43] = 1
	case mine[t33] > 0 && !oppFours && !mine33Forbidden:
		t[termMine33] = 1
	}
	if theirs[t44] > 0 && mine[tB4]+mine[t43] == 0 {
		// The opponent threatens a straight four and the mover has no four
		// to gain time: one defence is forced, two open threats lose.
		if theirs[t44] >= 3 {
			t[termTheirManyF4] = 1
		} else {
			t[termTheirF4] = 1
		}
	}
	n := theirs[t43]
	if !their33Forbidden {
		n += theirs[t33]
	}
	if n > 0 && !my43 {
		t[termTheirDouble] = min(n, 4)
	}
	return t
}

// evalFeatures fills x with the features of the position for me, to move.
func (b *board) evalFeatures(me uint8, x []float32) {
	clear(x)
	x = x[evalSetFor(b.rule, me)*numSetFeatures:]
	b.eachEmpty(func(i cell) bool {
		for d := 0; d < 4; d++ {
			x[featMinePat+int(b.pats[i][me-1][d])]++
			x[featTheirPat+int(b.pats[i][2-me][d])]++
		}
		return true
	})
	for t := range numThreats {
		x[featMineThreat+t] = float32(b.count[me-1][t])
		x[featTheirThreat+t] = float32(b.count[2-me][t])
	}
	terms := threatTerms(&b.count[me-1], &b.count[2-me], b.isRenjuBlack(me), b.isRenjuBlack(3-me))
	for i, v := range terms {
		x[featTerms+i] = float32(v)
	}
}

// SampleOptions choose the positions EvalSamples takes from a game.
type SampleOptions struct {
	Reading rules.Reading
	// MinStones skips the opening (default 5 stones on the board).
	MinStones int
	// VCFDepth: positions where the side to move wins by fours within this
	// many fours are skipped (default 12); the search never evaluates them.
	VCFDepth int
}

// EvalSamples returns training samples from a finished game: every
// position where the engine would use its static evaluation (no five to
// make or to stop, no straight four or double four, no VCF for the side to
// move), with the game's result for the side to move. A game without a
// known result gives none.
func EvalSamples(rec *record.Record, opt SampleOptions) ([]tune.Sample, error) {
	if !rec.Result.Known() {
		return nil, nil
	}
	if opt.MinStones <= 0 {
		opt.MinStones = 5
	}
	if opt.VCFDepth <= 0 {
		opt.VCFDepth = 12
	}
	rule := rec.Rule
	if rule == record.NoRule {
		rule = rules.Freestyle
	}
	b, err := newBoard(rec.Size, rule, opt.Reading)
	if err != nil {
		return nil, err
	}
	var stop atomic.Bool
	s := newSearcher(b, newTransTable(1<<16), &stop)
	var out []tune.Sample
	for k, m := range rec.Moves {
		if m.Point == rules.Pass {
			continue
		}
		i := b.cellOf(m.Point)
		if !b.onBoard(i) || b.stones[i] != cellEmpty || (m.Color != rules.Black && m.Color != rules.White) {
			return nil, fmt.Errorf("move %d (%v): not a free point for a stone", k+1, m.Point)
		}
		me := uint8(m.Color)
		if len(b.history) >= opt.MinStones && quietForEval(s, me, opt.VCFDepth) {
			x := make([]float32, numEvalFeatures)
			b.evalFeatures(me, x)
			r := float32(0.5)
			if !rec.Result.Draw {
				r = 0
				if rec.Result.Winner == m.Color {
					r = 1
				}
			}
			out = append(out, tune.Sample{X: x, Result: r})
		}
		b.play(i, me)
	}
	return out, nil
}

// quietForEval reports whether the search would evaluate the position for
// me, to move, statically rather than by reading threats.
func quietForEval(s *searcher, me uint8, vcfDepth int) bool {
	b := s.b
	opp := 3 - me
	if b.has(me, t5) || b.has(opp, t5) || b.has(me, t44) || s.hasWinningThreat(opp) {
		return false
	}
	return !(b.has(me, tB4) && s.vcfBudget(me, vcfDepth, 20000))
}

// EvalWeightsGo returns the Go source of evalWeights for w (rounded),
// with note in its comment: the file `tengen engine tune` writes.
func EvalWeightsGo(w []float64, note string) ([]byte, error) {
	if len(w) != numEvalFeatures {
		return nil, fmt.Errorf("%d weights, the evaluation has %d features", len(w), numEvalFeatures)
	}
	names := EvalFeatureNames()
	var buf bytes.Buffer
	buf.WriteString("// Code generated by tengen engine tune; DO NOT EDIT.\n\npackage ai\n\n")
	fmt.Fprintf(&buf, "// evalWeights are the evaluation's feature weights in eighths (see\n// features.go). %s\nvar evalWeights = [numEvalFeatures]int32{\n", note)
	for i, v := range w {
		if math.IsNaN(v) || math.Abs(v) > evalWeightsLimit {
			return nil, fmt.Errorf("weight %d (%s) = %v is out of range", i, names[i], v)
		}
		fmt.Fprintf(&buf, "\t%d, // %s\n", int32(math.Round(v)), names[i])
	}
	buf.WriteString("}\n")
	return format.Source(buf.Bytes())
}
