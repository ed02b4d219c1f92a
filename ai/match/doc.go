// Package match plays games between players and keeps the score: one game
// under the rules referee (PlayGame), and matches of balanced pairs where
// every opening is played with both colours (Run), with the score and an
// Elo estimate. Players are Tengen's own (the engine at a level, the greedy
// pattern player) or external Gomocup brains run through ai/gomocup, named
// by a Spec such as "tengen:level=5", "greedy" or a brain's command line.
//
// Games are judged by rules.Game with automatic claims, as a computer
// referee does: a five wins, a forbidden Black move loses at once, a full
// board is a draw. A player that fails to answer in time, crashes, or
// plays an illegal move loses the game. Every game is written as SGF and
// PSQ through rules/record.
package match
