// Package rules knows the games Tengen plays: the board and its coordinates,
// the rule sets (freestyle, standard, renju, caro), five and forbidden-move
// detection, and the referee of a physical game.
//
// Coordinates follow the Chinese rules (中国五子棋竞赛规则): columns a–o from
// left to right and rows 1–15 from Black's side, so h8 is the centre (天元)
// of a 15x15 board. Point{X, Y} is zero-based: X is the column (0 = a), Y the
// row (0 = row 1, Black's side). Gomocup's zero-based "x,y" draws row 0 at the
// top, the far side, so its y is Size-1-Y.
//
// Sub-packages hold the rest of the game that needs no I/O: opening
// protocols (rules/opening), clocks (rules/clock), game records
// (rules/record) and Swiss tournaments (rules/swiss).
//
// The package does no I/O and keeps no global mutable state.
package rules
