package arm

import (
	"fmt"

	"tengen/i18n/errmsg"
)

// faultKeys are the faults' catalogue keys (i18n/errmsg), bit by bit.
var faultKeys = []string{"err.arm-fault-estop", "err.arm-fault-silent", "err.arm-fault-underrun", "err.arm-fault-overflow", "err.arm-fault-setpoint", "err.arm-fault-reset"}

// Message names the faults set in f as a message a person can read in
// their language.
func (f Faults) Message() errmsg.Msg {
	if f == 0 {
		return errmsg.M("err.arm-no-faults")
	}
	var parts []errmsg.Msg
	for i, k := range faultKeys {
		if f&(1<<i) != 0 {
			parts = append(parts, errmsg.M(k))
		}
	}
	if rest := f &^ (1<<len(faultKeys) - 1); rest != 0 {
		parts = append(parts, errmsg.M("err.arm-fault-unknown", fmt.Sprintf("%#x", uint16(rest))))
	}
	m := parts[len(parts)-1]
	for i := len(parts) - 2; i >= 0; i-- {
		m = errmsg.M("err.list", parts[i], m)
	}
	return m
}

// String names the faults set in f in English, e.g. "e-stop pressed,
// host silent".
func (f Faults) String() string { return f.Message().String() }

// FaultError is a latched device fault that stopped the arm.
type FaultError struct {
	Faults Faults
}

// Message implements errmsg.Messager.
func (e *FaultError) Message() errmsg.Msg { return errmsg.M("err.arm-fault", e.Faults.Message()) }

func (e *FaultError) Error() string { return e.Message().String() }
