package ai

import (
	"sync"

	"tengen/rules"
)

// A line pattern is what one stone makes along one line, judged from the
// five cells on either side of it (enough to tell an exact five from an
// overline). Codes are ordered by strength so they can be compared.
const (
	patNone uint8 = iota
	patB1         // one stone that can still grow
	patF1         // one stone with room on both sides
	patB2         // two that can become a blocked three
	patF2         // two that can become an open three
	patB3         // three that can become a four
	patF3         // open three: one move from a straight four
	patB4         // four: exactly one point makes five
	patD4         // two fours in one line (X_XXX_X): two five points, not adjacent
	patF4         // straight four: two five points at both ends
	patF5         // five
	patOL         // overline where it does not win (exact-five rules)
)

const numPats = int(patOL) + 1

// patBits is the bits a pattern code takes (two fit in a byte).
const patBits = 4

// Cell codes in a line key: two bits per neighbour.
const (
	cellEmpty = 0
	cellBlack = 1
	cellWhite = 2
	cellWall  = 3
)

// halfLine is how many cells on each side of a point a key holds.
const halfLine = 5

// fiveRule says what makes a five for one colour.
type fiveRule uint8

const (
	fiveOrMore  fiveRule = iota // freestyle; renju White
	exactlyFive                 // standard; renju Black
	caroFive                    // exactly five, not blocked by the opponent at both ends
	numFiveRules
)

var (
	patTables [numFiveRules][2]*[1 << 20]uint8
	patOnce   [numFiveRules][2]sync.Once
)

// patternTable returns the table key -> pattern for colour c (1 black,
// 2 white) under rule fr, building it on first use.
func patternTable(fr fiveRule, c int) *[1 << 20]uint8 {
	patOnce[fr][c-1].Do(func() { patTables[fr][c-1] = buildPatternTable(fr, uint32(c)) })
	return patTables[fr][c-1]
}

// buildPatternTable classifies every key for colour c under fr. Except
// under caro, where a five blocked by the opponent at both ends does not
// count, an opponent's stone only ends a run, as the edge does: a key is
// classified as itself with the opponent's stones made edge, so only the
// 3^10 keys without them are read (about 10 ms, not 50 ms a table: a
// fresh brain's first move waits for its rule's tables). The twin is
// looked up before classify is called: a call per key cost a third of
// the build.
func buildPatternTable(fr fiveRule, c uint32) *[1 << 20]uint8 {
	t := new([1 << 20]uint8)
	for i := range t {
		t[i] = 0xff
	}
	for k := range uint32(1 << 20) {
		if fr == caroFive {
			classify(t, k, fr, c)
			continue
		}
		e := opponentAsEdge(k, c)
		v := t[e]
		if v == 0xff {
			v = classify(t, e, fr, c)
		}
		t[k] = v
	}
	return t
}

// opponentAsEdge turns the opponent's stones in a key for colour c into
// edge cells (cellWall, both bits set).
func opponentAsEdge(key, c uint32) uint32 {
	const low = 0x55555 // the low bit of every cell
	if c == cellBlack {
		return key | key>>1&low // White 10 -> 11
	}
	return key | (key&low)<<1 // Black 01 -> 11
}

var (
	pairTables [numFiveRules][numFiveRules]*[1 << 20]uint8
	pairOnce   [numFiveRules][numFiveRules]sync.Once
)

// pairTable returns the table key -> Black's pattern | White's pattern<<4
// for the given five rules: one lookup (one cache miss) for both colours,
// in a table of 1 MiB (half the second-level cache). Each pair is built
// once, on its own, so that a search never waits for another rule's table.
func pairTable(black, white fiveRule) *[1 << 20]uint8 {
	pairOnce[black][white].Do(func() {
		tb, tw := patternTable(black, cellBlack), patternTable(white, cellWhite)
		t := new([1 << 20]uint8)
		for k := range t {
			t[k] = tb[k] | tw[k]<<4
		}
		pairTables[black][white] = t
	})
	return pairTables[black][white]
}

// ruleTable returns the pair table for rule r's five rules.
func ruleTable(r rules.Rule) *[1 << 20]uint8 {
	return pairTable(fiveRuleFor(r, cellBlack), fiveRuleFor(r, cellWhite))
}

var (
	warmOnce sync.Once
	// warmed is closed when warmTables has built every table.
	warmed = make(chan struct{})
)

