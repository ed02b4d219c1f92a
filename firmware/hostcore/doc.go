// Package hostcore compiles the firmware's generic core (firmware/src:
// the frame parser and the command handling, the same C the AVR runs) for
// the host, so that Go fuzz tests (FuzzCore) can throw arbitrary bytes at
// the firmware's side of the protocol (firmware/PROTOCOL.md) and check
// that it keeps its invariants and answers only with well-formed frames.
// It needs cgo.
package hostcore
