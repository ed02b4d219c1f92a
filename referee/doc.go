// Package referee is Tengen as the referee and scorer of a game between
// two people at a real board: it watches the board through the camera
// (game.Eyes), drives the rules' referee (rules.Game), the opening
// protocols (rules/opening) and the clock (rules/clock) from what it sees
// and what the players press or declare, records every move with its
// time, and logs every fault with the frame it was seen in, for an appeal.
//
// It follows the rules for a game over the board (the International
// Rules of Renju, RIF, and the Chinese rules, 中国五子棋竞赛规则):
//
//   - Black's forbidden moves (renju) are announced the moment they are
//     seen. By default Tengen, as the referee, claims them at once and
//     White wins; with ClaimByPlayer it only announces them and White must
//     claim before playing on (an overline stays claimable until the game
//     ends).
//   - A stone touches the board once: the point it is first seen on is the
//     move. A stone of the move that is pushed to another point or picked
//     back up is a fault; the move stands on its first point and the stone
//     must go back there.
//   - Two moves in a row, several stones at once, a stone laid on an
//     occupied point, and a stone of the record pushed or lifted are faults:
//     Tengen says so, stops the clock, and waits until the board matches
//     the record again.
//   - A knocked or scattered board is rebuilt (复盘) from the record: with
//     the arm (Restore), or by showing people which stone goes where, one
//     at a time (Guide); both players confirm the position before the
//     clock restarts.
//
// Setup lays out a position from a record with the arm, for teaching or
// studying a game, and Clear takes it off again.
package referee
