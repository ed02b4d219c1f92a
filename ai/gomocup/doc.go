// Package gomocup speaks the Gomocup (Piskvork) brain protocol on both
// sides: Serve runs a Tengen player as a brain for a Gomocup manager, and
// Client drives an external brain as a subprocess so it can play as an
// ai.Player (a stronger brain for the robot, or an opponent to measure
// against).
//
// It follows "Gomoku AI protocol" by Petr Laštovička and Martin Petříček
// (plastovicka.github.io, protocl2en): one command a line on stdin, answers
// on stdout; coordinates are zero-based "x,y" with row 0 at the far side;
// INFO rule is a sum of bits (1 exactly five, 2 continuous game, 4 renju,
// 8 caro). It also takes the Gomocup SWAP2BOARD extension. Renju boards are
// judged with the Gomocup referee's reading of the three (rules.ReadingGomocup),
// because that is what the managers and the engines we meet there use.
package gomocup
