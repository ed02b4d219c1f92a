package rules

import (
	"fmt"
	"strings"
)

// Rule is a rule set: what makes a win and what is forbidden.
type Rule int8

const (
	// Freestyle: five or more in a row wins, for both sides.
	Freestyle Rule = iota
	// Standard: exactly five wins; an overline does not win (but is legal).
	Standard
	// Renju: Black wins with exactly five, and double-three, double-four
	// and overline are forbidden to Black; White wins with five or more.
	Renju
	// Caro: five wins unless it is blocked at both ends; overline does not win.
	Caro
)

var ruleNames = [...]string{"freestyle", "standard", "renju", "caro"}

func (r Rule) String() string {
	if r >= 0 && int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", int(r))
}

// ParseRule reads a rule set's name, in any case.
func ParseRule(s string) (Rule, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range ruleNames {
		if t == n {
			return Rule(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rule %q (want freestyle, standard, renju or caro)", s)
}

// Reading chooses between the two readings of a renju three whose
// straight-four point also makes a five.
type Reading int8

const (
	// ReadingRIF counts such a three as a three (RIF / Renju World reading,
	// the May 1996 clarification). It is the default.
	ReadingRIF Reading = iota
	// ReadingGomocup does not count it, as the Gomocup referee and Rapfi do.
	ReadingGomocup
)

func (r Reading) String() string {
	if r == ReadingGomocup {
		return "gomocup"
	}
	return "rif"
}

// ParseReading reads "rif" or "gomocup".
func ParseReading(s string) (Reading, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "rif", "":
		return ReadingRIF, nil
	case "gomocup":
		return ReadingGomocup, nil
	}
	return 0, fmt.Errorf("unknown reading %q (want rif or gomocup)", s)
}
