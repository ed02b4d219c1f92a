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
// # Rules
//
// Board.Wins says whether a move makes a winning line: five or more in
// freestyle, exactly five in standard, exactly five for Black and five or
// more for White in renju, and in caro exactly five not shut in by the
// opponent's stones at both ends (the edge of the board is not a block; an
// overline does not win, as in Gomocup's caro, its rule 9 = exact five +
// caro).
//
// Board.Forbidden follows the RIF renju rules and the Chinese rules, which
// agree: a five is never forbidden; overline, double-four (also two fours
// on one line) and double-three (also 4-3-3) are forbidden to Black; a
// three counts only if the stone that makes it a straight four is itself
// not forbidden, decided recursively. For a three whose straight-four
// point also makes a five, ReadingRIF (the default, the RIF/Renju World
// reading since May 1996) counts the three, and ReadingGomocup (the Gomocup
// referee and Rapfi) does not. The test data in testdata/forbidden-cases.txt
// are positions from other projects' test suites and renju literature.
//
// Game is the referee over a real board: turns, illegal moves refused with
// a reason, fives, draws (full board; two passes in a row, as in the RIF
// rules), and forbidden moves that White must claim at once, except an
// overline, which may be claimed until the game ends.
//
// Wins and Forbidden answer in tens of nanoseconds without allocating: the
// board is a padded array, and each line through a point is read as a
// base-3 code of its 10 neighbours that indexes a precomputed table of
// fives, fours and straight-four points.
//
// Sub-packages hold the rest of the game that needs no I/O: opening
// protocols (rules/opening), clocks (rules/clock), game records
// (rules/record) and Swiss tournaments (rules/swiss).
//
// The package does no I/O and keeps no global mutable state.
package rules