// warmTables starts building every rule's tables in the background, once,
// for the first NewEngine: a rule's tables take tens of milliseconds
// (caro's six times more; all of them a second on a loaded machine), which
// must come neither out of the first move's clock nor before a Gomocup
// manager's START is answered (a slow START loses the game). A search that
// needs a table first builds it itself.
func warmTables() {
	warmOnce.Do(func() {
		go func() {
			comboOnce.Do(buildCombos)
			for _, r := range []rules.Rule{rules.Freestyle, rules.Renju, rules.Standard, rules.Caro} {
				ruleTable(r)
			}
			close(warmed)
		}()
	})
}

// slotShift returns the bit position in a key of the neighbour at offset
// off (-5..-1, 1..5): the inner eight (-4..-1, 1..4) in bits 0-15, the
// two outer ones above them, so that where no pattern depends on the
// outer cells (fiveOrMore; TestFiveOrMoreReach) a key's low 16 bits
// index the table: 64 KiB of it read, not all of its 1 MiB (innerKeys).
func slotShift(off int) uint {
	switch {
	case off == -halfLine:
		return 2 * (2*halfLine - 2)
	case off == halfLine:
		return 2 * (2*halfLine - 1)
	case off < 0:
		return uint(2 * (off + halfLine - 1))
	}
	return uint(2 * (off + halfLine - 2))
}

// classify computes (memoised in t) the pattern that a stone of colour c at
// the centre makes with the neighbours in key.
func classify(t *[1 << 20]uint8, key uint32, fr fiveRule, c uint32) uint8 {
	if v := t[key]; v != 0xff {
		return v
	}
	at := func(off int) uint32 { return key >> slotShift(off) & 3 }
	// Run of c through the centre.
	lo, hi := 0, 0
	for lo > -halfLine && at(lo-1) == c {
		lo--
	}
	for hi < halfLine && at(hi+1) == c {
		hi++
	}
	run := hi - lo + 1
	var res uint8
	switch {
	case run >= 5 && fr == fiveOrMore:
		res = patF5
	case run > 5:
		res = patOL
	case run == 5:
		res = patF5
		if fr == caroFive {
			opp := 3 - c
			if lo > -halfLine && hi < halfLine && at(lo-1) == opp && at(hi+1) == opp {
				res = patNone
			}
		}
	default:
		var fives [2 * halfLine]int
		n5, best := 0, patNone
		for off := -halfLine; off <= halfLine; off++ {
			if off == 0 || at(off) != cellEmpty {
				continue
			}
			child := classify(t, key|c<<slotShift(off), fr, c)
			switch {
			case child == patF5:
				fives[n5] = off
				n5++
			case child == patF4:
				best = max(best, patF3)
			case child == patB4 || child == patD4:
				best = max(best, patB3)
			case child == patF3:
				best = max(best, patF2)
			case child == patB3:
				best = max(best, patB2)
			case child == patF2:
				best = max(best, patF1)
			case child == patB2:
				best = max(best, patB1)
			}
		}
		switch {
		case n5 >= 2:
			res = patD4
			for i := 0; i < n5; i++ {
				for j := i + 1; j < n5; j++ {
					if fives[j]-fives[i] == 5 {
						res = patF4
					}
				}
			}
		case n5 == 1:
			res = patB4
		default:
			res = best
		}
	}
	t[key] = res
	return res
}

// Threat classes of a point for one colour: what a stone there makes when
// the four lines are taken together. Ordered by urgency.
const (
	tNone uint8 = iota
	tB3         // a three that can become a four
	tF3         // an open three
	t33         // two open threes
	tB4         // a four
	t43         // a four and an open three
	t44         // a straight four, or two fours: wins unless the opponent has a five
	t5          // five
)

const numThreats = int(t5) + 1

// lineValue scores one line pattern for move ordering (the evaluation's
// weights, evalWeights, started from it).
var lineValue = [numPats]int32{
	patNone: 0, patB1: 1, patF1: 3, patB2: 6, patF2: 16, patB3: 20,
	patF3: 70, patB4: 80, patD4: 400, patF4: 400, patF5: 4000, patOL: 0,
}

// threatBonus is what a point's threat class adds to its line values:
// lines working together are worth more than apart.
var threatBonus = [numThreats]int32{t44: 600, t43: 300, t33: 150}

const comboSize = numPats * numPats * numPats * numPats

