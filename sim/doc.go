// Package sim is the whole robot in simulation, for everyone without the
// hardware: a world of a board, stones at their real positions in
// millimetres and two bowls; the arm driven through the real arm code to
// a simulated device (or to the real firmware in simavr); a camera that
// renders the world and is read by the real vision code; and a simulated
// person who plays with an engine level, whose hand covers the board for
// a moment on every move, and who sometimes misplaces, pushes or bumps.
//
// The game orchestrator (package game) runs on it unchanged.
//
// Run's Options.Faults (tengen sim --faults, grammar in FaultSpecHelp)
// inject the faults of real hardware and real people: in the arm and on
// the board through the robot's hand (faulthand.go: a missed pick, a
// stone dropped in flight, one landing on a neighbouring point, an empty
// bowl, the e-stop, an MCU reset and the USB cable pulled mid-move, the
// table bumped), in the camera (faultcam.go: dropped and frozen frames,
// unplugged, covered; over- or under-exposed frames and a change of light,
// which the rendered camera renders and the vision code reads), and the
// person's push. Each is recovered by the robot or reported to the
// operator, and counted per fault in the Summary.
//
// Options.Firmware runs the arm on the real firmware in simavr
// (firmware.go) instead of armsim, through a byte proxy on its serial
// line (lineproxy.go) that flips, drops and stalls bytes and can be
// unplugged; in-process, a cable in front of armsim (cable.go) can be.
package sim
