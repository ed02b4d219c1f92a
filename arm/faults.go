package arm

import (
	"fmt"
	"strings"
)

var faultNames = []string{"e-stop pressed", "host silent", "queue ran dry", "queue overflow", "bad setpoint", "device reset"}

// String names the faults set in f, e.g. "e-stop pressed, host silent".
func (f Faults) String() string {
	if f == 0 {
		return "no faults"
	}
	var names []string
	for i, n := range faultNames {
		if f&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	if rest := f &^ (1<<len(faultNames) - 1); rest != 0 {
		names = append(names, fmt.Sprintf("unknown fault bits %#x", uint16(rest)))
	}
	return strings.Join(names, ", ")
}

// FaultError is a latched device fault that stopped the arm.
type FaultError struct {
	Faults Faults
}

func (e *FaultError) Error() string { return "device fault: " + e.Faults.String() }
