// Package sim is the whole robot in simulation, for everyone without the
// hardware: a world of a board, stones at their real positions in
// millimetres and two bowls; the arm driven through the real arm code to
// a simulated device (or to the real firmware in simavr); a camera that
// renders the world and is read by the real vision code; and a simulated
// person who plays with an engine level, whose hand covers the board for
// a moment on every move, and who sometimes misplaces, pushes or bumps.
//
// The game orchestrator (package game) runs on it unchanged.
package sim