// comboPatterns is the four line patterns of combination index i (the
// first direction's the most significant digit).
func comboPatterns(i int) [4]uint8 {
	var ps [4]uint8
	for d := 3; d >= 0; d-- {
		ps[d] = uint8(i % numPats)
		i /= numPats
	}
	return ps
}

// comboTable maps four line patterns (comboIndex) to the threat class in
// the low bits and comboForbidden; pointTable carries it by point key.
var (
	comboTable [comboSize]uint8
	comboOnce  sync.Once
)

// comboForbidden marks a combination that may be forbidden to renju's Black.
const comboForbidden = 1 << 3

func comboIndex(p *[4]uint8) int {
	return ((int(p[0])*numPats+int(p[1]))*numPats+int(p[2]))*numPats + int(p[3])
}

// A point key holds a point's four line patterns for one colour, patBits
// each, direction 0 in the high bits: a pattern that changes is a masked
// store, and the key indexes the point tables itself.
const keyBits = 4 * patBits

// keyShift returns where the pattern along d sits in a point key.
func keyShift(d int) uint { return uint(patBits * (3 - d&3)) }

// keyOf returns the point key of patterns p.
func keyOf(p *[4]uint8) uint16 {
	return uint16(p[0])<<keyShift(0) | uint16(p[1])<<keyShift(1) | uint16(p[2])<<keyShift(2) | uint16(p[3])
}

// comboOfKey returns the comboIndex of the patterns in point key k.
func comboOfKey(k uint16) int {
	var p [4]uint8
	for d := range p {
		p[d] = uint8(k>>keyShift(d)) & (1<<patBits - 1)
	}
	return comboIndex(&p)
}

// pointTable holds by point key what a point's four line patterns give
// either colour: its comboTable byte (threat class, comboForbidden) in the
// low bits and its ordering score (lineValue, threatBonus; an int16) in
// the high half. The evaluation weights (pointEvals) are apart, since the
// threat solvers, which make most of the changes, never read them.
// Keys with a code beyond patOL hold zero.
var pointTable [1 << keyBits]uint32

// pointEvals holds, per evaluation set of the colour and by point key,
// what a point adds to evTotal: its evaluation weights with the colour to
// move and against it (weighed in the set of the other colour to move).
var pointEvals [numEvalSets][1 << keyBits][2]int16

// otherSet is the set of the other colour to move.
var otherSet = [numEvalSets]int{setOpen: setOpen, setRenjuBlack: setRenjuWhite, setRenjuWhite: setRenjuBlack}

// buildPointTables fills pointTable and pointEvals from comboTable and evalCombo.
func buildPointTables() {
	for k := range comboSize {
		e := comboTable[k]
		score := threatBonus[e&7]
		p := comboPatterns(k)
		for _, pat := range p {
			score += lineValue[pat]
		}
		key := keyOf(&p)
		pointTable[key] = uint32(e) | uint32(uint16(int16(score)))<<16
		for set := range numEvalSets {
			pointEvals[set][key] = [2]int16{evalCombo[set][0][k], evalCombo[otherSet[set]][1][k]}
		}
	}
}

func buildCombos() {
	for i := 0; i < comboSize; i++ {
		ps := comboPatterns(i)
		comboTable[i] = comboOf(&ps)
	}
	buildPointTables()
}

// comboOf returns what a point with line patterns ps makes: its threat
// class, with comboForbidden where it may be forbidden to renju's Black
// (an overline, two fours or two open threes, and no five).
func comboOf(ps *[4]uint8) uint8 {
	var n5, nOL, fours, nF4, nB4, nF3, nB3 int
	for _, p := range ps {
		switch p {
		case patF5:
			n5++
		case patOL:
			nOL++
		case patF4:
			fours++
			nF4++
		case patD4:
			fours += 2
			nF4++
		case patB4:
			fours++
			nB4++
		case patF3:
			nF3++
		case patB3:
			nB3++
		}
	}
	var t uint8
	switch {
	case n5 > 0:
		t = t5
	case nF4 > 0 || fours >= 2:
		t = t44
	case nB4 > 0 && nF3 > 0:
		t = t43
	case nB4 > 0:
		t = tB4
	case nF3 >= 2:
		t = t33
	case nF3 > 0:
		t = tF3
	case nB3 > 0:
		t = tB3
	}
	if n5 == 0 && (nOL > 0 || fours >= 2 || nF3 >= 2) {
		t |= comboForbidden
	}
	return t
}
