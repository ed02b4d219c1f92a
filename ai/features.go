package ai

import (
	"bytes"
	"fmt"
	"go/format"
	"math"
	"slices"
	"sync/atomic"

	"tengen/ai/tune"
	"tengen/rules"
	"tengen/rules/record"
)

// The evaluation is linear in these features, seen from the side to move
// ("mine") and its opponent ("theirs"): how many line patterns of each
// kind the empty points hold, how many empty points of each threat class
// and of each potential class there are, and the threat race terms of
// threatEval. Its weights (evalWeights, in eighths of a score unit) are
// fitted to game results by `tengen engine tune` (package tune); this
// layout is what they mean. The weights in use came from
//
//	tengen engine tune --combos=false --shrink 0.5 --out ai/weights.go /work/ext/tune-data
//
// (the games are kept outside the repository), except the potential
// classes' weights, which were set by hand and kept because they won in
// play (a fit of them to a stronger engine's verdicts played worse), and
// the two renju sets, since moved half way to a fit to Rapfi's scores of
// labelled positions (--scores, --start in-use --shrink 0.5; the full fit
// played worse, the half way one better), and the open set (freestyle,
// standard, caro), moved half way to a fit to Rapfi's scores of freestyle
// positions that also weighs each point's combination of four line
// patterns (--combos --lambda 1e-9: the only set whose combination
// weights are not 0); weights.go's comment says what was done.
//
// Under renju a point that may be forbidden to Black (comboForbidden: an
// overline, two fours or two open threes, which Black may not play) is
// left out of Black's features, its threat class too. The weights were
// fitted while such points counted for Black; leaving them out won in play
// (engine41, renju games against the engine that counted them).
const (
	featMinePat      = 0
	featTheirPat     = featMinePat + numPats
	featMineThreat   = featTheirPat + numPats
	featTheirThreat  = featMineThreat + numThreats
	featMinePot      = featTheirThreat + numThreats // empty points per potential class
	featTheirPot     = featMinePot + numPots
	featTerms        = featTheirPot + numPots
	featMineCombo    = featTerms + numTerms // a point's four patterns together, beyond their sum
	featTheirCombo   = featMineCombo + numComboClasses
	numSetFeatures   = featTheirCombo + numComboClasses
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

// Potential classes of a point for one colour: what a stone there builds
// short of a double threat or a four (the point's threat class says what
// it makes now). Quiet moves that prepare double threats are how a strong
// opponent wins from a level position; the line and threat counts alone
// do not see them. Two open twos without a three make no class: weighing
// them played worse than not (engine19, by play).
const (
	potNone   = iota
	potF3Plus // an open three and another line that grows (F2 or B3): a forcing move that builds
	potB3Plus // a blocked three and another F2 or B3 line
	numPots
)

// potClass maps comboIndex to the point's potential class.
var potClass [comboSize]uint8

// potentialOf returns the potential class of a point with line patterns p.
func potentialOf(p [4]uint8) uint8 {
	var nF3, nB3, nF2 int
	for _, q := range p {
		switch q {
		case patF3:
			nF3++
		case patB3:
			nB3++
		case patF2:
			nF2++
		case patB4, patD4, patF4, patF5, patOL:
			return potNone // a four or better: the threat terms weigh it
		}
	}
	switch {
	case nF3 >= 2:
		return potNone // a double three: a threat class of its own
	case nF3 == 1 && nB3+nF2 >= 1:
		return potF3Plus
	case nF3 == 0 && nB3 >= 1 && nB3+nF2 >= 2:
		return potB3Plus
	}
	return potNone
}

// numComboClasses counts the combinations of four line patterns when
// their order does not matter (multisets of 4 out of numPats).
const numComboClasses = numPats * (numPats + 1) * (numPats + 2) * (numPats + 3) / 24

// comboClass maps comboIndex to the combination's class; comboPats holds
// each class's patterns, strongest first.
var (
	comboClass [comboSize]uint16
	comboPats  [numComboClasses][4]uint8
)

func init() {
	id := map[[4]uint8]uint16{}
	for a := numPats - 1; a >= 0; a-- {
		for b := a; b >= 0; b-- {
			for c := b; c >= 0; c-- {
				for d := c; d >= 0; d-- {
					k := [4]uint8{uint8(a), uint8(b), uint8(c), uint8(d)}
					comboPats[len(id)] = k
					id[k] = uint16(len(id))
				}
			}
		}
	}
	for i := range comboSize {
		k := comboPatterns(i)
		potClass[i] = potentialOf(k)
		slices.SortFunc(k[:], func(x, y uint8) int { return int(y) - int(x) })
		comboClass[i] = id[k]
	}
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
var potNames = [numPots]string{"none", "F3+", "B3+"}
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
		for _, side := range []string{"mine", "theirs"} {
			for _, n := range potNames {
				out = append(out, set+": "+side+" potential "+n)
			}
		}
		for _, n := range termNames {
			out = append(out, set+": race "+n)
		}
		for _, side := range []string{"mine", "theirs"} {
			for _, k := range comboPats {
				out = append(out, fmt.Sprintf("%s: %s combo %s %s %s %s", set, side, patNames[k[0]], patNames[k[1]], patNames[k[2]], patNames[k[3]]))
			}
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

// EvalComboFeatures marks the features that weigh a point's combination
// of four line patterns beyond the sum of its lines: many, most seldom
// seen, so a tuner pulls them towards 0.
func EvalComboFeatures() []bool {
	f := make([]bool, numEvalFeatures)
	for i := range f {
		f[i] = i%numSetFeatures >= featMineCombo
	}
	return f
}

// EvalRaceFeatures marks the threat race terms (threatEval's constants).
func EvalRaceFeatures() []bool {
	f := make([]bool, numEvalFeatures)
	for i := range f {
		f[i] = i%numSetFeatures >= featTerms && i%numSetFeatures < featMineCombo
	}
	return f
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
		fs[featMinePot+potNone] = true
		fs[featTheirPot+potNone] = true
	}
	return f
}

// evalCombo is evalWeights' point part (its four line patterns, their
// combination and its potential class), per set and side (0 mine, 1 theirs), by comboIndex:
// one lookup for every changed point.
var evalCombo [numEvalSets][2][comboSize]int16

// blackSide says which side of each set is renju's Black, bound by the
// forbidden moves (-1: none).
var blackSide = [numEvalSets]int{setOpen: -1, setRenjuBlack: 0, setRenjuWhite: 1}

func init() {
	for k := range numEvalSets {
		w := setWeights(k)
		for side, base := range [2][4]int{{featMinePat, featMineCombo, featMinePot, featMineThreat}, {featTheirPat, featTheirCombo, featTheirPot, featTheirThreat}} {
			for i := range comboSize {
				ps := comboPatterns(i)
				v := w[base[1]+int(comboClass[i])] + w[base[2]+int(potClass[i])]
				for _, p := range ps {
					v += w[base[0]+int(p)]
				}
				if t := comboOf(&ps); side == blackSide[k] && t&comboForbidden != 0 {
					// Black cannot play there: the point is worth nothing,
					// and its threat class (counted with the others by
					// evaluate) is taken back out.
					v = -w[base[3]+int(t&7)]
				}
				// Only points with a five pass the bounds, and the search
				// never evaluates a position that has one.
				evalCombo[k][side][i] = int16(max(math.MinInt16, min(math.MaxInt16, v)))
			}
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
	for t := range numThreats {
		x[featMineThreat+t] = float32(b.count[me-1][t])
		x[featTheirThreat+t] = float32(b.count[2-me][t])
	}
	b.eachEmpty(func(i cell) bool {
		for side, base := range [2][4]int{{featMinePat, featMineCombo, featMinePot, featMineThreat}, {featTheirPat, featTheirCombo, featTheirPot, featTheirThreat}} {
			c := me
			if side == 1 {
				c = 3 - me
			}
			sd := b.sideOf(i, c-1)
			if b.isRenjuBlack(c) && sd.maybeForbidden() {
				// A point renju's Black may not play counts for nothing.
				x[base[3]+int(sd.threat())]--
				continue
			}
			for d := 0; d < 4; d++ {
				x[base[0]+int(sd.pat(d))]++
			}
			k := comboOfKey(sd.key())
			x[base[1]+int(comboClass[k])]++
			x[base[2]+int(potClass[k])]++
		}
		return true
	})
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
	x := make([]float32, numEvalFeatures)
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
			b.evalFeatures(me, x)
			r := float32(0.5)
			if !rec.Result.Draw {
				r = 0
				if rec.Result.Winner == m.Color {
					r = 1
				}
			}
			out = append(out, tune.Dense(x, r))
		}
		b.play(i, me)
	}
	return out, nil
}

// PositionSample returns the training sample of pos with target, the
// probability that the side to move wins (a stronger engine's estimate, a
// game's result, or a blend), and whether the search would evaluate pos
// statically (false: no sample, as EvalSamples skips such positions).
func PositionSample(pos Position, target float32) (tune.Sample, bool, error) {
	if !(target >= 0 && target <= 1) {
		return tune.Sample{}, false, fmt.Errorf("position: target %v outside 0..1", target)
	}
	b, me, err := setup(pos)
	if err != nil {
		return tune.Sample{}, false, err
	}
	var stop atomic.Bool
	s := newSearcher(b, newTransTable(1<<16), &stop)
	if !quietForEval(s, me, 12) {
		return tune.Sample{}, false, nil
	}
	x := make([]float32, numEvalFeatures)
	b.evalFeatures(me, x)
	return tune.Dense(x, target), true, nil
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
		// Combinations are many and mostly 0 (never seen in a game): only
		// the others are written.
		if r := int32(math.Round(v)); r != 0 || i%numSetFeatures < featMineCombo {
			fmt.Fprintf(&buf, "\t%d: %d, // %s\n", i, r, names[i])
		}
	}
	buf.WriteString("}\n")
	return format.Source(buf.Bytes())
}
