// Package armsim is the simulated twin of the arm's drivers, in the
// manner of periph.io's fakes: an arm.Driver that runs in process and
// models what matters for pick-and-place.
//
//   - Servos follow their pulses at a limited speed (0.1 s per 60° by
//     default), so a plan that outruns them leaves the nozzle behind.
//   - The motion queue interpolates setpoints linearly in pulse width and
//     applies flow control, as the firmware does.
//   - The vacuum cup seals on a stone only when the nozzle tip comes within
//     a few millimetres of the stone's top (PickRadius); the vacuum then
//     rises toward VacuumHeld, else it stays at VacuumOpen; a vented or
//     unpowered cup lets the stone drop where the nozzle is, plus a small
//     random placement error.
//   - The e-stop and latched faults stop motion at once and keep the grip
//     (a held stone stays held) until GripLimit, as the firmware does; they
//     can be scheduled in model time with After.
//
// The stones live in a World; Table is a small one (a board plane and two
// funnel bowls) for tests and the simulator.
//
// By default the model runs on a virtual clock that advances only while
// the caller waits (Drain, a full Queue, Sleep), so long moves take no real
// time in tests; Config.RealTime runs it on the wall clock instead.
package armsim
